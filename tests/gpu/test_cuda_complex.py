"""complex64 in the GPU's arg-reductions, scans, sorts and scatters, against
the CPU backend: the ops whose CPU kernels take complex64 (argmax/argmin,
cumsum/cumprod/cummax/cummin/logcumsumexp, sort/argsort/partition, scatter
and scatter add/multiply); scatter max/min raise as on the CPU."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(11)


def cdata(shape, scale=1.0, shift=0.0):
    # Built on the host: the GPU has no complex64 elementwise kernels.
    z = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) * scale + shift
    return mx.array(z.astype(np.complex64))


def close(g, c, tol=1e-5):
    np.testing.assert_allclose(np.array(g), np.array(c), rtol=tol, atol=tol, equal_nan=True)


def with_ties_and_nan(shape):
    # Equal real parts (the imaginary part decides), exact duplicates and NaN parts.
    re = rng.integers(-3, 4, shape).astype(np.float32)
    im = rng.integers(-2, 3, shape).astype(np.float32)
    z = re + 1j * im
    flat = z.reshape(-1)
    flat[::17] = complex(np.nan, 1.0)
    flat[5::23] = complex(1.0, np.nan)
    return mx.array(z.astype(np.complex64))


@pytest.mark.parametrize("op", ["argmax", "argmin"])
def test_arg_reduce_complex(op):
    f = getattr(mx, op)
    for x in (cdata((5, 33, 70)), with_ties_and_nan((6, 40, 9))):
        for axis in (0, 1, 2):
            for v in (x, mx.swapaxes(x, 0, 2)):
                np.testing.assert_array_equal(np.array(f(v, axis=axis, stream=mx.gpu)),
                                              np.array(f(v, axis=axis, stream=mx.cpu)))
    np.testing.assert_array_equal(np.array(f(x, stream=mx.gpu)), np.array(f(x, stream=mx.cpu)))


@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"])
def test_scans_complex(op):
    f = getattr(mx, op)
    # Products of values near the unit circle stay finite over 70 steps.
    x = cdata((4, 37, 70), 0.1, 1.0) if op == "cumprod" else cdata((4, 37, 70))
    if op in ("cummax", "cummin"):
        x = with_ties_and_nan((4, 37, 70))
    for v in (x, mx.swapaxes(x, 0, 2), x[..., ::3]):
        for axis in (0, 1, 2):
            for reverse in (False, True):
                for inclusive in (True, False):
                    g = f(v, axis=axis, reverse=reverse, inclusive=inclusive, stream=mx.gpu)
                    c = f(v, axis=axis, reverse=reverse, inclusive=inclusive, stream=mx.cpu)
                    assert g.dtype == c.dtype == mx.complex64
                    close(g, c, 1e-4)


@pytest.mark.parametrize("n", [1, 7, 1000, 4096, 5000])
def test_sort_complex(n):
    for x in (cdata((3, n)), with_ties_and_nan((3, n))):
        for v, axis in ((x, 1), (x.T, 0)):
            np.testing.assert_array_equal(np.array(mx.sort(v, axis=axis, stream=mx.gpu)),
                                          np.array(mx.sort(v, axis=axis, stream=mx.cpu)))
            np.testing.assert_array_equal(np.array(mx.argsort(v, axis=axis, stream=mx.gpu)),
                                          np.array(mx.argsort(v, axis=axis, stream=mx.cpu)))
    x = with_ties_and_nan((4, 300))
    kth = 150
    p = np.array(mx.partition(x, kth, axis=1, stream=mx.gpu))
    np.testing.assert_array_equal(p[:, kth], np.array(mx.sort(x, axis=1, stream=mx.cpu))[:, kth])


def test_scatter_complex():
    x = cdata((9, 6))
    idx = mx.array([0, 3, 3, 8, -1, 2])
    upd = cdata((6, 6))
    with mx.stream(mx.gpu):
        g_add, g_mul, g_set = x.at[idx].add(upd), x.at[idx].multiply(upd), x.at[idx[:3]].add(upd[:3])
        mx.eval(g_add, g_mul, g_set)
    with mx.stream(mx.cpu):
        c_add, c_mul, c_set = x.at[idx].add(upd), x.at[idx].multiply(upd), x.at[idx[:3]].add(upd[:3])
    close(g_add, c_add)
    close(g_mul, c_mul)
    close(g_set, c_set)
    # zeros/full of complex64: a same-dtype AsType of a broadcast, copied as bits.
    with mx.stream(mx.gpu):
        z = mx.zeros((3, 5), mx.complex64)
        f = mx.full((2, 4), mx.array(1 - 2j, mx.complex64))
        mx.eval(z, f)
    np.testing.assert_array_equal(np.array(z), np.zeros((3, 5), np.complex64))
    np.testing.assert_array_equal(np.array(f), np.full((2, 4), 1 - 2j, np.complex64))
    # A plain scatter of distinct rows.
    rows = mx.array([4, 0, 7])
    with mx.stream(mx.gpu):
        g = mx.array(x)
        g[rows] = upd[:3]
    c = np.array(x)
    c[np.array(rows)] = np.array(upd[:3])
    np.testing.assert_array_equal(np.array(g), c)
    for name in ("maximum", "minimum"):
        with pytest.raises(ValueError, match="Not supported for complex64"):
            with mx.stream(mx.gpu):
                mx.eval(getattr(x.at[idx], name)(upd))
