# Complex numbers where MLX has them: sampling, inf tests, logaddexp and
# logcumsumexp, LAPACK factorizations and the vjp convention of MLX
# (cotangent times the conjugate derivative). References are NumPy or values
# recorded from mlx.core 0.32.4 for the same key.
import numpy as np
import pytest

import mxcore as mx

C64 = mx.complex64


def cplx(rng, shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)


def test_normal_complex_matches_mlx_samples():
    z = mx.random.normal((3,), dtype=C64, key=mx.random.key(0))
    assert z.dtype == C64
    expected = [0.13282588124275208 - 0.9074599146842957j,
                0.45920810103416443 + 0.8832187652587891j,
                0.17286640405654907 - 0.08304928243160248j]
    np.testing.assert_allclose(np.array(z), expected, rtol=0, atol=1e-7)


def test_normal_complex_parts_have_variance_one_half():
    z = np.array(mx.random.normal((200000,), dtype=C64, key=mx.random.key(1)))
    assert abs(z.real.mean()) < 0.01 and abs(z.imag.mean()) < 0.01
    np.testing.assert_allclose([z.real.var(), z.imag.var()], [0.5, 0.5], atol=0.01)
    np.testing.assert_allclose(np.mean(np.abs(z) ** 2), 1.0, atol=0.01)


def test_normal_complex_loc_and_scale():
    base = np.array(mx.random.normal((4,), dtype=C64, key=mx.random.key(2)))
    z = mx.random.normal((4,), dtype=C64, loc=mx.array(1 + 1j), scale=2.0, key=mx.random.key(2))
    np.testing.assert_allclose(np.array(z), base * 2 + (1 + 1j), atol=1e-6)


def test_isposinf_isneginf_complex_compare_with_inf_plus_0j():
    inf = float("inf")
    x = mx.array([1 + 2j, complex(inf, 0), complex(-inf, 0), complex(-inf, 1), complex(0, inf),
                  complex(inf, 1)], dtype=C64)
    np.testing.assert_array_equal(np.array(mx.isposinf(x)), [False, True, False, False, False, False])
    np.testing.assert_array_equal(np.array(mx.isneginf(x)), [False, False, True, False, False, False])


def logaddexp_reference(a, b):
    # MLX: the lexicographically larger operand plus log1p(exp(smaller - larger)).
    a, b = np.complex128(a), np.complex128(b)
    a_wins = a.real > b.real or (a.real == b.real and a.imag > b.imag)
    hi, lo = (a, b) if a_wins else (b, a)
    if lo.real == -np.inf or hi.real == np.inf:
        return hi
    return hi + np.log1p(np.exp(lo - hi))


def test_logaddexp_complex():
    rng = np.random.default_rng(0)
    a, b = cplx(rng, (20,)), cplx(rng, (20,))
    b[3] = a[3].real + 1j * (a[3].imag - 0.5)  # equal real parts
    out = np.array(mx.logaddexp(mx.array(a), mx.array(b)))
    assert out.dtype == np.complex64
    ref = [logaddexp_reference(x, y) for x, y in zip(a, b)]
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
    # Recorded from mlx.core for one pair.
    got = np.array(mx.logaddexp(mx.array(1 + 2j), mx.array(0.5 - 1j)))
    np.testing.assert_allclose(got, 0.10499292612075806 + 1.7889591455459595j, atol=1e-6)


def test_logaddexp_complex_with_minus_inf_and_real_operand():
    x = mx.array([complex(-np.inf, 0), 1 + 1j], dtype=C64)
    y = mx.array([2 + 3j, complex(-np.inf, 0)], dtype=C64)
    np.testing.assert_array_equal(np.array(mx.logaddexp(x, y)), [2 + 3j, 1 + 1j])
    mixed = mx.logaddexp(mx.array([1 + 2j], dtype=C64), mx.array([0.5]))
    assert mixed.dtype == C64
    np.testing.assert_allclose(np.array(mixed), [logaddexp_reference(1 + 2j, 0.5)], atol=1e-6)


def test_logcumsumexp_complex_forward_and_reverse():
    rng = np.random.default_rng(1)
    x = cplx(rng, (3, 5))

    def ref(row):
        acc, out = complex(-np.inf, 0), []
        for v in row:
            acc = logaddexp_reference(acc, v)
            out.append(acc)
        return out

    got = np.array(mx.logcumsumexp(mx.array(x), axis=1))
    np.testing.assert_allclose(got, [ref(r) for r in x], rtol=1e-5, atol=1e-5)
    got_rev = np.array(mx.logcumsumexp(mx.array(x), axis=1, reverse=True))
    np.testing.assert_allclose(got_rev, [ref(r[::-1])[::-1] for r in x], rtol=1e-5, atol=1e-5)
    # The values mlx.core gives for this input.
    v = mx.array([1 + 2j, -3 + 0.5j, 0.5 - 1j], dtype=C64)
    np.testing.assert_allclose(np.array(mx.logcumsumexp(v)),
                               [1 + 2j, 1.001461148262024 + 1.9817558526992798j,
                                0.11828607320785522 + 1.7464582920074463j], atol=1e-6)


def test_eig_complex_matches_numpy():
    rng = np.random.default_rng(2)
    a = cplx(rng, (3, 4, 4))
    w, v = mx.linalg.eig(mx.array(a), stream=mx.cpu)
    assert w.dtype == C64 and v.dtype == C64
    w, v = np.array(w), np.array(v)
    np.testing.assert_allclose(a @ v, v * w[:, None, :], atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), np.ones((3, 4)), atol=1e-5)
    wv = np.array(mx.linalg.eigvals(mx.array(a), stream=mx.cpu))
    np.testing.assert_allclose(np.sort_complex(wv.ravel()),
                               np.sort_complex(np.linalg.eigvals(a).ravel()), atol=1e-4)


def test_eigh_complex_hermitian():
    rng = np.random.default_rng(3)
    a = cplx(rng, (2, 5, 5))
    h = a + np.conj(np.swapaxes(a, -1, -2))
    for uplo in ["L", "U"]:
        w, v = mx.linalg.eigh(mx.array(h), UPLO=uplo, stream=mx.cpu)
        assert w.dtype == mx.float32 and v.dtype == C64
        w, v = np.array(w), np.array(v)
        np.testing.assert_allclose(w, np.linalg.eigvalsh(h), atol=1e-4)
        np.testing.assert_allclose(h @ v, v * w[:, None, :], atol=1e-4)
    wv = mx.linalg.eigvalsh(mx.array(h), stream=mx.cpu)
    assert wv.dtype == mx.float32
    np.testing.assert_allclose(np.array(wv), np.linalg.eigvalsh(h), atol=1e-4)


@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (2, 5, 3)])
def test_svd_complex(shape):
    rng = np.random.default_rng(4)
    a = cplx(rng, shape)
    u, s, vt = mx.linalg.svd(mx.array(a), stream=mx.cpu)
    assert u.dtype == C64 and s.dtype == mx.float32 and vt.dtype == C64
    u, s, vt = np.array(u), np.array(s), np.array(vt)
    k = min(shape[-2:])
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), atol=1e-5)
    recon = (u[..., :, :k] * s[..., None, :]) @ vt[..., :k, :]
    np.testing.assert_allclose(recon, a, atol=1e-5)
    eye_u = np.conj(np.swapaxes(u, -1, -2)) @ u
    np.testing.assert_allclose(eye_u, np.broadcast_to(np.eye(shape[-2]), eye_u.shape), atol=1e-5)
    sv = mx.linalg.svd(mx.array(a), compute_uv=False, stream=mx.cpu)
    assert sv.dtype == mx.float32
    np.testing.assert_allclose(np.array(sv), np.linalg.svd(a, compute_uv=False), atol=1e-5)


Z = np.array([1 + 2j, -0.5 + 0.3j], dtype=np.complex64)

# MLX's convention for a holomorphic f: vjp(cot) = cot * conj(f'(z)).
HOLOMORPHIC_DERIVATIVES = {
    "exp": np.exp,
    "log": lambda z: 1 / z,
    "sin": np.cos,
    "cos": lambda z: -np.sin(z),
    "tan": lambda z: 1 / np.cos(z) ** 2,
    "sinh": np.cosh,
    "cosh": np.sinh,
    "tanh": lambda z: 1 - np.tanh(z) ** 2,
    "sqrt": lambda z: 0.5 / np.sqrt(z),
    "rsqrt": lambda z: -0.5 * z ** -1.5,
    "square": lambda z: 2 * z,
    "reciprocal": lambda z: -1 / z ** 2,
    "log1p": lambda z: 1 / (1 + z),
    "arcsin": lambda z: 1 / np.sqrt(1 - z ** 2),
    "arccos": lambda z: -1 / np.sqrt(1 - z ** 2),
    "arctan": lambda z: 1 / (1 + z ** 2),
    "arcsinh": lambda z: 1 / np.sqrt(z ** 2 + 1),
    "arccosh": lambda z: 1 / (np.sqrt(z - 1) * np.sqrt(z + 1)),
    "arctanh": lambda z: 1 / (1 - z ** 2),
    "log2": lambda z: 1 / (z * np.log(2)),
    "log10": lambda z: 1 / (z * np.log(10)),
    "negative": lambda z: -np.ones_like(z),
}


@pytest.mark.parametrize("op", sorted(HOLOMORPHIC_DERIVATIVES))
def test_complex_unary_vjp_is_cotangent_times_conjugate_derivative(op):
    f = getattr(mx, op)
    cot = np.array([1.0 + 0j, 0.5 - 2j], dtype=np.complex64)
    _, (g,) = mx.vjp(lambda x: f(x), [mx.array(Z)], [mx.array(cot)])
    expected = cot * np.conj(HOLOMORPHIC_DERIVATIVES[op](Z.astype(np.complex128)))
    np.testing.assert_allclose(np.array(g), expected, rtol=2e-5, atol=2e-6)


def test_complex_vjp_values_recorded_from_mlx():
    ones = mx.ones((2,), dtype=C64)
    recorded = {
        "exp": [-1.13120436668396 - 2.471726655960083j, 0.5794408917427063 - 0.1792420744895935j],
        "log": [0.2 + 0.4j, -1.470588207244873 + 0.8823529481887817j],
        "abs": [0.4472135901451111 + 0.8944271802902222j, -0.8574929237365723 + 0.5144957900047302j],
        "conjugate": [1 + 0j, 1 + 0j],
        "real": [1 + 0j, 1 + 0j],
        "imag": [1j, 1j],
    }
    for op, expected in recorded.items():
        f = getattr(mx, op)
        cot = ones if op not in ("abs", "real", "imag") else mx.ones((2,))
        _, (g,) = mx.vjp(lambda x: f(x), [mx.array(Z)], [cot])
        np.testing.assert_allclose(np.array(g), expected, atol=1e-6, err_msg=op)


def test_complex_abs_vjp_scales_unit_direction():
    _, (g,) = mx.vjp(mx.abs, [mx.array(Z)], [mx.array([1.0, 2.0])])
    np.testing.assert_allclose(np.array(g), np.array([1.0, 2.0]) * Z / np.abs(Z), atol=1e-6)
    g2 = mx.grad(lambda x: mx.abs(x).sum())(mx.array(Z))
    np.testing.assert_allclose(np.array(g2), Z / np.abs(Z), atol=1e-6)


def test_complex_prod_vjp():
    z = np.array([1 + 2j, -0.5 + 0.3j, 2 - 1j], dtype=np.complex64)
    cot = np.complex64(1 + 1j)
    _, (g,) = mx.vjp(mx.prod, [mx.array(z)], [mx.array(cot)])
    others = np.array([z[1] * z[2], z[0] * z[2], z[0] * z[1]])
    np.testing.assert_allclose(np.array(g), cot * np.conj(others), atol=1e-5)
    # mlx.core's values for this input.
    np.testing.assert_allclose(np.array(g), [0.4 - 1.8j, 7 + 1j, -1.8 - 0.4j], atol=1e-5)
