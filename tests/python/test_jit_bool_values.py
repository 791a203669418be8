"""Compiled kernels with bool values: bool inputs (read as bytes), casts
from bool (a select of two constants, so the loops vectorize), comparisons
feeding arithmetic and bool outputs, against NumPy and eager, over odd
sizes, strided and broadcast inputs and every dtype a bool casts to."""
import numpy as np
import pytest

import mxcore as mx

mx._core._set_jit_background(False)  # compiled calls run the JIT kernels

SIZES = [1, 7, 16, 17, 63, 1000, 4099]
DTYPES = ["float32", "float16", "bfloat16", "float64", "int8", "uint8", "int16", "int32",
          "int64", "uint32", "uint64", "complex64"]


def np_dtype(name):
    return np.float32 if name == "bfloat16" else np.dtype(name)


@pytest.mark.parametrize("n", SIZES)
def test_relu_mask_times_values(n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(n).astype(np.float32)
    fn = mx.compile(lambda x, g: g * (x > 0).astype(mx.float32))
    out = fn(mx.array(x), mx.array(g))
    np.testing.assert_array_equal(np.array(out), g * (x > 0).astype(np.float32))


@pytest.mark.parametrize("dtype", DTYPES)
def test_cast_from_bool_input_to_every_dtype(dtype):
    rng = np.random.default_rng(1)
    m = rng.random(1001) > 0.5
    t = getattr(mx, dtype)
    fn = mx.compile(lambda m: m.astype(t) * 3)
    out = fn(mx.array(m))
    assert out.dtype == t
    expected = m.astype(np_dtype(dtype)) * 3
    np.testing.assert_array_equal(np.array(out.astype(mx.float64) if dtype == "bfloat16" else out),
                                  expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_cast_from_comparison_matches_eager(dtype):
    rng = np.random.default_rng(2)
    x = mx.array(rng.standard_normal((33, 17)).astype(np.float32))
    t = getattr(mx, dtype)

    def f(x):
        return (x > 0.25).astype(t) + (x <= -1).astype(t)

    out, ref = mx.compile(f)(x), f(x)
    assert out.dtype == ref.dtype == t
    assert mx.array_equal(out, ref).item()


@pytest.mark.parametrize("n", SIZES)
def test_bool_mask_input_selects(n):
    rng = np.random.default_rng(3)
    m = rng.random(n) > 0.3
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    fn = mx.compile(lambda m, a, b: mx.where(m, a * 2, b - 1))
    out = fn(mx.array(m), mx.array(a), mx.array(b))
    np.testing.assert_array_equal(np.array(out), np.where(m, a * 2, b - 1))


def test_bool_inputs_logic_and_bool_outputs():
    rng = np.random.default_rng(4)
    p = rng.random(4099) > 0.5
    q = rng.random(4099) > 0.5
    x = rng.standard_normal(4099).astype(np.float32)
    fn = mx.compile(lambda p, q, x: (mx.logical_and(p, mx.logical_not(q)), mx.logical_or(p, x > 0)))
    a, b = fn(mx.array(p), mx.array(q), mx.array(x))
    assert a.dtype == b.dtype == mx.bool_
    np.testing.assert_array_equal(np.array(a), p & ~q)
    np.testing.assert_array_equal(np.array(b), p | (x > 0))


def test_strided_and_broadcast_bool_inputs():
    rng = np.random.default_rng(5)
    m = rng.random((24, 40)) > 0.5
    row = rng.random((40,)) > 0.5
    x = rng.standard_normal((40, 24)).astype(np.float32)
    fn = mx.compile(lambda m, row, x: x * m.astype(mx.float32) + row.astype(mx.float32))
    mt = mx.array(m).T  # a transposed (non-contiguous) bool input
    out = fn(mt, mx.array(row)[:, None], mx.array(x))
    expected = x * m.T.astype(np.float32) + row[:, None].astype(np.float32)
    np.testing.assert_array_equal(np.array(out), expected)
    # Per-channel broadcast of a bool over (N, H, W, C): batch norm's layout.
    mask = rng.random((16,)) > 0.5
    y = rng.standard_normal((4, 5, 6, 16)).astype(np.float32)
    out = fn(mx.array(mask), mx.array(mask), mx.array(y))
    np.testing.assert_array_equal(np.array(out), y * mask + mask.astype(np.float32))


def test_scalar_bool_input():
    x = np.arange(-5, 6, dtype=np.float32)
    fn = mx.compile(lambda flag, x: x * flag.astype(mx.float32) + 1)
    for flag in (True, False):
        out = fn(mx.array(flag), mx.array(x))
        np.testing.assert_array_equal(np.array(out), x * float(flag) + 1)


def test_bool_in_row_kernel():
    rng = np.random.default_rng(6)
    x = rng.standard_normal((37, 129)).astype(np.float32)
    m = rng.random((37, 129)) > 0.2

    def f(x, m):
        y = mx.where(m, x, -1e9)
        return mx.softmax(y, axis=-1), mx.sum(m.astype(mx.float32) * x, axis=-1)

    (s, t), (rs, rt) = mx.compile(f)(mx.array(x), mx.array(m)), f(mx.array(x), mx.array(m))
    assert mx.array_equal(s, rs).item()
    assert mx.array_equal(t, rt).item()
    np.testing.assert_allclose(np.array(t), (m * x).sum(-1), rtol=1e-5, atol=1e-5)
