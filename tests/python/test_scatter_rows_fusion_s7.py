"""The scatter-add of an embedding's gradient (rows of updates added into
rows of a table, duplicates accumulating) takes a unit-stride loop per row;
other layouts keep the strided one. Against NumPy's np.add.at, with repeated
ids, odd row lengths, transposed updates and float32/float16/bfloat16.
"""
import numpy as np
import pytest

import mxcore as mx


def as64(a):
    return np.asarray(a.astype(mx.float64))


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16], ids=str)
@pytest.mark.parametrize("width", [1, 7, 128, 131])
def test_embedding_gradient_accumulates_repeated_ids(dtype, width):
    rng = np.random.default_rng(width)
    vocab = 13
    ids = rng.integers(0, vocab, (5, 9)).astype(np.int32)  # many repeats
    table = mx.array(rng.standard_normal((vocab, width)).astype(np.float32)).astype(dtype)
    g = rng.uniform(-1, 1, (5, 9, width)).astype(np.float32)

    def loss(table):
        return mx.sum(mx.take(table, mx.array(ids), axis=0) * mx.array(g).astype(dtype))

    got = mx.compile(mx.grad(loss))(table)
    assert np.array_equal(as64(got), as64(mx.grad(loss)(table)))
    want = np.zeros((vocab, width))
    np.add.at(want, ids.reshape(-1), as64(mx.array(g).astype(dtype)).reshape(-1, width))
    tol = {mx.float16: 2e-2, mx.bfloat16: 1e-1}.get(dtype, 1e-5)
    np.testing.assert_allclose(as64(got), want, rtol=tol, atol=tol)


def test_scatter_add_of_transposed_updates():
    rng = np.random.default_rng(1)
    src = mx.array(rng.standard_normal((6, 10)).astype(np.float32))
    idx = mx.array(np.array([4, 1, 4, 0], np.int32))
    upd = mx.array(rng.standard_normal((10, 4)).astype(np.float32)).T  # strided rows
    got = src.at[idx].add(upd)
    want = np.array(src).copy()
    np.add.at(want, np.array(idx), np.array(upd))
    np.testing.assert_allclose(np.array(got), want, rtol=1e-6, atol=1e-6)
    row_major = src.at[idx].add(mx.array(np.array(upd)))
    np.testing.assert_array_equal(np.array(got), np.array(row_major))
