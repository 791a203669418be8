"""Shapeless compile follows new shapes through scatters, as MLX does: the
updates of put_along_axis and of the gradient of take_along_axis / take are
broadcast to the indices of each call, the scatter's index broadcasts follow
like a gather's, and a sum's gradient broadcasts to the input of each call.
Exported shapeless functions do the same. Checked against NumPy."""

import numpy as np
import pytest

import mxcore as mx


def ramp(shape):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


def numpy_put(a, idx, values, axis):
    out = a.copy()
    idx_b = np.broadcast_to(idx, np.broadcast_shapes(idx.shape, np.shape(values)))
    np.put_along_axis(out, idx_b, np.broadcast_to(values, idx_b.shape), axis)
    return out


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_put_along_axis_follows_new_shapes(axis):
    put = mx.compile(lambda a, i, v: mx.put_along_axis(a, i, v, axis=axis), shapeless=True)
    rng = np.random.default_rng(axis)
    for shape, k in [((2, 3, 4), 1), ((3, 4, 5), 2), ((4, 2, 6), 2), ((1, 5, 3), 1)]:
        a = ramp(shape)
        ishape = list(shape)
        ishape[axis] = k
        # Distinct positions per line so that the write order does not matter.
        idx = np.argsort(rng.random(shape), axis=axis)[tuple(
            slice(0, k) if d == axis else slice(None) for d in range(3))].astype(np.int32)
        v = -1 - ramp(ishape)
        out = put(mx.array(a), mx.array(idx), mx.array(v))
        np.testing.assert_array_equal(np.array(out), numpy_put(a, idx, v, axis))


def test_put_along_axis_with_scalar_and_row_values_follows_new_shapes():
    put_scalar = mx.compile(lambda a, i: mx.put_along_axis(a, i, mx.array(5.0), axis=0),
                            shapeless=True)
    put_rows = mx.compile(lambda a, i, v: mx.put_along_axis(a, i, v, axis=1), shapeless=True)
    for n, m in [(2, 3), (4, 5), (3, 1)]:
        a = ramp((n, m))
        idx = np.full((1, m), n - 1, np.int32)
        np.testing.assert_array_equal(np.array(put_scalar(mx.array(a), mx.array(idx))),
                                      numpy_put(a, idx, np.float32(5), 0))
        idx = np.zeros((n, 1), np.int32)
        v = -ramp((n, 1))
        np.testing.assert_array_equal(np.array(put_rows(mx.array(a), mx.array(idx), mx.array(v))),
                                      numpy_put(a, idx, v, 1))


def test_put_along_axis_values_broadcast_with_the_indices():
    # MLX broadcasts the values and indices together: values (2,1,1) against
    # indices (1,3,4) write every row of a[0] twice, the last write winning.
    a = ramp((2, 3, 4))
    out = mx.put_along_axis(mx.array(a), mx.zeros((1, 3, 4), dtype=mx.int32),
                            mx.array([[[-1.0]], [[-2.0]]]), axis=0)
    expected = a.copy()
    expected[0] = -2.0
    np.testing.assert_array_equal(np.array(out), expected)
    with pytest.raises(ValueError, match="broadcast"):
        mx.put_along_axis(mx.zeros((3, 4)), mx.zeros((3, 2), dtype=mx.int32), mx.ones((3, 3)),
                          axis=1)


def test_grad_of_take_along_axis_follows_new_shapes():
    grad = mx.compile(mx.grad(lambda a, i: (mx.take_along_axis(a, i, axis=1) * 2).sum()),
                      shapeless=True)
    for n, m, k in [(2, 3, 2), (3, 4, 2), (5, 4, 3), (1, 6, 4)]:
        idx = np.tile(np.arange(k, dtype=np.int32)[None], (n, 1)) % m
        expected = np.zeros((n, m), np.float32)
        np.add.at(expected, (np.arange(n)[:, None], idx), 2.0)
        np.testing.assert_array_equal(np.array(grad(mx.zeros((n, m)), mx.array(idx))), expected)


def test_grad_of_take_follows_new_index_lengths():
    grad = mx.compile(mx.grad(lambda a, i: mx.take(a, i, axis=0).sum()), shapeless=True)
    for n in [3, 5, 1]:
        idx = np.arange(n, dtype=np.int32) % 4
        expected = np.zeros((6, 2), np.float32)
        np.add.at(expected, idx, 1.0)
        np.testing.assert_array_equal(np.array(grad(mx.zeros((6, 2)), mx.array(idx))), expected)


def test_scatter_add_follows_new_index_lengths():
    add = mx.compile(lambda a, i, v: a.at[i].add(v), shapeless=True)
    for n in [3, 5]:
        idx = np.arange(n, dtype=np.int32)
        v = ramp((n, 2))
        expected = np.zeros((6, 2), np.float32)
        np.add.at(expected, idx, v)
        np.testing.assert_array_equal(np.array(add(mx.zeros((6, 2)), mx.array(idx), mx.array(v))),
                                      expected)


def test_cross_entropy_value_and_grad_follows_batch_and_classes():
    def loss(logits, t):
        picked = mx.take_along_axis(logits, t[:, None], axis=-1).squeeze(-1)
        return (mx.logsumexp(logits, axis=-1) - picked).mean()

    step = mx.compile(mx.value_and_grad(loss), shapeless=True)
    rng = np.random.default_rng(3)
    for n, c in [(2, 3), (5, 3), (5, 7), (1, 7)]:
        lg = rng.standard_normal((n, c)).astype(np.float32)
        t = rng.integers(0, c, n).astype(np.int32)
        value, g = step(mx.array(lg), mx.array(t))
        p = np.exp(lg - lg.max(-1, keepdims=True))
        p /= p.sum(-1, keepdims=True)
        expected = p.copy()
        expected[np.arange(n), t] -= 1
        np.testing.assert_allclose(float(value), -np.log(p[np.arange(n), t]).mean(), rtol=1e-5)
        np.testing.assert_allclose(np.array(g), expected / n, rtol=1e-5, atol=1e-6)


def test_exported_shapeless_put_along_axis_and_take_grad_follow_new_shapes(tmp_path):
    put_path = str(tmp_path / "put.mxfn")
    mx.export_function(put_path, lambda a, i, v: mx.put_along_axis(a, i, v, axis=1),
                       mx.zeros((2, 3)), mx.zeros((2, 2), dtype=mx.int32), mx.zeros((2, 2)),
                       shapeless=True)
    put = mx.import_function(put_path)
    a = ramp((4, 5))
    idx = np.array([[0, 4], [2, 1], [4, 3], [1, 0]], np.int32)
    v = -ramp((4, 2)) - 1
    np.testing.assert_array_equal(np.array(put(mx.array(a), mx.array(idx), mx.array(v))[0]),
                                  numpy_put(a, idx, v, 1))

    grad_path = str(tmp_path / "grad.mxfn")
    mx.export_function(grad_path, mx.grad(lambda a, i: mx.take_along_axis(a, i, axis=1).sum()),
                       mx.zeros((2, 3)), mx.zeros((2, 2), dtype=mx.int32), shapeless=True)
    grad = mx.import_function(grad_path)
    idx = np.array([[0, 0], [2, 1], [4, 3]], np.int32)
    expected = np.zeros((3, 5), np.float32)
    np.add.at(expected, (np.arange(3)[:, None], idx), 1.0)
    np.testing.assert_array_equal(np.array(grad(mx.zeros((3, 5)), mx.array(idx))[0]), expected)
