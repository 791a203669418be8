"""Gradients of row functions (softmax, log-softmax, layer norm, RMS norm,
cross-entropy) under compile: the forward regions export the values the
backward graph reuses (exp, the row statistics) as extra outputs, and the
backward regions recompute cheap shared values (the centred input, x * rstd)
instead of reading them, so neither is cut into several kernels and eager
reductions.

Compiled against eager (bit for bit), against NumPy for softmax and layer
norm, rows of length 1, 3 and 4097, odd row counts, non-contiguous inputs and
every float dtype; each function's graph is checked for how many kernels it
runs.
"""
import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16]
SHAPES = [(5, 1), (7, 3), (3, 4097), (2, 3, 33)]


def softmax_loss(x, g):
    return mx.sum(mx.softmax(x, axis=-1) * g)


def composed_softmax_loss(x, g):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return mx.sum(e / mx.sum(e, axis=-1, keepdims=True) * g)


def log_softmax_loss(x, g):
    return mx.sum((x - mx.logsumexp(x, axis=-1, keepdims=True)) * g)


def layer_norm_loss(x, g):
    mean = mx.mean(x, axis=-1, keepdims=True)
    var = mx.var(x, axis=-1, keepdims=True)
    return mx.sum((x - mean) * mx.rsqrt(var + 1e-5) * g)


def rms_norm_loss(x, g):
    return mx.sum(x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-5) * g)


def cross_entropy_loss(x, g):
    # g plays the one-hot labels (any weights work the same way).
    return mx.mean(mx.logsumexp(x, axis=-1) - mx.sum(x * g, axis=-1))


LOSSES = [softmax_loss, composed_softmax_loss, log_softmax_loss, layer_norm_loss,
          rms_norm_loss, cross_entropy_loss]


def data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = mx.array((rng.standard_normal(shape) * 2).astype(np.float32)).astype(dtype)
    g = mx.array(rng.uniform(-1, 1, shape).astype(np.float32)).astype(dtype)
    return x, g


def as64(a):
    return np.asarray(a.astype(mx.float64))


def assert_close(got, want):
    # Compiled kernels give the eager bits (the same ops in the same order,
    # recomputed copies included).
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(as64(got), as64(want))


def grad_fn(loss):
    return mx.value_and_grad(loss)


@pytest.mark.parametrize("loss", LOSSES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_compiled_gradient_matches_eager(loss, dtype, shape):
    x, g = data(shape, dtype)
    value, grad = mx.compile(grad_fn(loss))(x, g)
    want_value, want_grad = grad_fn(loss)(x, g)
    assert_close(grad, want_grad)
    assert_close(value, want_value)


@pytest.mark.parametrize("loss", LOSSES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_compiled_gradient_of_non_contiguous_inputs(loss, dtype):
    x, g = data((40, 530), dtype, seed=1)
    for xv, gv in ((x[::2], g[1::2]), (x[:, 3:520], g[:, 3:520]), (x.T[:37].T, g.T[:37].T)):
        value, grad = mx.compile(grad_fn(loss))(xv, gv)
        want_value, want_grad = grad_fn(loss)(xv, gv)
        assert_close(grad, want_grad)
        assert_close(value, want_value)


def np_softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_softmax_and_layer_norm_gradients_against_numpy():
    x, g = data((9, 77), mx.float32, seed=2)
    xn, gn = as64(x), as64(g)
    s = np_softmax(xn)
    gs = gn * s
    want = gs - s * gs.sum(-1, keepdims=True)
    _, grad = mx.compile(grad_fn(softmax_loss))(x, g)
    np.testing.assert_allclose(as64(grad), want, rtol=1e-5, atol=1e-6)

    mu = xn.mean(-1, keepdims=True)
    r = 1 / np.sqrt(xn.var(-1, keepdims=True) + 1e-5)
    xh = (xn - mu) * r
    want = r * (gn - gn.mean(-1, keepdims=True) - xh * (gn * xh).mean(-1, keepdims=True))
    _, grad = mx.compile(grad_fn(layer_norm_loss))(x, g)
    np.testing.assert_allclose(as64(grad), want, rtol=1e-4, atol=1e-5)


def graph_of(fun, *args):
    out = mx.compile(fun)(*args)
    return mx._core._graph_primitive_names(*out)


# The most primitives (reshapes aside: views) each gradient graph may run.
# Before the forward regions exported the values the backward reuses, the
# softmax gradient ran six (max and sum as eager reductions, exp and the
# division as kernels of their own), log-softmax seven, layer norm six,
# cross-entropy twelve.
MAX_KERNELS = {softmax_loss: 3, composed_softmax_loss: 3, log_softmax_loss: 3,
               layer_norm_loss: 3, rms_norm_loss: 3, cross_entropy_loss: 8}


@pytest.mark.parametrize("loss", LOSSES, ids=lambda f: f.__name__)
def test_gradient_graph_runs_few_kernels(loss):
    x, g = data((16, 64), mx.float32, seed=3)
    names = [n for n in graph_of(grad_fn(loss), x, g) if n != "Reshape"]
    # Only the loss's sum to a scalar stays an eager reduction.
    assert names.count("Sum") + names.count("Max") <= 1, names
    assert len(names) <= MAX_KERNELS[loss], names


def test_exported_value_feeds_later_users_correctly():
    # e feeds the row region (its sum) and two users outside it, one of them
    # a graph output: the region writes e once and every user reads it.
    x, _ = data((13, 29), mx.float32, seed=4)

    def f(x):
        e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
        s = e / mx.sum(e, axis=-1, keepdims=True)
        return s, mx.cos(e) @ mx.ones((29, 2)), e * 3

    got = mx.compile(f)(x)
    want = f(x)
    for a, b in zip(got, want):
        np.testing.assert_allclose(as64(a), as64(b), rtol=1e-6, atol=1e-7)


def test_training_step_with_exported_values_repeats_exactly():
    # A step whose buffers are reused across calls (donation, the allocator's
    # cache): repeated calls on the same inputs give the same bits.
    rng = np.random.default_rng(5)
    w = mx.array(rng.standard_normal((32, 48)).astype(np.float32) * 0.2)
    x = mx.array(rng.standard_normal((24, 32)).astype(np.float32))
    y = mx.array(np.eye(48, dtype=np.float32)[rng.integers(0, 48, 24)])

    def loss(w, x, y):
        h = x @ w
        mean = mx.mean(h, axis=-1, keepdims=True)
        h = (h - mean) * mx.rsqrt(mx.var(h, axis=-1, keepdims=True) + 1e-5)
        h = mx.softmax(h, axis=-1) * 4
        return mx.mean(mx.logsumexp(h, axis=-1) - mx.sum(h * y, axis=-1))

    def step(w, x, y):
        v, gw = mx.value_and_grad(loss)(w, x, y)
        return v, w - 0.1 * gw

    cstep = mx.compile(step)
    wc, we = w, w
    for _ in range(4):
        vc, wc = cstep(wc, x, y)
        ve, we = step(we, x, y)
        mx.eval(vc, wc, ve, we)
        np.testing.assert_allclose(as64(wc), as64(we), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(as64(vc), as64(ve), rtol=1e-5)
    first = as64(cstep(w, x, y)[1])
    for _ in range(3):
        np.testing.assert_array_equal(as64(cstep(w, x, y)[1]), first)
