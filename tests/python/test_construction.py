# Building arrays from mixed lists, buffer-protocol objects, and the errors
# for values an array cannot hold.
import array as pyarray

import numpy as np
import pytest

import mxcore as mx


def test_lists_mixing_python_numpy_and_mxcore_scalars():
    out = mx.array([1, np.float32(2), mx.array(3), np.int64(4)])
    assert out.dtype == mx.float32 and out.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert mx.array([True, 2]).dtype == mx.int32
    assert mx.array([1, 2.0]).dtype == mx.float32
    assert mx.array([mx.array(1.0, dtype=mx.float16), 2]).dtype == mx.float16


def test_lists_mixing_arrays_and_lists():
    out = mx.array([mx.array([1, 2]), np.array([3, 4], dtype=np.int32), [5, 6]])
    assert out.shape == (3, 2)
    assert out.tolist() == [[1, 2], [3, 4], [5, 6]]


@pytest.mark.parametrize("value,kind", [(np.array(["a", "b"]), "str"),
                                        (np.array([b"a", b"b"]), "bytes"),
                                        (["a"], "str")])
def test_string_values_raise_value_error(value, kind):
    with pytest.raises(ValueError, match=f"Invalid type {kind}"):
        mx.array(value)


def test_a_python_string_raises_value_error():
    with pytest.raises(ValueError, match="Invalid type str"):
        mx.array("abc")


@pytest.mark.parametrize("shape", [(2**31, 2), (2**33,)])
def test_shape_dims_past_int_range(shape):
    with pytest.raises(OverflowError, match="outside the supported range"):
        mx.zeros(shape)
    with pytest.raises(OverflowError):
        mx.arange(4).reshape(2**40, -1)


def test_buffer_protocol_objects():
    m = mx.array(memoryview(np.arange(3, dtype=np.float32)))
    assert m.dtype == mx.float32 and m.tolist() == [0.0, 1.0, 2.0]
    b = mx.array(bytearray(b"\x01\x02\xff"))
    assert b.dtype == mx.uint8 and b.tolist() == [1, 2, 255]
    b = mx.array(b"\x01\x02")
    assert b.dtype == mx.uint8 and b.tolist() == [1, 2]
    i = mx.array(pyarray.array("i", [1, -2, 3]))
    assert i.dtype == mx.int32 and i.tolist() == [1, -2, 3]
    d = mx.array(pyarray.array("d", [1.5, 2.0]))
    assert d.dtype == mx.float32 and d.tolist() == [1.5, 2.0]
