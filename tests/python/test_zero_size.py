# Zero-size and 0-d arrays where MLX defines the result: max/min/argmax of
# empty arrays, softmax of a 0-d array, pinv of empty matrices and
# categorical on empty logits.
import numpy as np
import pytest

import mxcore as mx


@pytest.mark.parametrize("op", ["max", "min"])
def test_max_min_over_an_empty_axis_raise(op):
    f = getattr(mx, op)
    with pytest.raises(ValueError, match=rf"\[{op}\] Cannot {op} reduce over axis 0 with size 0"):
        f(mx.zeros((0,)))
    with pytest.raises(ValueError, match=rf"\[{op}\] Cannot {op} reduce over axis 0 with size 0"):
        f(mx.zeros((0, 3)), axis=0)
    with pytest.raises(ValueError, match=rf"axis 1 with size 0"):
        f(mx.zeros((3, 0)), axis=-1)


@pytest.mark.parametrize("op", ["max", "min"])
def test_max_min_of_empty_array_over_nonempty_axes_are_empty(op):
    f = getattr(mx, op)
    out = f(mx.zeros((0, 3)), axis=1)
    assert out.shape == (0,) and out.dtype == mx.float32
    out = f(mx.zeros((2, 0, 3), dtype=mx.int32), axis=(0, 2), keepdims=True)
    assert out.shape == (1, 0, 1) and out.dtype == mx.int32
    np.testing.assert_array_equal(np.array(out), np.zeros((1, 0, 1)))


@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_arg_reductions_of_zero_size_arrays_raise(op):
    f = getattr(mx, op)
    for x, kw in [(mx.zeros((0,)), {}), (mx.zeros((0, 3)), {"axis": 1}), (mx.zeros((0, 3)), {"axis": 0})]:
        with pytest.raises(ValueError, match=rf"\[{op}\] Cannot {op} reduce zero size array"):
            f(x, **kw)


def test_softmax_of_0d_array():
    out = mx.softmax(mx.array(3.0))
    assert out.shape == () and out.item() == 1.0
    assert mx.softmax(mx.array(-1e30), axis=[]).item() == 1.0
    np.testing.assert_array_equal(np.array(mx.softmax(mx.ones((2,)), axis=[])), [1.0, 1.0])
    with pytest.raises(ValueError, match=r"\[softmax\] Received non-empty axes for array with 0"):
        mx.softmax(mx.array(3.0), axis=0)
    assert mx.softmax(mx.array(2), precise=True).dtype == mx.float32


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0), (2, 0, 4)])
def test_pinv_of_empty_matrices_is_the_transposed_empty_shape(shape):
    out = mx.linalg.pinv(mx.zeros(shape), stream=mx.cpu)
    expected = shape[:-2] + (shape[-1], shape[-2])
    assert out.shape == expected and out.dtype == mx.float32
    np.testing.assert_array_equal(np.array(out), np.linalg.pinv(np.zeros(shape, np.float32)))


@pytest.mark.parametrize("shape", [(0,), (0, 4), (3, 0)])
def test_categorical_on_empty_logits_raises(shape):
    with pytest.raises(ValueError, match="categorical"):
        mx.random.categorical(mx.zeros(shape), key=mx.random.key(0))
    with pytest.raises(ValueError, match="categorical"):
        mx.random.categorical(mx.zeros(shape), num_samples=2, key=mx.random.key(0))
