# Integer and bool matmul (beyond MLX, as NumPy): exact results with NumPy's
# result dtypes, for matrices, vectors, batches and broadcast batches.
import numpy as np
import pytest

import mxcore as mx

INT_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def operands(dtype, sa, sb, seed=0):
    rng = np.random.default_rng(seed)
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -50), min(info.max, 50)
    return rng.integers(lo, hi, sa).astype(dtype), rng.integers(lo, hi, sb).astype(dtype)


@pytest.mark.parametrize("dtype", INT_TYPES)
def test_integer_matmul_matches_numpy_exactly(dtype):
    a, b = operands(dtype, (7, 13), (13, 5))
    out = mx.array(a) @ mx.array(b)
    assert np.dtype(str(np.array(out).dtype)) == (a @ b).dtype
    np.testing.assert_array_equal(np.array(out), a @ b)


@pytest.mark.parametrize("sa,sb", [((3, 4, 5), (5, 6)), ((2, 1, 4, 5), (3, 5, 2)), ((5,), (5,)),
                                   ((5,), (2, 5, 3)), ((2, 4, 5), (5,)), ((1, 0), (0, 3))])
def test_integer_matmul_batched_and_vector_shapes(sa, sb):
    a, b = operands(np.int32, sa, sb, seed=1)
    out = np.array(mx.matmul(mx.array(a), mx.array(b)))
    ref = np.matmul(a, b)
    assert out.shape == ref.shape and out.dtype == ref.dtype
    np.testing.assert_array_equal(out, ref)


def test_integer_matmul_mixed_types_promote_as_numpy():
    a, _ = operands(np.int8, (3, 4), (1,))
    _, b = operands(np.int64, (1,), (4, 2))
    out = np.array(mx.array(a) @ mx.array(b))
    assert out.dtype == np.int64
    np.testing.assert_array_equal(out, a.astype(np.int64) @ b)
    u = np.arange(6, dtype=np.uint8).reshape(2, 3)
    s = np.arange(6, dtype=np.int16).reshape(3, 2)
    out = np.array(mx.array(u) @ mx.array(s))
    assert out.dtype == (u @ s).dtype
    np.testing.assert_array_equal(out, u @ s)


def test_integer_matmul_wraps_on_overflow_as_numpy():
    a = np.full((2, 3), 100, dtype=np.int8)
    b = np.full((3, 2), 3, dtype=np.int8)
    np.testing.assert_array_equal(np.array(mx.array(a) @ mx.array(b)), a @ b)
    big = np.array([[2**62, 2**62]], dtype=np.int64)
    np.testing.assert_array_equal(np.array(mx.array(big) @ mx.array(big.T)), big @ big.T)


def test_integer_matmul_strided_and_transposed_operands():
    a, b = operands(np.int32, (6, 8), (6, 8), seed=2)
    ma, mb = mx.array(a), mx.array(b)
    np.testing.assert_array_equal(np.array(ma[::2, 1::2] @ mb[::2, ::2].T), a[::2, 1::2] @ b[::2, ::2].T)
    np.testing.assert_array_equal(np.array(ma.T @ mb), a.T @ b)


def test_bool_matmul_is_any_of_ands():
    rng = np.random.default_rng(3)
    a = rng.random((4, 6)) < 0.3
    b = rng.random((6, 5)) < 0.3
    out = np.array(mx.array(a) @ mx.array(b))
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, a @ b)


def test_large_integer_matmul_uses_threads_and_stays_exact():
    a, b = operands(np.int64, (96, 200), (200, 130), seed=4)
    np.testing.assert_array_equal(np.array(mx.array(a) @ mx.array(b)), a @ b)


def test_addmm_still_requires_inexact_types():
    x = mx.array([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="addmm"):
        mx.addmm(x, x, x)
