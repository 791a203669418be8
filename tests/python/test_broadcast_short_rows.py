"""Binary ops whose collapsed layout ends in a short dim (an operand broadcast
along a middle axis: group norm's statistics against (B, HW, groups)) call
their loop row by row: values against NumPy for every kind of short row."""
import numpy as np
import pytest

import mxcore as mx


@pytest.mark.parametrize("inner", [1, 3, 8, 16, 31])
@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "maximum", "power",
                                "greater"])
def test_middle_axis_broadcast(inner, op):
    rng = np.random.default_rng(inner)
    x = rng.uniform(0.5, 2.0, (4, 4099, inner)).astype(np.float32)
    m = rng.uniform(0.5, 2.0, (4, 1, inner)).astype(np.float32)
    fn = getattr(mx, op)
    got = np.array(fn(mx.array(x), mx.array(m)))
    np.testing.assert_allclose(got, getattr(np, op)(x, m), rtol=1e-6)
    got = np.array(fn(mx.array(m), mx.array(x)))
    np.testing.assert_allclose(got, getattr(np, op)(m, x), rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.float64])
def test_short_rows_other_dtypes_and_strided(dtype):
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((3, 5000, 4)) * 10).astype(dtype)
    m = (rng.standard_normal((3, 1, 4)) * 10).astype(dtype)
    mx_dtype = getattr(mx, np.dtype(dtype).name)
    got = np.array(mx.array(x, dtype=mx_dtype) - mx.array(m, dtype=mx_dtype))
    np.testing.assert_array_equal(got, x - m)
    # A strided input with short rows: every other element of a wider array.
    wide = rng.standard_normal((2, 6000, 6)).astype(np.float32)
    v = mx.array(wide)[:, :, ::2]
    w = rng.standard_normal((2, 1, 3)).astype(np.float32)
    np.testing.assert_array_equal(np.array(v * mx.array(w)), wide[:, :, ::2] * w)


def test_group_norm_against_numpy():
    import mxcore.nn as nn

    rng = np.random.default_rng(2)
    x = rng.standard_normal((4, 16, 16, 32)).astype(np.float32)
    gn = nn.GroupNorm(8, 32, affine=False)
    got = np.array(gn(mx.array(x)))
    g = x.reshape(4, -1, 8).astype(np.float64)
    mean = g.mean(axis=1, keepdims=True)
    var = g.var(axis=1, keepdims=True)
    expected = ((g - mean) / np.sqrt(var + 1e-5)).reshape(x.shape)
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
