"""Eager arg-reductions, scans and sorts on the GPU against the CPU backend:
every dtype, axes, layouts (transposed, sliced, broadcast), tails, empty."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(3)
DTYPES = [mx.bool_, mx.uint8, mx.int8, mx.int16, mx.uint32, mx.int32, mx.int64,
          mx.float16, mx.bfloat16, mx.float32, mx.float64]


def data(shape, dtype):
    x = rng.standard_normal(shape).astype(np.float32) * 4
    if dtype == mx.bool_:
        return mx.array(x > 0)
    if dtype in (mx.uint8, mx.uint32):
        x = np.abs(x)
    return mx.array(x).astype(dtype)


def layouts(x):
    yield "dense", x
    yield "transposed", mx.swapaxes(x, 0, -1)
    yield "sliced", x[..., ::2]


def same(g, c, dtype=None):
    g, c = np.array(g.astype(mx.float32) if g.dtype == mx.bfloat16 else g), \
        np.array(c.astype(mx.float32) if c.dtype == mx.bfloat16 else c)
    if dtype in (mx.float16, mx.bfloat16, mx.float32, mx.float64) and g.dtype.kind == "f":
        tol = 3e-2 if dtype in (mx.float16, mx.bfloat16) else 1e-4
        np.testing.assert_allclose(g.astype(np.float64), c.astype(np.float64), rtol=tol, atol=tol,
                                   equal_nan=True)
    else:
        np.testing.assert_array_equal(g, c)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_argmax_argmin(dtype, axis):
    x = data((5, 33, 300), dtype)
    for name, v in layouts(x):
        for f in (mx.argmax, mx.argmin):
            same(f(v, axis=axis, stream=mx.gpu), f(v, axis=axis, stream=mx.cpu))
            same(f(v, axis=axis, keepdims=True, stream=mx.gpu),
                 f(v, axis=axis, keepdims=True, stream=mx.cpu))


def test_argmax_ties_nan_and_flat():
    x = mx.array([[1.0, 3.0, 3.0, float("nan"), 2.0, float("nan")], [0.0] * 6])
    for f in (mx.argmax, mx.argmin):
        same(f(x, axis=1, stream=mx.gpu), f(x, axis=1, stream=mx.cpu))
    big = data((100000,), mx.float32)
    assert mx.argmax(big, stream=mx.gpu).item() == int(np.argmax(np.array(big)))


SCANS = ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", SCANS)
def test_scans(dtype, op):
    if op == "logcumsumexp" and dtype not in (mx.float16, mx.bfloat16, mx.float32, mx.float64):
        return
    x = data((4, 37, 70), dtype)
    if op == "cumprod" and dtype not in (mx.bool_,):
        x = (data((4, 37, 70), mx.float32) * 0.01 + 1.0).astype(dtype) if dtype in (
            mx.float16, mx.bfloat16, mx.float32, mx.float64) else mx.ones((4, 37, 70), dtype)
    f = getattr(mx, op)
    for name, v in layouts(x):
        for axis in (0, 1, 2):
            for reverse in (False, True):
                for inclusive in (True, False):
                    same(f(v, axis=axis, reverse=reverse, inclusive=inclusive, stream=mx.gpu),
                         f(v, axis=axis, reverse=reverse, inclusive=inclusive, stream=mx.cpu), dtype)


def test_scan_long_and_empty():
    x = data((3, 5000), mx.int32)
    same(mx.cumsum(x, axis=1, stream=mx.gpu), mx.cumsum(x, axis=1, stream=mx.cpu))
    e = mx.zeros((0, 4))
    assert mx.cumsum(e, axis=1, stream=mx.gpu).shape == (0, 4)
    b = mx.broadcast_to(mx.array([1.0, 2.0, 3.0]), (4, 3))
    same(mx.cumsum(b, axis=0, stream=mx.gpu), mx.cumsum(b, axis=0, stream=mx.cpu), mx.float32)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 7, 64, 1000, 4096, 5000, 20000])
def test_sort_argsort(dtype, n):
    x = data((3, n), dtype)
    for name, v in (("dense", x), ("transposed", x.T)):
        axis = 1 if name == "dense" else 0
        same(mx.sort(v, axis=axis, stream=mx.gpu), mx.sort(v, axis=axis, stream=mx.cpu))
        same(mx.argsort(v, axis=axis, stream=mx.gpu), mx.argsort(v, axis=axis, stream=mx.cpu))


def test_sort_nan_ties_and_partition():
    x = mx.array([3.0, float("nan"), 1.0, 3.0, -2.0, float("nan"), 1.0])
    same(mx.sort(x, stream=mx.gpu), mx.sort(x, stream=mx.cpu), mx.float32)
    same(mx.argsort(x, stream=mx.gpu), mx.argsort(x, stream=mx.cpu))
    y = data((6, 333), mx.float32)
    for kth in (0, 100, 332):
        p = np.array(mx.partition(y, kth, axis=1, stream=mx.gpu))
        s = np.sort(np.array(y), axis=1)
        np.testing.assert_array_equal(p[:, kth], s[:, kth])
        assert (p[:, :kth] <= p[:, kth:kth + 1]).all() and (p[:, kth:] >= p[:, kth:kth + 1]).all()
        i = np.array(mx.argpartition(y, kth, axis=1, stream=mx.gpu))
        np.testing.assert_array_equal(np.take_along_axis(np.array(y), i, 1)[:, kth], s[:, kth])
    big = data((70000,), mx.float32)
    same(mx.sort(big, stream=mx.gpu), np.sort(np.array(big)))
    assert mx.sort(mx.zeros((0, 3)), axis=0, stream=mx.gpu).shape == (0, 3)
