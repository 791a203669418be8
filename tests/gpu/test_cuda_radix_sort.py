"""The block radix sort (lines of 257..4096 keys of 32 bits or fewer) against
the CPU backend: stable ties, NaN last in their original order, -0.0 equal
to +0.0 (kept in input order, bits kept), every dtype it takes, partitions."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(23)
RADIX_DTYPES = [mx.bool_, mx.uint8, mx.int8, mx.uint16, mx.int16, mx.uint32, mx.int32,
                mx.float16, mx.bfloat16, mx.float32]


def as_np(a):
    return np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a)


def data(shape, dtype):
    x = rng.integers(-40, 40, shape).astype(np.float32)  # many ties
    if dtype == mx.bool_:
        return mx.array(x > 0)
    if dtype in (mx.uint8, mx.uint16, mx.uint32):
        x = np.abs(x) * (1000 if dtype == mx.uint32 else 1)
    if dtype in (mx.float16, mx.bfloat16, mx.float32):
        x = x * 0.37
        flat = x.reshape(-1)
        flat[::29] = np.nan
        flat[3::31] = -0.0
        flat[7::37] = 0.0
        flat[11::41] = np.inf
        flat[13::43] = -np.inf
    return mx.array(x).astype(dtype)


@pytest.mark.parametrize("dtype", RADIX_DTYPES)
@pytest.mark.parametrize("n", [257, 1000, 2049, 4096])
def test_radix_sort_matches_cpu(dtype, n):
    x = data((5, n), dtype)
    for v, axis in ((x, 1), (x.T, 0)):
        g, c = mx.sort(v, axis=axis, stream=mx.gpu), mx.sort(v, axis=axis, stream=mx.cpu)
        np.testing.assert_array_equal(as_np(g), as_np(c))
        # Signs of zeros kept: the values are the input's bits, in stable order.
        if dtype in (mx.float16, mx.bfloat16, mx.float32):
            np.testing.assert_array_equal(np.signbit(as_np(g)), np.signbit(as_np(c)))
        np.testing.assert_array_equal(np.array(mx.argsort(v, axis=axis, stream=mx.gpu)),
                                      np.array(mx.argsort(v, axis=axis, stream=mx.cpu)))


def test_radix_sort_extremes_and_partition():
    x = mx.array(np.array([[np.iinfo(np.int32).min, np.iinfo(np.int32).max, 0, -1, 1] * 100],
                          np.int32))
    np.testing.assert_array_equal(np.array(mx.argsort(x, axis=1, stream=mx.gpu)),
                                  np.array(mx.argsort(x, axis=1, stream=mx.cpu)))
    u = mx.array(np.array([[0, 2**32 - 1, 2**31, 7] * 111], np.uint32))
    np.testing.assert_array_equal(np.array(mx.sort(u, axis=1, stream=mx.gpu)),
                                  np.array(mx.sort(u, axis=1, stream=mx.cpu)))
    y = data((64, 3000), mx.float32)
    for kth in (0, 1500, 2999):
        p = as_np(mx.partition(y, kth, axis=1, stream=mx.gpu))
        s = as_np(mx.sort(y, axis=1, stream=mx.cpu))
        np.testing.assert_array_equal(p[:, kth], s[:, kth])
