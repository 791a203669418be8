"""sort, argsort, partition, argpartition, topk and random.permutation against
NumPy: every dtype, axes (None flattens), NaN last, stability, non-contiguous
inputs, gradients, vmap, compile and errors."""

import numpy as np
import pytest

import mxcore as mx

INT_DTYPES = ["uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "float32", "float64", "bfloat16"]
ALL_DTYPES = ["bool"] + INT_DTYPES + FLOAT_DTYPES


def mx_dtype(name):
    return getattr(mx, "bool_" if name == "bool" else name)


def as_np(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a)


def sample(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        v = rng.random(shape) > 0.5
    elif dtype in INT_DTYPES:
        lo = 0 if dtype.startswith("u") else -50
        v = rng.integers(lo, 50, size=shape)  # many ties: checks stability
    else:
        v = np.round(rng.standard_normal(shape), 1)
    x = mx.array(v, dtype=mx_dtype(dtype))
    return x, as_np(x)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_sort_and_argsort(dtype, axis):
    x, x_np = sample(dtype, (4, 7, 5))
    out = mx.sort(x, axis=axis)
    idx = mx.argsort(x, axis=axis)
    assert out.dtype == x.dtype and idx.dtype == mx.uint32
    np.testing.assert_array_equal(as_np(out), np.sort(x_np, axis=axis, kind="stable"))
    np.testing.assert_array_equal(np.array(idx), np.argsort(x_np, axis=axis, kind="stable"))


def test_sort_default_axis_is_last():
    x, x_np = sample("float32", (3, 6))
    np.testing.assert_array_equal(np.array(mx.sort(x)), np.sort(x_np, -1))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "bfloat16"])
def test_nan_sorts_last(dtype):
    x_np = np.array([[3.0, np.nan, -1.0, np.inf, np.nan, -np.inf, 0.0]])
    x = mx.array(x_np, dtype=mx_dtype(dtype))
    np.testing.assert_array_equal(as_np(mx.sort(x)), np.sort(x_np))
    np.testing.assert_array_equal(np.array(mx.argsort(x)), np.argsort(x_np, kind="stable"))
    p = as_np(mx.partition(x, 2))
    assert p[0, 2] == np.sort(x_np)[0, 2]


def test_complex_sort_lexicographic():
    x_np = np.array([1 + 2j, 1 - 1j, -3 + 0j, 1 + 0j], dtype=np.complex64)
    np.testing.assert_array_equal(np.array(mx.sort(mx.array(x_np))), np.sort(x_np))


def check_partition(vals, x_np, kth, axis):
    vals = np.moveaxis(vals, axis, -1)
    ref = np.moveaxis(np.sort(x_np, axis=axis), axis, -1)
    n = ref.shape[-1]
    k = kth % n
    np.testing.assert_array_equal(vals[..., k], ref[..., k])
    assert np.all(vals[..., :k] <= vals[..., k:k + 1])
    assert np.all(vals[..., k + 1:] >= vals[..., k:k + 1])
    np.testing.assert_array_equal(np.sort(vals, -1), ref)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("kth", [0, 2, -1])
@pytest.mark.parametrize("axis", [0, -1])
def test_partition_and_argpartition(dtype, kth, axis):
    x, x_np = sample(dtype, (5, 6), seed=1)
    p = mx.partition(x, kth, axis=axis)
    assert p.dtype == x.dtype
    check_partition(as_np(p), x_np, kth, axis)
    ip = mx.argpartition(x, kth, axis=axis)
    assert ip.dtype == mx.uint32
    gathered = np.take_along_axis(x_np, np.array(ip).astype(np.int64), axis)
    check_partition(gathered, x_np, kth, axis)
    np.testing.assert_array_equal(gathered, as_np(p))  # the two agree


def test_partition_flattened():
    x, x_np = sample("int32", (3, 4), seed=2)
    check_partition(np.array(mx.partition(x, 5, axis=None)), x_np.reshape(-1), 5, 0)


@pytest.mark.parametrize("dtype", ["int32", "float32", "uint8", "bfloat16"])
@pytest.mark.parametrize("k", [0, 1, 3, 6])
def test_topk(dtype, k):
    x, x_np = sample(dtype, (4, 6), seed=3)
    for axis in (0, -1):
        if k > x_np.shape[axis]:
            continue
        out = as_np(mx.topk(x, k, axis=axis))
        expected = np.take(np.sort(x_np, axis), range(x_np.shape[axis] - k, x_np.shape[axis]), axis)
        np.testing.assert_array_equal(np.sort(out, axis), expected)
    out = as_np(mx.topk(x, k, axis=None))
    np.testing.assert_array_equal(np.sort(out), np.sort(x_np.reshape(-1))[x_np.size - k:])


def test_non_contiguous_inputs():
    base, base_np = sample("float32", (6, 8), seed=4)
    cases = [(base.T, base_np.T), (base[::2, ::-3], base_np[::2, ::-3]),
             (mx.broadcast_to(base[:, :1], (6, 5)), np.broadcast_to(base_np[:, :1], (6, 5)))]
    for x, x_np in cases:
        for axis in (0, 1):
            np.testing.assert_array_equal(np.array(mx.sort(x, axis)), np.sort(x_np, axis))
            np.testing.assert_array_equal(np.array(mx.argsort(x, axis)),
                                          np.argsort(x_np, axis, kind="stable"))
            check_partition(np.array(mx.partition(x, 1, axis)), x_np, 1, axis)


def test_gradients():
    rng = np.random.default_rng(5)
    x_np = rng.standard_normal((3, 6))
    w_np = rng.standard_normal((3, 6))
    w = mx.array(w_np, dtype=mx.float64)
    order = np.argsort(x_np, 1)
    # d sum(sort(x) * w) / dx[i, order[i, j]] = w[i, j]
    expected = np.zeros_like(x_np)
    np.put_along_axis(expected, order, w_np, 1)
    g = mx.grad(lambda x: mx.sum(mx.sort(x, 1) * w))(mx.array(x_np, dtype=mx.float64))
    np.testing.assert_allclose(np.array(g), expected, rtol=1e-12)
    g = mx.grad(lambda x: mx.sum(mx.partition(x, 2, 1) * w))(mx.array(x_np, dtype=mx.float64))
    p_idx = np.array(mx.argpartition(mx.array(x_np, dtype=mx.float64), 2, 1)).astype(np.int64)
    expected = np.zeros_like(x_np)
    np.put_along_axis(expected, p_idx, w_np, 1)
    np.testing.assert_allclose(np.array(g), expected, rtol=1e-12)
    # topk: the gradient reaches exactly the k largest of each row.
    g = np.array(mx.grad(lambda x: mx.sum(mx.topk(x, 2, 1)))(mx.array(x_np, dtype=mx.float64)))
    top = np.sort(x_np, 1)[:, -2:]
    np.testing.assert_array_equal(g, np.isin(x_np, top).astype(np.float64))
    # argsort is piecewise constant.
    g = mx.grad(lambda x: mx.sum(mx.argsort(x).astype(mx.float32) * x))(mx.array(x_np, dtype=mx.float32))
    np.testing.assert_allclose(np.array(g), np.argsort(x_np, 1), rtol=0)
    # jvp: tangent follows the values.
    t_np = rng.standard_normal((3, 6))
    _, (jv,) = mx.jvp(lambda x: mx.sort(x, 1), [mx.array(x_np, dtype=mx.float64)], [mx.array(t_np, dtype=mx.float64)])
    np.testing.assert_allclose(np.array(jv), np.take_along_axis(t_np, order, 1), rtol=1e-12)


def test_vmap_matches_loop():
    x, x_np = sample("float32", (3, 4, 5), seed=6)
    for in_axis in (0, 1, 2):
        for fn in (lambda a: mx.sort(a, 0), lambda a: mx.argsort(a, -1),
                   lambda a: mx.partition(a, 1, 0), lambda a: mx.topk(a, 2, -1)):
            out = np.array(mx.vmap(fn, in_axes=in_axis)(x))
            loop = np.stack([np.array(fn(mx.array(np.take(x_np, i, in_axis))))
                             for i in range(x_np.shape[in_axis])])
            if fn(mx.array(np.take(x_np, 0, in_axis))).dtype == mx.float32:
                out, loop = np.sort(out, -1), np.sort(loop, -1)
            np.testing.assert_array_equal(out, loop)
    # grad under vmap goes through GatherAxis' vmap
    g = mx.vmap(mx.grad(lambda a: mx.sum(mx.sort(a) * mx.arange(5))))(x[0])
    for i in range(4):
        expected = np.zeros(5)
        expected[np.argsort(x_np[0, i])] = np.arange(5)
        np.testing.assert_allclose(np.array(g[i]), expected)


def test_inside_compile():
    x, x_np = sample("float32", (4, 6), seed=7)
    f = mx.compile(lambda a: mx.sort(a * 2, 0) + 1)
    np.testing.assert_allclose(np.array(f(x)), np.sort(x_np * 2, 0) + 1)
    h = mx.compile(lambda a: mx.topk(a, 3))
    np.testing.assert_array_equal(np.sort(np.array(h(x)), -1), np.sort(x_np, -1)[:, -3:])


def test_errors():
    x = mx.zeros((2, 3))
    for op in ("sort", "argsort"):
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(x, axis=2)
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(mx.array(1.0))
    for op in ("partition", "argpartition"):
        with pytest.raises(ValueError, match=op):
            getattr(mx, op)(x, 3)
        with pytest.raises(ValueError, match=op):
            getattr(mx, op)(x, -4)
        with pytest.raises(IndexError, match=op):
            getattr(mx, op)(x, 0, axis=-3)
    with pytest.raises(ValueError, match="topk"):
        mx.topk(x, 4)
    with pytest.raises(ValueError, match="topk"):
        mx.topk(x, -1)


def test_permutation():
    key = mx.random.key(3)
    p = mx.random.permutation(10, key=key)
    assert p.dtype == mx.uint32  # as in MLX (from argsort)
    np.testing.assert_array_equal(np.sort(np.array(p)), np.arange(10))
    np.testing.assert_array_equal(np.array(mx.random.permutation(10, key=key)), np.array(p))
    x_np = np.arange(24, dtype=np.float32).reshape(4, 6)
    for axis in (0, 1, -1):
        q = np.array(mx.random.permutation(mx.array(x_np), axis=axis, key=key))
        assert q.shape == x_np.shape
        # each line along the other axis is the same permutation of x's
        order = np.argsort(np.take(q, 0, axis=1 - (axis % 2)))
        np.testing.assert_array_equal(np.sort(q, axis), x_np)
        perm = np.take(q, 0, 1 - axis % 2) - np.take(x_np, 0, 1 - axis % 2)
        assert order.shape[0] == x_np.shape[axis % 2]
        assert perm.shape[0] == x_np.shape[axis % 2]
    # different keys give different permutations (overwhelmingly likely for n = 50)
    a = np.array(mx.random.permutation(50, key=mx.random.key(0)))
    b = np.array(mx.random.permutation(50, key=mx.random.key(1)))
    assert not np.array_equal(a, b)
    # rows move together: the permuted array's rows are x's rows
    q = np.array(mx.random.permutation(mx.array(x_np), key=key))
    assert sorted(map(tuple, q.tolist())) == sorted(map(tuple, x_np.tolist()))
    # gradient of a permutation is the inverse permutation of the cotangent
    w_np = np.arange(24, dtype=np.float32).reshape(4, 6)
    g = np.array(mx.grad(lambda a: mx.sum(mx.random.permutation(a, key=key) * mx.array(w_np)))(mx.array(x_np)))
    perm = np.array(mx.random.permutation(4, key=key))
    expected = np.zeros_like(w_np)
    expected[perm] = w_np
    np.testing.assert_array_equal(g, expected)
    with pytest.raises(IndexError, match="permutation"):
        mx.random.permutation(mx.array(x_np), axis=2)
