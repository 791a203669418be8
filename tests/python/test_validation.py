# Argument checks MLX does, with its exception types and messages naming the op.
import numpy as np
import pytest

import mxcore as mx


def test_vmap_of_pad_over_a_mapped_width_raises_type_error():
    with pytest.raises(TypeError, match=r"\[pad\] pad_width"):
        mx.vmap(lambda x, w: mx.pad(x, w))(mx.ones((2, 3)), mx.array([1, 2]))
    with pytest.raises(TypeError, match=r"\[pad\]"):
        mx.pad(mx.ones((3,)), [(mx.array(1), 1)])
    # Python widths keep working.
    np.testing.assert_array_equal(np.array(mx.pad(mx.array([1, 2]), (1, 2))), [0, 1, 2, 0, 0])


def test_async_eval_inside_a_transformation_raises():
    def f(x):
        y = x * 2
        mx.async_eval(y)
        return y.sum()
    for transform in (mx.grad, mx.vmap, mx.compile):
        with pytest.raises(ValueError, match=r"\[async_eval\] Not allowed inside a graph transformation"):
            transform(f)(mx.ones((3,)))


def test_asarray_without_copy_where_one_is_needed():
    with pytest.raises(ValueError):
        mx.asarray(np.arange(3, dtype=np.float64), copy=False)


def test_integer_index_past_int32_is_a_value_error():
    # MLX's error (tests/python/test_index_int32.py has the other forms).
    a = mx.arange(10)
    with pytest.raises(ValueError, match="32-bit"):
        a[2**40]
    with pytest.raises(ValueError, match="32-bit"):
        a[-(2**40)]


def test_index_protocol_objects_as_indices_shapes_and_axes():
    class Index:
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    x = np.arange(12).reshape(3, 4)
    a = mx.array(x)
    np.testing.assert_array_equal(np.array(a[Index(1)]), x[1])
    np.testing.assert_array_equal(np.array(a[Index(0):Index(2)]), x[0:2])
    assert mx.zeros((Index(2), Index(3))).shape == (2, 3)
    np.testing.assert_array_equal(np.array(mx.sum(a, axis=Index(1))), x.sum(axis=1))
    assert a.reshape(Index(4), Index(3)).shape == (4, 3)
    np.testing.assert_array_equal(np.array(a[np.int64(2)]), x[2])


def test_searchsorted_argument_checks():
    with pytest.raises(ValueError, match=r"\[searchsorted\].*1-D"):
        mx.searchsorted(mx.ones((2, 3)), mx.array([1.0]))
    with pytest.raises(ValueError, match=r"\[searchsorted\] Invalid side"):
        mx.searchsorted(mx.array([1.0, 2.0]), mx.array([1.0]), side="middle")
    out = mx.searchsorted(mx.array([1.0, 2.0, 3.0]), mx.array([2.0, 2.5]), side="right")
    assert out.tolist() == [2, 2]


def test_vjp_with_respect_to_gather_indices_says_use_stop_gradient():
    a = mx.arange(5.0)
    with pytest.raises(ValueError, match=r"\[gather\].*stop_gradient"):
        mx.grad(lambda i: mx.take(a, i).sum())(mx.array([1, 2]))
    with pytest.raises(ValueError, match=r"\[scatter\].*stop_gradient"):
        mx.grad(lambda i: mx.zeros((5,)).at[i].add(1.0).sum())(mx.array([1, 2]))
    # An index computed from the input (argmax) carries no gradient: zeros, no error.
    x = mx.array([[1.0, 3.0, 2.0], [4.0, 0.0, 1.0]])
    g = mx.grad(lambda x: mx.take_along_axis(x, mx.argmax(x, 1, keepdims=True), 1).sum())(x)
    assert g.tolist() == [[0, 1, 0], [1, 0, 0]]


def test_vjp_with_respect_to_gather_mm_indices_says_use_stop_gradient():
    a = mx.ones((2, 3, 3))
    b = mx.ones((2, 3, 3))
    with pytest.raises(ValueError, match=r"\[GatherMM\].*stop_gradient"):
        mx.vjp(lambda i: mx.gather_mm(a, b, i, None), [mx.array([0, 1])], [mx.ones((2, 3, 3))])


def test_attention_sinks_shape():
    q = mx.ones((1, 2, 3, 4))
    with pytest.raises(ValueError, match="scaled_dot_product_attention"):
        mx.fast.scaled_dot_product_attention(q, q, q, scale=1.0, sinks=mx.ones((3,)))
    out = mx.fast.scaled_dot_product_attention(q, q, q, scale=1.0, sinks=mx.zeros((2,)))
    assert out.shape == (1, 2, 3, 4)


def test_bernoulli_probability_shape_must_broadcast():
    p = mx.array([0.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="broadcast"):
        mx.random.bernoulli(p, shape=(2,))
    draws = mx.random.bernoulli(p, shape=(2, 3))
    assert draws.tolist() == [[False, True, True], [False, True, True]]
