"""Gather, take_along_axis, scatter (none/add/prod/max/min), concatenate,
slice updates, pad and stack on the GPU against the CPU backend."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(5)
DTYPES = [mx.bool_, mx.uint8, mx.int16, mx.int32, mx.uint32, mx.int64, mx.float16, mx.bfloat16,
          mx.float32, mx.float64]


def data(shape, dtype):
    x = rng.standard_normal(shape).astype(np.float32) * 3
    if dtype == mx.bool_:
        return mx.array(x > 0)
    if dtype in (mx.uint8, mx.uint32):
        x = np.abs(x)
    return mx.array(x).astype(dtype)


def same(g, c):
    f = lambda a: np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a)
    np.testing.assert_array_equal(f(g), f(c))


def on(device, fn, *args):
    with mx.stream(device):
        return fn(*args)


@pytest.mark.parametrize("dtype", DTYPES + [mx.complex64])
def test_take_and_fancy_indexing(dtype):
    x = data((7, 9, 5), dtype) if dtype != mx.complex64 else mx.array(
        rng.standard_normal((7, 9, 5)) + 1j * rng.standard_normal((7, 9, 5))).astype(mx.complex64)
    idx = mx.array([0, 6, -1, 3, 3])
    i2 = mx.array([[1, 8], [0, -2]])
    fns = [lambda a: a[idx], lambda a: a[:, i2], lambda a: a[idx, 2:7], lambda a: a[idx, idx % 5],
           lambda a: mx.take(a, idx % 5, axis=2), lambda a: mx.take(a.T, idx, axis=1),
           lambda a: a[mx.array([1, 2]).astype(mx.uint8)], lambda a: mx.take(a, mx.array([], mx.int32), 0)]
    for fn in fns:
        same(on(mx.gpu, fn, x), on(mx.cpu, fn, x))


def test_gather_out_of_bounds_raises():
    x = mx.arange(10)
    with pytest.raises(IndexError):
        on(mx.gpu, lambda a: mx.eval(a[mx.array([3, 10])]), x)


@pytest.mark.parametrize("dtype", DTYPES)
def test_take_along_axis(dtype):
    x = data((6, 8, 11), dtype)
    for axis in (0, 1, 2):
        idx = mx.array(rng.integers(-x.shape[axis], x.shape[axis], (6, 8, 11)[:axis] + (4,)
                                    + (6, 8, 11)[axis + 1:]))
        same(mx.take_along_axis(x, idx, axis=axis, stream=mx.gpu),
             mx.take_along_axis(x, idx, axis=axis, stream=mx.cpu))
        same(mx.take_along_axis(mx.swapaxes(x, 0, 2), mx.swapaxes(idx, 0, 2), axis=2 - axis,
                                stream=mx.gpu),
             mx.take_along_axis(mx.swapaxes(x, 0, 2), mx.swapaxes(idx, 0, 2), axis=2 - axis,
                                stream=mx.cpu))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["set", "add", "multiply", "maximum", "minimum"])
def test_scatter(dtype, mode):
    x = data((9, 6), dtype)
    idx = mx.array([0, 4, 4, 8, -1] if mode != "set" else [0, 4, 6, -2])
    upd = data((idx.size, 6), dtype)
    if mode == "multiply" and dtype in (mx.float16, mx.bfloat16, mx.float32, mx.float64):
        upd = (data((idx.size, 6), mx.float32) * 0.1 + 1).astype(dtype)

    def fn(a, u):
        if mode != "set":
            return getattr(a.at[idx], mode)(u)
        b = mx.array(a)
        b[idx] = u
        return b

    g, c = on(mx.gpu, fn, x, upd), on(mx.cpu, fn, x, upd)
    if dtype in (mx.float16, mx.bfloat16, mx.float32, mx.float64) and mode in ("add", "multiply"):
        np.testing.assert_allclose(np.array(g.astype(mx.float32)), np.array(c.astype(mx.float32)),
                                   rtol=2e-2, atol=2e-2)
    else:
        same(g, c)


def test_scatter_layouts_and_put_along_axis():
    x = data((5, 7), mx.float32)
    u = data((7, 3), mx.float32).T  # transposed updates
    idx = mx.array([1, 3, 4])

    def fn(a, b):
        return a.at[idx].add(b), mx.put_along_axis(a, mx.array([[0], [2], [1], [6], [3]]),
                                                   mx.array(9.0), axis=1)
    for g, c in zip(on(mx.gpu, fn, x, u), on(mx.cpu, fn, x, u)):
        np.testing.assert_allclose(np.array(g), np.array(c), rtol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
def test_concatenate_stack_pad_slice_update(dtype):
    a, b = data((4, 5, 3), dtype), data((4, 2, 3), dtype)
    fns = [lambda: mx.concatenate([a, b], axis=1), lambda: mx.concatenate([a.T, a.T], axis=0),
           lambda: mx.stack([a, a[:, ::-1]], axis=-1), lambda: mx.concatenate([a, a[:, :0]], 1),
           lambda: mx.pad(a, [(1, 2), (0, 3), (2, 0)]), lambda: mx.pad(a, 2, mode="edge"),
           lambda: mx.pad(a, [(1, 1), (2, 2), (0, 1)], mode="reflect")]
    for fn in fns:
        same(on(mx.gpu, fn), on(mx.cpu, fn))

    def upd(x, y):
        z = mx.array(x)
        z[1:3, ::2] = y[:2, :3]
        z[..., 0] = 0
        return z
    same(on(mx.gpu, upd, a, b.T.T[:, :1].astype(dtype) + mx.zeros((4, 3, 3), dtype)),
         on(mx.cpu, upd, a, b.T.T[:, :1].astype(dtype) + mx.zeros((4, 3, 3), dtype)))
