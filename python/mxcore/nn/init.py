"""Initialisers, as in ``mlx.nn.init``: each factory returns a function that
maps an array to a new array of its shape (``linear.weight =
init_fn(linear.weight)``, or ``model.apply(init_fn)``)."""

import math
from typing import Callable, Literal

import mxcore as mx


def constant(value: float, dtype=mx.float32) -> Callable:
    """Every element ``value``."""

    def initializer(a):
        return mx.full(a.shape, value, dtype=dtype)

    return initializer


def normal(mean: float = 0.0, std: float = 1.0, dtype=mx.float32) -> Callable:
    """Samples of :math:`\\mathcal{N}(\\text{mean}, \\text{std}^2)`."""

    def initializer(a):
        return mx.random.normal(shape=a.shape, scale=std, loc=mean, dtype=dtype)

    return initializer


def uniform(low: float = 0.0, high: float = 1.0, dtype=mx.float32) -> Callable:
    """Samples of :math:`\\mathcal{U}(\\text{low}, \\text{high})`."""

    def initializer(a):
        return mx.random.uniform(low, high, a.shape, dtype=dtype)

    return initializer


def identity(dtype=mx.float32) -> Callable:
    """The identity matrix (square 2-d arrays only)."""

    def initializer(a):
        if a.ndim != 2 or a.shape[0] != a.shape[1]:
            raise ValueError(f"The input array must be a square matrix but got shape {a.shape}.")
        return mx.eye(n=a.shape[0], dtype=dtype)

    return initializer


def _fans(a):
    """``(fan_in, fan_out)`` of a weight ``(out, *receptive, in)``: the last
    axis is the input, the first the output, the middle ones multiply both."""
    if a.ndim < 2:
        raise ValueError(f"Glorot / He initialization requires at least 2 dimensional input but input with {a.ndim} dimensions.")
    receptive = math.prod(a.shape[1:-1])
    return a.shape[-1] * receptive, a.shape[0] * receptive


def _fan_for(a, mode):
    fan_in, fan_out = _fans(a)
    if mode == "fan_in":
        return fan_in
    if mode == "fan_out":
        return fan_out
    raise ValueError(f"Invalid mode: {mode}. Valid modes are: fan_in, fan_out")


def glorot_normal(dtype=mx.float32) -> Callable:
    """Glorot/Xavier normal: std ``gain * sqrt(2 / (fan_in + fan_out))``."""

    def initializer(a, gain: float = 1.0):
        fan_in, fan_out = _fans(a)
        std = gain * math.sqrt(2.0 / (fan_in + fan_out))
        return mx.random.normal(shape=a.shape, scale=std, dtype=dtype)

    return initializer


def glorot_uniform(dtype=mx.float32) -> Callable:
    """Glorot/Xavier uniform: limit ``gain * sqrt(6 / (fan_in + fan_out))``."""

    def initializer(a, gain: float = 1.0):
        fan_in, fan_out = _fans(a)
        limit = gain * math.sqrt(6.0 / (fan_in + fan_out))
        return mx.random.uniform(-limit, limit, a.shape, dtype=dtype)

    return initializer


def he_normal(dtype=mx.float32) -> Callable:
    """He/Kaiming normal: std ``gain / sqrt(fan)``, ``fan`` by ``mode``."""

    def initializer(a, mode: Literal["fan_in", "fan_out"] = "fan_in", gain: float = 1.0):
        std = gain / math.sqrt(_fan_for(a, mode))
        return mx.random.normal(shape=a.shape, scale=std, dtype=dtype)

    return initializer


def he_uniform(dtype=mx.float32) -> Callable:
    """He/Kaiming uniform: limit ``gain * sqrt(3 / fan)``, ``fan`` by ``mode``."""

    def initializer(a, mode: Literal["fan_in", "fan_out"] = "fan_in", gain: float = 1.0):
        limit = gain * math.sqrt(3.0 / _fan_for(a, mode))
        return mx.random.uniform(-limit, limit, a.shape, dtype=dtype)

    return initializer


def sparse(sparsity: float, mean: float = 0.0, std: float = 1.0, dtype=mx.float32) -> Callable:
    """Normal samples with ``ceil(sparsity * cols)`` random zeros in each row
    (2-d arrays only)."""

    def initializer(a):
        if a.ndim != 2:
            raise ValueError("Only tensors with 2 dimensions are supported")
        rows, cols = a.shape
        num_zeros = int(math.ceil(sparsity * cols))
        # A random permutation per row; its first num_zeros entries are zeroed.
        order = mx.argsort(mx.random.uniform(shape=a.shape), axis=1)
        rank = mx.argsort(order, axis=1)
        values = mx.random.normal(shape=a.shape, scale=std, loc=mean, dtype=dtype)
        return mx.where(rank < num_zeros, mx.array(0, dtype=dtype), values)

    return initializer


def orthogonal(gain: float = 1.0, dtype=mx.float32) -> Callable:
    """A (semi-)orthogonal matrix times ``gain``, from the QR decomposition
    of a Gaussian matrix with the signs of R's diagonal folded into Q."""

    def initializer(a):
        if a.ndim != 2:
            raise ValueError(f"Orthogonal initialization requires a 2D array but got a {a.ndim}D array.")
        rows, cols = a.shape
        n = max(rows, cols)
        q, r = mx.linalg.qr(mx.random.normal(shape=(n, n)), stream=mx.cpu)
        q = q * mx.sign(mx.diag(r))
        return (q[:rows, :cols] * gain).astype(dtype)

    return initializer
