"""mx.linalg and the matmul compositions (inner, outer, tensordot, kron,
einsum) against NumPy: float32/float64, batched and transposed inputs,
gradients against finite differences (float64), vmap, and errors."""

import numpy as np
import pytest

import mxcore as mx

DTYPES = [(mx.float32, np.float32, 1e-4), (mx.float64, np.float64, 1e-10)]
rng = np.random.default_rng(0)


def randn(*shape):
    return rng.standard_normal(shape)


def spd(*shape):
    """Symmetric positive definite (..., n, n)."""
    x = randn(*shape)
    return x @ np.swapaxes(x, -1, -2) + shape[-1] * np.eye(shape[-1])


def close(got, want, tol):
    got = np.array(got)
    assert got.shape == np.shape(want), (got.shape, np.shape(want))
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


# ---------------------------------------------------------------- compositions


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_inner_outer(dt, npdt, tol):
    a, b = randn(3, 4), randn(2, 4)
    close(mx.inner(mx.array(a, dt), mx.array(b, dt)), np.inner(a, b), tol)
    close(mx.inner(mx.array(a[0], dt), mx.array(b[0], dt)), np.inner(a[0], b[0]), tol)
    close(mx.inner(mx.array(a, dt), 2.0), a * 2.0, tol)
    close(mx.outer(mx.array(a, dt), mx.array(b, dt)), np.outer(a, b), tol)
    with pytest.raises(ValueError):
        mx.inner(mx.array(a, dt), mx.array(randn(3), dt))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_tensordot(dt, npdt, tol):
    a, b = randn(2, 3, 4), randn(3, 4, 5)
    close(mx.tensordot(mx.array(a, dt), mx.array(b, dt)), np.tensordot(a, b), tol)
    c = randn(4, 6)
    close(mx.tensordot(mx.array(a, dt), mx.array(c, dt), axes=1), np.tensordot(a, c, axes=1), tol)
    close(mx.tensordot(mx.array(a, dt), mx.array(b, dt), axes=[[1, 2], [0, 1]]),
          np.tensordot(a, b, axes=([1, 2], [0, 1])), tol)
    close(mx.tensordot(mx.array(a, dt), mx.array(b, dt), axes=([1], [0])),
          np.tensordot(a, b, axes=([1], [0])), tol)
    # Transposed (non-contiguous) operand.
    bt = mx.array(b.transpose(2, 1, 0).copy(), dt).transpose(2, 1, 0)
    close(mx.tensordot(mx.array(a, dt), bt, axes=2), np.tensordot(a, b, axes=2), tol)
    with pytest.raises(ValueError):
        mx.tensordot(mx.array(a, dt), mx.array(b, dt), axes=-1)
    with pytest.raises(ValueError):
        mx.tensordot(mx.array(a, dt), mx.array(b, dt), axes=[[0], [0]])


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_kron(dt, npdt, tol):
    for sa, sb in [((2, 3), (4, 5)), ((3,), (2, 2)), ((2, 1, 3), (3, 2))]:
        a, b = randn(*sa), randn(*sb)
        close(mx.kron(mx.array(a, dt), mx.array(b, dt)), np.kron(a, b), tol)
    ai = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(np.array(mx.kron(mx.array(ai), mx.array(ai))), np.kron(ai, ai))
    with pytest.raises(ValueError):
        mx.kron(mx.zeros((0, 2)), mx.ones((2, 2)))


EINSUM_CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]),
    ("ij->ji", [(3, 4)]),
    ("ij->", [(3, 4)]),
    ("i,i->", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (4, 5)]),
    ("i...,i->...", [(3, 2, 2), (3,)]),
    ("abc,cd,bd->ad", [(2, 3, 4), (4, 5), (3, 5)]),
    ("ijk,kji->", [(2, 3, 4), (4, 3, 2)]),
    ("ij,ij->ij", [(3, 4), (3, 4)]),
    ("bii->bi", [(2, 3, 3)]),
    ("ab,cd->abcd", [(2, 3), (4, 5)]),
    ("...ij,...jk", [(2, 3, 4), (1, 4, 5)]),
    ("bi,bi,bi->b", [(2, 3)] * 3),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("iij->j", [(3, 3, 2)]),
    ("i i, i ->", [(3, 3), (3,)]),
    ("bij,bkj->bik", [(2, 3, 4), (2, 5, 4)]),
]


@pytest.mark.parametrize("subs,shapes", EINSUM_CASES)
@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_einsum(subs, shapes, dt, npdt, tol):
    xs = [randn(*s) for s in shapes]
    got = mx.einsum(subs, *[mx.array(x, dt) for x in xs])
    close(got, np.einsum(subs, *xs), tol * 10)


def test_einsum_int_and_transposed():
    a = np.arange(12).reshape(3, 4)
    b = np.arange(20).reshape(4, 5)
    np.testing.assert_array_equal(np.array(mx.einsum("ij,jk->ik", mx.array(a), mx.array(b))), a @ b)
    at = mx.array(a.T.copy()).T
    close(mx.einsum("ij,jk->ik", at.astype(mx.float32), mx.array(b, mx.float32)), a @ b, 1e-5)


def test_einsum_grad():
    a, b = randn(3, 4), randn(4, 2)
    w = randn(3, 2)
    ga, gb = mx.grad(lambda x, y: mx.sum(mx.einsum("ij,jk->ik", x, y) * mx.array(w, mx.float64)),
                     argnums=(0, 1))(mx.array(a, mx.float64), mx.array(b, mx.float64))
    close(ga, w @ b.T, 1e-12)
    close(gb, a.T @ w, 1e-12)


def test_einsum_errors():
    with pytest.raises(ValueError):
        mx.einsum("ij,jk->ik", mx.ones((2, 3)))
    with pytest.raises(ValueError):
        mx.einsum("ij->k", mx.ones((2, 3)))
    with pytest.raises(ValueError):
        mx.einsum("ijk->i", mx.ones((2, 3)))
    with pytest.raises(ValueError):
        mx.einsum("ij,jk->ik", mx.ones((2, 3)), mx.ones((4, 5)))


# ---------------------------------------------------------------- norm


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_vector_norms(dt, npdt, tol):
    x = randn(3, 4)
    a = mx.array(x, dt)
    close(mx.linalg.norm(a), np.linalg.norm(x), tol)
    close(mx.linalg.norm(a, keepdims=True), np.linalg.norm(x, keepdims=True), tol)
    for ord in [None, 0, 1, 2, -1, 3, 0.5, np.inf, -np.inf]:
        for axis in [0, 1, -1]:
            close(mx.linalg.norm(a, ord, axis), np.linalg.norm(x, ord, axis), tol)
        close(mx.linalg.norm(a, ord, axis=1, keepdims=True),
              np.linalg.norm(x, ord, axis=1, keepdims=True), tol)
    close(mx.linalg.norm(mx.array(x[0], dt), 3), np.linalg.norm(x[0], 3), tol)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_matrix_norms(dt, npdt, tol):
    x = randn(2, 3, 4)
    a = mx.array(x, dt)
    for ord in ["fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf]:
        for axis in [(1, 2), (2, 1), (0, 2)]:
            close(mx.linalg.norm(a, ord, axis), np.linalg.norm(x, ord, axis), tol)
            close(mx.linalg.norm(a, ord, axis, keepdims=True),
                  np.linalg.norm(x, ord, axis, keepdims=True), tol)
        close(mx.linalg.norm(mx.array(x[0], dt), ord), np.linalg.norm(x[0], ord), tol)
    assert mx.linalg.norm(mx.array([3, 4])).dtype == mx.float32
    close(mx.linalg.norm(mx.array([3, 4])), 5.0, 1e-6)


def test_norm_errors():
    a = mx.ones((2, 3, 4))
    with pytest.raises(ValueError):
        mx.linalg.norm(a, 2)  # ord with axis None needs 1-D or 2-D
    with pytest.raises(ValueError):
        mx.linalg.norm(mx.ones(3), "fro")
    with pytest.raises(ValueError):
        mx.linalg.norm(a, 3, axis=(1, 2))
    with pytest.raises(ValueError):
        mx.linalg.norm(a, 2, axis=(0, 1, 2))
    with pytest.raises(ValueError):
        mx.linalg.norm(a, axis=(0, 1, 2))


# ---------------------------------------------------------------- factorizations


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_inv(dt, npdt, tol):
    x = randn(3, 4, 4) + 4 * np.eye(4)
    close(mx.linalg.inv(mx.array(x, dt)), np.linalg.inv(x), tol)
    # Transposed (non-contiguous) input.
    at = mx.array(x, dt).swapaxes(-1, -2)
    close(mx.linalg.inv(at), np.linalg.inv(np.swapaxes(x, -1, -2)), tol)
    assert mx.linalg.inv(mx.array(x, dt)).dtype == dt


def test_inv_errors():
    with pytest.raises(ValueError, match="inv"):
        mx.linalg.inv(mx.ones((2, 3)))
    with pytest.raises(ValueError, match="inv"):
        mx.linalg.inv(mx.ones((3,)))
    with pytest.raises(ValueError, match="float32 or float64"):
        mx.linalg.inv(mx.ones((2, 2), dtype=mx.int32))
    with pytest.raises(RuntimeError, match="singular"):
        mx.eval(mx.linalg.inv(mx.array([[1.0, 2.0], [2.0, 4.0]])))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
@pytest.mark.parametrize("upper", [False, True])
def test_tri_inv(dt, npdt, tol, upper):
    x = randn(2, 4, 4) + 4 * np.eye(4)
    t = np.triu(x) if upper else np.tril(x)
    # The other triangle of the input is ignored.
    close(mx.linalg.tri_inv(mx.array(x, dt), upper=upper), np.linalg.inv(t), tol)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_cholesky(dt, npdt, tol):
    a = spd(3, 4, 4)
    l = np.linalg.cholesky(a)
    close(mx.linalg.cholesky(mx.array(a, dt)), l, tol)
    close(mx.linalg.cholesky(mx.array(a, dt), upper=True), np.swapaxes(l, -1, -2), tol)
    close(mx.linalg.cholesky_inv(mx.array(l, dt)), np.linalg.inv(a), tol * 10)
    close(mx.linalg.cholesky_inv(mx.array(np.swapaxes(l, -1, -2), dt), upper=True),
          np.linalg.inv(a), tol * 10)
    with pytest.raises(RuntimeError, match="positive definite"):
        mx.eval(mx.linalg.cholesky(mx.array([[1.0, 2.0], [2.0, 1.0]], dt)))
    with pytest.raises(ValueError, match="cholesky"):
        mx.linalg.cholesky(mx.ones((2, 3)))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3)])
def test_qr(dt, npdt, tol, shape):
    x = randn(*shape)
    q, r = mx.linalg.qr(mx.array(x, dt))
    qn, rn = np.linalg.qr(x)
    # Signs of the factors are implementation defined: compare Q R and |R|.
    close(q @ r, x, tol * 10)
    close(mx.abs(r), np.abs(rn), tol * 10)
    k = min(shape[-2:])
    close(mx.swapaxes(q, -1, -2) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), tol * 10)
    assert np.allclose(np.tril(np.array(r), -1), 0)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3)])
def test_svd(dt, npdt, tol, shape):
    x = randn(*shape)
    u, s, vt = mx.linalg.svd(mx.array(x, dt))
    sn = np.linalg.svd(x, compute_uv=False)
    close(s, sn, tol * 10)
    m, n = shape[-2:]
    assert u.shape == shape[:-2] + (m, m) and vt.shape == shape[:-2] + (n, n)
    k = min(m, n)
    recon = (u[..., :, :k] * s[..., None, :]) @ vt[..., :k, :]
    close(recon, x, tol * 10)
    close(mx.linalg.svd(mx.array(x, dt), compute_uv=False), sn, tol * 10)
    # Transposed input.
    close(mx.linalg.svd(mx.array(x, dt).swapaxes(-1, -2), compute_uv=False), sn, tol * 10)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_pinv(dt, npdt, tol):
    for shape in [(4, 3), (3, 4), (2, 3, 3)]:
        x = randn(*shape)
        close(mx.linalg.pinv(mx.array(x, dt)), np.linalg.pinv(x), tol * 10)
    # Rank deficient.
    x = np.outer(randn(4), randn(3))
    close(mx.linalg.pinv(mx.array(x, dt)), np.linalg.pinv(x), tol * 10)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(dt, npdt, tol, uplo):
    a = spd(2, 4, 4) - 3 * np.eye(4)
    # Only the UPLO triangle is read: garbage in the other must not matter.
    junk = a + (np.triu(randn(4, 4), 1) if uplo == "L" else np.tril(randn(4, 4), -1))
    w, v = mx.linalg.eigh(mx.array(junk, dt), UPLO=uplo)
    wn = np.linalg.eigvalsh(a)
    close(w, wn, tol * 10)
    close(v @ (w[..., None] * mx.swapaxes(v, -1, -2)), a, tol * 10)
    close(mx.linalg.eigvalsh(mx.array(junk, dt), UPLO=uplo), wn, tol * 10)
    with pytest.raises(ValueError):
        mx.linalg.eigh(mx.array(a, dt), UPLO="X")
    with pytest.raises(ValueError):
        mx.linalg.eigvalsh(mx.ones((2, 3), dt))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_eig(dt, npdt, tol):
    # A rotation-like block has a complex pair; the rest is real.
    x = randn(2, 4, 4)
    x[0, :2, :2] = [[0.0, -2.0], [2.0, 0.0]]
    w, v = mx.linalg.eig(mx.array(x, dt))
    assert w.dtype == mx.complex64 and v.dtype == mx.complex64
    wn, vn = np.array(w), np.array(v)
    # A v = v diag(w), eigenvalues match NumPy's as a set.
    np.testing.assert_allclose(x @ vn, vn * wn[..., None, :], atol=1e-4)
    for i in range(2):
        np.testing.assert_allclose(np.sort_complex(wn[i]),
                                   np.sort_complex(np.linalg.eigvals(x[i])), atol=1e-4)
    np.testing.assert_allclose(np.sort_complex(np.array(mx.linalg.eigvals(mx.array(x[1], dt)))),
                               np.sort_complex(np.linalg.eigvals(x[1])), atol=1e-4)
    with pytest.raises(ValueError):
        mx.linalg.eig(mx.ones((2, 3)))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 4)])
def test_lu(dt, npdt, tol, shape):
    x = randn(*shape)
    p, l, u = mx.linalg.lu(mx.array(x, dt))
    assert p.dtype == mx.uint32
    pn, ln, un = np.array(p), np.array(l), np.array(u)
    recon = np.take_along_axis(ln, pn[..., None].astype(np.int64), axis=-2) @ un
    close(recon, x, tol * 10)
    assert np.allclose(np.triu(ln, 1), 0) and np.allclose(np.diagonal(ln, 0, -2, -1), 1)
    assert np.allclose(np.tril(un, -1), 0)
    # Partial pivoting keeps |L| <= 1.
    assert np.all(np.abs(ln) <= 1 + 1e-6)
    lu, piv = mx.linalg.lu_factor(mx.array(x, dt))
    # The packed form holds L's strict lower part and U's upper part.
    k = min(shape[-2:])
    packed = np.zeros(shape)
    packed[..., :, :k] += np.tril(ln, -1)
    packed[..., :k, :] += un
    close(lu, packed, tol * 10)
    assert piv.shape == shape[:-2] + (min(shape[-2:]),)


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_solve(dt, npdt, tol):
    a = randn(2, 4, 4) + 4 * np.eye(4)
    b = randn(2, 4, 3)
    close(mx.linalg.solve(mx.array(a, dt), mx.array(b, dt)), np.linalg.solve(a, b), tol * 10)
    bv = randn(2, 4)
    close(mx.linalg.solve(mx.array(a, dt), mx.array(bv, dt)),
          np.linalg.solve(a, bv[..., None])[..., 0], tol * 10)
    close(mx.linalg.solve(mx.array(a[0], dt), mx.array(bv[0], dt)),
          np.linalg.solve(a[0], bv[0]), tol * 10)
    t = np.tril(a)
    close(mx.linalg.solve_triangular(mx.array(t, dt), mx.array(b, dt)),
          np.linalg.solve(t, b), tol * 10)
    tu = np.triu(a)
    close(mx.linalg.solve_triangular(mx.array(tu, dt), mx.array(b, dt), upper=True),
          np.linalg.solve(tu, b), tol * 10)
    with pytest.raises(ValueError):
        mx.linalg.solve(mx.array(a, dt), mx.array(randn(2, 3, 3), dt))


@pytest.mark.parametrize("dt,npdt,tol", DTYPES)
def test_cross(dt, npdt, tol):
    a, b = randn(4, 3), randn(4, 3)
    close(mx.linalg.cross(mx.array(a, dt), mx.array(b, dt)), np.cross(a, b), tol)
    close(mx.linalg.cross(mx.array(a.T, dt), mx.array(b.T, dt), axis=0),
          np.cross(a.T, b.T, axis=0), tol)
    a2, b2 = randn(4, 2), randn(4, 2)
    pad = lambda x: np.concatenate([x, np.zeros((4, 1))], -1)
    close(mx.linalg.cross(mx.array(a2, dt), mx.array(b2, dt)), np.cross(pad(a2), pad(b2)), tol)
    with pytest.raises(ValueError):
        mx.linalg.cross(mx.ones((4, 4)), mx.ones((4, 4)))


# ---------------------------------------------------------------- transforms


def finite_diff_grad(f, x, eps=1e-6):
    g = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        d = np.zeros_like(x)
        d[idx] = eps
        g[idx] = (f(x + d) - f(x - d)) / (2 * eps)
    return g


def check_grad(mx_fn, np_fn, x, tol=1e-5):
    w = randn(*np.shape(np_fn(x)))
    loss = lambda a: mx.sum(mx_fn(a) * mx.array(w, mx.float64))
    g = mx.grad(loss)(mx.array(x, mx.float64))
    fd = finite_diff_grad(lambda a: float(np.sum(np_fn(a) * w)), x)
    close(g, fd, tol)


def sym(x):
    return (x + np.swapaxes(x, -1, -2)) / 2


def test_inv_grad():
    x = randn(2, 3, 3) + 3 * np.eye(3)
    check_grad(mx.linalg.inv, np.linalg.inv, x)
    check_grad(lambda a: mx.linalg.tri_inv(a), lambda a: np.linalg.inv(np.tril(a)), x)
    check_grad(lambda a: mx.linalg.tri_inv(a, upper=True), lambda a: np.linalg.inv(np.triu(a)), x)


def test_inv_jvp():
    x = randn(3, 3) + 3 * np.eye(3)
    t = randn(3, 3)
    _, (jt,) = mx.jvp(mx.linalg.inv, [mx.array(x, mx.float64)], [mx.array(t, mx.float64)])
    eps = 1e-6
    fd = (np.linalg.inv(x + eps * t) - np.linalg.inv(x - eps * t)) / (2 * eps)
    close(jt, fd, 1e-5)


def test_solve_grad():
    x = randn(3, 3) + 3 * np.eye(3)
    b = randn(3, 2)
    check_grad(lambda a: mx.linalg.solve(a, mx.array(b, mx.float64)), lambda a: np.linalg.solve(a, b), x)


def test_cholesky_grad():
    x = randn(4, 4)
    # Parametrize through a symmetric matrix so the gradient convention is unambiguous.
    f_mx = lambda a: mx.linalg.cholesky((a + a.T) / 2 + 4 * mx.eye(4, dtype=mx.float64))
    f_np = lambda a: np.linalg.cholesky(sym(a) + 4 * np.eye(4))
    check_grad(f_mx, f_np, x)
    f_mx_u = lambda a: mx.linalg.cholesky((a + a.T) / 2 + 4 * mx.eye(4, dtype=mx.float64), upper=True)
    f_np_u = lambda a: np.linalg.cholesky(sym(a) + 4 * np.eye(4)).T
    check_grad(f_mx_u, f_np_u, x)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_jvp(upper):
    a = spd(4, 4)
    t = randn(4, 4)
    _, (jt,) = mx.jvp(lambda m: mx.linalg.cholesky(m, upper=upper),
                      [mx.array(a, mx.float64)], [mx.array(t, mx.float64)])
    # LAPACK reads one triangle: the effective tangent mirrors it.
    tri = np.triu(t) if upper else np.tril(t)
    teff = tri + np.swapaxes(np.triu(t, 1) if upper else np.tril(t, -1), 0, 1)
    eps = 1e-6
    f = lambda m: np.linalg.cholesky(m).T if upper else np.linalg.cholesky(m)
    fd = (f(a + eps * teff) - f(a - eps * teff)) / (2 * eps)
    close(jt, fd, 1e-5)


def test_complex_norm():
    x = (randn(3, 4) + 1j * randn(3, 4)).astype(np.complex64)
    a = mx.array(x)
    close(mx.linalg.norm(a), np.linalg.norm(x), 1e-5)
    close(mx.linalg.norm(a, "fro"), np.linalg.norm(x, "fro"), 1e-5)
    close(mx.linalg.norm(a, 1, axis=0), np.linalg.norm(x, 1, axis=0), 1e-5)
    close(mx.linalg.norm(a, np.inf), np.linalg.norm(x, np.inf), 1e-5)
    assert mx.linalg.norm(a).dtype == mx.float32


def test_eigh_grad():
    x = randn(4, 4)
    f_mx = lambda a: mx.linalg.eigvalsh((a + a.T) / 2)
    check_grad(f_mx, lambda a: np.linalg.eigvalsh(sym(a)), x)

    # Eigenvectors are defined up to sign: use a sign-invariant function.
    def vec_np(a):
        w, v = np.linalg.eigh(sym(a))
        return v * v

    def vec_mx(a):
        w, v = mx.linalg.eigh((a + a.T) / 2)
        return v * v

    check_grad(vec_mx, vec_np, x)


def test_no_grad_raises():
    x = mx.array(randn(3, 3))
    with pytest.raises(Exception):
        mx.grad(lambda a: mx.sum(mx.linalg.qr(a)[1]))(x)
    # (svd has a vjp: see tests/python/test_linalg_det_svd.py)


def test_vmap():
    x = randn(3, 4, 4) + 4 * np.eye(4)
    # Batch on a non-leading axis.
    xt = np.moveaxis(x, 0, 2)
    close(mx.vmap(mx.linalg.inv, in_axes=2)(mx.array(xt, mx.float64)), np.linalg.inv(x), 1e-10)
    a = spd(3, 4, 4)
    close(mx.vmap(mx.linalg.cholesky)(mx.array(a, mx.float64)), np.linalg.cholesky(a), 1e-10)
    close(mx.vmap(lambda m: mx.linalg.svd(m, compute_uv=False))(mx.array(x, mx.float64)),
          np.linalg.svd(x, compute_uv=False), 1e-10)
    w = mx.vmap(lambda m: mx.linalg.eigh(m)[0])(mx.array(a, mx.float64))
    close(w, np.linalg.eigvalsh(a), 1e-10)
    q, r = mx.vmap(mx.linalg.qr)(mx.array(x, mx.float64))
    close(q @ r, x, 1e-10)


def test_vmap_eig_lu_and_compile():
    x = randn(3, 4, 4) + 4 * np.eye(4)
    w = mx.vmap(mx.linalg.eigvals)(mx.array(x, mx.float64))
    for i in range(3):
        np.testing.assert_allclose(np.sort_complex(np.array(w[i])),
                                   np.sort_complex(np.linalg.eigvals(x[i])), atol=1e-4)
    p, l, u = mx.vmap(mx.linalg.lu)(mx.array(x, mx.float64))
    recon = np.take_along_axis(np.array(l), np.array(p)[..., None].astype(np.int64), axis=-2) @ np.array(u)
    close(recon, x, 1e-10)
    f = mx.compile(lambda a, b: mx.linalg.solve(a, b) * 2 + mx.linalg.norm(a))
    b = randn(3, 4)
    close(f(mx.array(x, mx.float64), mx.array(b, mx.float64)),
          np.linalg.solve(x, b[..., None])[..., 0] * 2 + np.linalg.norm(x), 1e-9)
    g = mx.compile(mx.grad(lambda a: mx.sum(mx.linalg.inv(a))))
    xi = np.linalg.inv(x[0])
    close(g(mx.array(x[0], mx.float64)), -(xi.T @ np.ones((4, 4)) @ xi.T), 1e-9)
