"""Gradients of products with a transposed operand (a Linear layer's x @ w.T)
come back row-major, and addmm over a batch of sequences is one product:
values against NumPy, layouts through the buffer protocol's strides."""
import numpy as np
import pytest

import mxcore as mx


def row_major_strides(a):
    itemsize = np.dtype(np.array(a).dtype).itemsize
    strides, step = [], itemsize
    for n in reversed(a.shape):
        strides.insert(0, step)
        step *= n
    return tuple(strides)


def strides_of(a):
    mx.eval(a)
    return memoryview(a).strides


@pytest.fixture
def rng():
    return np.random.default_rng(11)


def test_weight_gradient_of_x_times_w_transposed(rng):
    xn = rng.standard_normal((6, 4)).astype(np.float32)
    wn = rng.standard_normal((3, 4)).astype(np.float32)
    rn = rng.standard_normal((6, 3)).astype(np.float32)
    x, w, r = mx.array(xn), mx.array(wn), mx.array(rn)
    gx, gw = mx.grad(lambda x, w: mx.sum((x @ w.T) * r), argnums=(0, 1))(x, w)
    np.testing.assert_allclose(np.array(gw), rn.T @ xn, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(gx), rn @ wn, rtol=1e-5, atol=1e-6)
    assert strides_of(gw) == row_major_strides(gw)
    assert strides_of(gx) == row_major_strides(gx)


def test_gradient_of_transposed_left_operand(rng):
    xn = rng.standard_normal((4, 6)).astype(np.float32)
    wn = rng.standard_normal((4, 3)).astype(np.float32)
    rn = rng.standard_normal((6, 3)).astype(np.float32)
    x, w, r = mx.array(xn), mx.array(wn), mx.array(rn)
    gx, gw = mx.grad(lambda x, w: mx.sum((x.T @ w) * r), argnums=(0, 1))(x, w)
    np.testing.assert_allclose(np.array(gx), (rn @ wn.T).T, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(gw), xn @ rn, rtol=1e-5, atol=1e-6)
    assert strides_of(gx) == row_major_strides(gx)


def test_both_operands_transposed(rng):
    an = rng.standard_normal((5, 2)).astype(np.float32)
    bn = rng.standard_normal((3, 5)).astype(np.float32)
    cn = rng.standard_normal((2, 3)).astype(np.float32)
    _, (ga, gb) = mx.vjp(lambda a, b: a.T @ b.T, [mx.array(an), mx.array(bn)], [mx.array(cn)])
    # d/d(a.T) = c @ b, d/d(b.T) = a @ c (then transposed back).
    np.testing.assert_allclose(np.array(ga), (cn @ bn).T, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(gb), (an @ cn).T, rtol=1e-5, atol=1e-6)
    assert strides_of(ga) == row_major_strides(ga)
    assert strides_of(gb) == row_major_strides(gb)


def test_complex_transposed_operand(rng):
    def c64(*shape):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)

    xn, wn, cn = c64(4, 3), c64(5, 3), c64(4, 5)
    _, (gx, gw) = mx.vjp(lambda x, w: x @ w.T, [mx.array(xn), mx.array(wn)], [mx.array(cn)])
    # The cotangent of a @ b: a^H c for b, c b^H for a; b = w.T, so w gets
    # the transpose of x^H c.
    np.testing.assert_allclose(np.array(gw), (xn.conj().T @ cn).T, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(gx), cn @ wn.conj(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("alpha,beta", [(1.0, 1.0), (2.0, 0.5), (-0.5, 0.0)])
@pytest.mark.parametrize("c_shape", [(5,), (1, 5), (1, 1, 5), (3, 5), (2, 1, 5), (2, 3, 5), ()])
def test_batched_addmm_values_and_gradients(rng, alpha, beta, c_shape):
    xn = rng.standard_normal((2, 3, 4)).astype(np.float32)
    wn = rng.standard_normal((5, 4)).astype(np.float32)
    cn = rng.standard_normal(c_shape).astype(np.float32)
    rn = rng.standard_normal((2, 3, 5)).astype(np.float32)
    x, w, c, r = map(mx.array, (xn, wn, cn, rn))
    out = mx.addmm(c, x, w.T, alpha=alpha, beta=beta)
    assert out.shape == (2, 3, 5)
    want = alpha * (xn @ wn.T) + beta * cn
    np.testing.assert_allclose(np.array(out), want, rtol=1e-5, atol=1e-5)

    def loss(c, x, w):
        return mx.sum(mx.addmm(c, x, w.T, alpha=alpha, beta=beta) * r)

    gc, gx, gw = mx.grad(loss, argnums=(0, 1, 2))(c, x, w)
    full_gc = beta * rn
    axes = tuple(i for i in range(3) if i < 3 - len(c_shape) or c_shape[i - 3 + len(c_shape)] == 1)
    want_gc = full_gc.sum(axis=axes, keepdims=True).reshape(c_shape) if c_shape else full_gc.sum()
    np.testing.assert_allclose(np.array(gc), want_gc, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(gx), alpha * rn @ wn, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(gw), alpha * rn.reshape(6, 5).T @ xn.reshape(6, 4),
                               rtol=1e-5, atol=1e-5)
    assert strides_of(gw) == row_major_strides(gw)
    # Compiled gives the eager values.
    cg = mx.compile(mx.grad(loss, argnums=(0, 1, 2)))(c, x, w)
    for got, eager in zip(cg, (gc, gx, gw)):
        np.testing.assert_allclose(np.array(got), np.array(eager), rtol=1e-6, atol=1e-6)


def test_batched_addmm_edges(rng):
    # Empty batch, empty inner dim, a bias that does not broadcast.
    out = mx.addmm(mx.ones((5,)), mx.zeros((0, 3, 4)), mx.ones((4, 5)))
    assert out.shape == (0, 3, 5)
    out = mx.addmm(mx.ones((5,)), mx.zeros((2, 3, 0)), mx.ones((0, 5)), alpha=2.0, beta=3.0)
    np.testing.assert_array_equal(np.array(out), np.full((2, 3, 5), 3.0, np.float32))
    # matmul folds the batch the same way (an empty inner dim included).
    out = mx.matmul(mx.ones((2, 3, 0)), mx.ones((0, 5)))
    np.testing.assert_array_equal(np.array(out), np.zeros((2, 3, 5), np.float32))
    with pytest.raises(ValueError, match="addmm"):
        mx.addmm(mx.ones((4,)), mx.ones((2, 3, 4)), mx.ones((4, 5)))
    with pytest.raises(ValueError, match="addmm"):
        mx.addmm(mx.ones((2, 3, 5)), mx.ones((2, 3, 4)), mx.ones((3, 5)))
    # float16 operands stay float16.
    xn = rng.standard_normal((2, 3, 4)).astype(np.float16)
    wn = rng.standard_normal((4, 5)).astype(np.float16)
    out = mx.addmm(mx.zeros((5,), dtype=mx.float16), mx.array(xn), mx.array(wn))
    assert out.dtype == mx.float16
    np.testing.assert_allclose(np.array(out).astype(np.float32),
                               xn.astype(np.float32) @ wn.astype(np.float32), rtol=1e-2, atol=1e-2)


def test_linear_layer_gradients_match_numpy(rng):
    import mxcore.nn as nn

    layer = nn.Linear(4, 3)
    xn = rng.standard_normal((2, 5, 4)).astype(np.float32)
    rn = rng.standard_normal((2, 5, 3)).astype(np.float32)
    x, r = mx.array(xn), mx.array(rn)

    def loss(model, x):
        return mx.sum(model(x) * r)

    _, grads = nn.value_and_grad(layer, loss)(layer, x)
    np.testing.assert_allclose(np.array(grads["weight"]), rn.reshape(10, 3).T @ xn.reshape(10, 4),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(grads["bias"]), rn.sum((0, 1)), rtol=1e-5, atol=1e-5)
    assert strides_of(grads["weight"]) == row_major_strides(grads["weight"])
