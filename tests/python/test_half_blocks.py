"""Eager float16 / bfloat16 kernels through float blocks (half_blocks.h):
dense runs of unary and binary ops, reductions and dtype conversions widen
blocks of halves to float and narrow the results back. They must give the bits
of the element-wise path, which strided inputs still take, and NumPy's values
where NumPy has the dtype."""
import numpy as np
import pytest

import mxcore as mx

HALF_TYPES = [mx.float16, mx.bfloat16]


def bits_of(a):
    """The 16-bit patterns of a half-typed mxcore array."""
    return np.array(a.view(mx.uint16))


def all_halves(dtype):
    """Every 16-bit pattern but the signaling NaNs (whose payload the float
    path quiets), as an array of `dtype`."""
    b = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    if dtype == mx.float16:
        exp_all_ones = (b & 0x7C00) == 0x7C00
        signaling = exp_all_ones & ((b & 0x03FF) != 0) & ((b & 0x0200) == 0)
    else:
        exp_all_ones = (b & 0x7F80) == 0x7F80
        signaling = exp_all_ones & ((b & 0x007F) != 0) & ((b & 0x0040) == 0)
    return mx.array(b[~signaling]).view(dtype)


def strided_copy(a):
    """a's values in a view with stride 2 (the element-wise loops)."""
    wide = mx.stack([a, a], axis=-1)
    mx.eval(wide)
    return wide[..., 0]


UNARY = ["abs", "negative", "sign", "square", "sqrt", "rsqrt", "exp", "expm1", "log",
         "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
         "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "sigmoid", "erf", "erfinv", "floor",
         "ceil", "round", "reciprocal", "isnan", "isinf", "isfinite", "logical_not"]


@pytest.mark.parametrize("dtype", HALF_TYPES)
@pytest.mark.parametrize("name", UNARY)
def test_unary_dense_matches_elementwise_on_every_half(name, dtype):
    x = all_halves(dtype)
    fn = getattr(mx, name)
    dense = fn(x)
    strided = fn(strided_copy(x))
    assert dense.dtype == strided.dtype
    if dense.dtype in HALF_TYPES:
        np.testing.assert_array_equal(bits_of(dense), bits_of(strided))
    else:
        np.testing.assert_array_equal(np.array(dense), np.array(strided))


@pytest.mark.parametrize("name", ["abs", "negative", "square", "sqrt", "floor", "ceil"])
def test_unary_float16_against_numpy(name):
    x = all_halves(mx.float16)
    x_np = np.array(x)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(x_np)
    got = np.array(getattr(mx, name)(x))
    finite = ~np.isnan(expected)
    np.testing.assert_array_equal(got[finite].view(np.uint16), expected[finite].view(np.uint16))
    np.testing.assert_array_equal(np.isnan(got), ~finite)


def random_halves(rng, n, dtype):
    """Normals, subnormals, zeros of both signs, infinities, NaN and random
    bit patterns (signaling NaNs left out)."""
    vals = np.concatenate([
        rng.standard_normal(n // 2).astype(np.float32) * 8,
        rng.uniform(-1e-5, 1e-5, n // 8).astype(np.float32),
        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, -65504.0, 1.0, -1.0, 0.5],
                 np.float32),
    ])
    x = mx.array(vals).astype(dtype)
    pool = all_halves(dtype)
    idx = mx.array(rng.integers(0, pool.size, n - vals.size).astype(np.int32))
    both = mx.concatenate([x, pool[idx]])
    perm = mx.array(rng.permutation(n).astype(np.int32))
    return both[perm]


BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "power", "remainder",
          "arctan2", "logaddexp", "equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal"]


@pytest.mark.parametrize("dtype", HALF_TYPES)
@pytest.mark.parametrize("name", BINARY)
def test_binary_dense_and_scalar_match_elementwise(name, dtype):
    rng = np.random.default_rng(7)
    n = 4099  # several blocks of 512 and a tail
    x = random_halves(rng, n, dtype)
    y = random_halves(rng, n, dtype)
    fn = getattr(mx, name)

    def check(dense, strided):
        assert dense.dtype == strided.dtype
        if dense.dtype in HALF_TYPES:
            np.testing.assert_array_equal(bits_of(dense), bits_of(strided))
        else:
            np.testing.assert_array_equal(np.array(dense), np.array(strided))

    xs, ys = strided_copy(x), strided_copy(y)
    check(fn(x, y), fn(xs, ys))
    for s in [2.5, -0.0, 3.0, float("inf")]:
        scalar = mx.array(s, dtype=dtype)
        # A broadcast scalar against a dense run (blocks) and a strided one.
        check(fn(x, scalar), fn(xs, scalar))
        check(fn(scalar, y), fn(scalar, ys))


def test_binary_float16_against_numpy():
    rng = np.random.default_rng(3)
    a = rng.standard_normal(10_000).astype(np.float16)
    b = rng.standard_normal(10_000).astype(np.float16)
    for name in ["add", "subtract", "multiply", "divide", "maximum", "minimum"]:
        got = np.array(getattr(mx, name)(mx.array(a), mx.array(b)))
        expected = getattr(np, name)(a, b)
        np.testing.assert_array_equal(got.view(np.uint16), expected.view(np.uint16))


@pytest.mark.parametrize("dtype", HALF_TYPES)
@pytest.mark.parametrize("n", [1, 7, 16, 31, 63, 64, 65, 511, 512, 513, 1000, 4099])
def test_row_reductions_fold_as_float(dtype, n):
    rng = np.random.default_rng(n)
    x = mx.array(rng.standard_normal((3, n)).astype(np.float32)).astype(dtype)
    wide = x.astype(mx.float32)
    # A half sum folds float accumulators in the float sum's order and rounds
    # once at the end: the bits of the float sum rounded.
    np.testing.assert_array_equal(bits_of(mx.sum(x, axis=-1)),
                                  bits_of(mx.sum(wide, axis=-1).astype(dtype)))
    np.testing.assert_array_equal(bits_of(mx.sum(x)), bits_of(mx.sum(wide).astype(dtype)))
    for op in [mx.max, mx.min]:
        np.testing.assert_array_equal(bits_of(op(x, axis=-1)),
                                      bits_of(op(wide, axis=-1).astype(dtype)))
    ref = np.array(wide).astype(np.float64).sum(axis=-1)
    got = np.array(mx.sum(x, axis=-1).astype(mx.float32))
    np.testing.assert_allclose(got, ref, rtol=1e-2, atol=1e-2 * np.sqrt(n))


@pytest.mark.parametrize("dtype", HALF_TYPES)
@pytest.mark.parametrize("shape", [(37, 16), (100, 48), (9, 130), (513, 33)])
def test_column_reductions_fold_as_float(dtype, shape):
    rng = np.random.default_rng(shape[0])
    x = mx.array(rng.standard_normal(shape).astype(np.float32)).astype(dtype)
    wide = x.astype(mx.float32)
    for op in [mx.sum, mx.max, mx.min, mx.prod]:
        np.testing.assert_array_equal(bits_of(op(x, axis=0)),
                                      bits_of(op(wide, axis=0).astype(dtype)))


def test_float16_conversions_against_numpy():
    x = all_halves(mx.float16)
    x_np = np.array(x)
    got = np.array(x.astype(mx.float32))
    expected = x_np.astype(np.float32)
    nan = np.isnan(expected)
    np.testing.assert_array_equal(got[~nan], expected[~nan])
    assert np.isnan(got[nan]).all()
    # Back to float16: every half round-trips.
    np.testing.assert_array_equal(bits_of(mx.array(got).astype(mx.float16))[~nan],
                                  x_np.view(np.uint16)[~nan])

    rng = np.random.default_rng(11)
    f_bits = rng.integers(0, 1 << 32, 1 << 20, dtype=np.uint64).astype(np.uint32)
    f = f_bits.view(np.float32)
    f = np.concatenate([f, np.float32([65504, 65519.99, 65520, 2.0**-24, 2.0**-25,
                                       3 * 2.0**-26, 1e-8, -0.0])])
    got = np.array(mx.array(f).astype(mx.float16))
    with np.errstate(over="ignore"):
        expected = f.astype(np.float16)
    nan = np.isnan(f)
    np.testing.assert_array_equal(got.view(np.uint16)[~nan], expected.view(np.uint16)[~nan])
    assert np.isnan(got[nan]).all()


def bf16_bits_reference(f):
    """float32 -> bfloat16 bits, nearest even, NaN quiet."""
    u = f.view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    return np.where(nan, (u >> 16) | 0x40, rounded).astype(np.uint16)


def test_bfloat16_conversions():
    rng = np.random.default_rng(12)
    f = rng.integers(0, 1 << 32, 1 << 20, dtype=np.uint64).astype(np.uint32).view(np.float32)
    got = bits_of(mx.array(f).astype(mx.bfloat16))
    np.testing.assert_array_equal(got, bf16_bits_reference(f))
    x = all_halves(mx.bfloat16)
    widened = np.array(x.astype(mx.float32)).view(np.uint32)
    np.testing.assert_array_equal(widened, bits_of(x).astype(np.uint32) << 16)


@pytest.mark.parametrize("src", HALF_TYPES)
@pytest.mark.parametrize("dst", [mx.float16, mx.bfloat16, mx.int32, mx.uint8, mx.bool_,
                                 mx.float64, mx.int64])
def test_half_to_other_types_dense_matches_strided(src, dst):
    rng = np.random.default_rng(5)
    x = random_halves(rng, 3001, src)
    if dst in (mx.int32, mx.uint8, mx.int64):
        # Integer conversion of out-of-range values is unspecified; keep them in range.
        x = mx.clip(mx.where(mx.isnan(x), 0, x), -100, 100)
        x = mx.abs(x) if dst == mx.uint8 else x
        mx.eval(x)
    dense = x.astype(dst)
    strided = strided_copy(x).astype(dst)
    if dst in HALF_TYPES:
        np.testing.assert_array_equal(bits_of(dense), bits_of(strided))
    else:
        np.testing.assert_array_equal(np.array(dense), np.array(strided))
