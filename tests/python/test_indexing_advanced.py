"""Integer-array indexing (gather/scatter) against NumPy: a[idx], a[idx] = v,
a.at[idx].op(v), take, take_along_axis, put_along_axis, dynamic slices, and
their gradients, vmap and compile."""
import numpy as np
import pytest

import mxcore as mx

DTYPES = [mx.bool_, mx.uint8, mx.uint16, mx.uint32, mx.uint64, mx.int8, mx.int16, mx.int32,
          mx.int64, mx.float16, mx.bfloat16, mx.float32, mx.float64, mx.complex64]
NP = {mx.bool_: "bool", mx.uint8: "uint8", mx.uint16: "uint16", mx.uint32: "uint32",
      mx.uint64: "uint64", mx.int8: "int8", mx.int16: "int16", mx.int32: "int32",
      mx.int64: "int64", mx.float16: "float16", mx.bfloat16: "float32", mx.float32: "float32",
      mx.float64: "float64", mx.complex64: "complex64"}
INDEX_DTYPES = [mx.uint8, mx.int8, mx.int16, mx.uint32, mx.int32, mx.int64, mx.uint64]


def to_np(a):
    if a.dtype == mx.bfloat16:
        return np.array(a.astype(mx.float32))
    return np.array(a)


def sources(dtype):
    base = (np.arange(4 * 5 * 6).reshape(4, 5, 6) % 13 - 4).astype(NP[dtype])
    yield base, mx.array(base, dtype=dtype)
    a = mx.array(base, dtype=dtype)
    # Non-contiguous: transposed, and a negatively strided slice.
    t = base.transpose(2, 1, 0)[:4].transpose(2, 1, 0)
    yield t, a.transpose(2, 1, 0)[:4].transpose(2, 1, 0)
    yield base[::-1, :, 1:], mx.array(base, dtype=dtype)[::-1, :, 1:]


# Index expressions built from (numpy index array maker) so the same index is
# used by both libraries; each entry is a function of the source shape.
I1 = np.array([2, 0, -1, 1, 2])
I2 = np.array([[0, 3], [-2, 1]])
J = np.array([1, -1, 0])
INDICES = [
    I1, (I1,), [0, -1, 0], (slice(None), J), (Ellipsis, np.array([0, 2, -1])),
    (I2, slice(1, 4)), (I2, slice(None), np.array([[0], [1]])),  # separated → front
    (slice(None), J, np.array([1, 2, 3])),  # adjacent → in place
    (0, slice(None), np.array([1, 0])),  # int counts as advanced: separated
    (slice(None), 1, J), (J, 2), (None, J, None, slice(None, None, -1)),
    (np.array([1, 2]), None, np.array([0, 1])), (slice(1, None), None, J),
    (np.array([], dtype=np.int32),), (Ellipsis, None, J, 0),
    (np.int64(1), J, slice(None)), (J[:, None], J[None, :]),
]


def as_mx(idx, index_dtype=mx.int32, kind="mx"):
    def conv(i):
        if isinstance(i, np.ndarray):
            if kind == "mx":
                return mx.array(i.astype(np.int64), dtype=index_dtype) if i.size else mx.array(i)
            if kind == "list":
                return i.tolist()
            return i
        return i
    if isinstance(idx, tuple):
        return tuple(conv(i) for i in idx)
    if isinstance(idx, list):
        return idx
    return conv(idx)


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_arrays_match_numpy(dtype):
    for x, a in sources(dtype):
        for idx in INDICES:
            got = a[as_mx(idx)]
            want = x[idx]
            assert got.shape == want.shape, idx
            assert got.dtype == dtype
            np.testing.assert_array_equal(to_np(got), want.astype(to_np(got).dtype), err_msg=str(idx))


@pytest.mark.parametrize("kind", ["mx", "list", "numpy"])
def test_getitem_index_kinds(kind):
    x = np.arange(60).reshape(4, 15) * 1.5
    a = mx.array(x)
    for idx in [I1, (slice(None), J), (I2, J[:2])]:
        np.testing.assert_array_equal(np.array(a[as_mx(idx, kind=kind)]), x[idx])


@pytest.mark.parametrize("index_dtype", INDEX_DTYPES)
def test_index_dtypes(index_dtype):
    x = np.arange(24).reshape(6, 4).astype(np.float32)
    idx = np.array([5, 0, 3, 3])
    got = mx.array(x)[mx.array(idx, dtype=index_dtype)]
    np.testing.assert_array_equal(np.array(got), x[idx])
    if index_dtype in (mx.int8, mx.int16, mx.int32, mx.int64):
        got = mx.array(x)[mx.array(idx - 6, dtype=index_dtype)]
        np.testing.assert_array_equal(np.array(got), x[idx - 6])


def test_non_contiguous_and_broadcast_indices():
    x = np.arange(7 * 8).reshape(7, 8).astype(np.float32)
    a = mx.array(x)
    idx_np = np.array([[1, 6, 0], [2, 5, 3]])
    idx = mx.array(idx_np)
    np.testing.assert_array_equal(np.array(a[idx.T]), x[idx_np.T])
    np.testing.assert_array_equal(np.array(a[idx[:, ::-2]]), x[idx_np[:, ::-2]])
    b = mx.broadcast_to(mx.array([3, 1]), (4, 2))
    np.testing.assert_array_equal(np.array(a[b, 1:3]), x[np.broadcast_to([3, 1], (4, 2)), 1:3])
    np.testing.assert_array_equal(np.array(a[idx[:, :, None], mx.array([0, 7])]),
                                  x[idx_np[:, :, None], np.array([0, 7])])


def test_getitem_errors():
    a = mx.zeros((3, 4))
    # A lone mask reads (test_compat_boolean_masks.py); masks inside a tuple don't.
    with pytest.raises(ValueError, match="boolean indices are not yet supported"):
        a[mx.array([True, False, True]), 0]
    with pytest.raises(ValueError, match="boolean indices are not yet supported"):
        a[0, np.array([True, False, True, False])]
    with pytest.raises(ValueError, match="boolean indices are not yet supported"):
        a[True, 0]
    with pytest.raises(ValueError, match="integer"):
        a[mx.array([0.0, 1.0])]
    with pytest.raises(ValueError):  # too many indices: a ValueError in MLX
        a[[0, 1], 0, 0]
    # Out of bounds array indices raise when evaluated, never read memory.
    with pytest.raises(IndexError, match="gather"):
        mx.eval(a[mx.array([0, 3])])
    with pytest.raises(IndexError, match="gather"):
        mx.eval(a[:, mx.array([-5])])
    with pytest.raises(IndexError, match="gather"):
        mx.eval(mx.take(a, mx.array([12]), axis=None))


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_arrays_match_numpy(dtype):
    for idx in [I1[:3], (slice(None), J), (I2, slice(1, 4)), (0, slice(None), np.array([1, 0])),
                (slice(None, None, 2), J, np.array([[1], [4]])), (J, 2), (None, J, None)]:
        x = (np.arange(4 * 5 * 6).reshape(4, 5, 6) % 13).astype(NP[dtype])
        a = mx.array(x, dtype=dtype)
        shape = x[idx].shape
        v = (np.arange(int(np.prod(shape))).reshape(shape) % 7 + 20).astype(NP[dtype])
        x[idx] = v
        a[as_mx(idx)] = mx.array(v, dtype=dtype)
        np.testing.assert_array_equal(to_np(a), x.astype(to_np(a).dtype), err_msg=str(idx))
        # Broadcast scalar value.
        x[idx] = 3
        a[as_mx(idx)] = 3
        np.testing.assert_array_equal(to_np(a), x.astype(to_np(a).dtype), err_msg=str(idx))


def test_setitem_broadcast_value_and_duplicates():
    x = np.zeros((5, 3), np.int32)
    a = mx.array(x)
    a[mx.array([0, 4])] = mx.array([1, 2, 3])
    x[[0, 4]] = [1, 2, 3]
    np.testing.assert_array_equal(np.array(a), x)
    # Duplicate indices: the last write wins (MLX and NumPy agree on CPU).
    a = mx.zeros((4,), mx.int32)
    a[mx.array([1, 1, 1])] = mx.array([5, 6, 7])
    assert a.tolist() == [0, 7, 0, 0]
    with pytest.raises(ValueError, match="broadcast"):
        a[mx.array([0, 1])] = mx.array([1, 2, 3])


AT_OPS = [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply),
          ("maximum", np.maximum), ("minimum", np.minimum), ("divide", np.divide)]


@pytest.mark.parametrize("name,ufunc", AT_OPS)
@pytest.mark.parametrize("dtype", [mx.int32, mx.float32, mx.float64, mx.uint8, mx.float16,
                                   mx.int64])
def test_at_ops_accumulate_duplicates(name, ufunc, dtype):
    if name == "divide" and not np.issubdtype(np.dtype(NP[dtype]), np.floating):
        # MLX multiplies by the reciprocal cast to the integer dtype: 1/2 -> 0, 1/1 -> 1.
        got = mx.array([6, 6, 6], dtype).at[mx.array([0, 2])].divide(mx.array([2, 1], dtype))
        assert got.dtype == dtype and got.tolist() == [0, 6, 6]
        return
    for idx in [np.array([0, 2, 2, 0, 2]), (slice(None), np.array([1, 1, 3])),
                (np.array([[1, 1], [0, 1]]), slice(1, 3)), (slice(1, 3), 2), (1,)]:
        x = (np.arange(4 * 5).reshape(4, 5) % 7 + 1).astype(NP[dtype])
        shape = x[idx].shape if not isinstance(idx, tuple) or len(idx) > 1 else x[idx[0]].shape
        v = (np.arange(int(np.prod(shape))).reshape(shape) % 3 + 1).astype(NP[dtype])
        want = x.copy()
        ufunc.at(want, idx, v)
        got = getattr(mx.array(x, dtype=dtype).at[as_mx(idx)], name)(mx.array(v, dtype=dtype))
        assert got.dtype == dtype
        np.testing.assert_allclose(to_np(got), want.astype(to_np(got).dtype), rtol=1e-3,
                                   err_msg=f"{name} {idx}")


def test_at_does_not_modify_source():
    a = mx.array([1.0, 2.0, 3.0])
    b = a.at[mx.array([0, 0])].add(1.0)
    assert a.tolist() == [1.0, 2.0, 3.0]
    assert b.tolist() == [3.0, 2.0, 3.0]
    assert a.at[1:].multiply(2.0).tolist() == [1.0, 4.0, 6.0]


@pytest.mark.parametrize("dtype", DTYPES)
def test_take_matches_numpy(dtype):
    for x, a in sources(dtype):
        for axis in [None, 0, 1, 2, -1]:
            for idx in [np.array([0, -1, 2, 2]), np.array([[1, 0], [3, -2]]), np.array(1),
                        np.array([], dtype=np.int32)]:
                # (mx.array of a 0-d NumPy array is 1-d in mxcore today: use lists.)
                got = mx.take(a, mx.array(idx.tolist(), dtype=mx.int32), axis=axis)
                want = np.take(x, idx, axis=axis)
                assert got.shape == want.shape
                np.testing.assert_array_equal(to_np(got), want.astype(to_np(got).dtype))
        np.testing.assert_array_equal(to_np(mx.take(a, -2, axis=1)),
                                      np.take(x, -2, axis=1).astype(to_np(a).dtype))


@pytest.mark.parametrize("dtype", [mx.int32, mx.float32, mx.bfloat16, mx.bool_, mx.complex64])
def test_take_along_and_put_along_axis(dtype):
    for x, a in sources(dtype):
        rng = np.random.default_rng(0)
        for axis in [0, 1, 2, -1]:
            shape = list(x.shape)
            shape[axis] = 7
            idx = rng.integers(-x.shape[axis], x.shape[axis], size=shape)
            got = mx.take_along_axis(a, mx.array(idx), axis=axis)
            want = np.take_along_axis(x, idx, axis=axis)
            np.testing.assert_array_equal(to_np(got), want.astype(to_np(got).dtype))
            # Broadcast indices (size 1 along a non-axis dim).
            bshape = list(shape)
            bshape[(axis + 1) % 3] = 1
            bidx = rng.integers(0, x.shape[axis], size=bshape)
            got = mx.take_along_axis(a, mx.array(bidx), axis=axis)
            np.testing.assert_array_equal(
                to_np(got), np.take_along_axis(x, bidx, axis=axis).astype(to_np(got).dtype))
            # put_along_axis with unique indices per line (NumPy's order is unspecified otherwise).
            pshape = list(x.shape)
            pshape[axis] = 2
            pidx = np.argsort(rng.random(x.shape), axis=axis).take([0, 1], axis=axis)
            vals = (np.arange(int(np.prod(pshape))).reshape(pshape) % 5 + 30).astype(x.dtype)
            want = x.copy()
            np.put_along_axis(want, pidx, vals, axis=axis)
            got = mx.put_along_axis(a, mx.array(pidx), mx.array(vals, dtype=dtype), axis=axis)
            np.testing.assert_array_equal(to_np(got), want.astype(to_np(got).dtype))
    flat = mx.take_along_axis(mx.arange(6).reshape(2, 3), mx.array([5, 0]), axis=None)
    assert flat.tolist() == [5, 0]
    with pytest.raises(ValueError, match="take_along_axis"):
        mx.take_along_axis(mx.zeros((2, 3)), mx.array([0]), axis=0)


def test_dynamic_slice_and_update():
    x = np.arange(30).reshape(5, 6)
    a = mx.array(x)
    got = mx.slice(a, mx.array([1, 2]), axes=(0, 1), slice_size=(2, 3))
    np.testing.assert_array_equal(np.array(got), x[1:3, 2:5])
    got = mx.slice(a, mx.array(3), axes=(0,), slice_size=(2, 6))
    np.testing.assert_array_equal(np.array(got), x[3:5])
    up = mx.slice_update(a, mx.array([[-1, -2]]), mx.array([4, 1]), axes=(0, 1))
    want = x.copy()
    want[4, 1:3] = [-1, -2]
    np.testing.assert_array_equal(np.array(up), want)
    with pytest.raises(IndexError):
        mx.eval(mx.slice(a, mx.array([4]), axes=(0,), slice_size=(2, 6)))
    with pytest.raises(ValueError):
        mx.slice(a, mx.array([1, 2]), axes=(0,), slice_size=(1, 6))


def numeric_grad(f, x, eps=1e-5):
    x = np.array(x, dtype=np.float64)
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        g[i] = (f(xp) - f(xm)) / (2 * eps)
    return g


def test_grad_of_take_and_getitem():
    x = np.random.default_rng(1).standard_normal((4, 5))
    idx = np.array([3, 0, 3, -1])
    w = np.arange(4 * 5, dtype=np.float64).reshape(4, 5)[:4] / 10
    g = mx.grad(lambda a: (mx.take(a, mx.array(idx), axis=0) * mx.array(w, dtype=mx.float64)).sum())(
        mx.array(x, dtype=mx.float64))
    want = np.zeros_like(x)
    np.add.at(want, idx, w)  # one-hot scatter of the cotangent
    np.testing.assert_allclose(np.array(g), want, rtol=1e-12)

    def f_np(xx):
        return float((np.sin(xx[[1, 1, 2], 1:4]) ** 2).sum())
    xd = mx.array(x, dtype=mx.float64)
    g = mx.grad(lambda a: (mx.sin(a[mx.array([1, 1, 2]), 1:4]) ** 2).sum())(xd)
    np.testing.assert_allclose(np.array(g), numeric_grad(f_np, x), rtol=1e-6, atol=1e-8)
    tidx = np.array([[0, 2, 2, 4]] * 4)
    g = mx.grad(lambda a: (mx.take_along_axis(a, mx.array(tidx), 1) ** 3).sum())(xd)
    np.testing.assert_allclose(
        np.array(g), numeric_grad(lambda xx: float((np.take_along_axis(xx, tidx, 1) ** 3).sum()), x),
        rtol=1e-6, atol=1e-8)


def test_jvp_of_take():
    x = mx.array([1.0, 2.0, 3.0])
    t = mx.array([10.0, 20.0, 30.0])
    (out,), (tan,) = mx.jvp(lambda a: mx.take(a, mx.array([2, 0, 2])), [x], [t])
    assert out.tolist() == [3.0, 1.0, 3.0]
    assert tan.tolist() == [30.0, 10.0, 30.0]


def test_grad_of_scatter_ops():
    x = np.random.default_rng(2).standard_normal(6)
    v = np.random.default_rng(3).standard_normal(3)
    idx = mx.array([1, 4, 1])

    def set_fn(a, u):
        b = mx.array(a)
        b[idx] = u
        return (b * mx.arange(1, 7)).sum()
    ga, gu = mx.grad(set_fn, argnums=(0, 1))(mx.array(x), mx.array(v))
    np.testing.assert_allclose(np.array(ga), [1, 0, 3, 4, 0, 6])
    # MLX's rule: every update gathers the cotangent of its target.
    np.testing.assert_allclose(np.array(gu), [2, 5, 2])
    ga, gu = mx.grad(lambda a, u: (a.at[idx].add(u) ** 2).sum(), argnums=(0, 1))(
        mx.array(x, dtype=mx.float64), mx.array(v, dtype=mx.float64))
    y = x.copy()
    np.add.at(y, [1, 4, 1], v)
    np.testing.assert_allclose(np.array(ga), 2 * y, rtol=1e-12)
    np.testing.assert_allclose(np.array(gu), 2 * y[[1, 4, 1]], rtol=1e-12)
    gu = mx.grad(lambda u: mx.zeros(6).at[mx.array([0, 2])].maximum(u).sum())(
        mx.array([-1.0, 5.0]))
    assert gu.tolist() == [0.0, 1.0]


def test_vmap_take_matches_loop():
    x = mx.array(np.arange(3 * 4 * 5, dtype=np.float32).reshape(3, 4, 5))
    idx = mx.array(np.array([[0, 3, 3], [1, 1, 0], [2, 0, 1]]))
    # Batched source, batched indices, both.
    out = mx.vmap(lambda a: mx.take(a, mx.array([3, 0]), axis=0))(x)
    want = mx.stack([mx.take(x[i], mx.array([3, 0]), axis=0) for i in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))
    out = mx.vmap(lambda i: mx.take(x[0], i, axis=1))(idx)
    want = mx.stack([mx.take(x[0], idx[b], axis=1) for b in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))
    out = mx.vmap(lambda a, i: a[i, 1:3], in_axes=(0, 0))(x, idx)
    want = mx.stack([x[b][idx[b], 1:3] for b in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))
    idx2 = mx.array(np.array([[0, 3, 1, 2, 3], [2, 2, 0, 1, 3]]))
    out = mx.vmap(lambda a, i: a[:, i], in_axes=(2, 1))(x, idx2)
    want = mx.stack([x[:, :, b][:, idx2[:, b]] for b in range(5)])
    np.testing.assert_array_equal(np.array(out), np.array(want))


def test_vmap_scatter_matches_loop():
    x = mx.array(np.arange(3 * 6, dtype=np.float32).reshape(3, 6))
    idx = mx.array(np.array([[0, 0], [5, 1], [2, 2]]))
    v = mx.array(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32))
    out = mx.vmap(lambda a, i, u: a.at[i].add(u))(x, idx, v)
    want = mx.stack([x[b].at[idx[b]].add(v[b]) for b in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))
    out = mx.vmap(lambda i: mx.zeros(6).at[i].add(1.0))(idx)
    want = mx.stack([mx.zeros(6).at[idx[b]].add(1.0) for b in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))
    out = mx.vmap(lambda a: a.at[mx.array([1, 1])].add(mx.array([1.0, 2.0])))(x)
    want = mx.stack([x[b].at[mx.array([1, 1])].add(mx.array([1.0, 2.0])) for b in range(3)])
    np.testing.assert_array_equal(np.array(out), np.array(want))


def test_indexing_inside_compile():
    def f(a, i):
        b = a[i] * 2
        c = mx.take_along_axis(a, mx.argmax(a, axis=1, keepdims=True), axis=1)
        return b.sum() + c.sum() + a.at[i].add(1.0).sum()
    a = mx.array(np.random.default_rng(4).standard_normal((5, 3)).astype(np.float32))
    i = mx.array([4, 0, 4])
    want = f(a, i)
    np.testing.assert_allclose(mx.compile(f)(a, i).item(), want.item(), rtol=1e-5)
    g = mx.compile(mx.grad(lambda a: f(a, i)))(a)
    np.testing.assert_allclose(np.array(g), np.array(mx.grad(lambda a: f(a, i))(a)), rtol=1e-6)
    # Shapeless: Gather's output_shapes follow a new index length.
    h = mx.compile(lambda a, i: a[i[:, None], :][:, 0])
    np.testing.assert_array_equal(np.array(h(a, i)), np.array(a)[[4, 0, 4]])


def test_take_shapeless_compile():
    a = mx.arange(15.0).reshape(5, 3)
    h = mx.compile(lambda a, i: mx.take(a, i, axis=0), shapeless=True)
    np.testing.assert_array_equal(np.array(h(a, mx.array([4, 0, 4]))), np.array(a)[[4, 0, 4]])
    np.testing.assert_array_equal(np.array(h(a, mx.array([1, 2]))), np.array(a)[[1, 2]])
