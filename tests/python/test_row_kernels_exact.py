"""Row kernels (compiled row programs) give the eager results.

Bit for bit for max/min (including the fast fold and its NaN/inf fallback).
Float sums (softmax, norms, logsumexp) currently differ from eager by an ulp
of float32 (the JIT folds in 16 lanes with FMA contraction, the eager reduce
does not), which a half output may round either way: those are held to
one ulp of their type.

Softmax, layer norm, RMS norm, logsumexp and max/min reductions over odd
sizes (tails of the 16-lane folds and of the 512-column blocks),
non-contiguous inputs, NaN and infinity rows (the Max/Min fast fold's exact
fallback) and every float dtype.
"""
import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16, mx.float64]
SHAPES = [(1, 1), (3, 17), (7, 513), (2, 3, 1031)]


def softmax(x):
    m = mx.max(x, axis=-1, keepdims=True)
    e = mx.exp(x - m)
    return e / mx.sum(e, axis=-1, keepdims=True)


def layernorm(x):
    xf = x.astype(mx.float32)
    mean = mx.mean(xf, axis=-1, keepdims=True)
    var = mx.var(xf, axis=-1, keepdims=True)
    return ((xf - mean) * mx.rsqrt(var + 1e-4)).astype(x.dtype) * 2 + 1


def rmsnorm(x):
    return x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-5)


def logsumexp(x):
    return x - mx.logsumexp(x, axis=-1, keepdims=True)


def max_min(x):
    return mx.max(x, axis=-1, keepdims=True) - mx.min(x, axis=-1, keepdims=True) + x


FUNCTIONS = [softmax, layernorm, rmsnorm, logsumexp, max_min]


def bits(a):
    a = np.asarray(a.astype(mx.float64) if a.dtype == mx.bfloat16 else a)
    return a.view(np.uint8)


def assert_same(compiled, eager, exact=True):
    assert compiled.dtype == eager.dtype and compiled.shape == eager.shape
    c = np.asarray(compiled.astype(mx.float64))
    e = np.asarray(eager.astype(mx.float64))
    np.testing.assert_array_equal(np.isnan(c), np.isnan(e))
    ok = ~np.isnan(c)
    if exact:
        np.testing.assert_array_equal(bits(mx.array(c[ok])), bits(mx.array(e[ok])))
    else:
        rtol = {mx.float16: 1e-3, mx.bfloat16: 8e-3}.get(compiled.dtype, 1e-5)
        np.testing.assert_allclose(c[ok], e[ok], rtol=rtol, atol=rtol)


def check(fun, x):
    assert_same(mx.compile(fun)(x), fun(x), exact=fun is max_min)


def data(shape, dtype, seed=0):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) * 3
    return mx.array(x).astype(dtype)


@pytest.mark.parametrize("fun", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_row_kernel_matches_eager(fun, dtype, shape):
    x = data(shape, dtype)
    check(fun, x)


@pytest.mark.parametrize("fun", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_row_kernel_non_contiguous_inputs(fun, dtype):
    x = data((40, 530), dtype, seed=1)
    for view in (x[::2], x[:, 3:520], x.T[:, :37].T, x[::3, ::2]):
        check(fun, view)


@pytest.mark.parametrize("fun", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_row_kernel_nan_and_inf_rows(fun, dtype):
    x = np.random.default_rng(2).standard_normal((9, 45)).astype(np.float32)
    x[1, 7] = np.nan
    x[2, 44] = np.inf  # in the tail of the 16-lane fold
    x[3, 0] = -np.inf
    x[4, :] = -np.inf
    x[5, 20] = np.nan
    x[5, 21] = np.inf
    x[6, :] = np.nan
    x = mx.array(x).astype(dtype)
    check(fun, x)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_max_min_row_reductions_against_numpy(dtype):
    x = np.random.default_rng(3).standard_normal((11, 1030)).astype(np.float32)
    x[2, 1029] = np.nan
    x[4, 3] = np.inf
    x[5, 600] = -np.inf
    ref = np.asarray(mx.array(x).astype(dtype).astype(mx.float32))
    f = mx.compile(lambda a: (mx.max(a, axis=-1), mx.min(a, axis=-1)))
    got_max, got_min = f(mx.array(x).astype(dtype))
    np.testing.assert_array_equal(np.asarray(got_max.astype(mx.float32)), ref.max(axis=-1))
    np.testing.assert_array_equal(np.asarray(got_min.astype(mx.float32)), ref.min(axis=-1))


def test_row_kernel_rows_split_over_threads_match_eager():
    # Enough rows that the pool splits them, odd counts per chunk.
    x = data((4099, 257), mx.float32, seed=4)
    for fun in FUNCTIONS:
        check(fun, x)
