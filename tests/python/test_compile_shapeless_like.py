"""Shapeless compile of zeros_like / ones_like / full_like: the result follows
the input's shape on every call, as eager does."""
import numpy as np
import pytest

import mxcore as mx


@pytest.mark.parametrize("op, fill", [(mx.zeros_like, 0.0), (mx.ones_like, 1.0)])
def test_like_ops_follow_the_input_shape(op, fill):
    f = mx.compile(lambda x: op(x) + 2 * x, shapeless=True)
    for shape in [(2, 3), (4, 5), (1, 7)]:
        x_np = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        out = f(mx.array(x_np))
        assert out.shape == shape
        np.testing.assert_array_equal(np.array(out), fill + 2 * x_np)


def test_like_ops_keep_dtype_and_take_one():
    x = mx.array([[1, 2], [3, 4]], dtype=mx.int16)
    assert mx.zeros_like(x).dtype == mx.int16
    assert mx.ones_like(x, dtype=mx.float16).dtype == mx.float16
    np.testing.assert_array_equal(np.array(mx.ones_like(x)), np.ones((2, 2), np.int16))
    b = mx.array([True, False])
    np.testing.assert_array_equal(np.array(mx.zeros_like(b)), [False, False])


def test_full_like_follows_the_input_shape():
    f = mx.compile(lambda x: mx.full_like(x, 3.5) * x, shapeless=True)
    for shape in [(3,), (6,)]:
        x_np = np.linspace(0, 1, shape[0], dtype=np.float32)
        np.testing.assert_allclose(np.array(f(mx.array(x_np))), 3.5 * x_np)
