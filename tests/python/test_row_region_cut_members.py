"""Row regions whose members include values of other shapes than the full
one and its row-reduced one: a causal mask built from (seq, 1) and (1, seq)
positions, an outer product of two vectors, a scalar computed from sizes.
The fuser grows the row region again with those members left outside as
inputs (they become their own small regions), so the softmax and its mask
stay one row kernel instead of falling apart into eager reductions.

Compiled against eager and against NumPy (float64), forward and gradient,
with the graph's primitives checked (one row kernel holding Max and Sum).
"""
import math

import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(11)


def compiled_parts(fn, *args):
    out = fn(*args)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    return out, mx._core._graph_primitive_names(*outs)


def attention_ref(q, k, v, scale):
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) * scale
    lq, lk = s.shape[-2:]
    allowed = np.arange(lq)[:, None] + (lk - lq) >= np.arange(lk)[None, :]
    s = np.where(allowed, s, -np.inf)
    e = np.exp(s - s.max(-1, keepdims=True))
    return (e / e.sum(-1, keepdims=True)) @ v


@pytest.mark.parametrize("dtype,tol", [(mx.float32, 2e-6), (mx.float16, 4e-3), (mx.bfloat16, 3e-2)],
                         ids=str)
@pytest.mark.parametrize("b,h,lq,lk,d", [(2, 4, 64, 64, 16), (1, 2, 7, 19, 8), (3, 1, 33, 33, 32),
                                         (2, 2, 1, 9, 4)])
def test_causal_attention_is_one_row_kernel(b, h, lq, lk, d, dtype, tol):
    q, k, v = (rng.standard_normal(s).astype(np.float32)
               for s in ((b, h, lq, d), (b, h, lk, d), (b, h, lk, d)))
    scale = 1 / math.sqrt(d)
    f = lambda q, k, v: mx.fast.scaled_dot_product_attention(q, k, v, scale=scale, mask="causal")
    args = [mx.array(a).astype(dtype) for a in (q, k, v)]
    got, names = compiled_parts(mx.compile(f), *args)
    want = f(*args)
    assert got.dtype == dtype and got.shape == (b, h, lq, d)
    assert "Max" not in names and "Sum" not in names  # inside the row kernel
    as64 = lambda a: np.asarray(a.astype(mx.float64))
    np.testing.assert_allclose(as64(got), as64(want), rtol=tol, atol=tol)
    ref = attention_ref(*(as64(a) for a in args), scale)
    np.testing.assert_allclose(as64(got), ref, rtol=tol, atol=tol)


def test_causal_attention_gradient_matches_eager_and_numpy_shapes():
    b, h, l, d = 2, 3, 17, 8
    q, k, v = (mx.array(rng.standard_normal((b, h, l, d)).astype(np.float32)) for _ in range(3))
    g = mx.array(rng.standard_normal((b, h, l, d)).astype(np.float32))

    def loss(q, k, v):
        o = mx.fast.scaled_dot_product_attention(q, k, v, scale=0.3, mask="causal")
        return mx.sum(o * g)

    grads = mx.compile(mx.grad(loss, argnums=(0, 1, 2)))(q, k, v)
    want = mx.grad(loss, argnums=(0, 1, 2))(q, k, v)
    for a, w in zip(grads, want):
        np.testing.assert_allclose(np.array(a), np.array(w), rtol=1e-5, atol=1e-6)
    # Finite differences of the first query entry against NumPy's forward.
    eps = 1e-3
    qn, kn, vn, gn = (np.array(a, np.float64) for a in (q, k, v, g))
    def ref_loss(qn):
        return float(np.sum(attention_ref(qn, kn, vn, 0.3) * gn))
    qp, qm = qn.copy(), qn.copy()
    qp[0, 0, 5, 2] += eps
    qm[0, 0, 5, 2] -= eps
    fd = (ref_loss(qp) - ref_loss(qm)) / (2 * eps)
    assert abs(float(np.array(grads[0])[0, 0, 5, 2]) - fd) < 1e-4


def test_outer_product_member_and_size_scalar():
    # softmax(x * outer(a, b) + n) where n comes from the sizes: the outer
    # product (rows, cols) of a (4, 6, 9) input is neither full nor reduced.
    x = mx.array(rng.standard_normal((4, 6, 9)).astype(np.float32))
    a = mx.array(rng.standard_normal((6,)).astype(np.float32))
    c = mx.array(rng.standard_normal((9,)).astype(np.float32))

    def f(x, a, c):
        n = mx.array(x.shape[-1], mx.float32)
        return mx.softmax(x * (a[:, None] * c[None, :]) + n, axis=-1)

    got, names = compiled_parts(mx.compile(f), x, a, c)
    assert "Max" not in names and "Sum" not in names
    z = np.array(x, np.float64) * np.outer(np.array(a), np.array(c)) + 9
    e = np.exp(z - z.max(-1, keepdims=True))
    np.testing.assert_allclose(np.array(got), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(np.array(got), np.array(f(x, a, c)), rtol=1e-6, atol=1e-7)


def test_member_the_row_kernel_cannot_read_keeps_the_elementwise_region():
    # exp(y) of shape (6, 1) broadcast over (4, 6, 9): no layout the row
    # kernel reads, so the region stays elementwise; values still right.
    x = mx.array(rng.standard_normal((4, 6, 9)).astype(np.float32))
    y = mx.array(rng.standard_normal((6, 1)).astype(np.float32))
    f = lambda x, y: mx.softmax(x + mx.exp(y), axis=-1)
    got = mx.compile(f)(x, y)
    z = np.array(x, np.float64) + np.exp(np.array(y, np.float64))
    e = np.exp(z - z.max(-1, keepdims=True))
    np.testing.assert_allclose(np.array(got), e / e.sum(-1, keepdims=True), rtol=1e-5, atol=1e-7)
