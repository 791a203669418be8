"""Upsample: nearest, linear and cubic interpolation of the spatial axes of
channels-last inputs ``(N, *spatial, C)``. Linear and cubic are separable:
each spatial axis is resampled in turn as a weighted sum of ``mx.take``s."""

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
    a = -0.75
    pos = _source_positions(n, scale, align_corners)
    l1 = mx.floor(pos)
    taps = []
    for grid in (l1 - 1, l1, l1 + 1, l1 + 2):
        d = mx.abs(pos - grid)
        near = ((a + 2.0) * d - (a + 3.0)) * d * d + 1
        far = (((d - 5) * d + 8) * d - 4) * a
        weight = mx.where(d <= 1.0, near, far)
        taps.append((mx.clip(grid, 0, n - 1), weight))
    return taps


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


def upsample_linear(x, scale_factor: Tuple, align_corners: bool = False):
    """(Bi/tri)linear upsampling by one factor per spatial axis."""
    return _upsample_separable(x, scale_factor, align_corners, _linear_taps)


def upsample_cubic(x, scale_factor: Tuple, align_corners: bool = False):
    """(Bi)cubic upsampling by one factor per spatial axis."""
    return _upsample_separable(x, scale_factor, align_corners, _cubic_taps)


class Upsample(Module):
    """Upsample the spatial axes (1 .. ndim-2) of an ``(N, *spatial, C)``
    input by ``scale_factor`` (one float, or one per axis) with ``mode``
    ``"nearest"``, ``"linear"`` or ``"cubic"``."""

    def __init__(self, scale_factor: Union[float, Tuple], mode: Literal["nearest", "linear", "cubic"] = "nearest",
                 align_corners: bool = False, antialias: bool = False):
        super().__init__()
        if mode not in ("nearest", "linear", "cubic"):
            raise ValueError(f"[Upsample] Got unsupported upsampling algorithm: {mode}")
        if antialias:
            raise NotImplementedError("[Upsample] antialias=True is not implemented in mxcore.nn.")
        if isinstance(scale_factor, (list, tuple)):
            scale_factor = tuple(map(float, scale_factor))
        else:
            scale_factor = float(scale_factor)
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.antialias = antialias

    def _extra_repr(self) -> str:
        return f"scale_factor={self.scale_factor}, mode={self.mode!r}, align_corners={self.align_corners}"

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
            return upsample_linear(x, scale, self.align_corners)
        return upsample_cubic(x, scale, self.align_corners)
