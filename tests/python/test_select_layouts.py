"""mx.where's eager kernel selects bits through a mask, one loop per value
width and per layout of each input (dense, one broadcast value, strided):
every layout, every dtype, against NumPy."""
import itertools

import numpy as np
import pytest

import mxcore as mx

DTYPES = [np.bool_, np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
          np.uint64, np.float16, np.float32, np.float64, np.complex64]


def values(rng, shape, dtype):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype == np.complex64:
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    x = rng.standard_normal(shape).astype(dtype)
    x.flat[:4] = [np.nan, -0.0, np.inf, -np.inf]  # bits move untouched
    return x


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layouts", list(itertools.product(["dense", "scalar"], repeat=3)))
def test_where_dense_and_scalar_inputs(dtype, layouts):
    rng = np.random.default_rng(len(layouts) + DTYPES.index(dtype))
    shape = (37, 129)  # odd sizes: vector loops and their tails
    c_layout, x_layout, y_layout = layouts
    c = rng.integers(0, 2, shape).astype(np.bool_) if c_layout == "dense" else np.bool_(True)
    x = values(rng, shape, dtype) if x_layout == "dense" else values(rng, (1,), dtype)[0]
    y = values(rng, shape, dtype) if y_layout == "dense" else values(rng, (1,), dtype)[0]
    if c_layout == "scalar" and x_layout == "scalar" and y_layout == "scalar":
        c = rng.integers(0, 2, shape).astype(np.bool_)
    expected = np.where(c, x, y).astype(dtype)
    mx_dtype = getattr(mx, np.dtype(dtype).name) if dtype != np.bool_ else mx.bool_
    got = np.array(mx.where(mx.array(c), mx.array(np.asarray(x), dtype=mx_dtype),
                            mx.array(np.asarray(y), dtype=mx_dtype)))
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int64, np.uint8])
def test_where_broadcast_rows_and_strided_inputs(dtype):
    rng = np.random.default_rng(1)
    c = rng.integers(0, 2, (1, 300)).astype(np.bool_)  # one row for every row
    x = values(rng, (50, 300), dtype)
    wide = values(rng, (50, 600), dtype)
    got = np.array(mx.where(mx.array(c), mx.array(x), mx.array(wide)[:, ::2]))  # strided y
    expected = np.where(c, x, wide[:, ::2])
    np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))
    # A transposed condition against dense values.
    ct = rng.integers(0, 2, (300, 50)).astype(np.bool_)
    got = np.array(mx.where(mx.array(ct).T, mx.array(x), 0))
    np.testing.assert_array_equal(got, np.where(ct.T, x, 0).astype(dtype))


def test_where_condition_from_comparison_of_random_data():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((512, 1024)).astype(np.float32)
    m = mx.array(a) > 0
    got = np.array(mx.where(m, mx.array(a), -1.0))
    np.testing.assert_array_equal(got, np.where(a > 0, a, np.float32(-1.0)))
