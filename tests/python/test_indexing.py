import numpy as np
import pytest

import mxcore as mx

DTYPES = [mx.bool_, mx.uint8, mx.int16, mx.uint32, mx.int64, mx.float16, mx.float32,
          mx.float64, mx.bfloat16, mx.complex64]
NP = {mx.bool_: "bool", mx.uint8: "uint8", mx.int16: "int16", mx.uint32: "uint32",
      mx.int64: "int64", mx.float16: "float16", mx.float32: "float32", mx.float64: "float64",
      mx.bfloat16: "float32", mx.complex64: "complex64"}

INDICES = [0, -1, 2, slice(None), slice(1, 3), slice(None, None, -1), slice(3, 0, -2),
           slice(-2, None), slice(10, 20), slice(None, None, 3), Ellipsis, None,
           (1, 2), (slice(None), 1), (Ellipsis, 0), (None, 0, None), (0, Ellipsis, None),
           (slice(None, None, -2), slice(1, None, 2), -1), (-1, -1, -1), (),
           (slice(4, 1, -1), None, slice(None, None, -3)), (np.int64(1), slice(None))]


def to_np(a):
    if a.dtype == mx.bfloat16:
        return np.array(a.astype(mx.float32))
    return np.array(a)


def sources(dtype):
    base = (np.arange(4 * 5 * 6).reshape(4, 5, 6) % 11 - 3).astype(NP[dtype])
    # A fresh array per source: setitem in a test updates the array in place.
    yield base, mx.array(base, dtype=dtype)
    # Non-contiguous sources: transposed and negatively strided views.
    a = mx.array(base, dtype=dtype)
    yield (base.transpose(2, 1, 0)[:4, :, ::-1].transpose(2, 1, 0),
           a.transpose(2, 1, 0)[:4, :, ::-1].transpose(2, 1, 0))
    yield base[::-1], mx.array(base, dtype=dtype)[::-1]


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_matches_numpy(dtype):
    for x, a in sources(dtype):
        for idx in INDICES:
            got = a[idx]
            exp = x[idx]
            assert got.shape == exp.shape, (idx, got.shape, exp.shape)
            np.testing.assert_array_equal(to_np(got), exp, err_msg=str(idx))


def test_getitem_chained_and_scalar():
    x = np.arange(10, dtype=np.int32)
    a = mx.arange(10)
    assert a[3].item() == 3
    assert a[-2].item() == 8
    np.testing.assert_array_equal(np.array(a[2:8:2]), x[2:8:2])
    np.testing.assert_array_equal(np.array(a[::-1][1::3][::-1]), x[::-1][1::3][::-1])
    s = mx.array(5)
    assert s[None].shape == (1,)
    assert s[...].item() == 5
    assert a[mx.array(4)].item() == 4


def test_getitem_errors():
    a = mx.zeros((2, 3))
    with pytest.raises(IndexError):
        a[2]
    with pytest.raises(IndexError):
        a[0, -4]
    # Too many indices and repeated ellipses are ValueErrors in MLX.
    with pytest.raises(ValueError):
        a[0, 0, 0]
    with pytest.raises(ValueError):
        a[..., 0, ...]
    with pytest.raises(ValueError):
        mx.array(1)[0]
    # Masks inside an index tuple are not supported (a lone mask reads).
    with pytest.raises(ValueError, match="not yet supported"):
        a[mx.array([True, False]), 0]
    with pytest.raises(ValueError, match="not yet supported"):
        a[0, [True, False, True]]
    with pytest.raises(ValueError):  # "Cannot index mlx array using the given type."
        a["x"]
    with pytest.raises(ValueError):
        a[::0]


SET_CASES = [
    (0, 7), (-1, 2.5), (slice(1, 3), -1), (slice(None, None, -2), 9),
    ((slice(None), 1), [[1], [2], [3], [4]]), ((Ellipsis, 0), [[5], [6], [7], [8]]),
    ((1, slice(None, None, -1)), np.arange(5).reshape(5, 1)),
    ((slice(3, 0, -2), None, 2), np.arange(2).reshape(2, 1, 1)), (None, np.ones((1, 1, 4, 5, 1))),
    ((0, 0, 0), True), ((slice(10, 20),), 3),
]


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_matches_numpy(dtype):
    for idx, val in SET_CASES:
        for x0, a0 in sources(dtype):
            x = x0.copy()
            a = a0
            if isinstance(val, int) and val == -1 and dtype in (mx.uint8, mx.uint32):
                # MLX refuses a Python int that does not fit the array's dtype.
                with pytest.raises(ValueError, match="overflow"):
                    a[idx] = val
                continue
            x[idx] = np.asarray(val).astype(x.dtype)
            a[idx] = val if not isinstance(val, np.ndarray) else mx.array(val)
            assert a.dtype == dtype
            np.testing.assert_array_equal(to_np(a), x, err_msg=str(idx))


def test_setitem_updates_all_references_only():
    a = mx.array([1, 2, 3])
    b = a
    c = a[:]
    b[2] = 0
    assert a.tolist() == [1, 2, 0]
    assert c.tolist() == [1, 2, 3]
    f = mx.array([1.0, 2.0])
    f[0] = 3  # weak Python scalar keeps the array's dtype
    assert f.dtype == mx.float32 and f.tolist() == [3.0, 2.0]
    i = mx.array([1, 2], dtype=mx.int8)
    i[1] = 2.7
    assert i.dtype == mx.int8 and i.tolist() == [1, 2]


def test_setitem_errors():
    a = mx.zeros((2, 3))
    with pytest.raises(ValueError, match="broadcast"):
        a[0] = mx.zeros((2,))
    with pytest.raises(ValueError, match="broadcast"):
        a[:, 0] = mx.zeros((3,))
    with pytest.raises(IndexError):
        a[5] = 1
    np.testing.assert_array_equal(np.array(a), np.zeros((2, 3)))


def test_iter_and_len():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    a = mx.array(x).T
    rows = list(a)
    assert len(rows) == len(a) == 4
    for r, e in zip(rows, x.T):
        np.testing.assert_array_equal(np.array(r), e)
    assert [v.item() for v in mx.arange(3)] == [0, 1, 2]
    assert list(mx.zeros((0, 2))) == []
    with pytest.raises(TypeError):
        iter(mx.array(1))
    with pytest.raises(TypeError):
        len(mx.array(1))
