"""Integer indices past the int32 range: Python ints, NumPy scalars, 0-d arrays
and slice bounds raise MLX's ValueError ("Slice indices must be 32-bit
integers."); index arrays holding such values are out of bounds for every
array whose dims fit in int32, an IndexError at evaluation (MLX does not check
them). Values in range stay exact."""

import numpy as np
import pytest

import mxcore as mx

BIG = 2**31
MESSAGE = "Slice indices must be 32-bit integers."


@pytest.mark.parametrize("index", [BIG, -BIG - 1, 2**70, -(2**70), np.int64(BIG),
                                   np.array(BIG), (0, BIG), (slice(None), BIG)])
def test_scalar_index_past_int32_is_mlx_value_error(index):
    a = mx.zeros((10, 10))
    with pytest.raises(ValueError, match=MESSAGE):
        a[index]


def test_zero_d_array_index_past_int32():
    a = mx.arange(10)
    with pytest.raises(ValueError, match=MESSAGE):
        a[mx.array(BIG)]
    with pytest.raises(ValueError, match=MESSAGE):
        a[mx.array(2**64 - 1, dtype=mx.uint64)]


@pytest.mark.parametrize("index", [slice(BIG, BIG + 2), slice(0, BIG), slice(None, None, BIG),
                                   slice(-BIG - 1, None), slice(None, 2**80)])
def test_slice_bound_past_int32_is_mlx_value_error(index):
    a = mx.arange(10)
    with pytest.raises(ValueError, match=MESSAGE):
        a[index]


def test_updates_with_index_past_int32():
    a = mx.arange(10)
    with pytest.raises(ValueError, match=MESSAGE):
        a.at[BIG].add(1)
    with pytest.raises(ValueError, match=MESSAGE):
        a.at[0:BIG].add(1)
    with pytest.raises(ValueError, match=MESSAGE):
        a[BIG] = 1
    with pytest.raises(ValueError, match=MESSAGE):
        a[:BIG] = 1
    np.testing.assert_array_equal(np.array(a), np.arange(10))


def test_take_scalar_past_int32_names_the_op():
    with pytest.raises(ValueError, match=r"\[take\]"):
        mx.take(mx.arange(10), BIG)
    with pytest.raises(ValueError, match=r"\[take\]"):
        mx.take(mx.zeros((3, 3)), -BIG - 1, axis=0)


@pytest.mark.parametrize("build", [
    lambda a, i: a[i],
    lambda a, i: mx.take(a, i),
    lambda a, i: mx.take(a, i, axis=0),
    lambda a, i: mx.take_along_axis(a, i, axis=0),
    lambda a, i: mx.put_along_axis(a, i, mx.array([1]), axis=0),
    lambda a, i: a.at[i].add(1),
    lambda a, i: a.at[i].multiply(2),
])
@pytest.mark.parametrize("dtype", [mx.int64, mx.uint32, mx.uint64])
def test_index_array_past_int32_is_out_of_bounds(build, dtype):
    a = mx.arange(10)
    with pytest.raises(IndexError, match="out of bounds"):
        mx.eval(build(a, mx.array([0, BIG], dtype=dtype)))
    # The library stays usable.
    assert (a + 1).tolist() == list(range(1, 11))


def test_in_range_indices_stay_exact():
    a = mx.arange(100).reshape(10, 10)
    ref = np.arange(100).reshape(10, 10)
    top = 2**31 - 1
    assert a[np.int64(3), -1].item() == ref[3, -1]
    assert a[mx.array(7, dtype=mx.int64)].tolist() == ref[7].tolist()
    np.testing.assert_array_equal(np.array(a[:top, -top:]), ref)
    np.testing.assert_array_equal(np.array(a[-(2**31):top:3]), ref[::3])
    np.testing.assert_array_equal(np.array(a[::top]), ref[:1])
    idx = mx.array([9, 0, 4], dtype=mx.int64)
    np.testing.assert_array_equal(np.array(a[idx]), ref[[9, 0, 4]])
    np.testing.assert_array_equal(np.array(mx.take(a, idx, axis=1)), ref[:, [9, 0, 4]])
    along = mx.array([[9], [0]], dtype=mx.uint64)
    np.testing.assert_array_equal(np.array(mx.take_along_axis(a[:2], along, axis=1)),
                                  np.take_along_axis(ref[:2], np.array([[9], [0]]), axis=1))
    out = mx.put_along_axis(a[:2], along, mx.array(-1), axis=1)
    expected = ref[:2].copy()
    np.put_along_axis(expected, np.array([[9], [0]]), -1, axis=1)
    np.testing.assert_array_equal(np.array(out), expected)
    np.testing.assert_array_equal(np.array(a.at[np.int64(2)].add(1000)[2]), ref[2] + 1000)
    assert mx.take(mx.arange(5), np.int64(-1)).item() == 4
