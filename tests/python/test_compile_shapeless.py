"""Shapeless compile: what follows new input shapes, and what must raise
rather than reuse shapes fixed at trace time."""
import numpy as np
import pytest

import mxcore as mx


def npa(a):
    """An array's values as float64 NumPy (evaluates it)."""
    return np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a).astype(np.float64)


def test_shapeless_with_baked_broadcast_never_silently_wrong():
    f = mx.compile(lambda x, y: x + y, shapeless=True)
    assert f(mx.ones((4,)), mx.ones((3, 4))).shape == (3, 4)
    # The trace broadcast x to (3, 4). A (5, 4) y either gives the right
    # answer or raises; never a (3, 4) result.
    try:
        out = f(mx.ones((4,)), mx.ones((5, 4)))
    except ValueError as e:
        assert "Shapeless" in str(e)
    else:
        assert out.shape == (5, 4)
        np.testing.assert_allclose(npa(out), np.full((5, 4), 2.0))


def test_shapeless_reshape_follows_changed_batch_dim():
    # Flatten and split of a batch dim adapt to a new batch size.
    f = mx.compile(lambda x: mx.reshape(x, (-1, 8)) * 2, shapeless=True)
    g = mx.compile(lambda x: mx.reshape(x, (x.shape[0], 4, 2)) + 1, shapeless=True)
    for b in (3, 5, 1):
        x_np = np.arange(b * 4 * 8, dtype=np.float32).reshape(b, 4, 8)
        np.testing.assert_array_equal(np.array(f(mx.array(x_np))), x_np.reshape(-1, 8) * 2)
        y_np = x_np.reshape(b, 32)[:, :8]
        np.testing.assert_array_equal(np.array(g(mx.array(y_np))), y_np.reshape(b, 4, 2) + 1)


def test_shapeless_reshape_that_cannot_follow_raises():
    # Two dims changing at once under a fixed target shape cannot be mapped:
    # a clear error, never garbage (a -1 follows them: test_shapeless_gather_reshape.py).
    f = mx.compile(lambda x: mx.reshape(x, (6,)), shapeless=True)
    f(mx.zeros((2, 3)))
    with pytest.raises(ValueError):
        mx.eval(f(mx.zeros((4, 5))))
    assert mx.compile(lambda x: mx.reshape(x, (-1,)), shapeless=True)(
        mx.zeros((4, 5))).shape == (20,)


@pytest.mark.parametrize("fun", [lambda x: x[1:] * 2, lambda x: x[::-1] + 1,
                                 lambda x: x[..., 0] * 2])
def test_shapeless_slice_raises_as_mlx(fun):
    # A slice's window is fixed at trace time; MLX raises rather than reuse it
    # for another shape ("Slice cannot infer output shapes"), and so do we.
    f = mx.compile(fun, shapeless=True)
    with pytest.raises(ValueError, match="Slice"):
        mx.eval(f(mx.ones((5, 3))))
    # Without shapeless the same function is recompiled per shape.
    g = mx.compile(fun)
    for shape in [(5, 3), (8, 3)]:
        x = mx.arange(shape[0] * shape[1], dtype=mx.float32).reshape(shape)
        np.testing.assert_array_equal(np.array(g(x)), np.array(fun(x)))
