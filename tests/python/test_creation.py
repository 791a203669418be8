import numpy as np
import pytest

import mxcore as mx

ALL_DTYPES = [mx.bool_, mx.uint8, mx.uint16, mx.uint32, mx.uint64, mx.int8, mx.int16,
              mx.int32, mx.int64, mx.float16, mx.float32, mx.float64, mx.bfloat16, mx.complex64]
NP_NAMES = {mx.bool_: "bool", mx.uint8: "uint8", mx.uint16: "uint16", mx.uint32: "uint32",
            mx.uint64: "uint64", mx.int8: "int8", mx.int16: "int16", mx.int32: "int32",
            mx.int64: "int64", mx.float16: "float16", mx.float32: "float32",
            mx.float64: "float64", mx.complex64: "complex64"}


def to_np(a):
    if a.dtype == mx.bfloat16:
        return np.array(a.astype(mx.float32))
    return np.array(a)


def test_arange_dtypes_follow_mlx():
    assert mx.arange(5).dtype == mx.int32
    assert mx.arange(0, 5).dtype == mx.int32
    assert mx.arange(0, 5, 2).dtype == mx.int32
    assert mx.arange(5.0).dtype == mx.float32
    assert mx.arange(0, 5, 0.5).dtype == mx.float32
    assert mx.arange(0.0, 5).dtype == mx.float32
    assert mx.arange(5, dtype=mx.float16).dtype == mx.float16


@pytest.mark.parametrize("args", [(10,), (2, 10), (2, 11, 3), (10, 2, -3), (0, 1, 0.1),
                                  (-2.5, 3.5, 0.7), (5, 2), (1.0, -1.0, -0.25), (0,)])
def test_arange_values(args):
    got = mx.arange(*args)
    expected = np.arange(*args).astype(np.float32 if any(isinstance(x, float) for x in args)
                                       else np.int32)
    assert got.shape == expected.shape
    np.testing.assert_allclose(np.array(got), expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d not in (mx.bool_, mx.bfloat16)])
def test_arange_every_dtype(dtype):
    got = mx.arange(0, 12, 3, dtype=dtype)
    assert got.dtype == dtype
    np.testing.assert_array_equal(np.array(got), np.arange(0, 12, 3).astype(NP_NAMES[dtype]))


def test_arange_bfloat16_and_long_range_does_not_drift():
    np.testing.assert_array_equal(to_np(mx.arange(8, dtype=mx.bfloat16)), np.arange(8.0))
    got = np.array(mx.arange(0, 100000, 0.1, dtype=mx.float64))
    np.testing.assert_allclose(got, np.arange(0, 100000, 0.1), rtol=0, atol=1e-9)


def test_arange_errors():
    with pytest.raises(ValueError, match="arange"):
        mx.arange(0, 10, 0)
    with pytest.raises(ValueError, match="arange"):
        mx.arange(5, dtype=mx.bool_)
    with pytest.raises(ValueError, match="arange"):
        mx.arange(0, float("inf"))
    with pytest.raises(TypeError):
        mx.arange("a")


@pytest.mark.parametrize("start,stop,num", [(0, 1, 5), (-3, 7.5, 11), (2, 2, 4), (5, -5, 50),
                                            (1, 10, 1), (0, 1, 0)])
def test_linspace(start, stop, num):
    got = mx.linspace(start, stop, num)
    assert got.dtype == mx.float32
    expected = np.linspace(start, stop, num, dtype=np.float32)
    np.testing.assert_allclose(np.array(got), expected, rtol=1e-6, atol=1e-6)
    if num > 1:
        assert np.array(got)[-1] == np.float32(stop)


def test_linspace_dtype_and_errors():
    np.testing.assert_array_equal(np.array(mx.linspace(0, 10, 6, dtype=mx.int32)),
                                  np.linspace(0, 10, 6).astype(np.int32))
    np.testing.assert_array_equal(np.array(mx.linspace(0, 1, 7, dtype=mx.float64)),
                                  np.linspace(0, 1, 7))
    with pytest.raises(ValueError, match="linspace"):
        mx.linspace(0, 1, -1)


@pytest.mark.parametrize("n,m,k", [(3, None, 0), (3, 5, 1), (5, 3, -2), (4, 4, 4), (4, 4, -7),
                                   (1, 1, 0), (0, 3, 0), (3, 4, -1)])
def test_eye(n, m, k):
    got = mx.eye(n, m, k)
    assert got.dtype == mx.float32
    np.testing.assert_array_equal(np.array(got), np.eye(n, m, k, dtype=np.float32))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_eye_identity_dtypes(dtype):
    expected = np.eye(3, 4, 1)
    got = mx.eye(3, 4, 1, dtype=dtype)
    assert got.dtype == dtype
    np.testing.assert_array_equal(to_np(got).real.astype(np.float64), expected)
    ident = mx.identity(3, dtype=dtype)
    assert ident.dtype == dtype
    np.testing.assert_array_equal(to_np(ident).real.astype(np.float64), np.eye(3))


def test_eye_errors():
    with pytest.raises(ValueError, match="eye"):
        mx.eye(-1)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_zeros_ones_full(dtype):
    for shape in [(2, 3), 4, [], (0, 2), [1, 2, 3]]:
        np_shape = shape if isinstance(shape, int) else tuple(shape)
        z = mx.zeros(shape, dtype)
        o = mx.ones(shape, dtype=dtype)
        assert z.shape == ((np_shape,) if isinstance(np_shape, int) else np_shape)
        assert z.dtype == dtype and o.dtype == dtype
        np.testing.assert_array_equal(to_np(z), np.zeros(np_shape))
        np.testing.assert_array_equal(to_np(o), np.ones(np_shape))
    f = mx.full((2, 2), 3, dtype)
    # full's dtype is the weak type of the Python scalar (MLX): an int with bool gives int32.
    want = mx.int32 if dtype == mx.bool_ else dtype
    assert f.dtype == want
    np.testing.assert_array_equal(to_np(f), np.full((2, 2), 3).astype(NP_NAMES.get(want, "float32")))


def test_zeros_default_dtype_and_like():
    assert mx.zeros((2,)).dtype == mx.float32
    assert mx.ones(3).dtype == mx.float32
    a = mx.array([[1, 2], [3, 4]], dtype=mx.int16)
    zl = mx.zeros_like(a)
    ol = mx.ones_like(a.T)
    assert zl.dtype == mx.int16 and ol.dtype == mx.int16
    np.testing.assert_array_equal(np.array(zl), np.zeros((2, 2)))
    np.testing.assert_array_equal(np.array(ol), np.ones((2, 2)))


def test_full_value_types_and_broadcast():
    assert mx.full((2,), 1.5).dtype == mx.float32
    assert mx.full((2,), 1).dtype == mx.int32
    assert mx.full((2,), True).dtype == mx.bool_
    # As in MLX, a Python float stays float32 when dtype is not a floating type.
    out = mx.full((2,), 1.5, mx.int32)
    assert out.dtype == mx.float32 and out.tolist() == [1.5, 1.5]
    out = mx.full((2,), 1.5, mx.complex64)
    assert out.dtype == mx.float32
    out = mx.full((2,), True, mx.int8)
    assert out.dtype == mx.int8 and out.tolist() == [1, 1]
    vals = mx.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(np.array(mx.full((2, 3), vals)), np.full((2, 3), [1, 2, 3]))
    with pytest.raises(ValueError):
        mx.full((2, 4), vals)
    with pytest.raises(ValueError, match="full"):
        mx.full((-1, 2), 0)
