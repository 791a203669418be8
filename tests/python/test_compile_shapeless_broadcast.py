"""Shapeless compile and broadcasts: output shapes are re-derived for each
call's input shapes; where a traced broadcast has a fixed shape the new
inputs do not fit, it raises (as MLX's Broadcast::output_shapes does)."""
import numpy as np
import pytest

import mxcore as mx


def shapeless_matches_eager(f, first_args, second_args):
    g = mx.compile(f, shapeless=True)
    g(*first_args)
    got = g(*second_args)
    want = f(*second_args)
    got = got if isinstance(got, (list, tuple)) else [got]
    want = want if isinstance(want, (list, tuple)) else [want]
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert a.shape == b.shape
        assert np.allclose(np.array(a), np.array(b))


def test_binary_broadcast_follows_new_shapes():
    x = mx.array(np.arange(4, dtype=np.float32).reshape(4, 1))
    y = mx.array(np.arange(5, dtype=np.float32).reshape(1, 5))
    shapeless_matches_eager(lambda a, b: a * b + 1.0,
                            (mx.ones((2, 1)), mx.ones((1, 3))), (x, y))


def test_full_like_follows_its_argument():
    x = mx.array(np.arange(12, dtype=np.float32).reshape(4, 3))
    shapeless_matches_eager(lambda a: mx.full_like(a, 3.0) * a, (mx.ones((2, 3)),), (x,))
    g = mx.compile(lambda a: mx.full_like(a, 2.5), shapeless=True)
    g(mx.ones((2,)))
    out = g(mx.ones((3, 4)))
    assert out.shape == (3, 4)
    assert np.array_equal(np.array(out), np.full((3, 4), 2.5, dtype=np.float32))


def test_explicit_broadcast_to_a_fixed_shape_that_no_longer_fits_raises():
    g = mx.compile(lambda a: mx.broadcast_to(a, (5, 3)) + 1.0, shapeless=True)
    assert g(mx.ones((3,))).shape == (5, 3)
    # (1, 3) still broadcasts to (5, 3): the fixed shape holds.
    out = g(mx.ones((1, 3)) * 2.0)
    assert out.shape == (5, 3)
    assert np.array_equal(np.array(out), np.full((5, 3), 3.0, dtype=np.float32))
    with pytest.raises(ValueError, match="Broadcast"):
        g(mx.ones((4,)))


def test_broadcast_shared_by_two_outputs():
    x = mx.array(np.arange(20, dtype=np.float32).reshape(4, 5))
    y = mx.array(np.arange(5, dtype=np.float32))
    shapeless_matches_eager(lambda a, b: [a + b, a * b],
                            (mx.ones((2, 3)), mx.ones((3,))), (x, y))


def test_broadcast_to_a_traced_shape_shared_by_two_outputs_raises():
    def f(a, b):
        c = mx.broadcast_to(b, a.shape)
        return [c + 1.0, c * 2.0]

    g = mx.compile(f, shapeless=True)
    outs = g(mx.ones((2, 3)), mx.ones((3,)))
    assert [o.shape for o in outs] == [(2, 3), (2, 3)]
    with pytest.raises(ValueError, match="Broadcast"):
        g(mx.ones((4, 5)), mx.ones((5,)))


def test_reduce_after_gather():
    x = mx.array(np.arange(12, dtype=np.float32).reshape(4, 3))
    idx = mx.array([0, 1, 3])
    shapeless_matches_eager(lambda a, i: mx.sum(a[i], axis=0),
                            (mx.ones((2, 3)), mx.array([0, 1])), (x, idx))
    shapeless_matches_eager(lambda a, i: mx.take(a, i, axis=0).max(axis=1),
                            (mx.ones((2, 3)), mx.array([0, 1])), (x, idx))


def test_reshape_adding_a_dim_under_vmap():
    x = mx.array(np.arange(12, dtype=np.float32).reshape(4, 3))
    shapeless_matches_eager(lambda a: mx.vmap(lambda r: mx.reshape(r, (1, -1)) * 2.0)(a),
                            (mx.ones((2, 3)),), (x,))
    shapeless_matches_eager(lambda a: mx.vmap(lambda r: mx.expand_dims(r, 0) + 1.0)(a),
                            (mx.ones((2, 3)),), (x,))


def test_large_graph_with_broadcasts():
    # Hundreds of broadcasts of shared scalars and of a row vector.
    def f(a, b):
        z = a
        for _ in range(300):
            z = z * b + mx.exp(-z) - 0.5 * b
            z = mx.maximum(z, mx.ones((1,)) * 0.1)
        return z

    a = mx.array(np.linspace(0, 1, 20, dtype=np.float32).reshape(4, 5))
    b = mx.array(np.linspace(0.5, 0.9, 5, dtype=np.float32))
    shapeless_matches_eager(f, (mx.ones((2, 3)), mx.ones((3,))), (a, b))
    got = mx.compile(f)(a, b)
    assert np.allclose(np.array(got), np.array(f(a, b)), rtol=1e-5)


def test_large_graph_of_outer_broadcasts():
    def f(a, b):
        outs = [a[:, None] + b[None, :] * float(i) for i in range(200)]
        return sum(outs[1:], outs[0])

    a = mx.array(np.arange(5, dtype=np.float32))
    b = mx.array(np.arange(6, dtype=np.float32))
    shapeless_matches_eager(f, (mx.ones((3,)), mx.ones((4,))), (a, b))
