"""linalg.det / linalg.slogdet against NumPy (values, dtypes, batches,
singular and empty matrices, errors) and the gradients of det, slogdet and
svd against float64 central finite differences."""

import numpy as np
import pytest

import mxcore as mx


def f64(x):
    return mx.array(np.asarray(x, np.float64), dtype=mx.float64)


def numeric_grad(f, x, eps=1e-6):
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        g[i] = (f(xp) - f(xm)) / (2 * eps)
    return g


@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (5, 5), (2, 3, 4, 4)])
def test_det_slogdet_values(shape):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(shape)
    np.testing.assert_allclose(np.array(mx.linalg.det(f64(a))), np.linalg.det(a), rtol=1e-10)
    sign, logabs = mx.linalg.slogdet(f64(a))
    rs, rl = np.linalg.slogdet(a)
    np.testing.assert_array_equal(np.array(sign), rs)
    np.testing.assert_allclose(np.array(logabs), rl, rtol=1e-10)
    # float32, transposed (non-contiguous) input
    at = np.swapaxes(a, -1, -2).astype(np.float32)
    out = mx.linalg.det(mx.swapaxes(mx.array(a.astype(np.float32)), -1, -2))
    assert out.dtype == mx.float32
    np.testing.assert_allclose(np.array(out), np.linalg.det(at.astype(np.float64)), rtol=1e-4,
                               atol=1e-5)


def test_dtypes_singular_and_empty():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    assert mx.linalg.det(mx.array(a).astype(mx.int32)).dtype == mx.float32
    np.testing.assert_allclose(np.array(mx.linalg.det(mx.array([[1, 2], [3, 4]]))), -2.0,
                               rtol=1e-6)
    d16 = mx.linalg.det(mx.array(a).astype(mx.float16))
    assert d16.dtype == mx.float16
    np.testing.assert_allclose(np.array(d16).astype(np.float64), -2.0, rtol=1e-3)
    sign, logabs = mx.linalg.slogdet(mx.array(a).astype(mx.bfloat16))
    assert sign.dtype == mx.bfloat16 and logabs.dtype == mx.bfloat16
    # Singular: det 0, sign 0, logabsdet -inf.
    sing = mx.array([[1.0, 2.0], [2.0, 4.0]])
    assert float(mx.linalg.det(mx.zeros((3, 3)))) == 0.0
    sign, logabs = mx.linalg.slogdet(mx.zeros((2, 2)))
    assert float(sign) == 0.0 and float(logabs) == -np.inf
    assert abs(float(mx.linalg.det(sing))) < 1e-6
    # Permutation matrices: pivot parity gives the sign.
    perm = np.eye(4)[[1, 0, 3, 2]]
    assert float(mx.linalg.det(mx.array(perm))) == 1.0
    perm = np.eye(3)[[1, 0, 2]]
    assert float(mx.linalg.det(mx.array(perm))) == -1.0
    # Empty matrices have determinant 1.
    np.testing.assert_array_equal(np.array(mx.linalg.det(mx.zeros((2, 0, 0)))), [1.0, 1.0])
    sign, logabs = mx.linalg.slogdet(mx.zeros((0, 0)))
    assert float(sign) == 1.0 and float(logabs) == 0.0


@pytest.mark.parametrize("fn,msg", [
    (lambda: mx.linalg.det(mx.ones((2, 3))), "[linalg::det] Only defined for square matrices."),
    (lambda: mx.linalg.det(mx.ones((2,))), "[linalg::det] Arrays must have >= 2 dimensions."),
    (lambda: mx.linalg.slogdet(mx.ones((2, 3))), "[linalg::slogdet] Only defined for square"),
    (lambda: mx.linalg.slogdet(mx.ones(())), "[linalg::slogdet] Arrays must have >= 2"),
])
def test_errors(fn, msg):
    with pytest.raises(ValueError) as info:
        fn()
    assert msg in str(info.value)


def test_det_slogdet_grad_vmap_compile():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 3, 3))
    w = rng.standard_normal((2,))
    g = mx.grad(lambda x: (mx.linalg.det(x) * f64(w)).sum())(f64(a))
    np.testing.assert_allclose(np.array(g), numeric_grad(lambda x: (np.linalg.det(x) * w).sum(), a),
                               rtol=1e-7, atol=1e-8)
    g = mx.grad(lambda x: (mx.linalg.slogdet(x)[1] * f64(w)).sum())(f64(a))
    np.testing.assert_allclose(
        np.array(g), numeric_grad(lambda x: (np.linalg.slogdet(x)[1] * w).sum(), a),
        rtol=1e-7, atol=1e-8)
    np.testing.assert_allclose(np.array(mx.vmap(mx.linalg.det)(f64(a))), np.linalg.det(a),
                               rtol=1e-10)
    v = mx.vmap(mx.linalg.det, in_axes=1)(f64(np.moveaxis(a, 0, 1)))
    np.testing.assert_allclose(np.array(v), np.linalg.det(a), rtol=1e-10)
    c = mx.compile(lambda x: mx.linalg.slogdet(x)[1] + mx.linalg.det(x))(f64(a))
    np.testing.assert_allclose(np.array(c), np.linalg.slogdet(a)[1] + np.linalg.det(a),
                               rtol=1e-10)


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (3, 3), (2, 4, 3)])
def test_svd_grad_against_finite_differences(shape):
    rng = np.random.default_rng(2)
    a = rng.standard_normal(shape)
    k = min(shape[-2:])
    ws = rng.standard_normal(shape[:-2] + (k,))

    # Functions invariant to the sign of each singular vector pair.
    def f_np(x):
        u, s, vt = np.linalg.svd(x)
        uk, vk = u[..., :, :k], vt[..., :k, :]
        return ((s * ws).sum() + (np.abs(uk) ** 3).sum() + (np.abs(vk) ** 3).sum()
                + (((uk * ws[..., None, :]) @ vk) ** 2).sum())

    def f_mx(x):
        u, s, vt = mx.linalg.svd(x)
        uk, vk = u[..., :, :k], vt[..., :k, :]
        return ((s * f64(ws)).sum() + (mx.abs(uk) ** 3).sum() + (mx.abs(vk) ** 3).sum()
                + (((uk * f64(ws)[..., None, :]) @ vk) ** 2).sum())

    g = mx.grad(f_mx)(f64(a))
    np.testing.assert_allclose(np.array(g), numeric_grad(f_np, a), rtol=1e-6, atol=1e-7)
    gs = mx.grad(lambda x: (mx.linalg.svd(x, compute_uv=False) * f64(ws)).sum())(f64(a))
    np.testing.assert_allclose(
        np.array(gs), numeric_grad(lambda x: (np.linalg.svd(x, compute_uv=False) * ws).sum(), a),
        rtol=1e-6, atol=1e-7)


def test_svd_grad_float32_and_vmap():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 5, 4))
    # d sum(S) / dA = U_k V_k^T
    g = mx.vmap(mx.grad(lambda x: mx.linalg.svd(x, compute_uv=False).sum()))(
        mx.array(a.astype(np.float32)))
    u, _, vt = np.linalg.svd(a, full_matrices=False)
    assert g.dtype == mx.float32
    np.testing.assert_allclose(np.array(g), u @ vt, rtol=1e-4, atol=1e-5)


def test_det_slogdet_jvp():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((2, 3, 3))
    t = rng.standard_normal((2, 3, 3))
    eps = 1e-6
    (d,), (dd,) = mx.jvp(mx.linalg.det, [f64(a)], [f64(t)])
    fd = (np.linalg.det(a + eps * t) - np.linalg.det(a - eps * t)) / (2 * eps)
    np.testing.assert_allclose(np.array(dd), fd, rtol=1e-6)
    np.testing.assert_allclose(np.array(d), np.linalg.det(a), rtol=1e-10)
    (s, l), (ds, dl) = mx.jvp(lambda x: mx.linalg.slogdet(x), [f64(a)], [f64(t)])
    fd = (np.linalg.slogdet(a + eps * t)[1] - np.linalg.slogdet(a - eps * t)[1]) / (2 * eps)
    np.testing.assert_allclose(np.array(dl), fd, rtol=1e-6)
    np.testing.assert_array_equal(np.array(ds), np.zeros(2))
