"""Row-fused compiled kernels: regions of elementwise ops and reductions over
the last axis (layernorm, rms_norm, softmax, logsumexp, variance) run as one
JIT row kernel. Compiled results must match the eager ones (and NumPy)."""

import os
import subprocess
import sys

import numpy as np
import pytest

import mxcore as mx

DTYPES = [mx.float32, mx.float16, mx.bfloat16]
TOL = {mx.float32: 2e-5, mx.float16: 2e-3, mx.bfloat16: 1.6e-2}


def npa(a):
    return np.array(a.astype(mx.float32)).astype(np.float64)


def layernorm(x, w, b):
    x32 = x.astype(mx.float32)
    means = mx.mean(x32, axis=-1, keepdims=True)
    var = mx.var(x32, axis=-1, keepdims=True)
    y = (x32 - means) * mx.rsqrt(var + 1e-4)
    return w * y.astype(x.dtype) + b


def rms_norm(x, w, b):
    ms = mx.mean(mx.square(x), axis=-1, keepdims=True)
    return w * (x * mx.rsqrt(ms + 1e-5)) + b


def softmax(x, w, b):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return e / mx.sum(e, axis=-1, keepdims=True)


def logsumexp(x, w, b):
    m = mx.max(x, axis=-1, keepdims=True)
    return mx.log(mx.sum(mx.exp(x - m), axis=-1, keepdims=True)) + m


def variance(x, w, b):
    return mx.var(x, axis=-1, keepdims=True)


def min_prod(x, w, b):
    lo = mx.min(x, axis=-1, keepdims=True)
    return mx.prod(x - lo + 0.5, axis=-1, keepdims=True) * w[:1]


FUNS = [layernorm, rms_norm, softmax, logsumexp, variance, min_prod]


def np_ref(fun, x, w, b):
    x = x.astype(np.float64)
    if fun is layernorm:
        y = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-4)
        return w * y + b
    if fun is rms_norm:
        return w * (x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5)) + b
    if fun is softmax:
        e = np.exp(x - x.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)
    if fun is logsumexp:
        m = x.max(-1, keepdims=True)
        return np.log(np.exp(x - m).sum(-1, keepdims=True)) + m
    if fun is variance:
        return x.var(-1, keepdims=True)
    if fun is min_prod:
        return (x - x.min(-1, keepdims=True) + 0.5).prod(-1, keepdims=True) * w[:1]
    raise AssertionError


def make(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=shape).astype(np.float32)
    w = rng.uniform(0.5, 1.5, size=shape[-1:]).astype(np.float32)
    b = rng.uniform(-0.5, 0.5, size=shape[-1:]).astype(np.float32)
    out = [mx.array(a).astype(dtype) for a in (x, w, b)]
    mx.eval(out)
    return out


def check(fun, args, dtype):
    expected = fun(*args)
    got = mx.compile(fun)(*args)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    tol = TOL[dtype]
    scale = max(1.0, float(np.abs(npa(expected)).max()) if expected.size else 1.0)
    np.testing.assert_allclose(npa(got), npa(expected), rtol=4 * tol, atol=4 * tol * scale)
    return got


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fun", FUNS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("shape", [(5, 37), (1, 64), (7, 1), (3, 4, 33), (2, 16)])
def test_matches_eager_and_numpy(fun, shape, dtype):
    if fun is min_prod:
        shape = shape[:-1] + (min(shape[-1], 8),)  # keep the product in range
    args = make(shape, dtype)
    got = check(fun, args, dtype)
    ref = np_ref(fun, *[npa(a) for a in args])
    tol = 8 * TOL[dtype]
    np.testing.assert_allclose(npa(got), ref, rtol=tol, atol=tol * max(1.0, np.abs(ref).max()))


def test_layernorm_fuses_into_one_kernel():
    x, w, b = make((8, 64), mx.float16)
    out = mx.compile(layernorm)(x, w, b)
    assert mx._core._graph_primitive_names(out) == ["Compiled"]
    mx.eval(out)
    src = mx._core._last_jit_source()
    assert "(row)" in src and "mxcore_jit::Sum" in src


def test_softmax_and_logsumexp_fuse():
    x, w, b = make((4, 10), mx.float32)
    for fun in (softmax, logsumexp):
        out = mx.compile(fun)(x, w, b)
        assert mx._core._graph_primitive_names(out) == ["Compiled"]


def test_multiple_outputs_full_and_per_row():
    x, _, _ = make((6, 20), mx.float32)

    def f(x):
        m = mx.mean(x, axis=-1, keepdims=True)
        c = x - m
        return c, m, mx.sum(c * c, axis=-1, keepdims=True)

    expected = f(x)
    got = mx.compile(f)(x)
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        np.testing.assert_allclose(npa(g), npa(e), rtol=1e-5, atol=1e-6)


def test_reduction_without_keepdims_and_per_row_input():
    x, _, _ = make((6, 20), mx.float32)
    r = mx.array(np.arange(6, dtype=np.float32).reshape(6, 1))

    def f(x, r):
        s = mx.sum(mx.exp(x) * r, axis=-1)
        return s, mx.max(x + r, axis=-1, keepdims=True) * r

    for g, e in zip(mx.compile(f)(x, r), f(x, r)):
        np.testing.assert_allclose(npa(g), npa(e), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("fun", FUNS, ids=lambda f: f.__name__)
def test_non_contiguous_inputs(fun):
    x, w, b = make((24, 10), mx.float32)
    xt = mx.transpose(x.reshape(10, 24))  # (24, 10), transposed strides
    xs = x[::2, 1:9]  # sliced rows and columns
    ws = mx.array(np.linspace(0.5, 1.5, 16, dtype=np.float32))[::2]  # strided column input
    bb = mx.broadcast_to(b, (24, 10))
    for args in [(xt, w, b), (xs, ws, b[:8]), (x, w, bb)]:
        check(fun, args, mx.float32)


def test_special_values():
    x = mx.array(np.array([[0.0, np.inf, 1.0], [np.nan, 1.0, 2.0], [-np.inf, -1.0, 0.0]], np.float32))
    for fun in (softmax, logsumexp):
        e = npa(fun(x, x, x))
        g = npa(mx.compile(fun)(x, x, x))
        np.testing.assert_allclose(g, e, rtol=1e-6, equal_nan=True)
    mx_ = mx.compile(lambda x: mx.max(x * 2, axis=-1, keepdims=True))(x)
    np.testing.assert_array_equal(npa(mx_).ravel(), [np.inf, np.nan, 0.0])
    mn = mx.compile(lambda x: mx.min(x * 2, axis=-1, keepdims=True))(x)
    np.testing.assert_array_equal(npa(mn).ravel(), [0.0, np.nan, -np.inf])


def test_integer_and_bool_reductions():
    xi = mx.array(np.arange(-12, 12, dtype=np.int32).reshape(4, 6))
    f = lambda x: mx.sum(x * 3, axis=-1, keepdims=True) + mx.max(x - 1, axis=-1, keepdims=True)
    np.testing.assert_array_equal(np.array(mx.compile(f)(xi)), np.array(f(xi)))
    xb = mx.array(np.arange(24).reshape(4, 6) % 3 == 0)
    g = lambda x: mx.sum(mx.logical_not(x), axis=-1, keepdims=True) * 2
    assert mx.compile(g)(xb).dtype == g(xb).dtype
    np.testing.assert_array_equal(np.array(mx.compile(g)(xb)), np.array(g(xb)))


def test_empty_rows_and_columns():
    for shape in [(0, 8), (3, 0)]:
        x = mx.zeros(shape)
        f = lambda x: mx.sum(mx.exp(x), axis=-1, keepdims=True) + 1
        g = mx.compile(f)(x)
        assert g.shape == f(x).shape
        np.testing.assert_array_equal(np.array(g), np.array(f(x)))


def test_shapeless_changing_rows():
    # Broadcasts (also of scalars) are baked into a shapeless trace (the
    # compile module's rule), so these row graphs do not broadcast.
    def f(x, w, b):
        return mx.sum(mx.exp(x), axis=-1, keepdims=True), mx.max(mx.square(x), axis=-1, keepdims=True)

    cf = mx.compile(f, shapeless=True)
    for rows in [5, 1, 17, 3]:
        x, w, b = make((rows, 33), mx.float32, seed=rows)
        for g, e in zip(cf(x, w, b), f(x, w, b)):
            assert g.shape == e.shape
            np.testing.assert_allclose(npa(g), npa(e), rtol=1e-5, atol=1e-6)
    assert mx._core._graph_primitive_names(*cf(x, w, b))[-1] == "Compiled"


def test_large_rows_run_in_parallel():
    x, w, b = make((300, 1000), mx.float32)
    check(layernorm, (x, w, b), mx.float32)


def test_eager_fallback_without_compiler(tmp_path):
    code = (
        "import numpy as np, mxcore as mx\n"
        "x = mx.array(np.random.default_rng(0).uniform(-1, 1, (5, 33)).astype(np.float32))\n"
        "f = lambda x: mx.exp(x - mx.max(x, axis=-1, keepdims=True)) / mx.sum(mx.exp(x - mx.max(x, axis=-1, keepdims=True)), axis=-1, keepdims=True)\n"
        "assert mx._core._graph_primitive_names(mx.compile(f)(x)) == ['Compiled']\n"
        "np.testing.assert_allclose(np.array(mx.compile(f)(x)), np.array(f(x)), rtol=1e-6)\n"
        "print('ok')\n"
    )
    env = dict(os.environ, MXCORE_CXX=str(tmp_path / "no-such-compiler"),
               MXCORE_CACHE_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "ok" in r.stdout
