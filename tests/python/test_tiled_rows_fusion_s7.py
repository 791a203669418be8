"""Row kernels with a tiled input: a (seq, seq) matrix (an attention mask)
added to (batch, heads, seq, seq) scores before a softmax. The kernel reads
the mask like a contiguous input while the host runs the rows one tile at a
time; before, such a region fell back to eager kernels.

Compiled against eager bit for bit, forward and gradient, odd and unit
sizes, a tile that is itself broadcast (leading 1s), float32/float16/
bfloat16, and each call checked to run JIT kernels only.
"""
import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16]


def softmax(x):
    e = mx.exp(x - mx.max(x, axis=-1, keepdims=True))
    return e / mx.sum(e, axis=-1, keepdims=True)


def masked_attention_weights(s, mask):
    return softmax(s * 0.125 + mask)


def loss(s, mask, g):
    return mx.sum(masked_attention_weights(s, mask) * g)


def as64(a):
    return np.asarray(a.astype(mx.float64))


def assert_bits(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(as64(got), as64(want))


def data(shape, mask_shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    s = mx.array(rng.standard_normal(shape).astype(np.float32) * 3).astype(dtype)
    g = mx.array(rng.uniform(-1, 1, shape).astype(np.float32)).astype(dtype)
    t = shape[-1]
    causal = np.triu(np.full((shape[-2], t), -1e4, np.float32), 1)
    mask = mx.array(np.broadcast_to(causal, mask_shape).copy()).astype(dtype)
    mx.eval(s, mask, g)
    return s, mask, g


def kernels_and_runs(fn, *args):
    out = fn(*args)
    names = mx._core._graph_primitive_names(*(out if isinstance(out, tuple) else (out,)))
    before = mx._core._jit_kernel_runs()
    mx.eval(out)
    runs = mx._core._jit_kernel_runs() - before
    return out, names, runs


SHAPES = [((2, 3, 5, 5), (5, 5)), ((3, 2, 33, 33), (33, 33)), ((2, 4, 7, 7), (1, 7, 7)),
          ((1, 1, 1, 1), (1, 1)), ((2, 3, 9, 4097), (9, 4097)), ((4, 6, 6), (6, 6))]


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("shape,mask_shape", SHAPES, ids=str)
def test_masked_softmax_forward_matches_eager(shape, mask_shape, dtype):
    s, mask, _ = data(shape, mask_shape, dtype)
    compiled = mx.compile(masked_attention_weights)
    got, names, runs = kernels_and_runs(compiled, s, mask)
    assert_bits(got, masked_attention_weights(s, mask))
    assert names == ["Compiled"]
    assert runs == 1  # the row kernel ran (no eager fallback)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("shape,mask_shape", SHAPES, ids=str)
def test_masked_softmax_gradient_matches_eager(shape, mask_shape, dtype):
    s, mask, g = data(shape, mask_shape, dtype, seed=1)
    grad = mx.value_and_grad(loss)
    (value, ds), names, runs = kernels_and_runs(mx.compile(grad), s, mask, g)
    want_value, want_ds = grad(s, mask, g)
    assert_bits(ds, want_ds)
    assert_bits(value, want_value)
    assert runs == names.count("Compiled")  # every region ran its JIT kernel


def test_masked_softmax_gradient_against_numpy():
    s, mask, g = data((2, 3, 11, 11), (11, 11), mx.float32, seed=2)
    _, ds = mx.compile(mx.value_and_grad(loss))(s, mask, g)
    z = as64(s) * 0.125 + as64(mask)
    e = np.exp(z - z.max(-1, keepdims=True))
    p = e / e.sum(-1, keepdims=True)
    gp = as64(g) * p
    want = 0.125 * (gp - p * gp.sum(-1, keepdims=True))
    np.testing.assert_allclose(as64(ds), want, rtol=1e-5, atol=1e-7)


def test_tiled_input_with_threads_and_rows_not_a_multiple_of_the_grain():
    # Enough rows that the pool splits them; the split points fall inside
    # tiles, so a call starts and ends mid-tile.
    s, mask, _ = data((3, 5, 37, 130), (37, 130), mx.float32, seed=3)
    compiled = mx.compile(masked_attention_weights)
    got, _, runs = kernels_and_runs(compiled, s, mask)
    assert runs == 1
    assert_bits(got, masked_attention_weights(s, mask))


def test_non_contiguous_tile_runs_eagerly_and_correctly():
    # A transposed mask is no tile: the region runs its eager kernels.
    s, mask, _ = data((2, 2, 8, 8), (8, 8), mx.float32, seed=4)
    got = mx.compile(masked_attention_weights)(s, mask.T)
    assert_bits(got, masked_attention_weights(s, mask.T))
