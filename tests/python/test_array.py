import numpy as np
import pytest

import mxcore as mx

NP = {mx.bool_: "bool", mx.uint8: "uint8", mx.uint16: "uint16", mx.uint32: "uint32",
      mx.uint64: "uint64", mx.int8: "int8", mx.int16: "int16", mx.int32: "int32",
      mx.int64: "int64", mx.float16: "float16", mx.float32: "float32", mx.float64: "float64",
      mx.complex64: "complex64"}


def test_python_value_dtypes():
    assert mx.array(1).dtype == mx.int32
    assert mx.array(1.5).dtype == mx.float32
    assert mx.array(True).dtype == mx.bool_
    assert mx.array(1 + 2j).dtype == mx.complex64
    assert mx.array([1, 2]).dtype == mx.int32
    assert mx.array([1, 2.0]).dtype == mx.float32
    assert mx.array([[True], [False]]).dtype == mx.bool_
    assert mx.array((1, 2j)).dtype == mx.complex64
    assert mx.array([]).dtype == mx.float32
    assert mx.array([2**40]).dtype == mx.int64


def test_numpy_dtypes():
    for name in ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
                 "int64", "float16", "float32", "complex64"]:
        x = np.arange(6).reshape(2, 3).astype(name)
        a = mx.array(x)
        assert a.dtype == getattr(mx, name if name != "bool" else "bool_")
        np.testing.assert_array_equal(np.array(a), x)
    # NumPy float64 becomes float32 unless asked for, as in MLX.
    assert mx.array(np.array([1.5])).dtype == mx.float32
    assert mx.array(np.array([1.5]), dtype=mx.float64).dtype == mx.float64
    # Non-contiguous NumPy input.
    x = np.arange(24, dtype=np.int16).reshape(4, 6)[::-2, 1::2]
    np.testing.assert_array_equal(np.array(mx.array(x)), x)


def test_construction_with_dtype_and_from_arrays():
    assert mx.array([2**40], dtype=mx.int64).item() == 2**40
    assert mx.array([1.7, -2.2], dtype=mx.int32).tolist() == [1, -2]
    assert mx.array(3, dtype=mx.float16).dtype == mx.float16
    assert mx.array(2**63 + 5, dtype=mx.uint64).item() == 2**63 + 5
    a = mx.array([1, 2, 3])
    b = mx.array(a, dtype=mx.float32)
    assert b.dtype == mx.float32 and b.tolist() == [1.0, 2.0, 3.0]
    s = mx.array([a, a * 2])
    assert s.shape == (2, 3) and s.tolist() == [[1, 2, 3], [2, 4, 6]]
    with pytest.raises(ValueError):
        mx.array([[1, 2], [3]])
    with pytest.raises(ValueError):  # MLX: "Invalid type str received in array initialization."
        mx.array("abc")


def test_buffers_both_ways():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    a = mx.array(memoryview(x))
    assert a.dtype == mx.float32 and a.tolist() == x.tolist()
    m = memoryview(mx.array(x).T)
    assert m.shape == (3, 2) and m.format == "f"
    np.testing.assert_array_equal(np.asarray(m), x.T)
    # bfloat16 has no PEP 3118 code; MLX exports it with the format "bfloat16".
    bm = memoryview(mx.array([1.0, 2.0], dtype=mx.bfloat16))
    assert bm.format == "bfloat16" and bm.itemsize == 2 and bm.shape == (2,)
    for dt, name in NP.items():
        src = mx.arange(4, dtype=dt) if dt != mx.bool_ else mx.array([True, False])
        np.testing.assert_array_equal(np.array(src), np.array(src.tolist(), dtype=name))
        assert np.array(src).dtype == np.dtype(name)


@pytest.mark.parametrize("dtype", list(NP) + [mx.bfloat16])
def test_tolist_and_item(dtype):
    vals = [[0, 1, 2], [3, 4, 5]] if dtype != mx.bool_ else [[True, False, True]] * 2
    a = mx.array(vals, dtype=dtype)
    lst = a.T.tolist()
    expected = np.array(vals).astype(NP.get(dtype, "float32")).T.tolist()
    assert lst == expected
    kinds = {mx.bool_: bool, mx.float16: float, mx.float32: float, mx.float64: float,
             mx.bfloat16: float, mx.complex64: complex}
    assert type(lst[0][0]) is kinds.get(dtype, int)
    assert type(a[1, 2].item()) is kinds.get(dtype, int)
    with pytest.raises(ValueError):
        a.item()


def test_properties():
    a = mx.zeros((2, 3, 4), dtype=mx.int16)
    assert a.shape == (2, 3, 4)
    assert a.ndim == 3 and a.size == 24
    assert a.dtype == mx.int16 and a.itemsize == 2 and a.nbytes == 48
    assert a.T.shape == (4, 3, 2)
    assert len(a) == 2
    assert mx.array(5).shape == ()


def test_repr_like_mlx():
    assert repr(mx.array([1, 2])) == "array([1, 2], dtype=int32)"
    assert repr(mx.array([1, 2.5])) == "array([1, 2.5], dtype=float32)"
    assert repr(mx.array(3)) == "array(3, dtype=int32)"
    assert repr(mx.array([True, False])) == "array([True, False], dtype=bool)"
    assert repr(mx.array([1 / 3])) == "array([0.333333], dtype=float32)"
    assert repr(mx.array([[1, 2], [3, 4]])) == "array([[1, 2],\n       [3, 4]], dtype=int32)"
    assert repr(mx.arange(10)) == "array([0, 1, 2, ..., 7, 8, 9], dtype=int32)"
    assert repr(mx.array([1 + 2j])) == "array([1+2j], dtype=complex64)"
    assert repr(mx.array([1.5], dtype=mx.float16)) == "array([1.5], dtype=float16)"


def test_astype_copy_and_methods():
    a = mx.array([[1.5, -2.5]])
    assert a.astype(mx.int32).tolist() == [[1, -2]]
    import copy
    c = copy.copy(a)
    c[0, 0] = 9
    assert a.tolist() == [[1.5, -2.5]]
    assert c.tolist() == [[9.0, -2.5]]
    assert a.reshape(2).tolist() == [1.5, -2.5]
    assert a.squeeze().shape == (2,)
    assert a.flatten().shape == (2,)
    assert [p.tolist() for p in a.split(2, axis=1)] == [[[1.5]], [[-2.5]]]
