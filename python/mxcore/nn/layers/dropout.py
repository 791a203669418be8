"""Dropout layers: zero elements (or whole channels) with probability ``p``
in training mode and scale the rest by ``1/(1-p)``; identity in eval mode."""

import mxcore as mx
from mxcore.nn.layers.base import Module


class _DropoutBase(Module):
    # Axes (counted from the end, channels last) on which the mask broadcasts.
    _shared_axes = ()
    _valid_ndims = None

    def __init__(self, p: float = 0.5):
        super().__init__()
        if p < 0 or p >= 1:
            raise ValueError(f"The dropout probability {p} is not in [0, 1)")
        self._p_1 = 1 - p

    def _extra_repr(self) -> str:
        return f"p={1 - self._p_1}"

    def __call__(self, x):
        if self._valid_ndims is not None and x.ndim not in self._valid_ndims:
            expected = " or ".join(str(n) for n in self._valid_ndims)
            raise ValueError(f"Received input with {x.ndim} dimensions. Expected {expected} dimensions.")
        if self._p_1 == 1 or not self.training:
            return x
        mask_shape = list(x.shape)
        for axis in self._shared_axes:
            mask_shape[axis] = 1
        mask = mx.random.bernoulli(p=self._p_1, shape=mask_shape)
        return mask * x * (1 / self._p_1)


class Dropout(_DropoutBase):
    """Element-wise dropout."""


class Dropout2d(_DropoutBase):
    """Channel dropout for ``(N, H, W, C)`` or ``(H, W, C)`` inputs: one
    mask value per channel and sample."""

    _shared_axes = (-2, -3)
    _valid_ndims = (3, 4)


class Dropout3d(_DropoutBase):
    """Channel dropout for ``(N, D, H, W, C)`` or ``(D, H, W, C)`` inputs."""

    _shared_axes = (-2, -3, -4)
    _valid_ndims = (4, 5)
