"""Matmul output order: compile lets a batched float32 product whose every
user transposes it the same way (last axis kept last) write its rows in that
order, so the transpose and the reshape after it are views instead of a
strided copy (attention's heads back to (batch, seq, heads * dim)). The
values must be those of the graph without the pass (MXCORE_MATMUL_LAYOUT=0)
and of eager bit for bit, in every GEMM mode, at odd and threaded sizes,
forward and gradient; products the pass must leave alone (returned, used
elsewhere, transposed two ways, the last axis moved) stay row-major."""

import numpy as np
import pytest

import mxcore as mx
from eval_profile_helpers import profiled_rows

MODES = ["auto", "avx512", "blas"]


@pytest.fixture(params=MODES)
def gemm_mode(request, monkeypatch):
    monkeypatch.setenv("MXCORE_GEMM", request.param)
    return request.param


def profiled_keys(fn, *args):
    """Runs fn(*args) with the eval profiler on; returns (result, the key of each
    primitive run, repeated as often as it ran)."""
    out, rows = profiled_rows(fn, *args)
    return out, [r[0] for r in rows for _ in range(r[1])]


def as_numpy(result):
    leaves = result if isinstance(result, (list, tuple)) else [result]
    out = []
    for leaf in leaves:
        out += as_numpy(leaf) if isinstance(leaf, (list, tuple)) else [np.array(leaf)]
    return out


def ordered_plain_eager(fn, *args, monkeypatch):
    """fn compiled with the pass, compiled without it, and eager (NumPy arrays)."""
    ordered, keys = profiled_keys(mx.compile(fn), *args)
    monkeypatch.setenv("MXCORE_MATMUL_LAYOUT", "0")
    plain = mx.compile(lambda *a: fn(*a))(*args)  # a new function: a new trace
    monkeypatch.delenv("MXCORE_MATMUL_LAYOUT")
    return as_numpy(ordered), as_numpy(plain), as_numpy(fn(*args)), keys


def assert_same(*results):
    first = results[0]
    for other in results[1:]:
        assert len(first) == len(other)
        for a, b in zip(first, other):
            np.testing.assert_array_equal(a, b)


def ordered_keys(keys):
    return [k for k in keys if k.startswith("Matmul(out_order")]


def rand(rng, *shape):
    return mx.array(rng.standard_normal(shape).astype(np.float32))


def heads_merge(p, v, w):
    b, h, t, _ = p.shape
    o = p @ v
    return mx.reshape(mx.transpose(o, (0, 2, 1, 3)), (b, t, h * v.shape[-1])) @ w


@pytest.mark.parametrize("b,h,t,k,d", [(3, 4, 5, 7, 6), (8, 4, 64, 64, 32), (2, 3, 1, 5, 4),
                                       (1, 2, 17, 9, 1), (2, 5, 13, 33, 19)])
def test_heads_merge_equal_to_plain_and_eager(gemm_mode, monkeypatch, b, h, t, k, d):
    rng = np.random.default_rng(b * 100 + t)
    p, v, w = rand(rng, b, h, t, k), rand(rng, b, h, k, d), rand(rng, h * d, 11)
    ordered, plain, eager, keys = ordered_plain_eager(heads_merge, p, v, w,
                                                      monkeypatch=monkeypatch)
    assert ordered_keys(keys) == [f"Matmul(out_order 0 2 1 3) -> float32({b},{h},{t},{d})"]
    assert_same(ordered, plain, eager)
    ref = (np.array(p) @ np.array(v)).transpose(0, 2, 1, 3).reshape(b, t, h * d) @ np.array(w)
    np.testing.assert_allclose(ordered[0], ref, rtol=1e-4, atol=1e-4)


def test_transposed_view_is_returned_with_values(monkeypatch):
    # The transpose itself is the output: a row-contiguous view of the product.
    rng = np.random.default_rng(3)
    p, v = rand(rng, 2, 3, 4, 5), rand(rng, 2, 3, 5, 6)
    fn = lambda p, v: mx.transpose(p @ v, (0, 2, 1, 3)) * 2.0
    ordered, plain, eager, keys = ordered_plain_eager(fn, p, v, monkeypatch=monkeypatch)
    assert len(ordered_keys(keys)) == 1
    assert_same(ordered, plain, eager)
    ref = (np.array(p) @ np.array(v)).transpose(0, 2, 1, 3) * 2
    np.testing.assert_array_equal(ordered[0], ref.astype(np.float32))


def test_three_dim_batch_to_middle(gemm_mode, monkeypatch):
    rng = np.random.default_rng(4)
    a, b = rand(rng, 4, 5, 6), rand(rng, 4, 6, 7)
    fn = lambda a, b: mx.reshape(mx.transpose(a @ b, (1, 0, 2)), (5, 28)) + 1.0
    ordered, plain, eager, keys = ordered_plain_eager(fn, a, b, monkeypatch=monkeypatch)
    assert ordered_keys(keys) == ["Matmul(out_order 1 0 2) -> float32(4,5,7)"]
    assert_same(ordered, plain, eager)


def test_two_users_with_one_order(monkeypatch):
    rng = np.random.default_rng(5)
    a, b = rand(rng, 2, 3, 4, 5), rand(rng, 2, 3, 5, 6)

    def fn(a, b):
        o = a @ b
        return mx.exp(mx.transpose(o, (0, 2, 1, 3))), mx.transpose(o, (0, 2, 1, 3)).sum(-1)

    ordered, plain, eager, keys = ordered_plain_eager(fn, a, b, monkeypatch=monkeypatch)
    assert len(ordered_keys(keys)) == 1
    assert_same(ordered, plain, eager)


@pytest.mark.parametrize("case", ["returned", "other_user", "two_orders", "last_axis_moved",
                                  "float16", "two_dim"])
def test_products_left_row_major(monkeypatch, case):
    rng = np.random.default_rng(6)
    a, b = rand(rng, 2, 3, 4, 5), rand(rng, 2, 3, 5, 6)
    fns = {
        "returned": lambda a, b: (a @ b, mx.transpose(a @ b, (0, 2, 1, 3))),
        "other_user": lambda a, b: mx.transpose(a @ b, (0, 2, 1, 3)).sum() + (a @ b).sum(),
        "two_orders": lambda a, b: (mx.transpose(a @ b, (0, 2, 1, 3)),
                                    mx.transpose(a @ b, (1, 0, 2, 3))),
        "last_axis_moved": lambda a, b: mx.transpose(a @ b, (0, 1, 3, 2)) * 3.0,
        "float16": lambda a, b: mx.transpose(a.astype(mx.float16) @ b.astype(mx.float16),
                                             (0, 2, 1, 3)) * 3.0,
        "two_dim": lambda a, b: mx.transpose(a[0, 0] @ b[0, 0]) * 3.0,
    }
    ordered, plain, eager, keys = ordered_plain_eager(fns[case], a, b, monkeypatch=monkeypatch)
    assert ordered_keys(keys) == []
    assert_same(ordered, plain, eager)


def test_empty_inner_dimension(monkeypatch):
    a, b = mx.zeros((2, 3, 4, 0)), mx.zeros((2, 3, 0, 5))
    fn = lambda a, b: mx.reshape(mx.transpose(a @ b, (0, 2, 1, 3)), (2, 4, 15)) + 1.0
    ordered, plain, eager, keys = ordered_plain_eager(fn, a, b, monkeypatch=monkeypatch)
    assert len(ordered_keys(keys)) == 1
    assert_same(ordered, plain, eager)
    np.testing.assert_array_equal(ordered[0], np.ones((2, 4, 15), np.float32))


def attention_loss(batch, seq, heads, hd):
    d = heads * hd

    def split(t):
        return mx.transpose(mx.reshape(t, (batch, seq, heads, hd)), (0, 2, 1, 3))

    def loss(params, x, mask):
        wq, wk, wv, wo = params
        q, k, v = (split(x @ w) for w in (wq, wk, wv))
        s = (q @ mx.transpose(k, (0, 1, 3, 2))) * (1 / np.sqrt(hd)) + mask
        e = mx.exp(s - mx.max(s, axis=-1, keepdims=True))
        o = (e / mx.sum(e, axis=-1, keepdims=True)) @ v
        y = mx.reshape(mx.transpose(o, (0, 2, 1, 3)), (batch, seq, d)) @ wo
        return mx.mean(y * y)

    return loss


@pytest.mark.parametrize("batch,seq,heads,hd", [(8, 64, 4, 32), (3, 7, 2, 5)])
def test_attention_gradient_equal_to_plain_and_eager(gemm_mode, monkeypatch, batch, seq,
                                                     heads, hd):
    rng = np.random.default_rng(seq)
    d = heads * hd
    params = [rand(rng, d, d) * (1 / np.sqrt(d)) for _ in range(4)]
    x = rand(rng, batch, seq, d)
    mask = mx.array(np.triu(np.full((seq, seq), -1e9, np.float32), 1))
    vg = mx.value_and_grad(attention_loss(batch, seq, heads, hd))
    ordered, plain, eager, keys = ordered_plain_eager(vg, params, x, mask,
                                                      monkeypatch=monkeypatch)
    # o forward; dq and dv backward (dk comes out of q^T @ ds as (.., hd, seq)).
    assert len(ordered_keys(keys)) == 3
    assert_same(ordered, plain, eager)


def test_product_of_an_array_with_itself(gemm_mode, monkeypatch):
    rng = np.random.default_rng(7)
    x = rand(rng, 2, 3, 6, 6)
    fn = lambda x: mx.reshape(mx.transpose(x @ x, (0, 2, 1, 3)), (2, 6, 18)) - x.sum()
    ordered, plain, eager, keys = ordered_plain_eager(fn, x, monkeypatch=monkeypatch)
    assert len(ordered_keys(keys)) == 1
    assert_same(ordered, plain, eager)


def test_compiled_twice_reuses_the_ordered_graph(monkeypatch):
    # A second call replays the cached tape on new inputs: same values as eager.
    rng = np.random.default_rng(8)
    compiled = mx.compile(heads_merge)
    for _ in range(2):
        p, v, w = rand(rng, 2, 3, 5, 4), rand(rng, 2, 3, 4, 7), rand(rng, 21, 3)
        np.testing.assert_array_equal(np.array(compiled(p, v, w)), np.array(heads_merge(p, v, w)))


def test_grad_and_vmap_of_the_compiled_function():
    # Transforms of a compiled function see the ordered product's rules (a plain
    # product's): same values as the transforms of the eager function.
    rng = np.random.default_rng(9)
    p, v, w = rand(rng, 2, 3, 5, 4), rand(rng, 2, 3, 4, 7), rand(rng, 21, 3)
    loss = lambda p, v, w: mx.sum(heads_merge(p, v, w) ** 2)
    compiled = mx.compile(loss)
    for got, want in zip(mx.grad(compiled, argnums=(0, 1, 2))(p, v, w),
                         mx.grad(loss, argnums=(0, 1, 2))(p, v, w)):
        np.testing.assert_array_equal(np.array(got), np.array(want))
    ps = mx.stack([p, p * 2])
    np.testing.assert_array_equal(np.array(mx.vmap(compiled, in_axes=(0, None, None))(ps, v, w)),
                                  np.array(mx.vmap(loss, in_axes=(0, None, None))(ps, v, w)))
