"""to_fp8 / from_fp8: float <-> fp8 e4m3 (stored as uint8), as in MLX.

e4m3 "fn": 1 sign, 4 exponent (bias 7), 3 mantissa bits; no infinities,
0x7f / 0xff are NaN, the largest finite value is 448. Encoding rounds to
nearest-even and saturates at +-448 (inf and NaN included, as MLX does).
Compositions of integer/float ops, so they vmap and compile."""

from . import _core as _mx
from ._on_stream import on_stream

_MIN_NORMAL = 2.0 ** -6
_SUBNORMAL_STEP = 2.0 ** -9


@on_stream
def to_fp8(x, *, stream=None):
    """Convert a floating point array to fp8 (e4m3), returned as uint8."""
    x = x if isinstance(x, _mx.array) else _mx.array(x)
    if not _mx.issubdtype(x.dtype, _mx.floating):
        raise ValueError("[to_fp8] Only real floating types are supported but "
                         f"x.dtype() == {str(x.dtype).replace('mlx.core.', '').replace('mxcore.', '')}.")
    f = x.astype(_mx.float32)
    sign = _mx.right_shift(_mx.view(f, _mx.uint32), 31).astype(_mx.uint8)
    a = _mx.abs(f)
    a = _mx.where(_mx.isnan(a), 448.0, _mx.minimum(a, 448.0))
    # Round to nearest-even on the grid of a's binade (or the subnormal grid).
    exp = _mx.right_shift(_mx.view(a, _mx.uint32), 23).astype(_mx.int32) - 127
    step = _mx.where(a < _MIN_NORMAL, _SUBNORMAL_STEP,
                     _mx.power(2.0, (exp - 3).astype(_mx.float32)))
    v = _mx.minimum(_mx.round(a / step) * step, 448.0)
    vbits = _mx.view(v, _mx.uint32)
    biased = (_mx.right_shift(vbits, 23).astype(_mx.int32) - 120).astype(_mx.uint32)
    normal = _mx.bitwise_or(_mx.left_shift(biased, 3),
                            _mx.bitwise_and(_mx.right_shift(vbits, 20), 7))
    subnormal = (v / _SUBNORMAL_STEP).astype(_mx.uint32)
    code = _mx.where(v < _MIN_NORMAL, subnormal, normal).astype(_mx.uint8)
    return _mx.bitwise_or(code, _mx.left_shift(sign, 7), stream=stream)


@on_stream
def from_fp8(x, dtype=_mx.bfloat16, *, stream=None):
    """Convert an fp8 (e4m3) array stored as uint8 to ``dtype``."""
    x = x if isinstance(x, _mx.array) else _mx.array(x)
    if x.dtype != _mx.uint8:
        raise ValueError("[from_fp8] Input must have type uint8 but "
                         f"x.dtype() == {str(x.dtype).replace('mlx.core.', '').replace('mxcore.', '')}.")
    b = x.astype(_mx.int32)
    exp = _mx.bitwise_and(_mx.right_shift(b, 3), 15)
    mant = _mx.bitwise_and(b, 7).astype(_mx.float32)
    scale = _mx.power(2.0, (exp - 7).astype(_mx.float32))
    mag = _mx.where(exp == 0, mant * _SUBNORMAL_STEP, (1.0 + mant / 8.0) * scale)
    mag = _mx.where(_mx.bitwise_and(b, 127) == 127, float("nan"), mag)
    out = _mx.where(b >= 128, -mag, mag)
    return out.astype(dtype, stream=stream)
