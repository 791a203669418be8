"""gather_mm, block_masked_mm and segmented_mm against NumPy references:
dtypes, broadcast and non-contiguous inputs, gradients (finite differences
and per-pair formulas), jvp, vmap against a loop, mx.compile, and errors."""

import numpy as np
import pytest

import mxcore as mx

FLOATS = [(mx.float32, np.float32, 1e-5), (mx.float16, np.float16, 2e-2),
          (mx.bfloat16, np.float32, 5e-2), (mx.float64, np.float64, 1e-12)]


def to_np(x):
    return np.array(x.astype(mx.float64) if x.dtype == mx.bfloat16 else x).astype(np.float64)


def ref_gather_mm(a, b, lhs=None, rhs=None):
    """NumPy oracle: gather flattened batch matrices, then multiply."""
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    a_vec, b_vec = a.ndim == 1, b.ndim == 1
    if a_vec:
        a = a[None]
    if b_vec:
        b = b[:, None]
    af = a.reshape(int(np.prod(a.shape[:-2])), *a.shape[-2:])
    bf = b.reshape(int(np.prod(b.shape[:-2])), *b.shape[-2:])
    if lhs is None:
        lhs = np.arange(af.shape[0]).reshape(a.shape[:-2])
    if rhs is None:
        rhs = np.arange(bf.shape[0]).reshape(b.shape[:-2])
    lhs, rhs = np.broadcast_arrays(np.asarray(lhs), np.asarray(rhs))
    out = af[lhs] @ bf[rhs]
    if a_vec:
        out = out[..., 0, :]
    if b_vec:
        out = out[..., 0]
    return out


def f64(x):
    return mx.array(np.asarray(x, np.float64), dtype=mx.float64)


def rand(rng, shape):
    return rng.standard_normal(shape).astype(np.float32)


@pytest.mark.parametrize("mxt,npt,tol", FLOATS)
def test_values_over_dtypes(mxt, npt, tol):
    rng = np.random.default_rng(0)
    a, b = rand(rng, (4, 3, 5)), rand(rng, (2, 5, 6))
    lhs, rhs = np.array([[0], [3], [1]]), np.array([0, 1, 1, 0])
    am, bm = mx.array(a).astype(mxt), mx.array(b).astype(mxt)
    out = mx.gather_mm(am, bm, mx.array(lhs), mx.array(rhs))
    assert out.dtype == mxt
    assert out.shape == (3, 4, 3, 6)
    ref = ref_gather_mm(to_np(am), to_np(bm), lhs, rhs)
    np.testing.assert_allclose(to_np(out), ref, rtol=tol, atol=tol * 10)


@pytest.mark.parametrize("a_shape,b_shape,lhs,rhs", [
    ((2, 3, 4, 5), (3, 5, 6), np.array([5, 0, 2]), None),   # flat index into (2, 3)
    ((4, 5), (2, 5, 6), None, np.array([1, 0, 1])),         # a without batch dims
    ((1, 4, 5), (2, 5, 6), None, np.array([1, 0])),
    ((5,), (2, 5, 6), None, np.array([1, 0])),              # vector a
    ((3, 4, 5), (5,), np.array([1, 0]), None),              # vector b
    ((3, 4, 5), (5,), np.array([1, 0]), np.array([0])),
    ((4,), (4,), np.array(0), np.array(0)),                 # vector @ vector -> scalar
    ((2, 4), (4,), np.array([0, 0]), None),
    ((3, 4, 5), (2, 5, 3), np.array(1), np.array(0)),       # scalar indices
    ((3, 4, 0), (2, 0, 3), np.array([1, 2]), np.array(0)),  # empty inner dim
    ((3, 0, 5), (2, 5, 3), np.array([1, 2]), np.array(0)),  # empty rows
])
def test_shapes_and_defaults(a_shape, b_shape, lhs, rhs):
    rng = np.random.default_rng(1)
    a, b = rand(rng, a_shape), rand(rng, b_shape)
    out = mx.gather_mm(mx.array(a), mx.array(b),
                       None if lhs is None else mx.array(lhs),
                       None if rhs is None else mx.array(rhs))
    ref = ref_gather_mm(a, b, lhs, rhs)
    assert out.shape == ref.shape
    np.testing.assert_allclose(np.array(out), ref, rtol=1e-5, atol=1e-5)


def test_no_indices_is_matmul_with_broadcast():
    rng = np.random.default_rng(2)
    a, b = rand(rng, (2, 3, 4, 5)), rand(rng, (3, 5, 6))
    out = mx.gather_mm(mx.array(a), mx.array(b))
    np.testing.assert_allclose(np.array(out), a @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("idx_dtype", [mx.int32, mx.uint32, mx.int64, mx.uint8, mx.int16])
def test_index_dtypes(idx_dtype):
    rng = np.random.default_rng(3)
    a, b = rand(rng, (3, 2, 4)), rand(rng, (2, 4, 2))
    lhs, rhs = np.array([2, 0, 1, 2]), np.array([1, 1, 0, 0])
    out = mx.gather_mm(mx.array(a), mx.array(b), mx.array(lhs).astype(idx_dtype),
                       mx.array(rhs).astype(idx_dtype), sorted_indices=False)
    np.testing.assert_allclose(np.array(out), ref_gather_mm(a, b, lhs, rhs), rtol=1e-5,
                               atol=1e-5)


def test_non_contiguous_inputs():
    rng = np.random.default_rng(4)
    a = rand(rng, (5, 4, 6))      # used transposed: (5, 6, 4)
    b = rand(rng, (3, 8, 4))      # sliced: (3, 4, 4) via [:, ::2, :]
    lhs_full = np.array([[0, 4], [1, 2], [3, 3]])
    am = mx.swapaxes(mx.array(a), -1, -2)
    bm = mx.array(b)[:, ::2, :]
    lhs = mx.array(lhs_full)[:, 1]              # strided index view
    rhs = mx.broadcast_to(mx.array([[2], [0], [1]]), (3, 3))
    out = mx.gather_mm(am, bm, lhs, rhs)
    ref = ref_gather_mm(np.swapaxes(a, -1, -2), b[:, ::2, :], lhs_full[:, 1],
                        np.broadcast_to(np.array([[2], [0], [1]]), (3, 3)))
    np.testing.assert_allclose(np.array(out), ref, rtol=1e-5, atol=1e-5)
    # A broadcast operand (stride-0 batch).
    bb = mx.broadcast_to(mx.array(b[:1]), (3, 8, 4))[:, :4, :]
    out = mx.gather_mm(am, bb, lhs, rhs)
    ref = ref_gather_mm(np.swapaxes(a, -1, -2), np.broadcast_to(b[:1, :4], (3, 4, 4)),
                        lhs_full[:, 1], np.broadcast_to(np.array([[2], [0], [1]]), (3, 3)))
    np.testing.assert_allclose(np.array(out), ref, rtol=1e-5, atol=1e-5)


def test_mixed_dtype_promotion():
    a = mx.ones((3, 4, 5), dtype=mx.float16)
    b = mx.ones((2, 5, 3), dtype=mx.float32)
    assert mx.gather_mm(a, b, mx.array([1, 0]), mx.array([0])).dtype == mx.float32
    a = mx.ones((3, 4, 5), dtype=mx.bfloat16)
    b = mx.ones((2, 5, 3), dtype=mx.float16)
    out = mx.gather_mm(a, b, mx.array([1, 0]), mx.array([0]))
    assert out.dtype == mx.float32
    np.testing.assert_allclose(np.array(out), np.full((2, 4, 3), 5.0))


def numeric_grad(f, x, eps=1e-6):
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        g[i] = (f(xp) - f(xm)) / (2 * eps)
    return g


def test_grad_against_finite_differences():
    rng = np.random.default_rng(5)
    a = rng.standard_normal((3, 2, 3))
    b = rng.standard_normal((2, 3, 2))
    w = rng.standard_normal((2, 3, 2, 2))
    lhs, rhs = np.array([[0], [2]]), np.array([1, 0, 1])   # lhs 0 used 3 times

    def f_np(av, bv):
        return float((ref_gather_mm(av, bv, lhs, rhs) * w).sum())

    def f_mx(av, bv):
        out = mx.gather_mm(av, bv, mx.array(lhs), mx.array(rhs))
        return (out * f64(w)).sum()

    ga, gb = mx.grad(f_mx, argnums=(0, 1))(f64(a), f64(b))
    assert ga.dtype == mx.float64
    np.testing.assert_allclose(np.array(ga), numeric_grad(lambda x: f_np(x, b), a),
                               rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(np.array(gb), numeric_grad(lambda x: f_np(a, x), b),
                               rtol=1e-6, atol=1e-7)


def test_grad_vector_and_batched_operands():
    rng = np.random.default_rng(6)
    a = rng.standard_normal((3,))
    b = rng.standard_normal((2, 2, 3, 4))
    rhs = np.array([3, 0, 3])

    def f_mx(av, bv):
        return (mx.gather_mm(av, bv, None, mx.array(rhs)) ** 2).sum()

    def f_np(av, bv):
        return float((ref_gather_mm(av, bv, None, rhs) ** 2).sum())

    ga, gb = mx.grad(f_mx, argnums=(0, 1))(f64(a), f64(b))
    np.testing.assert_allclose(np.array(ga), numeric_grad(lambda x: f_np(x, b), a),
                               rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(np.array(gb), numeric_grad(lambda x: f_np(a, x), b),
                               rtol=1e-6, atol=1e-7)


def test_grad_float32_and_indices_not_differentiable():
    a, b = mx.ones((2, 2, 3)), mx.ones((2, 3, 2))
    ga = mx.grad(lambda x: mx.gather_mm(x, b, mx.array([1, 1]), mx.array([0, 1])).sum())(a)
    assert ga.dtype == mx.float32
    # Matrix 0 of a is never gathered; matrix 1 twice (each cotangent row sums b's rows).
    np.testing.assert_allclose(np.array(ga), np.stack([np.zeros((2, 3)), np.full((2, 3), 4.0)]))


def test_jvp_matches_vjp():
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((3, 2, 3)), rng.standard_normal((2, 3, 4))
    ta, tb = rng.standard_normal(a.shape), rng.standard_normal(b.shape)
    lhs, rhs = mx.array([2, 0, 2]), mx.array([[1], [0]])

    def f(x, y):
        return mx.gather_mm(x, y, lhs, rhs)

    (out,), (jv,) = mx.jvp(f, [f64(a), f64(b)], [f64(ta), f64(tb)])
    ref_t = ref_gather_mm(ta, b, [2, 0, 2], [[1], [0]]) + ref_gather_mm(a, tb, [2, 0, 2],
                                                                        [[1], [0]])
    np.testing.assert_allclose(np.array(jv), ref_t, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(np.array(out), ref_gather_mm(a, b, [2, 0, 2], [[1], [0]]))


@pytest.mark.parametrize("in_axes", [(0, None, None, None), (None, 1, None, None),
                                     (None, None, 0, None), (2, None, None, 0),
                                     (0, 0, 0, 0), (None, None, 1, 0)])
def test_vmap_matches_loop(in_axes):
    rng = np.random.default_rng(8)
    V = 3
    a = rng.standard_normal((4, 2, 3)).astype(np.float32)
    b = rng.standard_normal((3, 3, 5)).astype(np.float32)
    lhs = np.array([[3, 0], [1, 1]])
    rhs = np.array([2, 0])
    args = [a, b, lhs, rhs]
    batched = []
    for x, ax in zip(args, in_axes):
        if ax is None:
            batched.append(x)
        else:
            stacked = np.stack([x if x.dtype.kind == "i" else x * (v + 1) for v in range(V)])
            if x.dtype.kind == "i":
                stacked = np.stack([np.roll(x, v) for v in range(V)])
            batched.append(np.moveaxis(stacked, 0, ax))
    fn = mx.vmap(lambda x, y, l, r: mx.gather_mm(x, y, l, r), in_axes=in_axes)
    out = fn(*[mx.array(x) for x in batched])
    for v in range(V):
        sl = [x if ax is None else np.take(x, v, axis=ax) for x, ax in zip(batched, in_axes)]
        np.testing.assert_allclose(np.array(out[v]), ref_gather_mm(*sl), rtol=1e-5, atol=1e-5)


def test_vmap_of_grad():
    rng = np.random.default_rng(9)
    a = rng.standard_normal((2, 3, 2, 3))   # vmapped over axis 0
    b = rng.standard_normal((2, 3, 2))
    lhs, rhs = mx.array([2, 2, 0]), mx.array([1, 0, 0])
    g = mx.vmap(mx.grad(lambda x: mx.gather_mm(x, f64(b), lhs, rhs).sum()))(f64(a))
    for v in range(2):
        gv = mx.grad(lambda x: mx.gather_mm(x, f64(b), lhs, rhs).sum())(f64(a[v]))
        np.testing.assert_allclose(np.array(g[v]), np.array(gv), rtol=1e-12)


def test_inside_compile():
    rng = np.random.default_rng(10)
    a = rng.standard_normal((4, 3, 5)).astype(np.float32)
    b = rng.standard_normal((2, 5, 6)).astype(np.float32)
    lhs, rhs = np.array([3, 1, 0]), np.array([1, 1, 0])

    def f(x, y, l, r):
        return mx.exp(mx.gather_mm(x * 0.5, y, l, r)) + 1.0

    cf = mx.compile(f)
    args = [mx.array(a), mx.array(b), mx.array(lhs), mx.array(rhs)]
    ref = np.exp(ref_gather_mm(a * 0.5, b, lhs, rhs)) + 1.0
    np.testing.assert_allclose(np.array(cf(*args)), ref, rtol=1e-4)
    np.testing.assert_allclose(np.array(cf(*args)), ref, rtol=1e-4)  # cached
    g = mx.compile(mx.grad(lambda x, y: f(x, y, args[2], args[3]).sum()))(args[0], args[1])
    g_ref = mx.grad(lambda x, y: f(x, y, args[2], args[3]).sum())(args[0], args[1])
    np.testing.assert_allclose(np.array(g), np.array(g_ref), rtol=1e-5)
    sf = mx.compile(f, shapeless=True)
    np.testing.assert_allclose(np.array(sf(*args)), ref, rtol=1e-4)


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: mx.gather_mm(mx.ones((3, 4, 5)), mx.ones((2, 5, 3)), mx.array([1.0, 0.0]),
                          mx.array([0])), ValueError, "[gather_mm] Got indices with invalid"),
    (lambda: mx.gather_mm(mx.ones((3, 4, 5), mx.int32), mx.ones((2, 5, 3)),
                          mx.array([1.0]), None), ValueError, "Indices must be integral"),
    (lambda: mx.gather_mm(mx.ones((3, 4, 5), mx.int32), mx.ones((2, 5, 3), mx.int32),
                          mx.array([1]), mx.array([0])), ValueError,
     "[gather_mm] Only real floating point types"),
    (lambda: mx.gather_mm(mx.ones((3, 4, 5), mx.complex64), mx.ones((2, 5, 3)),
                          mx.array([1]), None), ValueError, "real floating point"),
    (lambda: mx.gather_mm(mx.ones((3, 4, 5)), mx.ones((2, 4, 3)), mx.array([1]), None),
     ValueError, "[gather_mm] Last dimension of first input with shape (3,4,5)"),
    (lambda: mx.gather_mm(mx.ones(()), mx.ones((2, 5, 3)), mx.array([0]), None),
     ValueError, "[gather_mm] Got 0 dimension input"),
    (lambda: mx.gather_mm(mx.ones((4, 3, 5)), mx.ones((2, 5, 6)), None, mx.array([1, 0])),
     ValueError, "broadcast"),
])
def test_errors(call, exc, msg):
    with pytest.raises(exc) as info:
        call()
    assert msg in str(info.value)


def test_out_of_range_index_raises():
    with pytest.raises(IndexError, match="gather_mm"):
        mx.eval(mx.gather_mm(mx.ones((3, 4, 5)), mx.ones((2, 5, 3)), mx.array([7, 0]),
                             mx.array([0])))
    with pytest.raises(IndexError, match="gather_mm"):
        mx.eval(mx.gather_mm(mx.ones((3, 4, 5)), mx.ones((2, 5, 3)), mx.array([0]),
                             mx.array([-1])))
