"""clip, isclose, allclose, array_equal, nan_to_num, softmax, degrees, radians,
and checks of logsumexp, erfinv, round and float floor_divide, against NumPy."""
import math

import numpy as np
import pytest

import mxcore as mx


def arr(x):
    """mx.array keeping float64 (mx.array turns float64 NumPy data into float32)."""
    x = np.asarray(x)
    return mx.array(x, dtype=mx.float64) if x.dtype == np.float64 else mx.array(x)

FLOATS = [(mx.float32, np.float32, 1e-6), (mx.float16, np.float16, 1e-3),
          (mx.float64, np.float64, 1e-12)]


def rng(seed=0):
    return np.random.default_rng(seed)


def np_of(a):
    return np.array(a)


# ---------------------------------------------------------------- clip
@pytest.mark.parametrize("mxt,npt", [(mx.float32, np.float32), (mx.int32, np.int32),
                                     (mx.uint8, np.uint8), (mx.float16, np.float16)])
def test_clip_dtypes(mxt, npt):
    x = (rng().standard_normal((4, 5)) * 10).astype(npt)
    out = mx.clip(arr(x), 2, 7)
    assert out.dtype == mxt
    np.testing.assert_array_equal(np_of(out), np.clip(x, 2, 7))


def test_clip_one_side_and_arrays():
    x = rng().standard_normal((3, 4)).astype(np.float32)
    np.testing.assert_array_equal(np_of(mx.clip(arr(x), None, 0.5)), np.clip(x, None, 0.5))
    np.testing.assert_array_equal(np_of(mx.clip(arr(x), -0.5, None)), np.clip(x, -0.5, None))
    lo = np.full((4,), -0.2, np.float32)
    hi = np.linspace(0, 1, 4).astype(np.float32)
    np.testing.assert_array_equal(np_of(mx.clip(arr(x), arr(lo), arr(hi))),
                                  np.clip(x, lo, hi))
    # non-contiguous input
    xt = arr(x).T
    np.testing.assert_array_equal(np_of(mx.clip(xt, -0.1, 0.1)), np.clip(x.T, -0.1, 0.1))
    with pytest.raises(ValueError, match="clip"):
        mx.clip(arr(x), None, None)


def test_clip_grad():
    x = arr([-2.0, -0.5, 0.3, 4.0])
    g = mx.grad(lambda v: mx.clip(v, -1.0, 1.0).sum())(x)
    np.testing.assert_array_equal(np_of(g), [0, 1, 1, 0])


# ---------------------------------------------------------------- isclose / allclose / equal
def test_isclose_matches_numpy():
    a = np.array([1.0, 1.0 + 1e-6, 1.0 + 1e-3, np.inf, -np.inf, np.inf, np.nan, 0.0, 1e-9],
                 np.float32)
    b = np.array([1.0, 1.0, 1.0, np.inf, -np.inf, -np.inf, np.nan, 1e-9, 0.0], np.float32)
    for equal_nan in (False, True):
        out = mx.isclose(arr(a), arr(b), equal_nan=equal_nan)
        assert out.dtype == mx.bool_
        np.testing.assert_array_equal(np_of(out), np.isclose(a, b, equal_nan=equal_nan))
    out = mx.isclose(arr(a), arr(b), rtol=1e-2, atol=0.0)
    np.testing.assert_array_equal(np_of(out), np.isclose(a, b, rtol=1e-2, atol=0.0))


def test_isclose_broadcast_ints_and_scalars():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    b = np.array([0, 1, 3, 3], np.int32)
    np.testing.assert_array_equal(np_of(mx.isclose(arr(a), arr(b))), np.isclose(a, b))
    u = np.array([0, 5, 255], np.uint8)
    v = np.array([1, 5, 0], np.uint8)  # u - v would wrap in uint8
    np.testing.assert_array_equal(np_of(mx.isclose(arr(u), arr(v), atol=1.5)),
                                  np.isclose(u, v, atol=1.5))
    np.testing.assert_array_equal(np_of(mx.isclose(arr([1.0, 2.0]), 1.0)), [True, False])


def test_allclose_and_array_equal():
    a = rng().standard_normal((3, 4)).astype(np.float32)
    assert mx.allclose(arr(a), arr(a + 1e-7)).item() is True
    assert mx.allclose(arr(a), arr(a + 1e-2)).item() is False
    r = mx.allclose(arr(a), arr(a))
    assert r.shape == () and r.dtype == mx.bool_
    n = np.array([1.0, np.nan], np.float32)
    assert mx.allclose(arr(n), arr(n)).item() is False
    assert mx.allclose(arr(n), arr(n), equal_nan=True).item() is True

    assert mx.array_equal(arr(a), arr(a)).item() is True
    assert mx.array_equal(arr(a), arr(a).T.T).item() is True
    assert mx.array_equal(arr(a), arr(a[:, :3])).item() is False
    assert mx.array_equal(arr([1, 2]), arr([1.0, 2.0])).item() is True
    assert mx.array_equal(arr(n), arr(n)).item() is False
    assert mx.array_equal(arr(n), arr(n), equal_nan=True).item() is True
    assert mx.array_equal(arr([1, 2]), arr([1, 3])).item() is False
    out = mx.array_equal(arr([1, 2]), arr([[1, 2]]))
    assert out.dtype == mx.bool_ and out.item() is False


# ---------------------------------------------------------------- nan_to_num
@pytest.mark.parametrize("mxt,npt", [(mx.float32, np.float32), (mx.float16, np.float16),
                                     (mx.float64, np.float64)])
def test_nan_to_num(mxt, npt):
    x = np.array([np.nan, np.inf, -np.inf, 1.5, -2.0], npt)
    out = mx.nan_to_num(arr(x))
    assert out.dtype == mxt
    np.testing.assert_array_equal(np_of(out), np.nan_to_num(x))
    out = mx.nan_to_num(arr(x), nan=7.0, posinf=100.0, neginf=-100.0)
    np.testing.assert_array_equal(np_of(out), np.nan_to_num(x, nan=7.0, posinf=100.0,
                                                            neginf=-100.0))
    ints = np.array([1, 2, 3], np.int32)
    np.testing.assert_array_equal(np_of(mx.nan_to_num(arr(ints))), ints)


# ---------------------------------------------------------------- softmax
def np_softmax(x, axis):
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("mxt,npt,tol", FLOATS)
def test_softmax_axes_and_dtypes(mxt, npt, tol):
    x = (rng().standard_normal((3, 4, 5)) * 3).astype(npt)
    ref64 = x.astype(np.float64)
    for axis in (-1, 0, 1, (0, 2)):
        out = mx.softmax(arr(x), axis=axis)
        assert out.dtype == mxt
        np.testing.assert_allclose(np_of(out).astype(np.float64), np_softmax(ref64, axis),
                                   rtol=tol * 10, atol=tol)
    out = mx.softmax(arr(x))
    np.testing.assert_allclose(np_of(out).astype(np.float64), np_softmax(ref64, None),
                               rtol=tol * 10, atol=tol)
    out = mx.softmax(arr(x), axis=-1, precise=True)
    assert out.dtype == mxt
    np.testing.assert_allclose(np_of(out).astype(np.float64), np_softmax(ref64, -1),
                               rtol=tol * 10, atol=tol)


def test_softmax_stable_and_noncontiguous():
    x = np.array([[1000.0, 1000.0, -1000.0], [-1e30, 0.0, 1e30]], np.float32)
    out = np_of(mx.softmax(arr(x), axis=-1))
    np.testing.assert_allclose(out, np_softmax(x.astype(np.float64), -1), atol=1e-7)
    y = rng().standard_normal((4, 6)).astype(np.float32)
    np.testing.assert_allclose(np_of(mx.softmax(arr(y).T, axis=-1)), np_softmax(y.T, -1),
                               rtol=1e-5)
    ints = mx.softmax(arr([1, 2, 3]))
    assert ints.dtype == mx.float32
    np.testing.assert_allclose(np_of(ints), np_softmax(np.array([1.0, 2.0, 3.0]), -1), rtol=1e-6)


def finite_difference(f, x, eps=1e-6):
    x = np.array(x, np.float64)
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        g[i] = (f(xp) - f(xm)) / (2 * eps)
    return g


def test_softmax_grad_and_vmap_and_compile():
    x = rng(3).standard_normal((3, 4))
    w = rng(4).standard_normal((3, 4))

    def loss_np(v):
        return float((np_softmax(v, -1) * w).sum())

    g = mx.grad(lambda v: (mx.softmax(v, axis=-1) * arr(w)).sum())(arr(x))
    assert g.dtype == mx.float64
    np.testing.assert_allclose(np_of(g), finite_difference(loss_np, x), rtol=1e-6, atol=1e-8)

    xs = rng(5).standard_normal((2, 3, 4)).astype(np.float32)
    v = mx.vmap(lambda t: mx.softmax(t, axis=0), in_axes=1)(arr(xs))
    np.testing.assert_allclose(np_of(v), np.moveaxis(np_softmax(xs, 0), 1, 0), rtol=1e-5)
    c = mx.compile(lambda t: mx.softmax(t, axis=-1))(arr(xs))
    np.testing.assert_allclose(np_of(c), np_softmax(xs, -1), rtol=1e-5)


# ---------------------------------------------------------------- degrees / radians
@pytest.mark.parametrize("mxt,npt,tol", FLOATS)
def test_degrees_radians(mxt, npt, tol):
    x = rng().uniform(-7, 7, (5, 3)).astype(npt)
    d = mx.degrees(arr(x))
    r = mx.radians(arr(x))
    assert d.dtype == mxt and r.dtype == mxt
    np.testing.assert_allclose(np_of(d), np.degrees(x), rtol=tol * 4)
    np.testing.assert_allclose(np_of(r), np.radians(x), rtol=tol * 4)
    ints = mx.degrees(arr([0, 1, 2]))
    assert ints.dtype == mx.float32
    np.testing.assert_allclose(np_of(ints), np.degrees([0, 1, 2]), rtol=1e-6)
    g = mx.grad(lambda t: mx.radians(t).sum())(arr([1.0, 2.0]))
    np.testing.assert_allclose(np_of(g), [math.pi / 180] * 2, rtol=1e-6)


# ---------------------------------------------------------------- existing ops, verified
@pytest.mark.parametrize("mxt,npt,tol", FLOATS)
def test_logsumexp(mxt, npt, tol):
    x = (rng().standard_normal((3, 4, 5)) * 4).astype(npt)
    ref = x.astype(np.float64)
    for axis in (None, -1, 0, (0, 2)):
        out = mx.logsumexp(arr(x), axis=axis)
        m = np.max(ref, axis=axis, keepdims=True)
        expect = np.log(np.exp(ref - m).sum(axis=axis, keepdims=True)) + m
        expect = expect.reshape(out.shape)
        np.testing.assert_allclose(np_of(out).astype(np.float64), expect, rtol=tol * 10,
                                   atol=tol * 10)
    big = mx.logsumexp(arr([1000.0, 1000.0]))
    np.testing.assert_allclose(big.item(), 1000.0 + math.log(2.0), rtol=1e-6)
    inf = mx.logsumexp(arr([-np.inf, -np.inf]))
    assert inf.item() == -np.inf


def test_erfinv():
    x = np.linspace(-0.999, 0.999, 41)
    out = np_of(mx.erfinv(arr(x.astype(np.float32)))).astype(np.float64)
    # erf(erfinv(x)) == x
    np.testing.assert_allclose(np.array([math.erf(v) for v in out]), x, atol=2e-6)
    assert mx.erfinv(arr(1.0)).item() == np.inf
    assert mx.erfinv(arr(-1.0)).item() == -np.inf
    assert math.isnan(mx.erfinv(arr(1.5)).item())


@pytest.mark.parametrize("decimals", [0, 1, 2, -1])
def test_round_decimals(decimals):
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 1.2345, 17.5, -123.456, 255.0], np.float64)
    out = mx.round(arr(x), decimals)
    np.testing.assert_allclose(np_of(out), np.round(x, decimals), rtol=1e-12, atol=1e-12)
    x32 = x.astype(np.float32)
    np.testing.assert_allclose(np_of(arr(x32).round(decimals)), np.round(x32, decimals),
                               rtol=1e-6)
    ints = np.array([15, 35, -15, 7, 123], np.int32)
    out = mx.round(arr(ints), decimals)
    assert out.dtype == mx.int32
    np.testing.assert_array_equal(np_of(out), np.round(ints, decimals))


@pytest.mark.parametrize("mxt,npt", [(mx.float32, np.float32), (mx.float64, np.float64)])
def test_floor_divide_floats(mxt, npt):
    a = np.array([7.0, -7.0, 7.5, -7.5, 0.0, 1.0, 5.0], npt)
    b = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 0.3, np.inf], npt)
    out = mx.floor_divide(arr(a), arr(b))
    assert out.dtype == mxt
    np.testing.assert_array_equal(np_of(out), np.floor_divide(a, b))
    np.testing.assert_array_equal(np_of(arr(a) // 2.0), a // npt(2.0))
