"""hadamard_transform: the Walsh-Hadamard transform along the last axis.

For n = m * 2^k (m in 1, 12, 20, 28) the matrix is kron(H_m, H_{2^k}): the
last axis is viewed as (m, 2^k), a butterfly does H_{2^k} in O(n log n) and a
small matmul applies H_m. Compositions of differentiable ops, so grad, vmap
and compile work through it."""

import math as _math

from . import _core as _mx
from ._on_stream import on_stream

# The m x m Hadamard matrices of MLX (Sloane's library: had.12, had.20.will,
# had.28.will), row by row, '+' for 1 and '-' for -1, so that results match
# mlx.core.hadamard_transform for every supported size.
_MATRICES = {
    12: (
        "+-++++++++++",
        "--+-+-+-+-+-",
        "+++-++----++",
        "+---+--+-++-",
        "+++++-++----",
        "+-+---+--+-+",
        "++--+++-++--",
        "+--++---+--+",
        "++----+++-++",
        "+--+-++---+-",
        "++++----+++-",
        "+-+--+-++---",
    ),
    20: (
        "+----+----++--++-++-",
        "-+----+---+++---+-++",
        "--+----+---+++-+-+-+",
        "---+----+---+++++-+-",
        "----+----++--++-++-+",
        "-+++++-----+--+++--+",
        "+-+++-+---+-+--+++--",
        "++-++--+---+-+--+++-",
        "+++-+---+---+-+--+++",
        "++++-----++--+-+--++",
        "--++-+-++-+-----++++",
        "---++-+-++-+---+-+++",
        "+---++-+-+--+--++-++",
        "++---++-+----+-+++-+",
        "-++---++-+----+++++-",
        "-+--+--++-+----+----",
        "+-+-----++-+----+---",
        "-+-+-+---+--+----+--",
        "--+-+++------+----+-",
        "+--+--++------+----+",
    ),
    28: (
        "+------++----++-+--+-+--++--",
        "-+-----+++-----+-+--+-+--++-",
        "--+-----+++---+-+-+----+--++",
        "---+-----+++---+-+-+-+--+--+",
        "----+-----+++---+-+-+++--+--",
        "-----+-----++++--+-+--++--+-",
        "------++----++-+--+-+--++--+",
        "--++++-+-------++--+++-+--+-",
        "---++++-+-----+-++--+-+-+--+",
        "+---+++--+----++-++--+-+-+--",
        "++---++---+----++-++--+-+-+-",
        "+++---+----+----++-++--+-+-+",
        "++++--------+-+--++-++--+-+-",
        "-++++--------+++--++--+--+-+",
        "-+-++-++--++--+--------++++-",
        "+-+-++--+--++--+--------++++",
        "-+-+-++--+--++--+----+---+++",
        "+-+-+-++--+--+---+---++---++",
        "++-+-+-++--+------+--+++---+",
        "-++-+-+-++--+------+-++++---",
        "+-++-+---++--+------+-++++--",
        "-++--++-+-++-+++----++------",
        "+-++--++-+-++-+++-----+-----",
        "++-++---+-+-++-+++-----+----",
        "-++-++-+-+-+-+--+++-----+---",
        "--++-++++-+-+----+++-----+--",
        "+--++-+-++-+-+----+++-----+-",
        "++--++-+-++-+-+----++------+",
    ),
}
_cache = {}


def _matrix(m):
    if m not in _cache:
        rows = [[1.0 if c == "+" else -1.0 for c in row] for row in _MATRICES[m]]
        _cache[m] = _mx.array(rows, dtype=_mx.float32)
    return _cache[m]


def _split_size(n):
    """(m, 2^k) with n = m * 2^k and m in (1, 12, 20, 28), or None."""
    for m in (1, 12, 20, 28):
        if n % m == 0:
            p = n // m
            if p & (p - 1) == 0:
                return m, p
    return None


@on_stream
def hadamard_transform(a, scale=None, stream=None):
    """The Walsh-Hadamard transform of ``a`` along its last axis, times
    ``scale`` (default 1/sqrt(n), which makes the transform orthonormal).
    Supports n = m * 2^k for m in (1, 12, 20, 28)."""
    a = a if isinstance(a, _mx.array) else _mx.array(a)
    if a.dtype in (_mx.float64, _mx.complex64):
        raise ValueError("[hadamard] Unsupported type.")
    if a.size == 0:
        raise ValueError("[hadamard_transform] Does not support empty arrays.")
    n = a.shape[-1] if a.ndim else 1
    split = _split_size(n) if n > 0 else None
    if split is None:
        raise ValueError("[hadamard] Only supports n = m*2^k where m in (1, 12, 20, 28).")
    m, p = split
    if scale is None:
        scale = 1.0 / _math.sqrt(n)
    dtype = a.dtype if _mx.issubdtype(a.dtype, _mx.floating) else _mx.float32
    x = a.astype(dtype)
    batch = x.shape[:-1]
    h = 1
    # Butterfly over the 2^k part: view it as (p / 2h, 2, h) and combine pairs.
    while h < p:
        x = _mx.reshape(x, batch + (m, p // (2 * h), 2, h))
        u, v = x[..., 0, :], x[..., 1, :]
        x = _mx.stack([u + v, u - v], axis=-2)
        h *= 2
    x = _mx.reshape(x, batch + (m, p))
    if m > 1:
        x = _mx.matmul(_matrix(m).astype(dtype), x, stream=stream)
    x = _mx.reshape(x, a.shape)
    return (x * scale).astype(dtype)
