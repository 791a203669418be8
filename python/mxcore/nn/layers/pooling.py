"""Max and average pooling over the spatial axes of channels-last inputs
``(N, *spatial, C)``. Windows that tile the input are axes of a reshape.
Overlapping windows are reduced over a strided view of the padded input
(one pass, no copies); their gradient and vmap are those of the same pool
written as stacked strided slices (one per window offset), so the layers
differentiate, compile and vmap like any other ops."""

import itertools
import math

import mxcore as mx
from mxcore.nn.layers._conv_common import as_tuple
from mxcore.nn.layers.base import Module


class _Pool(Module):
    _ndim = 0
    _reduce = None  # mx.max or mx.mean
    _padding_value = 0.0

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        name = type(self).__name__
        n = self._ndim
        kernel_size = as_tuple(kernel_size, n, "kernel_size", name)
        stride = kernel_size if stride is None else as_tuple(stride, n, "stride", name)
        padding = as_tuple(padding, n, "padding", name)
        for what, values in (("kernel_size", kernel_size), ("stride", stride)):
            if any(v <= 0 for v in values):
                raise ValueError(f"[{name}] '{what}' must be positive but got {values}.")
        if any(p < 0 for p in padding):
            raise ValueError(f"[{name}] 'padding' must be non-negative but got {padding}.")
        self._kernel_size = kernel_size
        self._stride = stride
        self._padding = padding

    def _extra_repr(self):
        return f"kernel_size={self._kernel_size}, stride={self._stride}, padding={self._padding}"

    def __call__(self, x):
        n = self._ndim
        if x.ndim != n + 2:
            raise ValueError(f"[{type(self).__name__}] Expected an input with {n + 2} dimensions (N, *spatial, C) but got {x.ndim}.")
        if any(p > 0 for p in self._padding):
            pad = [(0, 0)] + [(p, p) for p in self._padding] + [(0, 0)]
            x = mx.pad(x, pad, constant_values=self._padding_value)
        spatial = x.shape[1:-1]
        out = [(s - k) // st + 1 for s, k, st in zip(spatial, self._kernel_size, self._stride)]
        if any(o <= 0 for o in out):
            raise ValueError(f"[{type(self).__name__}] The kernel {self._kernel_size} is larger than the padded input {tuple(spatial)}.")
        if self._stride == self._kernel_size:
            return self._non_overlapping(x, out)
        return self._overlapping(x, out)

    def _stacked(self, x, out):
        windows = []
        for offset in itertools.product(*(range(k) for k in self._kernel_size)):
            index = (slice(None),) + tuple(
                slice(o, o + (m - 1) * st + 1, st) for o, m, st in zip(offset, out, self._stride)
            )
            windows.append(x[index])
        return type(self)._reduce(mx.stack(windows, axis=-1), axis=-1)

    def _overlapping(self, x, out):
        # The view (N, *out, C, *kernel) of the windows, reduced over its
        # kernel axes: 3x3 / 2 max pooling of 32x56x56x64 went from 20 ms
        # (nine strided copies stacked) to 5, half of it the padding. The
        # gradient stays the stacked formulation's (the view's own is a
        # scatter-add, slower still).
        n = len(self._kernel_size)
        row = [1] * x.ndim
        for d in range(x.ndim - 2, -1, -1):
            row[d] = row[d + 1] * x.shape[d + 1]
        shape = [x.shape[0], *out, x.shape[-1], *self._kernel_size]
        strides = [row[0], *(st * r for st, r in zip(self._stride, row[1:-1])), row[-1], *row[1:-1]]
        reduce = type(self)._reduce

        @mx.custom_function
        def pool(x):
            return reduce(mx.as_strided(x, shape, strides), axis=tuple(range(-n, 0)))

        @pool.vjp
        def pool_vjp(x, cotangent, output):
            return mx.vjp(lambda t: self._stacked(t, out), [x], [cotangent])[1][0]

        @pool.vmap
        def pool_vmap(inputs, axes):
            if isinstance(inputs, (tuple, list)):  # (one input: itself, or a 1-tuple)
                inputs, axes = inputs[0], axes[0]
            return mx.vmap(lambda t: self._stacked(t, out), in_axes=axes)(inputs), 0

        return pool(x)

    def _non_overlapping(self, x, out):
        # Windows that tile the input are axes of a reshape: one reduction
        # forward, one elementwise pass back (stacked strided slices cost a
        # copy per window offset, and a scatter per offset in the gradient).
        kernel = self._kernel_size
        crop = tuple(o * k for o, k in zip(out, kernel))
        if crop != tuple(x.shape[1:-1]):
            x = x[(slice(None),) + tuple(slice(0, c) for c in crop)]
        split = [x.shape[0]]
        for o, k in zip(out, kernel):
            split += [o, k]
        x = x.reshape(split + [x.shape[-1]])
        axes = tuple(2 + 2 * i for i in range(len(kernel)))
        return type(self)._reduce(x, axis=axes)


class _MaxPool(_Pool):
    _reduce = staticmethod(mx.max)
    _padding_value = -math.inf


class _AvgPool(_Pool):
    # Padding counts as zeros in the average, as in mlx.nn.
    _reduce = staticmethod(mx.mean)
    _padding_value = 0.0


class MaxPool1d(_MaxPool):
    """Max pooling over ``(N, L, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 1


class MaxPool2d(_MaxPool):
    """Max pooling over ``(N, H, W, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 2


class MaxPool3d(_MaxPool):
    """Max pooling over ``(N, D, H, W, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 3


class AvgPool1d(_AvgPool):
    """Average pooling over ``(N, L, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 1


class AvgPool2d(_AvgPool):
    """Average pooling over ``(N, H, W, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 2


class AvgPool3d(_AvgPool):
    """Average pooling over ``(N, D, H, W, C)``; ``stride`` defaults to ``kernel_size``."""

    _ndim = 3
