"""The ops of mlx.core's wider API added in python/mxcore/_api_extra.py,
against NumPy over dtypes, non-contiguous inputs, grads, vmap and compile."""

import math

import numpy as np
import pytest

import mxcore as mx

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint32"]
FLOATS = ["float16", "float32", "float64", "bfloat16"]
TOL = {"float16": 2e-3, "bfloat16": 2e-2, "float32": 1e-5, "float64": 1e-12}


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def rand(shape, dtype="float32", seed=0, low=-5, high=5):
    rng = np.random.default_rng(seed)
    if dtype.startswith("uint"):
        low = 0
    if dtype in FLOATS:
        x = rng.uniform(low, high, shape).astype(np.float32)
        return mx.array(x).astype(getattr(mx, dtype))
    return mx.array(rng.integers(low, high, shape).astype(getattr(np, dtype)))


def finite_diff_grad(f, x, dtype, eps):
    x = np.array(x, dtype=np.float64)
    g = np.zeros_like(x)
    md = mx.float64 if dtype == np.float64 else mx.float32
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        fp = float(f(mx.array(xp.astype(dtype), dtype=md)))
        fm = float(f(mx.array(xm.astype(dtype), dtype=md)))
        g[i] = (fp - fm) / (2 * eps)
    return g


def check_grad(f, x, atol=1e-5, dtype=np.float64, eps=1e-3):
    x = np.asarray(x, dtype=dtype)
    got = np.array(mx.grad(f)(mx.array(x, dtype=mx.float64 if dtype == np.float64 else mx.float32)))
    want = finite_diff_grad(f, x, dtype, eps)
    np.testing.assert_allclose(got, want, atol=atol, rtol=1e-4)


# ------------------------------------------------------------- constants
def test_constants():
    assert mx.pi == math.pi and mx.e == math.e
    assert mx.inf == float("inf") and math.isnan(mx.nan)
    assert mx.euler_gamma == pytest.approx(np.euler_gamma, abs=1e-16)
    assert mx.newaxis is None
    a = mx.array([1, 2, 3])
    assert a[:, mx.newaxis].shape == (3, 1)


# --------------------------------------------------------------- aliases
@pytest.mark.parametrize("alias,name", [
    ("acos", "arccos"), ("acosh", "arccosh"), ("asin", "arcsin"), ("asinh", "arcsinh"),
    ("atan", "arctan"), ("atanh", "arctanh")])
def test_unary_aliases(alias, name):
    x = mx.array([0.1, 0.5, 0.9]) if alias != "acosh" else mx.array([1.5, 2.0, 3.0])
    np.testing.assert_allclose(np.array(getattr(mx, alias)(x)),
                               getattr(np, name)(np.array(x)), rtol=1e-6)


def test_binary_aliases():
    a, b = mx.array([1.0, -2.0, 3.0]), mx.array([2.0, 1.0, -1.0])
    np.testing.assert_allclose(np.array(mx.atan2(a, b)), np.arctan2(np.array(a), np.array(b)),
                               rtol=1e-6)
    np.testing.assert_allclose(np.array(mx.pow(a, 2)), np.array(a) ** 2)
    i = mx.array([1, 2, 8], mx.int32)
    assert mx.bitwise_left_shift(i, 2).tolist() == [4, 8, 32]
    assert mx.bitwise_right_shift(i, 1).tolist() == [0, 1, 4]
    assert mx.pow(mx.array([2], mx.int8), 3).dtype == mx.int8


def test_cumulative_sum_prod():
    a = np.arange(1, 7).reshape(2, 3)
    x = mx.array(a)
    np.testing.assert_array_equal(np.array(mx.cumulative_sum(x)), np.cumsum(a))
    np.testing.assert_array_equal(np.array(mx.cumulative_sum(x, axis=1)), np.cumsum(a, 1))
    np.testing.assert_array_equal(np.array(mx.cumulative_prod(x, 0)), np.cumprod(a, 0))
    np.testing.assert_array_equal(np.array(mx.cumulative_sum(x, 1, reverse=True)),
                                  np.cumsum(a[:, ::-1], 1)[:, ::-1])


# ---------------------------------------------------------------- shapes
def test_permute_dims_matrix_transpose_mT():
    a = np.arange(24).reshape(2, 3, 4)
    x = mx.array(a)
    np.testing.assert_array_equal(np.array(mx.permute_dims(x, (2, 0, 1))), a.transpose(2, 0, 1))
    np.testing.assert_array_equal(np.array(mx.permute_dims(x)), a.transpose())
    np.testing.assert_array_equal(np.array(mx.matrix_transpose(x)), a.swapaxes(-1, -2))
    np.testing.assert_array_equal(np.array(x.mT), a.swapaxes(-1, -2))
    with pytest.raises(ValueError, match="matrix_transpose"):
        mx.matrix_transpose(mx.array([1, 2]))


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (0, 1, 2)])
def test_flip(axis):
    a = np.arange(24).reshape(2, 3, 4)
    x = mx.array(a)
    np.testing.assert_array_equal(np.array(mx.flip(x, axis)), np.flip(a, axis))
    # Non-contiguous input.
    np.testing.assert_array_equal(np.array(mx.flip(x.transpose(2, 0, 1), axis)),
                                  np.flip(a.transpose(2, 0, 1), axis))


def test_flip_errors_and_grad():
    with pytest.raises(IndexError, match="flip"):
        mx.flip(mx.array([1, 2]), 1)
    w = mx.array([1.0, 2.0, 3.0])
    g = mx.grad(lambda x: (mx.flip(x) * w).sum())(mx.array([0.0, 0.0, 0.0]))
    assert g.tolist() == [3.0, 2.0, 1.0]


def test_unstack():
    a = np.arange(24).reshape(2, 3, 4)
    x = mx.array(a)
    for axis in (0, 1, 2, -1):
        parts = mx.unstack(x, axis=axis)
        assert isinstance(parts, tuple) and len(parts) == a.shape[axis]
        for i, p in enumerate(parts):
            np.testing.assert_array_equal(np.array(p), np.take(a, i, axis=axis))
    with pytest.raises(IndexError, match="unstack"):
        mx.unstack(mx.array(1))
    with pytest.raises(IndexError, match="unstack"):
        mx.unstack(x, axis=3)


def test_broadcast_shapes():
    assert mx.broadcast_shapes((1,), (3, 1)) == (3, 1)
    assert mx.broadcast_shapes((6, 7), (5, 6, 1), (7,)) == (5, 6, 7)
    assert mx.broadcast_shapes((5, 1, 4), (1, 3, 1)) == (5, 3, 4)
    assert mx.broadcast_shapes([2, 1], []) == (2, 1)
    assert mx.broadcast_shapes((0, 1), (1, 3)) == np.broadcast_shapes((0, 1), (1, 3))
    with pytest.raises(ValueError, match="broadcast_shapes"):
        mx.broadcast_shapes((2,), (3,))
    with pytest.raises(ValueError, match="broadcast_shapes"):
        mx.broadcast_shapes()


def test_contiguous_and_positive():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = mx.array(a)
    np.testing.assert_array_equal(np.array(mx.contiguous(x.T)), a.T)
    np.testing.assert_array_equal(np.array(mx.contiguous(x.T, True)), a.T)
    np.testing.assert_array_equal(np.array(mx.positive(x[:, ::2])), a[:, ::2])
    assert mx.positive(mx.array([True])).dtype == mx.bool_
    assert mx.grad(lambda v: mx.positive(v).sum())(mx.array([1.0, 2.0])).tolist() == [1, 1]


# ---------------------------------------------------------------- dtypes
def test_result_type_and_can_cast():
    assert mx.result_type(mx.int8, mx.array([1.0], mx.float16)) == mx.float16
    assert mx.result_type(mx.uint8, mx.int8) == mx.int16
    assert mx.result_type(mx.array([1], mx.int32)) == mx.int32
    with pytest.raises(ValueError, match="result_type"):
        mx.result_type()
    with pytest.raises(ValueError, match="result_type"):
        mx.result_type(1)
    assert mx.can_cast(mx.int8, mx.int32)
    assert not mx.can_cast(mx.array([1]), mx.int8)
    assert mx.can_cast(mx.float16, mx.float32) and not mx.can_cast(mx.float32, mx.float16)
    with pytest.raises(ValueError, match="can_cast"):
        mx.can_cast(1, mx.int8)


def test_isdtype():
    assert mx.isdtype(mx.int8, "integral")
    assert mx.isdtype(mx.int8, ("bool", mx.int8))
    assert mx.isdtype(mx.uint16, "unsigned integer") and not mx.isdtype(mx.uint16, "signed integer")
    assert mx.isdtype(mx.bfloat16, "real floating") and not mx.isdtype(mx.complex64, "real floating")
    assert mx.isdtype(mx.complex64, "complex floating")
    assert not mx.isdtype(mx.bool_, "numeric") and mx.isdtype(mx.float16, "numeric")
    with pytest.raises(ValueError, match="Unknown data type kind"):
        mx.isdtype(mx.int8, "foo")
    with pytest.raises(TypeError):
        mx.isdtype(mx.array(1), "numeric")


def test_astype_asarray():
    x = mx.array([1.5, -2.5])
    assert mx.astype(x, mx.int32).tolist() == [1, -2]
    assert mx.asarray(x) is x
    assert mx.asarray([1, 2], dtype=mx.float32).dtype == mx.float32
    assert mx.asarray(np.arange(3)).tolist() == [0, 1, 2]
    c = mx.asarray(x, copy=True)
    assert c is not x and c.tolist() == x.tolist()
    with pytest.raises(ValueError, match="copy"):
        mx.asarray([1, 2], copy=False)


# -------------------------------------------------------------- creation
def test_empty_full_like():
    assert mx.empty((2, 3)).shape == (2, 3) and mx.empty((2,)).dtype == mx.float32
    x = mx.array([[1, 2], [3, 4]])
    e = mx.empty_like(x)
    assert e.shape == (2, 2) and e.dtype == mx.int32
    assert mx.empty_like(x, mx.float16).dtype == mx.float16
    f = mx.full_like(x, 2.5)
    assert f.dtype == mx.int32 and f.tolist() == [[2, 2], [2, 2]]
    f = mx.full_like(x, mx.array([1, 2]), dtype=mx.float32)
    assert f.dtype == mx.float32 and f.tolist() == [[1, 2], [1, 2]]
    f = mx.full_like(mx.array([[1, 2]]), mx.array([[1], [2]]))  # vals widen the shape
    assert f.tolist() == [[1, 1], [2, 2]]


@pytest.mark.parametrize("name", ["hanning", "hamming", "bartlett", "blackman"])
@pytest.mark.parametrize("M", [0, 1, 2, 5, 12])
def test_windows(name, M):
    w = getattr(mx, name)(M)
    assert w.dtype == mx.float32 and w.shape == (M,)
    np.testing.assert_allclose(np.array(w), getattr(np, name)(M), atol=1e-7)
    if M > 1:
        np.testing.assert_array_equal(np.array(w), np.array(w)[::-1])  # symmetric


# ----------------------------------------------------------- elementwise
@pytest.mark.parametrize("dtype", FLOATS)
def test_trunc_floats(dtype):
    x = rand((3, 4), dtype)
    got = mx.trunc(x.T)
    assert got.dtype == x.dtype
    np.testing.assert_array_equal(as_np(got), np.trunc(as_np(x).T))


def test_trunc_ints_bool_complex_grad():
    assert mx.trunc(mx.array([-1, 2])).tolist() == [-1, 2]
    assert mx.trunc(mx.array([True])).dtype == mx.bool_
    with pytest.raises(ValueError, match="trunc"):
        mx.trunc(mx.array([1 + 2j]))
    assert mx.grad(lambda v: mx.trunc(v).sum())(mx.array([1.5, -0.5])).tolist() == [0, 0]


@pytest.mark.parametrize("dtype", ["bool_"] + INTS + FLOATS)
def test_logical_xor(dtype):
    a = rand((3, 4), dtype if dtype != "bool_" else "int32", seed=1, low=0, high=2)
    b = rand((4,), dtype if dtype != "bool_" else "int32", seed=2, low=0, high=2)
    if dtype == "bool_":
        a, b = a.astype(mx.bool_), b.astype(mx.bool_)
    got = mx.logical_xor(a, b)
    assert got.dtype == mx.bool_
    np.testing.assert_array_equal(np.array(got), np.logical_xor(as_np(a), as_np(b)))
    assert mx.logical_xor(mx.array([1, 0]), 2).tolist() == [False, True]


# ------------------------------------------------------------ reductions
@pytest.mark.parametrize("dtype", ["bool_", "int32", "uint8", "float16", "float32"])
@pytest.mark.parametrize("axis,keepdims", [(None, False), (0, False), (1, True), ((0, 1), True)])
def test_count_nonzero(dtype, axis, keepdims):
    a = np.random.default_rng(3).integers(0, 3, (4, 5))
    x = mx.array(a).astype(getattr(mx, dtype))
    got = mx.count_nonzero(x.T, axis=axis, keepdims=keepdims)
    assert got.dtype == mx.int32
    want = np.count_nonzero(a.T, axis=axis, keepdims=keepdims)
    np.testing.assert_array_equal(np.array(got), want)


def test_minmax():
    a = np.random.default_rng(4).normal(size=(3, 4)).astype(np.float32)
    lo, hi = mx.minmax(mx.array(a), axis=0)
    np.testing.assert_array_equal(np.array(lo), a.min(0))
    np.testing.assert_array_equal(np.array(hi), a.max(0))
    lo, hi = mx.minmax(mx.array(a), keepdims=True)
    assert lo.shape == (1, 1) and float(hi) == a.max()


@pytest.mark.parametrize("dtype", ["int32", "float16", "float32", "float64"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_median(dtype, axis, keepdims):
    x = rand((3, 4, 5), dtype, seed=5, low=-50, high=50)
    a = as_np(x).astype(np.float64)
    got = mx.median(x, axis=axis, keepdims=keepdims)
    want = np.median(a, axis=axis, keepdims=keepdims)
    assert got.dtype == (mx.float32 if dtype == "int32" else x.dtype)
    np.testing.assert_allclose(np.array(got).astype(np.float64), want,
                               rtol=TOL.get(dtype, 1e-6))


def test_median_noncontiguous_nan_errors_grad():
    a = np.random.default_rng(6).normal(size=(4, 6)).astype(np.float32)
    x = mx.array(a)
    np.testing.assert_allclose(np.array(mx.median(x.T[::2], axis=1)),
                               np.median(a.T[::2], axis=1), rtol=1e-6)
    assert math.isnan(float(mx.median(mx.array([1.0, float("nan"), 2.0]))))
    with pytest.raises(ValueError, match="median"):
        mx.median(mx.array([]))
    with pytest.raises(IndexError, match="median"):
        mx.median(mx.array([1.0, 2.0]), axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        mx.median(x, axis=(0, 0))
    g = mx.grad(lambda v: mx.median(v))(mx.array([3.0, 1.0, 2.0, 4.0]))
    assert g.tolist() == [0.5, 0.0, 0.5, 0.0]
    check_grad(lambda v: mx.median(v, axis=0).sum(), np.array([[1.0, 5.0], [3.0, 2.0], [7.0, 4.0]]))


@pytest.mark.parametrize("dtype", ["int32", "float32", "complex64"])
def test_vecdot(dtype):
    rng = np.random.default_rng(7)
    a = rng.normal(size=(3, 4))
    b = rng.normal(size=(1, 4))
    if dtype == "complex64":
        a = a + 1j * rng.normal(size=(3, 4))
        b = b - 2j * rng.normal(size=(1, 4))
    elif dtype == "int32":
        a, b = np.round(a * 3), np.round(b * 3)
    xa = mx.array(a.astype(getattr(np, dtype)))
    xb = mx.array(b.astype(getattr(np, dtype)))
    got = mx.vecdot(xa, xb)
    want = np.sum(np.conj(a) * b, axis=-1)
    np.testing.assert_allclose(np.array(got), want, rtol=1e-5, atol=1e-5)
    got0 = mx.vecdot(xa.T, xa.T, axis=0)
    np.testing.assert_allclose(np.array(got0), np.sum(np.conj(a.T) * a.T, axis=0),
                               rtol=1e-5, atol=1e-5)


def test_vecdot_errors_grad():
    with pytest.raises(ValueError, match="vecdot"):
        mx.vecdot(mx.array([1, 2]), mx.array([3, 4, 5]))
    with pytest.raises(ValueError, match="vecdot"):
        mx.vecdot(mx.array([1, 2]), mx.array([3, 4]), axis=1)
    with pytest.raises(ValueError, match="vecdot"):  # MLX requires equal ranks
        mx.vecdot(mx.array([1.0, 2.0]), mx.ones((3, 2)))
    out = mx.vecdot(mx.ones((1, 2)), mx.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    assert out.tolist() == [3.0, 7.0, 11.0]
    b = mx.array([1.0, -2.0, 3.0])
    check_grad(lambda v: mx.vecdot(v, b.astype(mx.float64)), np.array([0.5, 0.1, 2.0]))


@pytest.mark.parametrize("dtype", ["bool_", "uint8", "int32", "float16", "float32"])
@pytest.mark.parametrize("n,axis", [(1, -1), (2, 0), (0, 1), (5, -1)])
def test_diff(dtype, n, axis):
    a = np.random.default_rng(8).integers(0, 4, (4, 5))
    x = mx.array(a).astype(getattr(mx, dtype))
    np_a = np.array(x)
    got = mx.diff(x.T, n=n, axis=axis)
    want = np.diff(np_a.T, n=n, axis=axis)
    assert got.dtype == x.dtype
    np.testing.assert_array_equal(np.array(got), want)


def test_diff_errors_grad():
    with pytest.raises(ValueError, match="diff"):
        mx.diff(mx.array([1, 2]), n=-1)
    with pytest.raises(IndexError, match="diff"):
        mx.diff(mx.array(1))
    with pytest.raises(IndexError, match="diff"):
        mx.diff(mx.array([1, 2]), axis=3)
    w = mx.array([1.0, 2.0], mx.float64)
    check_grad(lambda v: (mx.diff(v, 2) * w).sum(), np.array([1.0, 4.0, 9.0, 3.0]))


# ------------------------------------------------------- search / unique
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float16"])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("n", [0, 1, 7, 64])
def test_searchsorted(dtype, side, n):
    rng = np.random.default_rng(n)
    seq = np.sort(rng.integers(0, 20, n)).astype(getattr(np, dtype))
    vals = rng.integers(-2, 22, (3, 5)).astype(getattr(np, dtype) if dtype != "uint8" else np.int32)
    if dtype == "uint8":
        vals = np.clip(vals, 0, 255).astype(np.uint8)
    got = mx.searchsorted(mx.array(seq), mx.array(vals).T, side=side)
    assert got.dtype == mx.uint32 and got.shape == (5, 3)
    np.testing.assert_array_equal(np.array(got), np.searchsorted(seq, vals.T, side=side))


def test_searchsorted_examples_nan_errors():
    a = mx.array([1, 2, 2, 4])
    assert mx.searchsorted(a, mx.array([0, 2, 3, 5])).tolist() == [0, 1, 3, 4]
    assert mx.searchsorted(a, mx.array([0, 2, 3, 5]), side="right").tolist() == [0, 3, 3, 4]
    s = np.array([1.0, 2.0, np.nan], np.float32)
    v = np.array([np.nan, 3.0, 1.5], np.float32)
    for side in ("left", "right"):
        np.testing.assert_array_equal(
            np.array(mx.searchsorted(mx.array(s), mx.array(v), side=side)),
            np.searchsorted(s, v, side=side))
    with pytest.raises(ValueError, match="1-D"):
        mx.searchsorted(mx.array([[1, 2]]), mx.array([1]))
    with pytest.raises(ValueError, match="side"):
        mx.searchsorted(a, mx.array([1]), side="mid")


def np_unique_padded(a, size, fill):
    vals, idx, inv, counts = np.unique(a.ravel(), return_index=True, return_inverse=True,
                                       return_counts=True)
    k = len(vals)
    pv = np.full(size, fill if fill is not None else vals[0], dtype=a.dtype)
    pv[:min(k, size)] = vals[:size]
    pc = np.zeros(size, np.int64)
    pc[:min(k, size)] = counts[:size]
    pi = np.full(size, idx[0])
    pi[:min(k, size)] = idx[:size]
    pinv = np.minimum(inv.reshape(a.shape), size - 1)
    return pv, pi, pinv, pc


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32"])
@pytest.mark.parametrize("size", [1, 3, 6, 12])
@pytest.mark.parametrize("fill", [None, 0])
def test_unique(dtype, size, fill):
    a = np.random.default_rng(size).integers(0, 6, (3, 4)).astype(getattr(np, dtype))
    v, i, inv, c = mx.unique(mx.array(a), size, True, True, True, fill_value=fill)
    pv, pi, pinv, pc = np_unique_padded(a, size, fill)
    assert v.dtype == mx.array(a).dtype and i.dtype == mx.uint32 and inv.dtype == mx.uint32
    assert c.dtype == mx.int32 and inv.shape == a.shape
    np.testing.assert_array_equal(np.array(v), pv)
    np.testing.assert_array_equal(np.array(i), pi)
    np.testing.assert_array_equal(np.array(inv), pinv)
    np.testing.assert_array_equal(np.array(c), pc)
    assert np.array_equal(np.array(mx.unique(mx.array(a), size, fill_value=fill)), pv)


def test_unique_doc_example_and_errors():
    a = mx.array([2, 1, 2, 3, 1])
    assert mx.unique(a, 3).tolist() == [1, 2, 3]
    assert mx.unique(a, 5).tolist() == [1, 2, 3, 1, 1]
    v, i, inv, c = mx.unique(a, 4, True, True, True, fill_value=0)
    assert v.tolist() == [1, 2, 3, 0] and i.tolist() == [1, 0, 3, 1]
    assert inv.tolist() == [1, 0, 1, 2, 0] and c.tolist() == [2, 2, 1, 0]
    # Each NaN is a unique element of its own (NaN != NaN), sorted last.
    v, c = mx.unique(mx.array([2.0, float("nan"), 1.0, float("nan")]), 5, return_counts=True,
                     fill_value=0.0)
    assert v.tolist()[:2] == [1.0, 2.0] and all(math.isnan(t) for t in v.tolist()[2:4])
    assert v.tolist()[4] == 0.0 and c.tolist() == [1, 1, 1, 1, 0]
    with pytest.raises(ValueError, match="negative size"):
        mx.unique(a, -1)
    with pytest.raises(ValueError, match="fill value"):
        mx.unique(mx.array([], mx.int32), 2)
    assert mx.unique(mx.array([], mx.int32), 2, fill_value=7).tolist() == [7, 7]


# ----------------------------------------------------------------- einsum
@pytest.mark.parametrize("subscripts,shapes", [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("ab,cd,bc,de->ae", [(2, 30), (40, 5), (30, 40), (5, 2)]),
    ("ij,jk,kl,lm->im", [(50, 2), (2, 60), (60, 3), (3, 40)]),
])
def test_einsum_path_matches_numpy_greedy(subscripts, shapes):
    ops = [np.ones(s, np.float32) for s in shapes]
    path, info = mx.einsum_path(subscripts, *[mx.array(o) for o in ops])
    assert path == np.einsum_path(subscripts, *ops, optimize="greedy")[0][1:]
    assert f"Complete contraction:  {subscripts}" in info


def test_einsum_path_costs():
    a, b, c = mx.ones((2, 3)), mx.ones((3, 4)), mx.ones((4, 5))
    path, info = mx.einsum_path("ij,jk,kl->il", a, b, c)
    assert path == [(1, 2), (0, 1)]
    # Naive: 2*3*4*5 entries, 2 multiplies + 1 add each. Greedy: jk,kl->jl
    # (3*4*5 * 2) then ij,jl->il (2*3*5 * 2).
    assert "Naive scaling:  4" in info and "Optimized scaling:  3" in info
    assert "Naive FLOP count:  360" in info and "Optimized FLOP count:  180" in info
    path, info = mx.einsum_path("ii", mx.ones((3, 3)))
    assert path == [(0,)] and "Naive FLOP count:  6" in info
    path, info = mx.einsum_path("...ij,...jk", mx.ones((5, 2, 3)), mx.ones((3, 4)))
    assert path == [(0, 1)] and "Naive FLOP count:  240" in info
    with pytest.raises(ValueError, match="einsum_path"):
        mx.einsum_path("ij,jk->ik", a)
    with pytest.raises(ValueError, match="einsum_path"):
        mx.einsum_path("ijk,jk->ik", a, b)


def test_matrix_norm():
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    np.testing.assert_allclose(float(mx.matrix_norm(mx.array(a))), np.linalg.norm(a), rtol=1e-6)
    np.testing.assert_allclose(float(mx.matrix_norm(mx.array(a), "fro")),
                               np.linalg.norm(a, "fro"), rtol=1e-6)


# --------------------------------------------------------------- hadamard
def hadamard_matrix(n):
    h = np.array([[1.0]])
    while h.shape[0] < n:
        h = np.block([[h, h], [h, -h]])
    return h


@pytest.mark.parametrize("n", [1, 2, 4, 16, 256])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_hadamard_transform(n, dtype):
    x = rand((3, n), dtype, seed=n)
    want = as_np(x).astype(np.float64) @ hadamard_matrix(n).T / math.sqrt(n)
    got = mx.hadamard_transform(x)
    assert got.dtype == x.dtype and got.shape == x.shape
    np.testing.assert_allclose(as_np(got), want, rtol=TOL[dtype] * 5, atol=TOL[dtype] * 5)
    got = mx.hadamard_transform(x, scale=2.0)
    np.testing.assert_allclose(as_np(got), want * math.sqrt(n) * 2,
                               rtol=TOL[dtype] * 5, atol=TOL[dtype] * 5 * n)


def test_hadamard_int_grad_errors():
    assert mx.hadamard_transform(mx.array([1, 2, 3, 4]), scale=1.0).tolist() == [10, -2, -4, 0]
    assert mx.hadamard_transform(mx.array([1, 2, 3, 4])).dtype == mx.float32
    g = mx.grad(lambda a: mx.hadamard_transform(a, scale=2.0).sum())(mx.array([1.0, 2, 3, 4]))
    assert g.tolist() == [8.0, 0.0, 0.0, 0.0]
    for n in (3, 6, 36, 44):
        with pytest.raises(ValueError, match="m in \\(1, 12, 20, 28\\)"):
            mx.hadamard_transform(mx.ones((n,)))
    for shape in ((0, 4), (4, 0)):
        with pytest.raises(ValueError, match="empty"):
            mx.hadamard_transform(mx.zeros(shape))
    with pytest.raises(ValueError, match="Unsupported type"):
        mx.hadamard_transform(mx.array([1.0, 2.0], mx.float64))


# ------------------------------------------------ vmap / compile / grads
def test_vmap_and_compile_of_compositions():
    rng = np.random.default_rng(11)
    a = rng.normal(size=(4, 6)).astype(np.float32)
    x = mx.array(a)
    out = mx.vmap(lambda r: mx.median(r))(x)
    np.testing.assert_allclose(np.array(out), np.median(a, axis=1), rtol=1e-6)
    out = mx.vmap(lambda r: mx.diff(r), in_axes=1, out_axes=1)(x)
    np.testing.assert_allclose(np.array(out), np.diff(a, axis=0), rtol=1e-6)
    seq = mx.array(np.sort(a[0]))
    out = mx.vmap(lambda r: mx.searchsorted(seq, r))(x)
    np.testing.assert_array_equal(np.array(out), np.searchsorted(np.sort(a[0]), a))
    f = mx.compile(lambda v: mx.flip(mx.trunc(v * 3), 1) + mx.hadamard_transform(v[:, :4]).sum())
    want = np.flip(np.trunc(a * 3), 1) + (a[:, :4] @ hadamard_matrix(4).T / 2).sum()
    np.testing.assert_allclose(np.array(f(x)), want, rtol=1e-5, atol=1e-5)
    g = mx.compile(mx.grad(lambda v: mx.vecdot(v, v).sum() + mx.median(v)))
    np.testing.assert_allclose(np.array(g(x)), np.array(mx.grad(
        lambda v: mx.vecdot(v, v).sum() + mx.median(v))(x)), rtol=1e-6)


@pytest.mark.parametrize("m", [12, 20, 28])
def test_hadamard_non_power_of_two_sizes(m):
    # T(I_m) scaled by sqrt(m) is a Hadamard matrix: entries +-1, H H^T = m I.
    hm = np.array(mx.hadamard_transform(mx.eye(m), scale=1.0)).T
    assert set(np.unique(hm)) == {-1.0, 1.0}
    np.testing.assert_array_equal(hm @ hm.T, m * np.eye(m))
    # n = m * 2^k uses kron(H_m, H_2^k), and the transform is linear.
    for k in (1, 3):
        n = m * 2 ** k
        h = np.kron(hm, hadamard_matrix(2 ** k))
        x = rand((2, 3, n), "float32", seed=k)
        got = mx.hadamard_transform(x[:, ::-1])
        want = np.array(x)[:, ::-1].astype(np.float64) @ h.T / math.sqrt(n)
        np.testing.assert_allclose(np.array(got), want, rtol=1e-5, atol=1e-4)
    x = rand((4, m), "float16", seed=m)
    want = np.array(x.astype(mx.float32)).astype(np.float64) @ hm.T * 0.5
    got = mx.hadamard_transform(x, scale=0.5)
    assert got.dtype == mx.float16
    np.testing.assert_allclose(np.array(got).astype(np.float64), want, rtol=5e-3, atol=2e-2)


def test_hadamard_grad_finite_differences():
    for n in (4, 12):
        w = mx.array(np.linspace(-2, 3, n).astype(np.float32))
        check_grad(lambda v: (mx.hadamard_transform(v) * w).sum(),
                   np.linspace(1, -1, n), atol=1e-3, dtype=np.float32, eps=1e-2)
    x = mx.array(np.arange(24, dtype=np.float32).reshape(2, 12))
    out = mx.vmap(mx.hadamard_transform, in_axes=1, out_axes=1)(x.T)
    np.testing.assert_allclose(np.array(out), np.array(mx.hadamard_transform(x)).T, atol=1e-5)


def test_stream_argument_is_honoured():
    x = mx.array([[3.0, 1.0], [2.0, 5.0]])
    s = mx.new_stream(mx.cpu)
    assert mx.median(x, stream=s).item() == 2.5
    assert mx.flip(x, 0, stream=mx.cpu).tolist() == [[2.0, 5.0], [3.0, 1.0]]
    assert mx.hadamard_transform(mx.array([1.0, 1.0]), 1.0, s).tolist() == [2.0, 0.0]
    assert mx.default_stream(mx.default_device()) != s  # restored after the call
    for call in (lambda: mx.median(x, stream=mx.gpu), lambda: mx.hanning(4, stream=mx.gpu),
                 lambda: mx.unique(x, 2, stream=mx.gpu)):
        with pytest.raises(ValueError, match="gpu"):
            call()


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint16", "int64"])
def test_vmap_of_integer_floor_divide_stays_integral(dtype):
    # Divide's vmap rule used to re-issue divide(), which promotes integers to float.
    a = np.array([[7, -7, 9], [5, 3, -8]]) if not dtype.startswith("u") else \
        np.array([[7, 7, 9], [5, 3, 8]])
    x = mx.array(a.astype(getattr(np, dtype)))
    out = mx.vmap(lambda r: r // 2)(x)
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(np.array(out), a // 2)
    out = mx.vmap(lambda r, d: mx.floor_divide(r, d), in_axes=(1, 0))(x, mx.array([2, 3, 4]).astype(x.dtype))
    np.testing.assert_array_equal(np.array(out), (a // np.array([2, 3, 4])[None]).T)
