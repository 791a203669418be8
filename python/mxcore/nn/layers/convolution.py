"""Conv1d/2d/3d, channels last as in ``mlx.nn``: inputs ``(N, *spatial, C_in)``,
``weight`` ``(C_out, *kernel, C_in // groups)``, ``bias`` ``(C_out,)``."""

import math

import mxcore as mx
from mxcore.nn.layers._conv_common import as_tuple
from mxcore.nn.layers.base import Module


class _ConvNd(Module):
    _ndim = 0

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True):
        super().__init__()
        name = type(self).__name__
        if in_channels % groups != 0:
            raise ValueError(f"[{name}] The number of input channels ({in_channels}) must be divisible by the number of groups ({groups})")
        if out_channels % groups != 0:
            raise ValueError(f"[{name}] The number of output channels ({out_channels}) must be divisible by the number of groups ({groups})")
        n = self._ndim
        kernel_size = as_tuple(kernel_size, n, "kernel_size", name)
        # Uniform in +-1/sqrt(fan_in), fan_in = C_in/groups * prod(kernel).
        scale = math.sqrt(1 / (in_channels // groups * math.prod(kernel_size)))
        self.weight = mx.random.uniform(low=-scale, high=scale, shape=(out_channels, *kernel_size, in_channels // groups))
        if bias:
            self.bias = mx.zeros((out_channels,))
        if n == 1:
            # Conv1d keeps plain ints, as mx.conv1d takes them.
            self.stride, self.padding, self.dilation = stride, padding, dilation
        else:
            self.stride = as_tuple(stride, n, "stride", name)
            self.padding = as_tuple(padding, n, "padding", name)
            self.dilation = as_tuple(dilation, n, "dilation", name)
        self.groups = groups

    def _extra_repr(self):
        w = self.weight.shape
        kernel = w[1] if self._ndim == 1 else tuple(w[1:-1])
        return (f"{w[-1] * self.groups}, {w[0]}, kernel_size={kernel}, stride={self.stride}, "
                f"padding={self.padding}, dilation={self.dilation}, groups={self.groups}, bias={'bias' in self}")

    def __call__(self, x):
        conv = (mx.conv1d, mx.conv2d, mx.conv3d)[self._ndim - 1]
        y = conv(x, self.weight, self.stride, self.padding, self.dilation, self.groups)
        if "bias" in self:
            y = y + self.bias
        return y


class Conv1d(_ConvNd):
    """1-d convolution over ``(N, L, C_in)`` inputs."""

    _ndim = 1

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1, padding: int = 0,
                 dilation: int = 1, groups: int = 1, bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias)


class Conv2d(_ConvNd):
    """2-d convolution over ``(N, H, W, C_in)`` inputs."""

    _ndim = 2

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 groups: int = 1, bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias)


class Conv3d(_ConvNd):
    """3-d convolution over ``(N, D, H, W, C_in)`` inputs (no ``groups``
    argument, as in mlx.nn: ``bias`` is the seventh positional one)."""

    _ndim = 3

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, 1, bias)
