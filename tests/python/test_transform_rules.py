# vjp of gathers through permutations (second order), of scatter_prod and of
# slice updates with multiply; vmap of gathers and scatters over index layouts.
import numpy as np
import pytest

import mxcore as mx


def test_second_order_through_a_gather_after_a_transpose():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    idx = np.array([[0, 2], [1, 0]])
    f = lambda x: (mx.take_along_axis(x.T, mx.array(idx).T, axis=0) ** 3).sum()
    g2 = mx.grad(lambda x: mx.grad(f)(x).sum())(mx.array(x))
    # The gather reads x[0,0], x[0,2], x[1,1], x[1,0] once each: d2 = 6 x there.
    want = np.zeros_like(x)
    for r, c in [(0, 0), (0, 2), (1, 1), (1, 0)]:
        want[r, c] = 6 * x[r, c]
    np.testing.assert_allclose(np.array(g2), want)


def test_vjp_of_a_general_gather():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    rows, cols = np.array([0, 1, 1]), np.array([3, 1])
    g = mx.grad(lambda x: (x[:, mx.array(rows)][..., mx.array(cols)] ** 2).sum())(mx.array(x))
    want = np.zeros_like(x)
    np.add.at(want, (slice(None), rows[:, None], cols[None, :]), 2 * x[:, rows][..., cols])
    np.testing.assert_allclose(np.array(g), want)


def test_vjp_of_scatter_prod():
    a, v = mx.array([1.0, 2.0, 3.0]), mx.array([4.0, 5.0])
    f = lambda a, v: a.at[mx.array([0, 2])].multiply(v).sum()
    ga, gv = mx.grad(f, argnums=(0, 1))(a, v)
    assert ga.tolist() == [4.0, 1.0, 5.0] and gv.tolist() == [1.0, 3.0]


def test_vjp_of_scatter_prod_with_repeats_and_zeros():
    # out[0] = a0 * v0 * v1 * v2, with v1 = 0.
    a, v = mx.array([2.0, 7.0]), mx.array([3.0, 0.0, 5.0])
    f = lambda a, v: (a.at[mx.array([0, 0, 0])].multiply(v) * mx.array([1.0, 10.0])).sum()
    ga, gv = mx.grad(f, argnums=(0, 1))(a, v)
    assert ga.tolist() == [0.0, 10.0]
    assert gv.tolist() == [0.0, 2.0 * 3.0 * 5.0, 0.0]
    # Two zeros at one position: every update's gradient is zero.
    gv = mx.grad(lambda v: mx.ones((1,)).at[mx.array([0, 0, 0])].multiply(v).sum())(
        mx.array([0.0, 0.0, 4.0]))
    assert gv.tolist() == [0.0, 0.0, 0.0]


def test_vjp_of_a_slice_update_with_multiply_matches_finite_differences():
    a, v = mx.array([1.0, 2.0, 3.0]), mx.array([4.0, 5.0])
    f = lambda a, v: (a.at[1:].multiply(v) ** 2).sum()
    ga, gv = mx.grad(f, argnums=(0, 1))(a, v)
    # out = [a0, a1 v0, a2 v1]: d/da = [2 a0, 2 a1 v0^2, 2 a2 v1^2], d/dv = [2 a1^2 v0, 2 a2^2 v1].
    assert ga.tolist() == [2.0, 64.0, 150.0] and gv.tolist() == [32.0, 90.0]


X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


@pytest.mark.parametrize("name,fn,args,in_axes,want", [
    ("both", lambda x, i: x[i], (X, np.array([[0, 2], [1, 1]])), 0,
     np.stack([X[0][[0, 2]], X[1][[1, 1]]])),
    ("source", lambda x: x[:, mx.array([1, 3])], (X,), 0, X[:, :, [1, 3]]),
    ("index", lambda i: mx.array(X[0])[i], (np.array([[0, 2], [1, 1]]),), 0,
     np.stack([X[0][[0, 2]], X[0][[1, 1]]])),
    ("scalar-index", lambda x, i: x[i, 1:], None, (2, 0), None),
])
def test_vmap_of_gathers(name, fn, args, in_axes, want):
    if name == "scalar-index":
        # x mapped over its last axis (4 examples of (2, 3)), one row index each.
        idx = [0, 1, 0, 1]
        args = (X, np.array(idx))
        want = np.stack([X[:, :, k][i, 1:] for k, i in enumerate(idx)])
    out = mx.vmap(fn, in_axes=in_axes)(*[mx.array(a) for a in args])
    np.testing.assert_array_equal(np.array(out), want)


def test_vmap_of_scatters_over_index_layouts():
    idx = np.array([[0, 2], [1, 1]])
    # Source and index mapped.
    out = mx.vmap(lambda x, i: x.at[i].add(1.0))(mx.zeros((2, 3, 4)), mx.array(idx))
    want = np.zeros((2, 3, 4), np.float32)
    for b in range(2):
        np.add.at(want[b], idx[b], 1.0)
    np.testing.assert_array_equal(np.array(out), want)
    # Index and updates mapped, source shared.
    out = mx.vmap(lambda i, v: mx.zeros((5,)).at[i].add(v))(mx.array(idx), mx.array([[1.0, 2.0], [3.0, 4.0]]))
    assert out.tolist() == [[1.0, 0, 2.0, 0, 0], [0, 7.0, 0, 0, 0]]
    # Source mapped on axis 1, updates on axis 0, index shared.
    v = np.arange(12, dtype=np.float32).reshape(3, 1, 4)
    out = mx.vmap(lambda x, v: x.at[mx.array([0])].add(v), in_axes=(1, 0))(mx.zeros((2, 3, 4)), mx.array(v))
    want = np.zeros((3, 2, 4), np.float32)
    want[:, 0] = v[:, 0]
    np.testing.assert_array_equal(np.array(out), want)
    # A scalar index mapped by vmap writes one row per example.
    out = mx.vmap(lambda x, i: x.at[i].multiply(2.0))(mx.ones((3, 2)), mx.array([1, 0, 1]))
    assert out.tolist() == [[1.0, 2.0], [2.0, 1.0], [1.0, 2.0]]
