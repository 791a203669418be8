"""Reductions against NumPy: every dtype, axes None/int/negative/tuple,
keepdims, transposed and broadcast inputs, empty arrays and errors."""

import math

import numpy as np
import pytest

import mxcore as mx

INT_DTYPES = ["uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "float32", "float64", "bfloat16"]
ALL_DTYPES = ["bool"] + INT_DTYPES + FLOAT_DTYPES
AXES = [None, 0, -1, 1, (0, 2), (2, 0), (0, 1, 2), ()]


def mx_dtype(name):
    return getattr(mx, "bool_" if name == "bool" else name)


def make(np_values, dtype_name):
    """An mx array of dtype_name holding np_values (bfloat16 via float32)."""
    return mx.array(np.asarray(np_values), dtype=mx_dtype(dtype_name))


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def oracle_input(values, dtype_name):
    """The values NumPy should see: rounded to the mx dtype."""
    return as_np(make(values, dtype_name))


def tolerance(dtype_name):
    return {"float16": 2e-2, "bfloat16": 5e-2, "float32": 1e-5, "float64": 1e-12}.get(
        dtype_name, 0
    )


def sample(shape, dtype_name, rng, kind="sum"):
    if dtype_name == "bool":
        return rng.random(shape) > 0.4
    if dtype_name.startswith("uint"):
        if kind == "prod":  # few 2s so the product stays in 32 bits
            return np.where(rng.random(shape) < 0.1, 2, 1)
        return rng.integers(0, 20, shape)
    if dtype_name.startswith("int"):
        if kind == "prod":
            return rng.choice([-1, 1], shape)
        return rng.integers(-20, 20, shape)
    if kind == "prod":
        return rng.uniform(0.8, 1.2, shape)
    return rng.standard_normal(shape)


def expected_sum_dtype(name):
    if name == "bool":
        return mx.int32
    if name.startswith("int"):
        return mx.int64 if name == "int64" else mx.int32
    if name.startswith("uint"):
        return mx.uint64 if name == "uint64" else mx.uint32
    return mx_dtype(name)


def check(out, expected, dtype_name, rel=None):
    tol = tolerance(dtype_name) if rel is None else rel
    got = as_np(out)
    assert got.shape == np.shape(expected), (got.shape, np.shape(expected))
    if tol == 0:
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


def np_axis(axis):
    return tuple(axis) if isinstance(axis, (tuple, list)) else axis


@pytest.mark.parametrize("dtype_name", ALL_DTYPES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_sum_prod_all_dtypes(dtype_name, keepdims):
    rng = np.random.default_rng(0)
    for op, kind in [("sum", "sum"), ("prod", "prod")]:
        vals = sample((3, 4, 5), dtype_name, rng, kind)
        a = make(vals, dtype_name)
        x = oracle_input(vals, dtype_name)
        for axis in AXES:
            out = getattr(mx, op)(a, axis=axis, keepdims=keepdims)
            if axis == ():
                # MLX: no axes is the identity.
                assert out.dtype == a.dtype
                check(out, x, dtype_name)
                continue
            expected = getattr(np, op)(x.astype(np.float64 if dtype_name in FLOAT_DTYPES else x.dtype),
                                       axis=np_axis(axis), keepdims=keepdims)
            assert out.dtype == expected_sum_dtype(dtype_name), (op, axis, out.dtype)
            rel = 5e-2 if dtype_name in ("float16", "bfloat16") else None
            check(out, expected.astype(np.float64) if dtype_name in FLOAT_DTYPES else expected,
                  dtype_name, rel)


@pytest.mark.parametrize("dtype_name", ALL_DTYPES)
def test_max_min_all_dtypes(dtype_name):
    rng = np.random.default_rng(1)
    vals = sample((4, 3, 5), dtype_name, rng)
    a = make(vals, dtype_name)
    x = oracle_input(vals, dtype_name)
    for op in ["max", "min"]:
        for axis in AXES:
            for keepdims in [False, True]:
                out = getattr(mx, op)(a, axis=axis, keepdims=keepdims)
                assert out.dtype == a.dtype
                if axis == ():
                    check(out, x, dtype_name, 0)
                    continue
                expected = getattr(np, op)(x, axis=np_axis(axis), keepdims=keepdims)
                check(out, expected, dtype_name, 0)


@pytest.mark.parametrize("dtype_name", ALL_DTYPES)
def test_all_any_all_dtypes(dtype_name):
    rng = np.random.default_rng(2)
    vals = sample((3, 4, 5), dtype_name, rng)
    if dtype_name != "bool":
        vals = np.where(rng.random(vals.shape) > 0.8, 0, vals)
    a = make(vals, dtype_name)
    x = oracle_input(vals, dtype_name)
    for op in ["all", "any"]:
        for axis in AXES:
            out = getattr(mx, op)(a, axis=axis, keepdims=True)
            assert out.dtype == mx.bool_
            expected = getattr(np, op)(x, axis=np_axis(axis) if axis != () else (), keepdims=True)
            check(out, expected.astype(bool), "bool", 0)


def test_all_any_exact_cases():
    a = mx.array([[True, True], [True, False]])
    assert np.array(mx.all(a, axis=1)).tolist() == [True, False]
    assert np.array(mx.any(a, axis=0)).tolist() == [True, True]
    z = mx.array([[0.0, 0.0], [0.0, -0.0]])
    assert not mx.any(z).item()
    assert mx.all(mx.array([float("nan")])).item()  # NaN is truthy


@pytest.mark.parametrize("dtype_name", ALL_DTYPES)
def test_mean_all_dtypes(dtype_name):
    rng = np.random.default_rng(3)
    vals = sample((3, 4, 5), dtype_name, rng)
    a = make(vals, dtype_name)
    x = oracle_input(vals, dtype_name).astype(np.float64)
    for axis in AXES[:-1]:
        for keepdims in [False, True]:
            out = mx.mean(a, axis=axis, keepdims=keepdims)
            want = mx_dtype(dtype_name) if dtype_name in FLOAT_DTYPES else mx.float32
            assert out.dtype == want
            expected = np.mean(x, axis=np_axis(axis), keepdims=keepdims)
            rel = {"float16": 2e-2, "bfloat16": 5e-2, "float64": 1e-12}.get(dtype_name, 1e-5)
            check(out, expected, dtype_name, rel)


@pytest.mark.parametrize("dtype_name", ["float32", "float64", "float16", "int32", "uint8", "bool"])
@pytest.mark.parametrize("ddof", [0, 1, 2])
def test_var_std(dtype_name, ddof):
    rng = np.random.default_rng(4)
    vals = sample((4, 6, 5), dtype_name, rng)
    a = make(vals, dtype_name)
    x = oracle_input(vals, dtype_name).astype(np.float64)
    rel = {"float16": 3e-2, "float64": 1e-12}.get(dtype_name, 1e-5)
    for axis in [None, 0, -1, (0, 2)]:
        for keepdims in [False, True]:
            v = mx.var(a, axis=axis, keepdims=keepdims, ddof=ddof)
            s = mx.std(a, axis=axis, keepdims=keepdims, ddof=ddof)
            check(v, np.var(x, axis=np_axis(axis), keepdims=keepdims, ddof=ddof), dtype_name, rel)
            check(s, np.std(x, axis=np_axis(axis), keepdims=keepdims, ddof=ddof), dtype_name, rel)


def test_var_ddof_too_large_is_inf_or_nan():
    a = mx.array([1.0, 2.0])
    assert math.isinf(mx.var(a, ddof=2).item())
    assert math.isnan(mx.var(mx.array([3.0, 3.0]), ddof=2).item())


@pytest.mark.parametrize("dtype_name", ALL_DTYPES)
def test_argmax_argmin_all_dtypes(dtype_name):
    rng = np.random.default_rng(5)
    vals = sample((4, 3, 5), dtype_name, rng)
    a = make(vals, dtype_name)
    x = oracle_input(vals, dtype_name)
    for op in ["argmax", "argmin"]:
        for axis in [None, 0, 1, -1]:
            for keepdims in [False, True]:
                out = getattr(mx, op)(a, axis=axis, keepdims=keepdims)
                assert out.dtype == mx.uint32
                expected = getattr(np, op)(x, axis=axis, keepdims=keepdims)
                check(out, expected, "uint32", 0)


def test_argmax_ties_and_nan_take_first():
    a = mx.array([[1.0, 3.0, 3.0, 0.0], [2.0, float("nan"), 5.0, float("nan")]])
    assert np.array(mx.argmax(a, axis=1)).tolist() == [1, 1]
    assert np.array(mx.argmin(a, axis=1)).tolist() == [3, 1]
    # Column layout (axis 0 of a row-major array) takes the same path rules.
    t = mx.transpose(a)
    assert np.array(mx.argmax(a, axis=0)).tolist() == [1, 1, 1, 1]
    assert np.array(mx.argmax(t, axis=0)).tolist() == [1, 1]


def test_max_min_propagate_nan():
    a = mx.array([[1.0, float("nan"), 2.0], [0.0, 1.0, 2.0]])
    out = np.array(mx.max(a, axis=1))
    assert math.isnan(out[0]) and out[1] == 2.0
    out = np.array(mx.min(a, axis=0))
    assert out[0] == 0.0 and math.isnan(out[1]) and out[2] == 2.0


@pytest.mark.parametrize("op", ["sum", "prod", "max", "min", "mean", "all", "any", "var"])
def test_transposed_and_broadcast_inputs(op):
    rng = np.random.default_rng(6)
    x = rng.uniform(0.5, 1.5, (4, 5, 6)).astype(np.float32)
    a = mx.array(x)
    t = mx.transpose(a, (2, 0, 1))
    xt = np.transpose(x, (2, 0, 1))
    b = mx.broadcast_to(mx.array(x[:, :1, :]), (4, 5, 6))
    xb = np.broadcast_to(x[:, :1, :], (4, 5, 6))
    for arr, ref in [(t, xt), (b, xb)]:
        for axis in [None, 0, 1, 2, (0, 1), (1, 2), (0, 2)]:
            out = getattr(mx, op)(arr, axis=axis)
            expected = getattr(np, op)(ref.astype(np.float64), axis=axis)
            np.testing.assert_allclose(as_np(out), expected, rtol=1e-5, atol=1e-5)


def test_argmax_transposed_and_broadcast():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((6, 7, 8)).astype(np.float32)
    t = mx.transpose(mx.array(x), (1, 2, 0))
    xt = np.transpose(x, (1, 2, 0))
    for axis in [0, 1, 2]:
        np.testing.assert_array_equal(np.array(mx.argmax(t, axis=axis)), np.argmax(xt, axis=axis))
        np.testing.assert_array_equal(np.array(mx.argmin(t, axis=axis)), np.argmin(xt, axis=axis))
    b = mx.broadcast_to(mx.array(x[:1]), (6, 7, 8))
    np.testing.assert_array_equal(np.array(mx.argmax(b, axis=0)), np.zeros((7, 8)))


def test_large_reductions_use_parallel_paths():
    rng = np.random.default_rng(8)
    x = rng.standard_normal((1000, 1200)).astype(np.float32)
    a = mx.array(x)
    xd = x.astype(np.float64)
    np.testing.assert_allclose(mx.sum(a).item(), xd.sum(), rtol=1e-4, atol=1e-2)
    np.testing.assert_allclose(np.array(mx.sum(a, axis=0)), xd.sum(axis=0), rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(np.array(mx.sum(a, axis=1)), xd.sum(axis=1), rtol=1e-4, atol=1e-3)
    np.testing.assert_array_equal(np.array(mx.max(a, axis=0)), x.max(axis=0))
    np.testing.assert_array_equal(np.array(mx.argmax(a, axis=0)), x.argmax(axis=0))
    np.testing.assert_array_equal(np.array(mx.argmin(a, axis=1)), x.argmin(axis=1))
    assert mx.sum(mx.ones((100000,))).item() == 100000.0
    # Column reductions fold four rows per pass; 1003 rows leave a remainder.
    y = rng.standard_normal((1003, 37)).astype(np.float32)
    np.testing.assert_allclose(np.array(mx.sum(mx.array(y), axis=0)), y.astype(np.float64).sum(axis=0),
                               rtol=1e-4, atol=1e-4)
    np.testing.assert_array_equal(np.array(mx.min(mx.array(y), axis=0)), y.min(axis=0))
    y[6, 3] = np.nan
    y[1001, 5] = np.nan
    got = np.array(mx.max(mx.array(y), axis=0))
    np.testing.assert_array_equal(got, y.max(axis=0))  # NaN propagates in both places


def test_half_sum_accumulates_in_float():
    # 4096 ones: float16 accumulation would stall at 2048.
    h = mx.ones((4096,), dtype=mx.float16)
    assert mx.sum(h).item() == 4096.0
    b = mx.ones((1000,), dtype=mx.bfloat16)  # 1000 is exact in bfloat16; 256 + 1 is not
    assert mx.sum(b).item() == 1000.0
    assert mx.mean(h).item() == 1.0


def test_complex_sum_prod():
    rng = np.random.default_rng(9)
    x = (rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))).astype(np.complex64)
    a = mx.array(x)
    for axis in [None, 0, 1]:
        assert mx.sum(a, axis=axis).dtype == mx.complex64
        np.testing.assert_allclose(np.array(mx.sum(a, axis=axis)), x.sum(axis=axis), rtol=1e-5)
        np.testing.assert_allclose(np.array(mx.prod(a, axis=axis)), x.prod(axis=axis), rtol=1e-4)


def test_empty_reductions():
    e = mx.zeros((0, 3))
    np.testing.assert_array_equal(np.array(mx.sum(e, axis=0)), np.zeros(3))
    np.testing.assert_array_equal(np.array(mx.prod(e, axis=0)), np.ones(3))
    assert np.array(mx.sum(e, axis=1)).shape == (0,)
    assert mx.sum(e).item() == 0.0
    assert mx.prod(e).item() == 1.0
    assert mx.all(e).item() is True
    assert mx.any(e).item() is False
    assert math.isnan(mx.mean(e).item())
    assert mx.sum(mx.zeros((0,), dtype=mx.int8)).dtype == mx.int32
    for op in [mx.max, mx.min]:
        with pytest.raises(ValueError):
            op(e)
        with pytest.raises(ValueError):
            op(e, axis=0)
    with pytest.raises(ValueError):
        mx.argmax(e)
    with pytest.raises(ValueError):
        mx.argmin(e, axis=1)
    with pytest.raises(ValueError):
        mx.logsumexp(e)


def test_scalar_and_size_one_axes():
    s = mx.array(3.0)
    assert mx.sum(s).item() == 3.0
    assert mx.max(s).item() == 3.0
    assert mx.argmax(s).item() == 0
    a = mx.array([[1], [2]], dtype=mx.int8)
    out = mx.sum(a, axis=1)
    assert out.dtype == mx.int32 and np.array(out).tolist() == [1, 2]
    out = mx.argmax(a, axis=1, keepdims=True)
    assert out.shape == (2, 1) and out.dtype == mx.uint32
    assert np.array(out).tolist() == [[0], [0]]
    assert mx.all(a, axis=1).dtype == mx.bool_


def test_axis_errors():
    a = mx.zeros((2, 3))
    for op in [mx.sum, mx.prod, mx.max, mx.min, mx.all, mx.any, mx.logsumexp]:
        # MLX raises std::out_of_range (IndexError) for an axis out of range.
        with pytest.raises(IndexError):
            op(a, axis=2)
        with pytest.raises(IndexError):
            op(a, axis=-3)
        with pytest.raises(ValueError):
            op(a, axis=(0, 0))
        with pytest.raises(ValueError):
            op(a, axis=(1, -1))
    with pytest.raises(IndexError):  # MLX 0.32: IndexError for mean too
        mx.mean(a, axis=2)
    with pytest.raises(IndexError):
        mx.argmax(a, axis=2)
    with pytest.raises(ValueError):
        mx.var(a, axis=(0, 0))


def test_keepdims_shapes():
    a = mx.zeros((2, 3, 4))
    assert mx.sum(a, axis=(0, 2), keepdims=True).shape == (1, 3, 1)
    assert mx.sum(a, axis=(0, 2)).shape == (3,)
    assert mx.argmax(a, keepdims=True).shape == (1, 1, 1)
    assert mx.argmax(a).shape == ()
    assert mx.logsumexp(a, axis=1, keepdims=True).shape == (2, 1, 4)
    assert mx.var(a, axis=-1).shape == (2, 3)


def np_logsumexp(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    with np.errstate(invalid="ignore"):
        out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    out = np.where(np.isinf(m), m, out)
    if not keepdims:
        out = np.squeeze(out, axis=axis) if axis is not None else out.reshape(())
    return out


def test_logsumexp():
    rng = np.random.default_rng(10)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32) * 10
    a = mx.array(x)
    for axis in [None, 0, -1, (0, 2)]:
        for keepdims in [False, True]:
            out = mx.logsumexp(a, axis=axis, keepdims=keepdims)
            np.testing.assert_allclose(np.array(out), np_logsumexp(x.astype(np.float64), axis, keepdims),
                                       rtol=1e-5, atol=1e-5)
    big = mx.array([1000.0, 1000.0])
    assert abs(mx.logsumexp(big).item() - (1000.0 + math.log(2))) < 1e-3
    inf = float("inf")
    rows = mx.array([[-inf, -inf], [inf, 1.0], [-inf, 0.0], [inf, inf]])
    out = np.array(mx.logsumexp(rows, axis=1))
    assert out[0] == -inf and out[1] == inf and out[2] == 0.0 and out[3] == inf
    assert mx.logsumexp(mx.array([1, 2, 3])).dtype == mx.float32
    assert mx.logsumexp(mx.array([1.0], dtype=mx.float16)).dtype == mx.float16


def test_array_methods():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    a = mx.array(x)
    np.testing.assert_allclose(np.array(a.sum(axis=1)), x.sum(axis=1), rtol=1e-5)
    np.testing.assert_allclose(np.array(a.sum(1, True)), x.sum(axis=1, keepdims=True), rtol=1e-5)
    np.testing.assert_allclose(np.array(a.prod()), x.prod(), rtol=1e-5)
    assert a.max().item() == x.max()
    assert a.min(axis=0).shape == (4,)
    np.testing.assert_allclose(np.array(a.mean(axis=0)), x.mean(axis=0), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(a.var(axis=0, ddof=1)), x.var(axis=0, ddof=1), rtol=1e-4)
    np.testing.assert_allclose(np.array(a.std()), x.std(), rtol=1e-5)
    assert a.argmax().item() == x.argmax()
    np.testing.assert_array_equal(np.array(a.argmin(axis=1)), x.argmin(axis=1))
    assert a.all().item() == bool(x.all())
    assert a.any(axis=0).shape == (4,)
    np.testing.assert_allclose(np.array(a.logsumexp(axis=1)), np_logsumexp(x.astype(np.float64), 1), rtol=1e-5)
    with pytest.raises(TypeError):
        mx.sum(a, 0, False, None)  # stream is keyword-only


def test_module_functions_accept_python_values():
    assert mx.sum([1, 2, 3]).item() == 6
    assert mx.sum([1, 2, 3]).dtype == mx.int32
    assert mx.max([[1.5, 2.5]], axis=1).item() == 2.5


def test_integer_sum_wraps_like_mlx():
    # int32 accumulation wraps around (MLX keeps int32 for int8..int32 inputs).
    a = mx.array([2**31 - 1, 1], dtype=mx.int32)
    assert mx.sum(a).item() == -(2**31)
    vals = [2**20 + 1, 2**20 + 3, 7]
    expected = np.prod(np.array(vals, dtype=np.int64)).astype(np.int32)  # wraps to 32 bits
    assert mx.prod(mx.array(vals, dtype=mx.int32)).item() == expected
    assert mx.prod(mx.array(vals, dtype=mx.int32)).item() != np.prod(vals)
