"""Normalisation layers (channels last): LayerNorm, RMSNorm, GroupNorm,
InstanceNorm and BatchNorm with running statistics."""

import mxcore as mx
from mxcore.nn.layers.base import Module


def _check_eps(layer, eps):
    if eps <= 0.0:
        raise ValueError(f"[{layer}] 'eps' must be positive but got {eps}.")


class LayerNorm(Module):
    """Normalise the last axis to zero mean and unit variance, then scale by
    ``weight`` and shift by ``bias`` (when ``affine``/``bias``)."""

    def __init__(self, dims: int, eps: float = 1e-5, affine: bool = True, bias: bool = True):
        super().__init__()
        _check_eps("LayerNorm", eps)
        if affine:
            self.weight = mx.ones((dims,))
            if bias:
                self.bias = mx.zeros((dims,))
        self.eps = eps
        self.dims = dims

    def _extra_repr(self):
        return f"{self.dims}, eps={self.eps}, affine={'weight' in self}"

    def __call__(self, x):
        return mx.fast.layer_norm(x, self.get("weight"), self.get("bias"), self.eps)


class RMSNorm(Module):
    """Divide the last axis by its root mean square, then scale by ``weight``."""

    def __init__(self, dims: int, eps: float = 1e-5):
        super().__init__()
        _check_eps("RMSNorm", eps)
        self.weight = mx.ones((dims,))
        self.eps = eps

    def _extra_repr(self):
        return f"{self.weight.shape[0]}, eps={self.eps}"

    def __call__(self, x):
        return mx.fast.rms_norm(x, self["weight"], self.eps)


class GroupNorm(Module):
    """Normalise over groups of the feature (last) axis and all spatial axes.
    MLX's default assigns feature ``f`` to group ``f % num_groups``;
    ``pytorch_compatible=True`` uses contiguous groups as PyTorch does."""

    def __init__(self, num_groups: int, dims: int, eps: float = 1e-5, affine: bool = True,
                 pytorch_compatible: bool = False):
        super().__init__()
        _check_eps("GroupNorm", eps)
        if num_groups <= 0:
            raise ValueError(f"The number of groups ({num_groups}) must be a positive integer.")
        if dims <= 0:
            raise ValueError(f"The number of features ({dims}) must be a positive integer.")
        if dims % num_groups != 0:
            raise ValueError(f"The number of features ({dims}) must be evenly divisible by the number of groups ({num_groups}).")
        if affine:
            self.bias = mx.zeros((dims,))
            self.weight = mx.ones((dims,))
        self.num_groups = num_groups
        self.dims = dims
        self.eps = eps
        self.pytorch_compatible = pytorch_compatible

    def _extra_repr(self):
        return (f"{self.num_groups}, {self.dims}, eps={self.eps}, affine={'weight' in self}, "
                f"pytorch_compatible={self.pytorch_compatible}")

    def _normalize_contiguous_groups(self, x):
        batch, *rest, dims = x.shape
        g = self.num_groups
        group_size = dims // g
        x = x.reshape(batch, -1, g, group_size).transpose(0, 2, 1, 3).reshape(batch, g, -1)
        x = mx.fast.layer_norm(x, None, None, self.eps)
        x = x.reshape(batch, g, -1, group_size).transpose(0, 2, 1, 3)
        return x.reshape(batch, *rest, dims)

    def _normalize_strided_groups(self, x):
        batch, *rest, dims = x.shape
        x = x.reshape(batch, -1, self.num_groups)
        mean = mx.mean(x, axis=1, keepdims=True)
        var = mx.var(x, axis=1, keepdims=True)
        x = (x - mean) * mx.rsqrt(var + self.eps)
        return x.reshape(batch, *rest, dims)

    def __call__(self, x):
        if self.pytorch_compatible:
            x = self._normalize_contiguous_groups(x)
        else:
            x = self._normalize_strided_groups(x)
        return self.weight * x + self.bias if "weight" in self else x


class InstanceNorm(Module):
    """Normalise each channel of each sample over the spatial axes of an
    ``(N, ..., C)`` input."""

    def __init__(self, dims: int, eps: float = 1e-5, affine: bool = False):
        super().__init__()
        _check_eps("InstanceNorm", eps)
        if affine:
            self.weight = mx.ones((dims,))
            self.bias = mx.zeros((dims,))
        self.dims = dims
        self.eps = eps

    def _extra_repr(self):
        return f"{self.dims}, eps={self.eps}, affine={'weight' in self}"

    def __call__(self, x):
        if x.ndim < 3:
            raise ValueError(f"InstanceNorm expects inputs with at least 3 dimensions (N, ..., C) but the input has {x.ndim} dimensions.")
        batch, *spatial, channels = x.shape
        # Channels first, space flattened: one fast layer_norm row per channel.
        rows = mx.moveaxis(x, -1, 1).reshape(batch, channels, -1)
        x = mx.fast.layer_norm(rows, None, None, self.eps).reshape(batch, channels, *spatial)
        x = mx.moveaxis(x, 1, -1)
        return self.weight * x + self.bias if "weight" in self else x


class BatchNorm(Module):
    """Normalise each feature over the batch and spatial axes of a 2-, 3- or
    4-d input. In training mode the batch statistics are used and (with
    ``track_running_stats``) folded into ``running_mean``/``running_var``
    (unbiased variance) with ``momentum``; in eval mode the running ones are
    used. The running statistics are state, never trainable."""

    _stat_keys = ["running_mean", "running_var"]

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = True,
                 track_running_stats: bool = True):
        super().__init__()
        _check_eps("BatchNorm", eps)
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = mx.ones((num_features,))
            self.bias = mx.zeros((num_features,))
        if track_running_stats:
            self.running_mean = mx.zeros((num_features,))
            self.running_var = mx.ones((num_features,))
            self.freeze(keys=self._stat_keys, recurse=False)

    def unfreeze(self, *args, **kwargs):
        """Unfreeze as :meth:`Module.unfreeze`; the running statistics stay frozen."""
        super().unfreeze(*args, **kwargs)
        if self.track_running_stats:
            self.freeze(keys=self._stat_keys, recurse=False)
        return self

    def _extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={'weight' in self}, "
                f"track_running_stats={self.track_running_stats}")

    def __call__(self, x):
        if x.ndim < 2 or x.ndim > 4:
            raise ValueError(f"Expected input tensor to have 2, 3 or 4 dimensions, but got {x.ndim}")
        axes = tuple(range(x.ndim - 1))
        if self.training:
            if x.size // x.shape[-1] == 1:
                raise ValueError("BatchNorm training requires more than one value per channel.")
            mean = mx.mean(x, axis=axes)
            var = mx.var(x, axis=axes)
            if self.track_running_stats:
                mu = self.momentum
                unbiased = mx.var(x, axis=axes, ddof=1)
                self.running_mean = (1 - mu) * self.running_mean + mu * mean
                self.running_var = (1 - mu) * self.running_var + mu * unbiased
        elif self.track_running_stats:
            mean, var = self.running_mean, self.running_var
        else:
            mean = mx.mean(x, axis=axes)
            var = mx.var(x, axis=axes)
        x = (x - mean) * mx.rsqrt(var + self.eps)
        return self.weight * x + self.bias if "weight" in self else x
