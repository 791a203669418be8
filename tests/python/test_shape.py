import numpy as np
import pytest

import mxcore as mx

DTYPES = [mx.bool_, mx.uint8, mx.uint16, mx.uint32, mx.uint64, mx.int8, mx.int16, mx.int32,
          mx.int64, mx.float16, mx.float32, mx.float64, mx.bfloat16, mx.complex64]
NP = {mx.bool_: "bool", mx.uint8: "uint8", mx.uint16: "uint16", mx.uint32: "uint32",
      mx.uint64: "uint64", mx.int8: "int8", mx.int16: "int16", mx.int32: "int32",
      mx.int64: "int64", mx.float16: "float16", mx.float32: "float32", mx.float64: "float64",
      mx.bfloat16: "float32", mx.complex64: "complex64"}


def to_np(a):
    if a.dtype == mx.bfloat16:
        return np.array(a.astype(mx.float32))
    return np.array(a)


def sample(shape, dtype):
    """A NumPy array and the equal mx array of the given dtype."""
    x = (np.arange(int(np.prod(shape))).reshape(shape) % 7 - 2).astype(NP[dtype])
    if dtype == mx.complex64:
        x = x + 1j * x[::-1].reshape(shape) if x.size else x
        x = x.astype(np.complex64)
    return x, mx.array(x, dtype=dtype)


def layouts(shape, dtype):
    """(numpy, mx) pairs of equal values: contiguous, transposed, sliced with
    negative steps, and broadcast."""
    x, a = sample(shape, dtype)
    yield x, a
    xt, at = sample(shape[::-1], dtype)
    yield xt.T, at.T
    big_x, big_a = sample(tuple(2 * d for d in shape), dtype)
    sl = tuple(slice(None, None, -2) for _ in shape)
    yield big_x[sl], big_a[sl]
    row_x, row_a = sample(shape[-1:], dtype)
    yield np.broadcast_to(row_x, shape), mx.broadcast_to(row_a, shape)


def check(got, expected):
    assert got.shape == expected.shape, (got.shape, expected.shape)
    np.testing.assert_array_equal(to_np(got), expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_reshape_every_layout(dtype):
    for x, a in layouts((3, 4), dtype):
        check(mx.reshape(a, (4, 3)), x.reshape(4, 3))
        check(a.reshape(2, 6), x.reshape(2, 6))
        check(a.reshape((12,)), x.reshape(12))
        check(a.reshape(-1, 2), x.reshape(-1, 2))
        check(a.reshape([2, 1, 2, 3]), x.reshape(2, 1, 2, 3))
        check(mx.reshape(a, 12), x.reshape(12))


def test_reshape_errors():
    a = mx.zeros((2, 3))
    with pytest.raises(ValueError, match="reshape"):
        a.reshape(4, 2)
    with pytest.raises(ValueError, match="reshape"):
        a.reshape(-1, -1)
    with pytest.raises(ValueError, match="reshape"):
        a.reshape(-1, 4)
    with pytest.raises(ValueError, match="reshape"):
        a.reshape(-2, 3)


@pytest.mark.parametrize("dtype", [mx.int32, mx.float16, mx.complex64])
def test_flatten_unflatten(dtype):
    for x, a in layouts((2, 3, 4), dtype):
        d0, d1, d2 = x.shape
        check(mx.flatten(a), x.reshape(-1))
        check(a.flatten(1), x.reshape(d0, -1))
        check(a.flatten(0, 1), x.reshape(-1, d2))
        check(mx.flatten(a, start_axis=-2, end_axis=-1), x.reshape(d0, -1))
        check(mx.unflatten(a, 1, (d1, 1)), x.reshape(d0, d1, 1, d2))
        check(mx.unflatten(a, -1, (2, -1)), x.reshape(d0, d1, 2, d2 // 2))
    check(mx.flatten(mx.array(3)), np.array([3], dtype=np.int32))
    with pytest.raises(ValueError, match="flatten"):
        mx.flatten(mx.zeros((2, 3)), 1, 0)
    with pytest.raises(ValueError, match="flatten"):
        mx.flatten(mx.zeros((2, 3)), 3)
    with pytest.raises(ValueError, match="unflatten"):
        mx.unflatten(mx.zeros((2, 6)), 1, (4, 2))
    with pytest.raises(ValueError, match="unflatten"):
        mx.unflatten(mx.zeros((2, 6)), 1, ())


def test_squeeze_expand_dims():
    x, a = sample((1, 3, 1, 2), mx.float32)
    check(mx.squeeze(a), x.squeeze())
    check(a.squeeze(0), x.squeeze(0))
    check(a.squeeze((0, -2)), x.squeeze((0, 2)))
    check(mx.squeeze(a, axis=[2]), x.squeeze(2))
    check(mx.expand_dims(a, 0), np.expand_dims(x, 0))
    check(mx.expand_dims(a, (0, -1)), np.expand_dims(x, (0, -1)))
    check(mx.expand_dims(a, [1, 3]), np.expand_dims(x, [1, 3]))
    with pytest.raises(ValueError, match="squeeze"):
        a.squeeze(1)
    with pytest.raises(IndexError, match="squeeze"):
        a.squeeze(4)
    with pytest.raises(IndexError, match="expand_dims"):
        mx.expand_dims(a, 6)
    with pytest.raises(ValueError, match="expand_dims"):
        mx.expand_dims(a, (0, 0))


@pytest.mark.parametrize("dtype", DTYPES)
def test_transpose_swap_move(dtype):
    for x, a in layouts((2, 3, 4), dtype):
        check(a.T, x.T)
        check(mx.transpose(a), x.transpose())
        check(mx.transpose(a, (1, 0, 2)), x.transpose(1, 0, 2))
        check(a.transpose(2, 0, 1), x.transpose(2, 0, 1))
        check(a.transpose((-1, 0, 1)), x.transpose(2, 0, 1))
        check(mx.swapaxes(a, 0, 2), np.swapaxes(x, 0, 2))
        check(a.swapaxes(-1, 1), np.swapaxes(x, -1, 1))
        check(mx.moveaxis(a, 0, -1), np.moveaxis(x, 0, -1))
        check(a.moveaxis(2, 0), np.moveaxis(x, 2, 0))


def test_transpose_errors():
    a = mx.zeros((2, 3))
    with pytest.raises(ValueError, match="transpose"):
        a.transpose(0)
    with pytest.raises(ValueError, match="transpose"):
        a.transpose(0, 0)
    with pytest.raises(IndexError, match="transpose"):
        a.transpose(0, 2)
    with pytest.raises(IndexError, match="swapaxes"):
        mx.swapaxes(a, 0, 2)
    with pytest.raises(IndexError, match="moveaxis"):
        mx.moveaxis(a, -3, 0)


def test_broadcast_to_and_arrays():
    x, a = sample((3, 1), mx.int16)
    check(mx.broadcast_to(a, (2, 3, 4)), np.broadcast_to(x, (2, 3, 4)))
    check(mx.broadcast_to(mx.array(2.5), [2, 2]), np.full((2, 2), 2.5, np.float32))
    y, b = sample((4,), mx.int16)
    ra, rb = mx.broadcast_arrays(a, b)
    ex, ey = np.broadcast_arrays(x, y)
    check(ra, ex)
    check(rb, ey)
    with pytest.raises(ValueError, match="broadcast"):
        mx.broadcast_to(a, (3, 2, 2))
    with pytest.raises(ValueError, match="broadcast"):
        mx.broadcast_to(a, (4,))
    with pytest.raises(ValueError, match="broadcast"):
        mx.broadcast_arrays(a, mx.zeros((2, 3)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_concatenate_layouts(dtype):
    parts = list(layouts((2, 3), dtype))
    xs = [p[0] for p in parts]
    as_ = [p[1] for p in parts]
    check(mx.concatenate(as_), np.concatenate(xs))
    check(mx.concatenate(as_, axis=1), np.concatenate(xs, axis=1))
    check(mx.concatenate(as_, axis=-1), np.concatenate(xs, axis=-1))
    check(mx.concatenate(as_, axis=None), np.concatenate(xs, axis=None))
    check(mx.concat(as_[:2], axis=0), np.concatenate(xs[:2]))


def test_concatenate_promotes_and_errors():
    a = mx.array([1, 2], dtype=mx.int8)
    b = mx.array([0.5], dtype=mx.float16)
    out = mx.concatenate([a, b])
    assert out.dtype == mx.float16
    check(out, np.array([1, 2, 0.5], np.float16))
    check(mx.concatenate([mx.zeros((0, 2)), mx.ones((1, 2))]), np.ones((1, 2), np.float32))
    with pytest.raises(ValueError, match="concatenate"):
        mx.concatenate([mx.zeros((2, 3)), mx.zeros((3, 3))], axis=1)
    with pytest.raises(ValueError, match="concatenate"):
        mx.concatenate([mx.zeros((2, 3)), mx.zeros((3,))])
    with pytest.raises(ValueError, match="concatenate"):
        mx.concatenate([])
    with pytest.raises(IndexError, match="concatenate"):
        mx.concatenate([mx.zeros((2,))], axis=1)


@pytest.mark.parametrize("dtype", [mx.bool_, mx.int64, mx.bfloat16, mx.complex64])
def test_stack(dtype):
    parts = list(layouts((2, 3), dtype))
    xs = [p[0] for p in parts]
    as_ = [p[1] for p in parts]
    for axis in [0, 1, 2, -1]:
        check(mx.stack(as_, axis=axis), np.stack(xs, axis=axis))
    with pytest.raises(ValueError, match="stack"):
        mx.stack([mx.zeros((2,)), mx.zeros((3,))])
    with pytest.raises(ValueError, match="stack"):
        mx.stack([])
    with pytest.raises(IndexError, match="stack"):
        mx.stack(as_, axis=3)


@pytest.mark.parametrize("dtype", [mx.uint8, mx.float32, mx.complex64])
def test_split(dtype):
    for x, a in layouts((6, 4), dtype):
        for got, exp in zip(mx.split(a, 3), np.split(x, 3)):
            check(got, exp)
        for got, exp in zip(a.split(2, axis=1), np.split(x, 2, axis=1)):
            check(got, exp)
        for idx in ([1, 4], [2], [-2], [4, 1], [0, 6, 9]):
            got = mx.split(a, idx)
            exp = np.split(x, idx)
            assert len(got) == len(exp)
            for g, e in zip(got, exp):
                check(g, e)
    with pytest.raises(ValueError, match="split"):
        mx.split(mx.zeros((5,)), 2)
    with pytest.raises(IndexError, match="split"):
        mx.split(mx.zeros((5,)), 1, axis=1)


def test_as_strided():
    x = np.arange(12, dtype=np.int32)
    a = mx.array(x)
    got = mx.as_strided(a, (3, 3), (2, 1), 1)
    exp = np.lib.stride_tricks.as_strided(x[1:], (3, 3), (8, 4))
    check(got, exp)
    # Non-contiguous input: strides refer to its row-major layout.
    t = mx.array(x.reshape(3, 4)).T
    check(mx.as_strided(t, (2, 3), (1, 2)), np.lib.stride_tricks.as_strided(
        np.ascontiguousarray(x.reshape(3, 4).T), (2, 3), (4, 8)))
    check(mx.as_strided(a, (12,)), x)
    with pytest.raises(ValueError, match="as_strided"):
        mx.as_strided(a, (3, 3), (4, 1), 5)
    with pytest.raises(ValueError, match="as_strided"):
        mx.as_strided(a, (3,), (1, 1))


def test_atleast():
    s = mx.array(1.0)
    v = mx.array([1, 2])
    m = mx.zeros((2, 3))
    assert mx.atleast_1d(s).shape == (1,)
    assert mx.atleast_1d(v).shape == (2,)
    assert mx.atleast_2d(s).shape == (1, 1)
    assert mx.atleast_2d(v).shape == (1, 2)
    assert mx.atleast_3d(s).shape == (1, 1, 1)
    assert mx.atleast_3d(v).shape == (1, 2, 1)
    assert mx.atleast_3d(m).shape == (2, 3, 1)
    outs = mx.atleast_2d(s, v, m)
    assert [o.shape for o in outs] == [np.atleast_2d(np.zeros(o)).shape
                                       for o in [(), (2,), (2, 3)]]
    check(mx.atleast_3d(v), np.atleast_3d(np.array([1, 2], np.int32)))


def test_view_ops_keep_values_after_source_dropped():
    a = mx.arange(24).reshape(4, 6)
    v = a[1:, ::2].T.reshape(-1)
    expected = np.arange(24).reshape(4, 6)[1:, ::2].T.reshape(-1)
    del a
    check(v, expected.astype(np.int32))
