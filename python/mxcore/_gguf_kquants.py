"""Dequantization of the GGUF "k-quant" types MLX 0.32.4 loads as float16:
Q2_K, Q4_K and Q6_K (super-blocks of 256 values). Each value is computed in
float32 as ggml defines it (q * scale - min, or scale * q) and rounded to
float16. Every other quantized type beyond Q4_0/Q4_1/Q8_0 is refused, as MLX
refuses it (_gguf.py)."""

from . import _core

Q2_K, Q4_K, Q6_K = 10, 12, 14
VALUES_PER_BLOCK = 256
# Bytes of one super-block.
BLOCK_BYTES = {Q2_K: 84, Q4_K: 144, Q6_K: 210}

_u8, _f32 = _core.uint8, _core.float32


def _half(blocks, start):
    """The float16 stored at byte `start` of every block, as float32 (n, 1)."""
    return _core.astype(_core.view(blocks[:, start:start + 2], _core.float16), _f32)


def _bits(x, shift, mask):
    return _core.bitwise_and(_core.right_shift(x, _core.array(shift, _u8)), _core.array(mask, _u8))


def _q2_k(blocks):
    # 16 bytes of (min << 4 | scale) per 16 values, 64 bytes of 2-bit codes,
    # f16 scale of scales, f16 scale of mins. Byte j of each 32-byte half holds
    # values j, j + 32, j + 64, j + 96 of that half (2 bits each, low first).
    n = blocks.shape[0]
    sc, qs = blocks[:, :16], _core.reshape(blocks[:, 16:80], (n, 2, 32))
    d, dmin = _half(blocks, 80), _half(blocks, 82)
    q = _core.concatenate([_bits(qs, s, 3) for s in (0, 2, 4, 6)], axis=-1)
    scales = d * _core.astype(_bits(sc, 0, 15), _f32)
    mins = dmin * _core.astype(_bits(sc, 4, 15), _f32)
    q = _core.reshape(_core.astype(q, _f32), (n, 16, 16))
    return q * scales[:, :, None] - mins[:, :, None]


def _q4_k(blocks):
    # f16 scale of scales, f16 scale of mins, 8 (scale, min) pairs of 6 bits
    # in 12 bytes, 128 bytes of 4-bit codes: each 32 bytes hold a sub-block in
    # their low nibbles and the next one in their high nibbles.
    n = blocks.shape[0]
    d, dmin = _half(blocks, 0), _half(blocks, 2)
    low, mid, high = blocks[:, 4:8], blocks[:, 8:12], blocks[:, 12:16]
    six = _core.array(63, _u8)
    four = _core.array(4, _u8)
    sc = _core.concatenate([_core.bitwise_and(low, six),
                            _core.bitwise_or(_bits(high, 0, 15),
                                             _core.left_shift(_bits(low, 6, 3), four))], axis=1)
    mn = _core.concatenate([_core.bitwise_and(mid, six),
                            _core.bitwise_or(_bits(high, 4, 15),
                                             _core.left_shift(_bits(mid, 6, 3), four))], axis=1)
    scales = d * _core.astype(sc, _f32)
    mins = dmin * _core.astype(mn, _f32)
    qs = _core.reshape(blocks[:, 16:144], (n, 4, 1, 32))
    q = _core.concatenate([_bits(qs, 0, 15), _bits(qs, 4, 15)], axis=2)
    q = _core.reshape(_core.astype(q, _f32), (n, 8, 32))
    return q * scales[:, :, None] - mins[:, :, None]


def _q6_k(blocks):
    # 128 bytes of low 4 bits, 64 bytes of high 2 bits, 16 int8 scales (one per
    # 16 values), f16 scale of scales. Each 128-value half uses 64 low bytes
    # (low nibbles, then high nibbles) and 32 high bytes (2 bits at a time).
    n = blocks.shape[0]
    low = _core.reshape(blocks[:, :128], (n, 2, 64))
    high = _core.reshape(blocks[:, 128:192], (n, 2, 32))
    sc = _core.astype(_core.view(blocks[:, 192:208], _core.int8), _f32)
    d = _half(blocks, 208)
    lo4 = _core.concatenate([_bits(low, 0, 15), _bits(low, 4, 15)], axis=-1)
    hi2 = _core.concatenate([_bits(high, s, 3) for s in (0, 2, 4, 6)], axis=-1)
    q = _core.bitwise_or(lo4, _core.left_shift(hi2, _core.array(4, _u8)))
    q = _core.reshape(_core.astype(q, _f32) - 32.0, (n, 16, 16))
    return (d * sc)[:, :, None] * q


_DEQUANTIZE = {Q2_K: _q2_k, Q4_K: _q4_k, Q6_K: _q6_k}


def dequantize(blocks, ttype, shape):
    """(n_blocks, BLOCK_BYTES[ttype]) uint8 blocks -> float16 array of `shape`."""
    values = _DEQUANTIZE[ttype](blocks)
    return _core.reshape(_core.astype(values, _core.float16), tuple(shape))
