"""Cumulative ops (cumsum, cumprod, cummax, cummin, logcumsumexp) against NumPy:
every dtype, axis None/int/negative, reverse, exclusive, non-contiguous inputs,
gradients (finite differences in float64), vmap, compile and errors."""

import numpy as np
import pytest

import mxcore as mx

INT_DTYPES = ["uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "float32", "float64", "bfloat16"]
ALL_DTYPES = ["bool"] + INT_DTYPES + FLOAT_DTYPES


def mx_dtype(name):
    return getattr(mx, "bool_" if name == "bool" else name)


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def tol(name):
    return {"float16": 2e-2, "bfloat16": 6e-2, "float32": 1e-5, "float64": 1e-12}.get(name, 0)


NP_ACC = {
    "cumsum": np.add.accumulate,
    "cumprod": np.multiply.accumulate,
    "cummax": np.fmax.accumulate,
    "cummin": np.fmin.accumulate,
    "logcumsumexp": np.logaddexp.accumulate,
}
IDENTITY = {"cumsum": 0, "cumprod": 1, "cummax": -np.inf, "cummin": np.inf, "logcumsumexp": -np.inf}


def np_scan(op, x, axis, reverse=False, inclusive=True):
    if axis is None:
        x, axis = x.reshape(-1), 0
    if reverse:
        x = np.flip(x, axis)
    out = NP_ACC[op](x, axis=axis)
    if not inclusive:
        ident = IDENTITY[op]
        if x.dtype.kind in "uib" and np.isinf(ident):
            info = np.iinfo(x.dtype) if x.dtype.kind != "b" else None
            ident = (info.min if ident < 0 else info.max) if info else (ident > 0)
        first = np.full_like(np.take(out, [0], axis=axis), ident)
        out = np.concatenate([first, np.take(out, range(x.shape[axis] - 1), axis=axis)], axis)
    if reverse:
        out = np.flip(out, axis)
    return out


def values_for(dtype, shape, rng, op):
    if dtype == "bool":
        return rng.random(shape) > 0.4
    if dtype in INT_DTYPES:
        hi = 3 if op == "cumprod" else 20
        lo = 0 if dtype.startswith("u") else -hi
        return rng.integers(lo, hi, size=shape).astype(dtype)
    if op == "cumprod":
        return rng.uniform(0.5, 1.5, size=shape)
    return rng.standard_normal(shape)


@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "cummin"])
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_scan_matches_numpy(op, dtype, axis):
    rng = np.random.default_rng(0)
    x_np = values_for(dtype, (3, 4, 5), rng, op)
    x = mx.array(x_np, dtype=mx_dtype(dtype))
    ref_in = as_np(x)
    for reverse in (False, True):
        for inclusive in (True, False):
            out = getattr(mx, op)(x, axis, reverse=reverse, inclusive=inclusive)
            expected = np_scan(op, ref_in.astype(np.float64) if dtype in FLOAT_DTYPES else ref_in,
                               axis, reverse, inclusive)
            if op == "cumsum" and dtype == "bool":
                assert out.dtype == mx.int32
            else:
                assert out.dtype == x.dtype
                expected = expected.astype(ref_in.dtype) if dtype not in FLOAT_DTYPES else expected
            t = tol(dtype)
            np.testing.assert_allclose(as_np(out).astype(np.float64),
                                       expected.astype(np.float64), rtol=t, atol=t * 4)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "bfloat16", "int32"])
def test_logcumsumexp(dtype):
    rng = np.random.default_rng(1)
    x_np = rng.standard_normal((4, 6)) * 3
    if dtype == "int32":
        x_np = np.round(x_np).astype(np.int32)
    x = mx.array(x_np, dtype=mx_dtype(dtype))
    ref = as_np(x).astype(np.float64)
    for axis in (0, 1, None):
        for reverse in (False, True):
            for inclusive in (True, False):
                out = mx.logcumsumexp(x, axis, reverse=reverse, inclusive=inclusive)
                assert out.dtype == (mx.float32 if dtype == "int32" else x.dtype)
                t = max(tol(dtype), 1e-5)
                np.testing.assert_allclose(as_np(out), np_scan("logcumsumexp", ref, axis, reverse, inclusive),
                                           rtol=t, atol=t)


def test_complex_cumsum_and_cumprod():
    x_np = (np.arange(6) + 1j * np.arange(6)[::-1]).astype(np.complex64).reshape(2, 3)
    x = mx.array(x_np)
    np.testing.assert_allclose(np.array(mx.cumsum(x, 1)), np.cumsum(x_np, 1), rtol=1e-6)
    np.testing.assert_allclose(np.array(mx.cumprod(x, 0)), np.cumprod(x_np, 0), rtol=1e-6)


def test_nan_propagates_in_cummax_cummin():
    x = mx.array([1.0, np.nan, 3.0, 0.5])
    np.testing.assert_array_equal(np.array(mx.cummax(x)), np.maximum.accumulate(np.array(x)))
    np.testing.assert_array_equal(np.array(mx.cummin(x)), np.minimum.accumulate(np.array(x)))


@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"])
def test_non_contiguous_inputs(op):
    rng = np.random.default_rng(2)
    base_np = rng.uniform(0.5, 1.5, (6, 8)).astype(np.float32)
    base = mx.array(base_np)
    cases = [
        (base.T, base_np.T),
        (base[::2, 1::3], base_np[::2, 1::3]),
        (base[::-1], base_np[::-1]),
        (mx.broadcast_to(base[0:1], (5, 8)), np.broadcast_to(base_np[0:1], (5, 8))),
    ]
    for x, x_np in cases:
        for axis in (0, 1):
            for reverse in (False, True):
                out = getattr(mx, op)(x, axis, reverse=reverse)
                np.testing.assert_allclose(np.array(out), np_scan(op, x_np.astype(np.float64), axis, reverse),
                                           rtol=1e-5, atol=1e-5)


def test_large_column_scan_uses_blocks():
    # axis 0 of a wide row-major array walks many lines together.
    x_np = np.random.default_rng(3).standard_normal((50, 700)).astype(np.float32)
    np.testing.assert_allclose(np.array(mx.cumsum(mx.array(x_np), 0)), np.cumsum(x_np, 0), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(mx.cumsum(mx.array(x_np), 0, reverse=True, inclusive=False)),
                               np_scan("cumsum", x_np, 0, True, False), rtol=1e-4, atol=1e-4)


def test_array_methods():
    x = mx.array([[1, 2], [3, 4]])
    np.testing.assert_array_equal(np.array(x.cumsum()), [1, 3, 6, 10])
    np.testing.assert_array_equal(np.array(x.cumprod(axis=1)), [[1, 2], [3, 12]])
    np.testing.assert_array_equal(np.array(x.cummax(0, reverse=True)), [[3, 4], [3, 4]])
    np.testing.assert_array_equal(np.array(x.cummin(1, inclusive=False)),
                                  [[np.iinfo(np.int32).max, 1], [np.iinfo(np.int32).max, 3]])
    np.testing.assert_allclose(np.array(mx.array([0.0, 0.0]).logcumsumexp()), [0.0, np.log(2)], rtol=1e-6)


def numeric_grad(f, x_np, eps=1e-6):
    g = np.zeros_like(x_np)
    for idx in np.ndindex(x_np.shape):
        xp = x_np.copy(); xp[idx] += eps
        xm = x_np.copy(); xm[idx] -= eps
        g[idx] = (f(xp) - f(xm)) / (2 * eps)
    return g


# Zeros in the input only change the rule of cumprod.
@pytest.mark.parametrize("op,with_zeros", [
    ("cumsum", False), ("cumprod", False), ("cumprod", True), ("cummax", False),
    ("cummin", False), ("logcumsumexp", False)])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("inclusive", [True, False])
def test_vjp_jvp_finite_differences(op, with_zeros, reverse, inclusive):
    rng = np.random.default_rng(4)
    x_np = rng.uniform(-2, 2, (3, 5))
    if with_zeros:
        x_np[0, 1] = 0.0
        x_np[1, 2] = 0.0
        x_np[1, 4] = 0.0
    w_np = rng.standard_normal((3, 5))
    fn = getattr(mx, op)

    def f(x):
        return mx.sum(fn(x, 1, reverse=reverse, inclusive=inclusive) * mx.array(w_np, dtype=mx.float64))

    def f_np(x):
        y = np_scan(op, x, 1, reverse, inclusive)
        return np.sum(np.where(np.isfinite(y), y, 0) * w_np)

    g = mx.grad(f)(mx.array(x_np, dtype=mx.float64))
    expected = numeric_grad(f_np, x_np)
    np.testing.assert_allclose(np.array(g), expected, rtol=1e-5, atol=1e-6)
    # jvp with a random tangent equals the vjp dotted with it.
    t_np = rng.standard_normal((3, 5))
    _, (jv,) = mx.jvp(lambda x: fn(x, 1, reverse=reverse, inclusive=inclusive),
                      [mx.array(x_np, dtype=mx.float64)], [mx.array(t_np, dtype=mx.float64)])
    jv = np.array(jv)
    jv = np.where(np.isfinite(jv), jv, 0)
    np.testing.assert_allclose(np.sum(jv * w_np), np.sum(expected * t_np), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"])
def test_vmap_matches_loop(op):
    x_np = np.random.default_rng(5).uniform(0.5, 1.5, (3, 4, 5)).astype(np.float32)
    x = mx.array(x_np)
    fn = getattr(mx, op)
    for in_axis in (0, 1, 2):
        out = mx.vmap(lambda a: fn(a, 1, reverse=True), in_axes=in_axis)(x)
        loop = np.stack([np.array(fn(mx.array(np.take(x_np, i, in_axis)), 1, reverse=True))
                         for i in range(x_np.shape[in_axis])])
        np.testing.assert_allclose(np.array(out), loop, rtol=1e-6)


def test_inside_compile():
    x = mx.array(np.arange(12, dtype=np.float32).reshape(3, 4))
    f = mx.compile(lambda a: mx.cumsum(a * 2, 1) + mx.cummax(a, 0, reverse=True))
    np.testing.assert_allclose(np.array(f(x)), np.cumsum(np.array(x) * 2, 1)
                               + np_scan("cummax", np.array(x), 0, True))
    g = mx.compile(mx.grad(lambda a: mx.sum(mx.cumprod(a, 1))))
    np.testing.assert_allclose(np.array(g(x + 1)), np.array(mx.grad(lambda a: mx.sum(mx.cumprod(a, 1)))(x + 1)))


def test_errors():
    x = mx.zeros((2, 3))
    for op in ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"]:
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(x, 2)
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(x, -3)
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(mx.array(1.0), 0)


def test_empty_and_scalar():
    assert mx.cumsum(mx.zeros((0, 3)), 0).shape == (0, 3)
    np.testing.assert_array_equal(np.array(mx.cumsum(mx.array(5))), [5])
