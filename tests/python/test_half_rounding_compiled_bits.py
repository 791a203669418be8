"""Compiled float16/bfloat16 programs give the eager bits, value for value.

The JIT rounds half values three ways: the software rounding inside element
loops (mxcore_jit::round_to_half), the hardware block conversions of row
buffers, and, for a float16 value a row kernel caches, a block rounding after
the element loop in place of the in-loop one. Each must give the eager
kernels' round to nearest even, with subnormals, ties at half-way points,
values that overflow to inf, +-inf and NaN. Row lengths cover the 16-lane
tails, the 512-column blocks and rows too long for the whole-row buffer.
"""
import numpy as np
import pytest

import mxcore as mx

HALF_TYPES = [mx.float16, mx.bfloat16]
ROW_SHAPES = [(3, 1), (5, 33), (4, 515), (3, 4097), (2, 9001)]


def special_values(dtype):
    """float32 values each rounding step must treat as the eager cast does."""
    if dtype == mx.float16:
        ulp = 2.0**-10
        tiny = 2.0**-24  # smallest float16 subnormal
        big = [65504.0, 65519.0, 65520.0, 70000.0]  # 65520 and up round to inf
    else:
        ulp = 2.0**-7
        tiny = 2.0**-133
        big = [3.38e38, 3.4e38]
    vals = [
        0.0, -0.0, 1.0, -1.0,
        1 + ulp / 2, 1 + 3 * ulp / 2, -(1 + ulp / 2),  # ties: to even, both ways
        1 + ulp / 2 + 2.0**-20, 1 + ulp / 4,
        tiny, tiny / 2, 3 * tiny / 2, tiny / 3, -tiny / 2, 5 * tiny / 2,  # subnormal ties
        2.0**-14 * (1 - 2.0**-12), 6.1e-5, 3e-5, 1e-7,
        np.inf, -np.inf, np.nan,
    ] + big + [-v for v in big]
    return np.array(vals, dtype=np.float32)


def row_data(shape, dtype, seed):
    """Normal values with the special values spread over the rows."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(shape) * 3).astype(np.float32)
    specials = special_values(dtype)
    flat = x.reshape(-1)
    idx = rng.choice(flat.size, size=min(flat.size // 3, specials.size), replace=False)
    flat[idx] = specials[: idx.size]
    return x


def u16(a):
    return np.asarray(mx.view(a, mx.uint16))


def assert_bits_equal(f, *args):
    compiled = mx.compile(f)(*args)
    eager = f(*args)
    assert compiled.dtype == eager.dtype and compiled.shape == eager.shape
    c, e = u16(compiled), u16(eager)
    diff = np.flatnonzero(c.reshape(-1) != e.reshape(-1))
    assert diff.size == 0, f"{diff.size} values differ, first at {diff[:5]}: {c.reshape(-1)[diff[:5]]} vs {e.reshape(-1)[diff[:5]]}"


def softmax(x):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return e / mx.sum(e, axis=-1, keepdims=True)


def layernorm(x, w, b):  # the seed benchmark's graph
    xf = x.astype(mx.float32)
    mean = mx.mean(xf, axis=-1, keepdims=True)
    var = mx.var(xf, axis=-1, keepdims=True)
    return w * ((xf - mean) * mx.rsqrt(var + 1e-4)).astype(x.dtype) + b


def rmsnorm(x, w):
    return x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-5) * w


@pytest.mark.parametrize("dtype", HALF_TYPES, ids=str)
@pytest.mark.parametrize("shape", ROW_SHAPES, ids=str)
def test_row_kernels_give_eager_bits(dtype, shape):
    x = mx.array(row_data(shape, dtype, seed=shape[-1])).astype(dtype)
    # Rows without inf/nan too, so the sums and the normalized values are finite.
    clean = mx.array(np.random.default_rng(1).standard_normal(shape).astype(np.float32) * 3).astype(dtype)
    w = mx.array(np.linspace(-2, 2, shape[-1], dtype=np.float32)).astype(dtype)
    b = mx.array(np.linspace(1, -1, shape[-1], dtype=np.float32)).astype(dtype)
    for data in (x, clean):
        assert_bits_equal(softmax, data)
        assert_bits_equal(lambda a: softmax(softmax(a) * 7), data)  # cached exps in a chain
        assert_bits_equal(layernorm, data, w, b)
        assert_bits_equal(lambda a: layernorm(layernorm(a, w, b), w, b), data)
        assert_bits_equal(rmsnorm, data, w)
        assert_bits_equal(lambda a: mx.fast.rms_norm(a, w, 1e-5), data)
        assert_bits_equal(lambda a: mx.fast.layer_norm(a, w, b, 1e-5), data)


@pytest.mark.parametrize("dtype", HALF_TYPES, ids=str)
@pytest.mark.parametrize("shape", [(4, 515), (3, 4097)], ids=str)
def test_row_kernel_rounds_float32_ties_and_overflow(dtype, shape):
    # float32 inputs rounded to the half type inside the program: every
    # special value meets each rounding step (astype, exp, divide, the
    # cached value of a chain).
    x32 = mx.array(row_data(shape, dtype, seed=7))
    scale = mx.array(np.float32(1.0))

    def f(a, s):
        h = (a * s).astype(dtype)
        return softmax(h) * h + mx.max(h, axis=-1, keepdims=True)

    assert_bits_equal(f, x32, scale)
    assert_bits_equal(lambda a: (mx.exp(a.astype(dtype) - 4) * 3).sum(axis=-1), x32)


@pytest.mark.parametrize("dtype", HALF_TYPES, ids=str)
@pytest.mark.parametrize("n", [1, 15, 17, 1023, 4099])
def test_elementwise_chains_give_eager_bits(dtype, n):
    rng = np.random.default_rng(n)
    specials = special_values(dtype)
    a32 = np.concatenate([specials, (rng.standard_normal(n) * 4).astype(np.float32)])
    b32 = np.concatenate([specials[::-1], rng.uniform(-3, 3, n).astype(np.float32)])
    a32, b32 = mx.array(a32), mx.array(b32)
    a, b = a32.astype(dtype), b32.astype(dtype)
    assert_bits_equal(lambda x, y: mx.exp(x) * y + 1, a, b)
    assert_bits_equal(lambda x, y: (x * y - x / (mx.abs(y) + 1)) * 0.1 + x, a, b)
    assert_bits_equal(lambda x: mx.sqrt(mx.abs(x)) * x * 3000, a)  # overflows to inf
    assert_bits_equal(lambda x, y: (x * y).astype(dtype) * 2, a32, b32)  # float32 ties
    assert_bits_equal(lambda x: x.astype(dtype) * 1.0001 - x.astype(dtype), a32)


@pytest.mark.parametrize("dtype", HALF_TYPES, ids=str)
def test_in_register_rounding_over_every_binade(dtype):
    # Every float32 sign/exponent/top-mantissa pattern (the high 16 bits) with
    # low bits at and around the float16 (bit 12) and bfloat16 (bit 15)
    # half-way points: ties, just above/below them, NaN payloads.
    high = np.arange(1 << 16, dtype=np.uint32) << 16
    low = np.array([0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x2000, 0x3000,
                    0x7fff, 0x8000, 0x8001, 0xffff], dtype=np.uint32)
    xs = (high[:, None] | low[None, :]).reshape(-1).view(np.float32)
    x = mx.array(xs)
    one = mx.ones(x.shape, dtype=mx.float32)
    assert_bits_equal(lambda a, o: (a * o).astype(dtype).astype(mx.float32) * o, x, one)
    rows = x.reshape(-1, 1024)
    q = mx.full((rows.shape[0], 4), 0.25)
    s = lambda b: mx.sum(q, axis=-1, keepdims=True)  # exactly 1, per row
    assert_bits_equal(lambda a: (a * s(a)).astype(dtype).astype(mx.float32) * s(a), rows)
