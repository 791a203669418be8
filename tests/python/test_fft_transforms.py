"""mx.fft under transforms: gradients of real-valued losses of complex (and
real) outputs against central finite differences of the same loss computed
with numpy.fft in float64, jvp, vmap against loops, and compile against eager."""

import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(1)


def crandn(*shape):
    return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


def numeric_grad(f, x, eps=1e-4):
    """d f / d Re(x) + i d f / d Im(x) (MLX's convention for complex inputs)."""
    x = np.array(x, dtype=np.complex128 if np.iscomplexobj(x) else np.float64)
    g = np.zeros_like(x)
    parts = [1.0, 1j] if np.iscomplexobj(x) else [1.0]
    for idx in np.ndindex(x.shape):
        for p in parts:
            xp, xm = x.copy(), x.copy()
            xp[idx] += eps * p
            xm[idx] -= eps * p
            g[idx] += p * (f(xp) - f(xm)) / (2 * eps)
    return g


def make_losses(out_shape, complex_out):
    """The same real-valued loss of the transform's output, in numpy and mxcore.
    Random weights keep the loss from reducing to an identity like Parseval."""
    w1 = rng.standard_normal(out_shape)
    w2 = rng.uniform(0.5, 1.5, out_shape)
    if complex_out:
        def np_loss(y):
            return np.sum(w1 * y.real) + np.sum(w2 * np.abs(y) ** 2)

        def mx_loss(y):
            return (mx.array(w1, mx.float32) * mx.real(y)).sum() + \
                (mx.array(w2, mx.float32) * mx.abs(y) ** 2).sum()
    else:
        def np_loss(y):
            return np.sum(w1 * y) + np.sum(w2 * y ** 2)

        def mx_loss(y):
            return (mx.array(w1, mx.float32) * y).sum() + (mx.array(w2, mx.float32) * y ** 2).sum()
    return np_loss, mx_loss


# (name, mxcore transform, numpy transform, input is complex)
CASES = [
    ("fft_real", lambda x: mx.fft.fft(x), lambda x: np.fft.fft(x), (7,), False),
    ("fft_complex_axis0", lambda x: mx.fft.fft(x, axis=0), lambda x: np.fft.fft(x, axis=0),
     (6, 3), True),
    ("ifft_n_pad", lambda x: mx.fft.ifft(x, n=9), lambda x: np.fft.ifft(x, n=9), (2, 6), True),
    ("fft_n_crop", lambda x: mx.fft.fft(x, n=4), lambda x: np.fft.fft(x, n=4), (2, 6), True),
    ("rfft_even", lambda x: mx.fft.rfft(x), lambda x: np.fft.rfft(x), (2, 8), False),
    ("rfft_odd", lambda x: mx.fft.rfft(x), lambda x: np.fft.rfft(x), (9,), False),
    ("rfft_n_pad", lambda x: mx.fft.rfft(x, n=12), lambda x: np.fft.rfft(x, n=12), (7,), False),
    ("rfft_n_crop", lambda x: mx.fft.rfft(x, n=5, axis=0),
     lambda x: np.fft.rfft(x, n=5, axis=0), (8, 2), False),
    ("irfft_even", lambda x: mx.fft.irfft(x), lambda x: np.fft.irfft(x), (2, 5), True),
    ("irfft_odd", lambda x: mx.fft.irfft(x, n=9), lambda x: np.fft.irfft(x, n=9), (5,), True),
    ("irfft_crop", lambda x: mx.fft.irfft(x, n=4), lambda x: np.fft.irfft(x, n=4), (6,), True),
    ("fft2_s", lambda x: mx.fft.fft2(x, s=(3, 5)), lambda x: np.fft.fft2(x, s=(3, 5)),
     (4, 4), True),
    ("ifftn", lambda x: mx.fft.ifftn(x), lambda x: np.fft.ifftn(x), (3, 2, 4), True),
    ("rfftn_axes", lambda x: mx.fft.rfftn(x, axes=(2, 0)),
     lambda x: np.fft.rfftn(x, axes=(2, 0)), (3, 2, 5), False),
    ("irfftn_s_odd", lambda x: mx.fft.irfftn(x, s=(3, 5), axes=(0, 1)),
     lambda x: np.fft.irfftn(x, s=(3, 5), axes=(0, 1)), (4, 3), True),
    ("rfft_ortho", lambda x: mx.fft.rfft(x, norm="ortho"),
     lambda x: np.fft.rfft(x, norm="ortho"), (6,), False),
    ("irfft_forward", lambda x: mx.fft.irfft(x, n=7, norm="forward"),
     lambda x: np.fft.irfft(x, n=7, norm="forward"), (4,), True),
    ("fftshift_fft", lambda x: mx.fft.fftshift(mx.fft.fft(x)),
     lambda x: np.fft.fftshift(np.fft.fft(x)), (5,), True),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_grad_vs_finite_differences(case):
    _, mx_f, np_f, shape, complex_in = case
    x = crandn(*shape) if complex_in else rng.standard_normal(shape)
    y = np_f(x)
    np_loss, mx_loss = make_losses(y.shape, np.iscomplexobj(y))
    expected = numeric_grad(lambda v: np_loss(np_f(v)), x)
    xin = mx.array(x.astype(np.complex64 if complex_in else np.float32))
    got = mx.grad(lambda v: mx_loss(mx_f(v)))(xin)
    assert got.dtype == xin.dtype
    got = np.array(got)
    scale = max(1.0, np.abs(expected).max())
    np.testing.assert_allclose(got, expected, rtol=2e-3, atol=2e-3 * scale)
    # value_and_grad agrees on the value.
    val, _ = mx.value_and_grad(lambda v: mx_loss(mx_f(v)))(xin)
    np.testing.assert_allclose(val.item(), np_loss(y), rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_jvp_is_the_transform(case):
    _, mx_f, np_f, shape, complex_in = case
    dt = np.complex64 if complex_in else np.float32
    x = (crandn(*shape) if complex_in else rng.standard_normal(shape)).astype(dt)
    t = (crandn(*shape) if complex_in else rng.standard_normal(shape)).astype(dt)
    outs, tangents = mx.jvp(mx_f, [mx.array(x)], [mx.array(t)])
    want = np_f(t.astype(np.complex128 if complex_in else np.float64))
    np.testing.assert_allclose(np.array(tangents[0]), want, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(outs[0]), np_f(x), rtol=1e-4, atol=1e-4)


# ---------------------------------------------------------------------- vmap


VMAP_CASES = [
    ("fft", lambda x: mx.fft.fft(x), (4, 6), True),
    ("ifft_axis0", lambda x: mx.fft.ifft(x, axis=0), (5, 3, 4), True),
    ("rfft_n", lambda x: mx.fft.rfft(x, n=10), (3, 7), False),
    ("irfft_odd", lambda x: mx.fft.irfft(x, n=7), (3, 4), True),
    ("irfft_even", lambda x: mx.fft.irfft(x), (3, 5), True),
    ("fft2", lambda x: mx.fft.fft2(x), (2, 3, 4), True),
    ("rfft2_s", lambda x: mx.fft.rfft2(x, s=(3, 5)), (2, 4, 6), False),
    ("irfftn_axes", lambda x: mx.fft.irfftn(x, s=(5, 3), axes=(1, 0)), (3, 4, 2), True),
    ("fftshift", lambda x: mx.fft.fftshift(mx.fft.fftn(x)), (4, 3), True),
]


@pytest.mark.parametrize("case", VMAP_CASES, ids=[c[0] for c in VMAP_CASES])
@pytest.mark.parametrize("in_axis", [0, 1, -1])
def test_vmap_vs_loop(case, in_axis):
    _, f, inner_shape, complex_in = case
    batch = 3
    shape = list(inner_shape)
    ax = in_axis if in_axis >= 0 else len(shape) + 1 + in_axis
    shape.insert(ax, batch)
    dt = np.complex64 if complex_in else np.float32
    x = (crandn(*shape) if complex_in else rng.standard_normal(shape)).astype(dt)
    got = mx.vmap(f, in_axes=in_axis)(mx.array(x))
    want = np.stack([np.array(f(mx.array(np.take(x, b, axis=ax)))) for b in range(batch)])
    assert got.shape == want.shape
    np.testing.assert_allclose(np.array(got), want, rtol=1e-5, atol=1e-5)


def test_vmap_of_grad():
    x = rng.standard_normal((4, 9)).astype(np.float32)

    def loss(v):
        return (mx.abs(mx.fft.rfft(v)) ** 2).sum() + mx.fft.irfft(mx.fft.rfft(v), n=9).sum()

    got = mx.vmap(mx.grad(loss))(mx.array(x))
    want = np.stack([np.array(mx.grad(loss)(mx.array(r))) for r in x])
    np.testing.assert_allclose(np.array(got), want, rtol=1e-5, atol=1e-5)


# ------------------------------------------------------------------- compile


def test_compile_matches_eager():
    def f(x):
        spec = mx.fft.rfft(x * 2.0, axis=0)
        return mx.fft.irfft(spec * mx.abs(spec), n=x.shape[0], axis=0) + 1.0

    x = mx.array(rng.standard_normal((9, 4)).astype(np.float32))
    np.testing.assert_allclose(np.array(mx.compile(f)(x)), np.array(f(x)), rtol=1e-5, atol=1e-5)

    def g(z):
        return mx.fft.fftshift(mx.fft.fft2(z, s=(5, 6), norm="ortho")) * 3.0

    z = mx.array(crandn(4, 7).astype(np.complex64))
    cg = mx.compile(g)
    np.testing.assert_allclose(np.array(cg(z)), np.array(g(z)), rtol=1e-5, atol=1e-5)
    # A second call hits the cache and still agrees.
    z2 = mx.array(crandn(4, 7).astype(np.complex64))
    np.testing.assert_allclose(np.array(cg(z2)), np.array(g(z2)), rtol=1e-5, atol=1e-5)


def test_compile_grad():
    def loss(v):
        return (mx.abs(mx.fft.fftn(v, axes=(1, 0))) ** 2 * mx.arange(1, 11).reshape(2, 5)).sum()

    x = mx.array(rng.standard_normal((2, 5)).astype(np.float32))
    eager = mx.grad(loss)(x)
    compiled = mx.compile(mx.grad(loss))(x)
    np.testing.assert_allclose(np.array(compiled), np.array(eager), rtol=1e-5, atol=1e-4)


def test_compile_shapeless():
    def f(x):
        return mx.fft.irfft(mx.fft.rfft(x) * 2.0, n=x.shape[-1])

    cf = mx.compile(f, shapeless=True)
    for n in (8, 8):
        x = mx.array(rng.standard_normal((3, n)).astype(np.float32))
        np.testing.assert_allclose(np.array(cf(x)), 2 * np.array(x), rtol=1e-5, atol=1e-5)
    h = mx.compile(lambda z: mx.fft.fft(z) + 1.0, shapeless=True)
    for shape in [(2, 6), (3, 5)]:
        z = mx.array(crandn(*shape).astype(np.complex64))
        np.testing.assert_allclose(np.array(h(z)), np.fft.fft(np.array(z)) + 1.0,
                                   rtol=1e-4, atol=1e-4)


def test_vjp_is_the_adjoint():
    """MLX's convention: the vjp of a complex linear map is its conjugate transpose."""
    z = crandn(3, 8).astype(np.complex64)
    c = crandn(3, 8).astype(np.complex64)
    _, (g,) = mx.vjp(lambda v: mx.fft.fft(v), [mx.array(z)], [mx.array(c)])
    np.testing.assert_allclose(np.array(g), 8 * np.fft.ifft(c), rtol=1e-4, atol=1e-4)
    _, (g,) = mx.vjp(lambda v: mx.fft.ifft2(v), [mx.array(z)], [mx.array(c)])
    np.testing.assert_allclose(np.array(g), np.fft.fft2(c) / 24, rtol=1e-4, atol=1e-4)
    # rfft of a real input: Re(F^H c) with c zero-extended to the full spectrum.
    x = rng.standard_normal((3, 7)).astype(np.float32)
    h = crandn(3, 4).astype(np.complex64)
    _, (g,) = mx.vjp(lambda v: mx.fft.rfft(v), [mx.array(x)], [mx.array(h)])
    full = np.concatenate([h, np.zeros((3, 3))], axis=1)
    np.testing.assert_allclose(np.array(g), (7 * np.fft.ifft(full)).real, rtol=1e-4, atol=1e-4)
