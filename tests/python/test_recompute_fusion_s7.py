"""Row regions recompute cheap shared values instead of reading them: a
cheap elementwise node (add, multiply, subtract, casts, comparisons...) with
users in other regions is copied into each row region that reads it when the
copy reads at most one full-size array the region does not read already.
The value then need not be written to memory (a layer norm's centred input,
which its backward reads again).

Compiled against eager bit for bit (a copy runs the same ops on the same
inputs), shared nodes that feed matmuls, graph outputs and several regions,
odd sizes, non-contiguous inputs and float32/float16/bfloat16; a small
transformer block's training step; compile time of long shared chains.
"""
import time

import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16]


def as64(a):
    return np.asarray(a.astype(mx.float64))


def assert_bits(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(as64(got), as64(want))


def rand(shape, dtype=mx.float32, seed=0, scale=1.0):
    rng = np.random.default_rng(seed)
    a = mx.array((rng.standard_normal(shape) * scale).astype(np.float32)).astype(dtype)
    mx.eval(a)
    return a


def layer_norm(x, w, b):
    mean = mx.mean(x, axis=-1, keepdims=True)
    xc = x - mean
    return xc * mx.rsqrt(mx.mean(xc * xc, axis=-1, keepdims=True) + 1e-5) * w + b


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("shape", [(3, 1), (5, 7), (4, 3, 130), (2, 4097)], ids=str)
def test_shared_centred_input_feeding_a_matmul_and_a_norm(shape, dtype):
    # xc feeds the norm's row region, a matmul and a graph output.
    x = rand(shape, dtype, seed=1)
    w = rand((shape[-1], 3), dtype, seed=2)

    def f(x, w):
        xc = x - mx.mean(x, axis=-1, keepdims=True)
        y = xc * mx.rsqrt(mx.mean(xc * xc, axis=-1, keepdims=True) + 1e-5)
        return y, xc @ w, xc * 2

    for got, want in zip(mx.compile(f)(x, w), f(x, w)):
        assert_bits(got, want)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_layer_norm_gradients_recompute_the_centred_input(dtype):
    x, w, b = rand((6, 33), dtype, 3), rand((33,), dtype, 4), rand((33,), dtype, 5)
    g = rand((6, 33), dtype, 6)

    def loss(x, w, b):
        return mx.sum(layer_norm(x, w, b) * g)

    grad = mx.value_and_grad(loss, argnums=(0, 1, 2))
    got_value, got_grads = mx.compile(grad)(x, w, b)
    want_value, want_grads = grad(x, w, b)
    assert_bits(got_value, want_value)
    for a, e in zip(got_grads, want_grads):
        assert_bits(a, e)
    # The backward's row region recomputes x - mean and x * rstd instead of
    # reading them (before: 11 primitives, the forward cut into 5 kernels).
    out = mx.compile(grad)(x, w, b)
    names = [n for n in mx._core._graph_primitive_names(out[0], *out[1]) if n != "Reshape"]
    assert names.count("Compiled") <= 4, names


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_non_contiguous_shared_inputs(dtype):
    x = rand((20, 66), dtype, 7)
    y = rand((66, 20), dtype, 8).T  # transposed view

    def f(x, y):
        t = x * 1.5  # cheap, shared by the two row regions below
        a = mx.softmax(t + y, axis=-1)
        c = mx.logsumexp(t * y, axis=-1, keepdims=True)
        return a, c, mx.sum(t, axis=0)

    for xv, yv in ((x, y), (x[::2], y[1::2]), (x[:, 1:65], y[:, :64])):
        for got, want in zip(mx.compile(f)(xv, yv), f(xv, yv)):
            assert_bits(got, want)


def test_value_with_two_full_inputs_is_read_not_recomputed():
    # s = a + b reads two full arrays: a copy would move more memory than
    # reading s, so s stays one materialized value; results are exact.
    a, b = rand((9, 40), seed=9), rand((9, 40), seed=10)

    def f(a, b):
        s = a + b
        return mx.softmax(s, axis=-1), s @ mx.ones((40, 2)), mx.exp(s) * 2

    for got, want in zip(mx.compile(f)(a, b), f(a, b)):
        assert_bits(got, want)


def test_long_shared_cheap_chain_compiles_fast_and_exactly():
    x = rand((8, 64), seed=11)

    def f(x):
        outs = []
        t = x
        for _ in range(60):
            t = t * 1.001 + 0.5
            outs.append(mx.sum(mx.exp(t - mx.max(t, axis=-1, keepdims=True)), axis=-1))
        return outs

    tic = time.perf_counter()
    got = mx.compile(f)(x)
    mx.eval(got)
    assert time.perf_counter() - tic < 60
    for a, e in zip(got, f(x)):
        assert_bits(a, e)


def test_transformer_block_training_step_matches_eager():
    b, t, d, heads = 2, 9, 16, 2
    hd = d // heads
    rng = np.random.default_rng(12)
    params = [mx.array((rng.standard_normal(s) * 0.3).astype(np.float32))
              for s in [(d,), (d,), (d, d), (d, d), (d, d), (d, d), (d, 4 * d), (4 * d, d)]]
    x = rand((b, t, d), seed=13)
    mask = mx.array(np.triu(np.full((t, t), -1e9, np.float32), 1))

    def heads_of(z):
        return mx.transpose(mx.reshape(z, (b, t, heads, hd)), (0, 2, 1, 3))

    def loss(params, x):
        g, bb, wq, wk, wv, wo, w1, w2 = params
        h = layer_norm(x, g, bb)
        q, k, v = (heads_of(h @ w) for w in (wq, wk, wv))
        s = q @ mx.transpose(k, (0, 1, 3, 2)) * (hd ** -0.5) + mask
        e = mx.exp(s - mx.max(s, axis=-1, keepdims=True))
        o = (e / mx.sum(e, axis=-1, keepdims=True)) @ v
        x = x + mx.reshape(mx.transpose(o, (0, 2, 1, 3)), (b, t, d)) @ wo
        u = layer_norm(x, g, bb) @ w1
        x = x + (u * (1 + mx.erf(u * 0.7071067811865476)) / 2) @ w2
        return mx.mean(mx.logsumexp(x, axis=-1) - x[..., 0])

    def step(params, x):
        value, grads = mx.value_and_grad(loss)(params, x)
        return value, [p - 0.01 * gr for p, gr in zip(params, grads)]

    cstep = mx.compile(step)
    pc, pe = params, params
    for _ in range(3):
        vc, pc = cstep(pc, x)
        ve, pe = step(pe, x)
        assert_bits(vc, ve)
        for a, e in zip(pc, pe):
            assert_bits(a, e)
