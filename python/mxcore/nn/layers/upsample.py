"""Upsample: nearest, linear and cubic interpolation (optionally
antialiased) of the spatial axes of channels-last inputs ``(N, *spatial, C)``.
Linear and cubic are separable:
each spatial axis is resampled in turn as a weighted sum of ``mx.take``s."""

import math
from typing import Literal, Tuple, Union

import mxcore as mx
from mxcore.nn.layers.base import Module


def _source_positions(n: int, scale: float, align_corners: bool):
    """Where each of the ``int(scale * n)`` outputs samples the input axis."""
    m = int(scale * n)
    if align_corners:
        return mx.arange(m, dtype=mx.float32) * ((n - 1) / max(m - 1, 1))
    step = 1 / scale
    # Half-pixel centres: output i sits at (i + 0.5) / scale - 0.5.
    start = ((m - 1) * step - n + 1) / 2
    return mx.arange(m, dtype=mx.float32) * step - start


def _linear_taps(n, scale, align_corners):
    pos = mx.clip(_source_positions(n, scale, align_corners), 0, n - 1)
    left = mx.floor(pos)
    frac = pos - left
    return [(left, 1 - frac), (mx.ceil(pos), frac)]


def _cubic_taps(n, scale, align_corners):
    # Keys' cubic convolution with a = -0.75; border samples are repeated.
    pos = _source_positions(n, scale, align_corners)
    l1 = mx.floor(pos)
    return [(mx.clip(grid, 0, n - 1), _keys_cubic(mx.abs(pos - grid), -0.75)) for grid in (l1 - 1, l1, l1 + 1, l1 + 2)]


def _linear_antialiased_taps(n, scale, align_corners):
    return _antialiased_taps(n, scale, align_corners, lambda d: mx.maximum(1.0 - d, 0.0), 1.0)


def _cubic_antialiased_taps(n, scale, align_corners):
    # PyTorch (and MLX) switch to a = -0.5 (PIL's kernel) with antialias.
    return _antialiased_taps(n, scale, align_corners, lambda d: _keys_cubic(d, -0.5), 2.0)


def _keys_cubic(d, a):
    """Keys' cubic convolution kernel at distance ``d`` (support 2)."""
    near = ((a + 2.0) * d - (a + 3.0)) * d * d + 1
    far = (((d - 5) * d + 8) * d - 4) * a
    return mx.where(d <= 1.0, near, mx.where(d <= 2.0, far, 0.0))


def _antialiased_taps(n, scale, align_corners, kernel, radius):
    """Filter taps as PyTorch's ``antialias=True``: when downsampling the
    kernel widens by ``1 / scale`` (a low-pass filter); taps outside the
    input get weight 0 and each output's weights are renormalised to 1."""
    pos = _source_positions(n, scale, align_corners)
    widen = 1.0 / scale if scale < 1 else 1.0
    reach = math.ceil(radius * widen) + 1
    grids = [mx.floor(pos) + k for k in range(-reach + 1, reach)]
    weights = [mx.where((g >= 0) & (g < n), kernel(mx.abs(pos - g) / widen), 0.0) for g in grids]
    total = sum(weights)
    total = mx.where(total > 0, total, 1.0)
    return [(mx.clip(g, 0, n - 1), w / total) for g, w in zip(grids, weights)]


def _resample_axis(x, axis, taps):
    shape = [1] * x.ndim
    shape[axis] = -1
    out = None
    for index, weight in taps:
        term = mx.take(x, index.astype(mx.uint32), axis=axis) * weight.reshape(shape).astype(x.dtype)
        out = term if out is None else out + term
    return out


def upsample_nearest(x, scale_factor: Tuple):
    """Nearest-neighbour upsampling by one factor per spatial axis."""
    dims = x.ndim - 2
    if dims != len(scale_factor):
        raise ValueError("A scale needs to be provided for each spatial dimension")
    if all(float(s).is_integer() for s in scale_factor):
        # Integer factors: repeat every element by broadcasting.
        batch, *spatial, channels = x.shape
        expanded = [batch]
        for s in spatial:
            expanded += [s, 1]
        x = x.reshape(*expanded, channels)
        target = [batch]
        for s, f in zip(spatial, scale_factor):
            target += [s, int(f)]
        x = mx.broadcast_to(x, target + [channels])
        return x.reshape(batch, *(s * int(f) for s, f in zip(spatial, scale_factor)), channels)
    for axis, (n, s) in enumerate(zip(x.shape[1:-1], scale_factor), start=1):
        m = int(s * n)
        index = mx.arange(m, dtype=mx.float32)
        if m > n:
            index = mx.round((index + 0.5) * (n / m) - 0.5)
        else:
            index = index * (n / m)
        x = mx.take(x, index.astype(mx.uint32), axis=axis)
    return x


def _upsample_separable(x, scale_factor, align_corners, taps_fn):
    if x.ndim - 2 != len(scale_factor):
        raise ValueError("A scale needs to be provided for each spatial dimension")
    for axis, (n, s) in enumerate(zip(x.shape[1:-1], scale_factor), start=1):
        x = _resample_axis(x, axis, taps_fn(n, s, align_corners))
    return x


def _check_antialias(align_corners, antialias):
    if antialias and align_corners:
        raise ValueError("[Upsample] antialias=True with align_corners=True is not supported. "
                         "Use align_corners=False for antialiased interpolation.")


def upsample_linear(x, scale_factor: Tuple, align_corners: bool = False, antialias: bool = False):
    """(Bi/tri)linear resampling by one factor per spatial axis."""
    _check_antialias(align_corners, antialias)
    taps = _linear_antialiased_taps if antialias else _linear_taps
    return _upsample_separable(x, scale_factor, align_corners, taps)


def upsample_cubic(x, scale_factor: Tuple, align_corners: bool = False, antialias: bool = False):
    """(Bi)cubic resampling by one factor per spatial axis."""
    _check_antialias(align_corners, antialias)
    taps = _cubic_antialiased_taps if antialias else _cubic_taps
    return _upsample_separable(x, scale_factor, align_corners, taps)


class Upsample(Module):
    """Upsample the spatial axes (1 .. ndim-2) of an ``(N, *spatial, C)``
    input by ``scale_factor`` (one float, or one per axis) with ``mode``
    ``"nearest"``, ``"linear"`` or ``"cubic"``."""

    def __init__(self, scale_factor: Union[float, Tuple], mode: Literal["nearest", "linear", "cubic"] = "nearest",
                 align_corners: bool = False, antialias: bool = False):
        super().__init__()
        if mode not in ("nearest", "linear", "cubic"):
            raise ValueError(f"[Upsample] Got unsupported upsampling algorithm: {mode}")
        if antialias and mode == "nearest":
            raise ValueError("[Upsample] Antialiasing is not supported for nearest neighbor upsampling")
        _check_antialias(align_corners, antialias)
        if isinstance(scale_factor, (list, tuple)):
            scale_factor = tuple(map(float, scale_factor))
        else:
            scale_factor = float(scale_factor)
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.antialias = antialias

    def _extra_repr(self) -> str:
        text = f"scale_factor={self.scale_factor}, mode={self.mode!r}, align_corners={self.align_corners}"
        return text + (", antialias=True" if self.antialias else "")

    def __call__(self, x):
        dims = x.ndim - 2
        if dims <= 0:
            raise ValueError(f"[Upsample] The input should have at least 1 spatial dimension which means it should be at least 3D but {x.ndim}D was provided")
        scale = self.scale_factor
        if isinstance(scale, tuple):
            if len(scale) != dims:
                raise ValueError(f"[Upsample] One scale per spatial dimension is required but scale_factor={scale} and the number of spatial dimensions were {dims}")
        else:
            scale = (scale,) * dims
        if self.mode == "nearest":
            return upsample_nearest(x, scale)
        if self.mode == "linear":
            return upsample_linear(x, scale, self.align_corners, self.antialias)
        return upsample_cubic(x, scale, self.align_corners, self.antialias)
