"""mx.random.laplace and mx.random.multivariate_normal, composed from the
key-based uniform and normal samplers (so a given key gives a given sample)."""

import numpy as _np

from . import _core as _mx
from ._on_stream import on_stream

_random = _mx.random


@on_stream
def laplace(shape=[], dtype=_mx.float32, loc=0.0, scale=1.0, key=None, stream=None):
    """Sample from a Laplace distribution with mean ``loc`` and scale ``scale``."""
    if dtype is None:
        dtype = _mx.float32
    if not _mx.issubdtype(dtype, _mx.floating):
        raise ValueError("[laplace] Only real floating point types are supported.")
    # u in (-1, 1): the open lower end keeps log1p(-|u|) finite.
    low = float(_np.nextafter(_np.float32(-1), _np.float32(0)))
    u = _random.uniform(low, 1.0, shape, _mx.float32, key=key, stream=stream)
    # Inverse CDF, with MLX's sign convention so a key gives MLX's sample.
    samples = _mx.sign(u) * _mx.log1p(-_mx.abs(u))
    return (samples * scale + loc).astype(dtype)


@on_stream
def multivariate_normal(mean, cov, shape=[], dtype=_mx.float32, key=None, stream=None):
    """Jointly normal samples with the given mean (..., n) and covariance (..., n, n)."""
    if dtype != _mx.float32:
        raise ValueError("[multivariate_normal] dtype must be float32.")
    mean = mean if isinstance(mean, _mx.array) else _mx.array(mean)
    cov = cov if isinstance(cov, _mx.array) else _mx.array(cov)
    if mean.ndim < 1:
        raise ValueError("[multivariate_normal] mean must have at least one dimension.")
    if cov.ndim < 2:
        raise ValueError("[multivariate_normal] cov must have at least two dimensions.")
    n = mean.shape[-1]
    if cov.shape[-1] != n or cov.shape[-2] != n:
        raise ValueError("[multivariate_normal] mean and cov must have compatible shapes.")
    from ._api_extra import broadcast_shapes
    try:
        batch = broadcast_shapes(tuple(shape), mean.shape[:-1], cov.shape[:-2])
    except ValueError:
        raise ValueError("[multivariate_normal] shape must be broadcast-compatible with "
                         "the batch shapes of mean and cov.") from None
    if len(shape) and tuple(batch) != tuple(shape):
        raise ValueError("[multivariate_normal] shape must be broadcast-compatible with "
                         "the batch shapes of mean and cov.")
    # The symmetric square root U sqrt(S) V^T of the PSD covariance (MLX's
    # choice, so that a key gives MLX's samples); rows of z @ std have covariance cov.
    u, s, vt = _mx.linalg.svd(cov.astype(_mx.float32), stream=_mx.cpu)
    std = (u * _mx.sqrt(_mx.maximum(s, 0.0))[..., None, :]) @ vt
    z = _random.normal(tuple(batch) + (n,), _mx.float32, key=key, stream=stream)
    return mean.astype(_mx.float32) + (z[..., None, :] @ std)[..., 0, :]


_random.laplace = laplace
_random.multivariate_normal = multivariate_normal
