"""ConvTranspose1d/2d/3d, channels last as in ``mlx.nn``: ``weight`` is
``(C_out, *kernel, C_in)``, ``bias`` ``(C_out,)``."""

import math

import mxcore as mx
from mxcore.nn.layers._conv_common import as_tuple
from mxcore.nn.layers.base import Module


class _ConvTransposeNd(Module):
    _ndim = 0

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, output_padding=0,
                 bias=True):
        super().__init__()
        name = type(self).__name__
        n = self._ndim
        kernel_size = as_tuple(kernel_size, n, "kernel_size", name)
        scale = math.sqrt(1 / (in_channels * math.prod(kernel_size)))
        self.weight = mx.random.uniform(low=-scale, high=scale, shape=(out_channels, *kernel_size, in_channels))
        if bias:
            self.bias = mx.zeros((out_channels,))
        if n == 1:
            self.stride, self.padding, self.dilation = stride, padding, dilation
            self.output_padding = output_padding
        else:
            self.stride = as_tuple(stride, n, "stride", name)
            self.padding = as_tuple(padding, n, "padding", name)
            self.dilation = as_tuple(dilation, n, "dilation", name)
            self.output_padding = as_tuple(output_padding, n, "output_padding", name)

    def _extra_repr(self):
        w = self.weight.shape
        kernel = w[1] if self._ndim == 1 else tuple(w[1:-1])
        return (f"{w[-1]}, {w[0]}, kernel_size={kernel}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, output_padding={self.output_padding}, bias={'bias' in self}")

    def __call__(self, x):
        conv = (mx.conv_transpose1d, mx.conv_transpose2d, mx.conv_transpose3d)[self._ndim - 1]
        y = conv(x, self.weight, self.stride, self.padding, self.dilation, self.output_padding)
        if "bias" in self:
            y = y + self.bias
        return y


class ConvTranspose1d(_ConvTransposeNd):
    """1-d transposed convolution over ``(N, L, C_in)`` inputs."""

    _ndim = 1

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1, padding: int = 0,
                 dilation: int = 1, output_padding: int = 0, bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, output_padding, bias)


class ConvTranspose2d(_ConvTransposeNd):
    """2-d transposed convolution over ``(N, H, W, C_in)`` inputs."""

    _ndim = 2

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 output_padding=0, bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, output_padding, bias)


class ConvTranspose3d(_ConvTransposeNd):
    """3-d transposed convolution over ``(N, D, H, W, C_in)`` inputs."""

    _ndim = 3

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 output_padding=0, bias: bool = True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, output_padding, bias)
