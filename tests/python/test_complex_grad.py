"""Derivatives of functions of complex arrays follow MLX's convention.

The convention (checked against MLX):
- jvp of a holomorphic f at z: t -> t * f'(z).
- vjp is the adjoint of the jvp for the real inner product Re(sum(conj(u) v)):
  for a holomorphic f, c -> c * conj(f'(z)).
- So for a real loss L(z), z = x + iy, grad(L)(z) = dL/dx + i dL/dy (not the
  conjugate, which is JAX's convention). E.g. grad(lambda z: z.imag.sum()) is
  1j, and grad(lambda z: (z * (1 + 2j)).real.sum()) is 1 - 2j.
- A real input of a complex computation gets the real part of that gradient.

The expected values below come from derivative formulas written by hand and
from central finite differences of float64 NumPy losses, never from MLX.
Where MLX 0.32 itself breaks its convention (power's and cumprod's vjps do
not conjugate; the sign of a complex number is treated as constant, which makes
second derivatives through |z| wrong) mxcore follows the convention, and those
tests check against hand derivations and finite differences.
"""

import numpy as np
import pytest

import mxcore as mx

C64 = mx.complex64
RTOL, ATOL = 2e-4, 2e-4


def crandn(rng, *shape, scale=1.0):
    return (scale * (rng.standard_normal(shape) + 1j * rng.standard_normal(shape))).astype(
        np.complex64)


def npa(x):
    return np.array(x)


def assert_close(actual, expected, rtol=RTOL, atol=ATOL):
    actual = npa(actual)
    np.testing.assert_allclose(actual, np.asarray(expected), rtol=rtol, atol=atol)


def vjp1(fn, primals, cot):
    _, grads = mx.vjp(fn, [mx.array(p) for p in primals], [mx.array(cot)])
    return [npa(g) for g in grads]


def jvp1(fn, primals, tans):
    _, outs = mx.jvp(fn, [mx.array(p) for p in primals], [mx.array(t) for t in tans])
    return npa(outs[0])


def numeric_grad(loss, z, eps=1e-6):
    """dL/dx + i dL/dy of a real float64 loss, by central differences."""
    z = np.asarray(z, dtype=np.complex128)
    g = np.zeros_like(z)
    for idx in np.ndindex(z.shape):
        for direction in (1.0, 1j):
            zp, zm = z.copy(), z.copy()
            zp[idx] += eps * direction
            zm[idx] -= eps * direction
            g[idx] += direction * (loss(zp) - loss(zm)) / (2 * eps)
    return g


# ---------------------------------------------------------------- the two reports

def test_reported_examples():
    z = mx.array(np.array([0.3 + 0.7j, -1.2 + 0.4j], np.complex64))
    assert_close(mx.grad(lambda z: z.imag.sum())(z), [1j, 1j])
    assert_close(mx.grad(lambda z: z.real.sum())(z), [1, 1])
    assert_close(mx.grad(lambda z: (z * (1 + 2j)).real.sum())(z), [1 - 2j, 1 - 2j])
    assert_close(mx.grad(lambda z: (z * (1 + 2j)).imag.sum())(z), [2 + 1j, 2 + 1j])
    # L = Re(z^2) = x^2 - y^2: gradient 2x - 2iy = 2 conj(z), through each spelling.
    expected = 2 * np.conj(npa(z))
    for f in (lambda z: z * z, mx.square, lambda z: z ** 2, lambda z: mx.power(z, 2.0)):
        assert_close(mx.grad(lambda z: f(z).real.sum())(z), expected)


# ---------------------------------------------------------------- holomorphic unary ops

# name -> (mx op, f'(z) in numpy, input scale): arguments kept off branch cuts.
UNARY = {
    "negative": (mx.negative, lambda z: -np.ones_like(z), 1.0),
    "square": (mx.square, lambda z: 2 * z, 1.0),
    "sqrt": (mx.sqrt, lambda z: 0.5 / np.sqrt(z), 1.0),
    "rsqrt": (mx.rsqrt, lambda z: -0.5 * z ** -1.5, 1.0),
    "reciprocal": (mx.reciprocal, lambda z: -1 / z ** 2, 1.0),
    "exp": (mx.exp, np.exp, 1.0),
    "log": (mx.log, lambda z: 1 / z, 1.0),
    "log2": (mx.log2, lambda z: 1 / (z * np.log(2)), 1.0),
    "log10": (mx.log10, lambda z: 1 / (z * np.log(10)), 1.0),
    "sin": (mx.sin, np.cos, 1.0),
    "cos": (mx.cos, lambda z: -np.sin(z), 1.0),
    "tan": (mx.tan, lambda z: 1 / np.cos(z) ** 2, 0.5),
    "sinh": (mx.sinh, np.cosh, 1.0),
    "cosh": (mx.cosh, np.sinh, 1.0),
    "tanh": (mx.tanh, lambda z: 1 / np.cosh(z) ** 2, 0.5),
    "arcsin": (mx.arcsin, lambda z: 1 / np.sqrt(1 - z * z), 0.3),
    "arccos": (mx.arccos, lambda z: -1 / np.sqrt(1 - z * z), 0.3),
    "arctan": (mx.arctan, lambda z: 1 / (1 + z * z), 0.3),
    "arcsinh": (mx.arcsinh, lambda z: 1 / np.sqrt(z * z + 1), 0.3),
    "arccosh": (mx.arccosh, lambda z: 1 / (np.sqrt(z - 1) * np.sqrt(z + 1)), 1.0),
    "arctanh": (mx.arctanh, lambda z: 1 / (1 - z * z), 0.3),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_holomorphic_unary_jvp_and_vjp(name):
    op, deriv, scale = UNARY[name]
    rng = np.random.default_rng(sorted(UNARY).index(name))
    z = crandn(rng, 3, 4, scale=scale)
    c = crandn(rng, 3, 4)
    t = crandn(rng, 3, 4)
    d = deriv(z.astype(np.complex128))
    assert_close(jvp1(op, [z], [t]), t * d)
    (g,) = vjp1(op, [z], c)
    assert g.dtype == np.complex64
    assert_close(g, c * np.conj(d))


@pytest.mark.parametrize("name", sorted(UNARY))
def test_holomorphic_unary_grad_vs_finite_differences(name):
    op, _, scale = UNARY[name]
    np_fn = {"negative": np.negative, "square": np.square, "rsqrt": lambda z: 1 / np.sqrt(z),
             "reciprocal": lambda z: 1 / z}.get(name, getattr(np, name, None))
    rng = np.random.default_rng(7)
    z = crandn(rng, 2, 3, scale=scale)
    w = rng.uniform(0.5, 1.5, (2, 3))

    def np_loss(z):
        y = np_fn(z)
        return np.sum(w * y.real) + 0.3 * np.sum(y.imag) + 0.1 * np.sum(np.abs(y) ** 2)

    def mx_loss(z):
        y = op(z)
        return (mx.array(w, mx.float32) * mx.real(y)).sum() + 0.3 * mx.imag(y).sum() + \
            0.1 * (mx.abs(y) ** 2).sum()

    assert_close(mx.grad(mx_loss)(mx.array(z)), numeric_grad(np_loss, z), rtol=2e-3, atol=2e-3)


# ---------------------------------------------------------------- holomorphic binary ops

# name -> (mx op, (d/da, d/db) in numpy)
BINARY = {
    "add": (mx.add, lambda a, b: (np.ones_like(a), np.ones_like(b))),
    "subtract": (mx.subtract, lambda a, b: (np.ones_like(a), -np.ones_like(b))),
    "multiply": (mx.multiply, lambda a, b: (b, a)),
    "divide": (mx.divide, lambda a, b: (1 / b, -a / b ** 2)),
    "power": (mx.power, lambda a, b: (b * a ** (b - 1), a ** b * np.log(a))),
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_holomorphic_binary_jvp_and_vjp(name):
    op, partials = BINARY[name]
    rng = np.random.default_rng(3)
    a, b = crandn(rng, 3, 4), crandn(rng, 3, 4)
    c, ta, tb = crandn(rng, 3, 4), crandn(rng, 3, 4), crandn(rng, 3, 4)
    da, db = partials(a.astype(np.complex128), b.astype(np.complex128))
    assert_close(jvp1(op, [a, b], [ta, tb]), ta * da + tb * db, rtol=1e-3, atol=1e-3)
    ga, gb = vjp1(op, [a, b], c)
    assert_close(ga, c * np.conj(da), rtol=1e-3, atol=1e-3)
    assert_close(gb, c * np.conj(db), rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_broadcast_and_real_operand(name):
    """A broadcast operand sums its cotangents; a real operand (promoted to
    complex) gets the real part of its complex cotangent."""
    op, partials = BINARY[name]
    rng = np.random.default_rng(4)
    a = crandn(rng, 3, 4)
    b_row = crandn(rng, 4)
    r = rng.uniform(0.5, 1.5, (3, 4)).astype(np.float32)
    c = crandn(rng, 3, 4)
    da, db = partials(a.astype(np.complex128), np.broadcast_to(b_row, (3, 4)).astype(np.complex128))
    ga, gb = vjp1(op, [a, b_row], c)
    assert gb.shape == (4,)
    assert_close(ga, c * np.conj(da), rtol=1e-3, atol=1e-3)
    assert_close(gb, (c * np.conj(db)).sum(axis=0), rtol=1e-3, atol=1e-3)
    # real on the left, complex on the right
    dr, dz = partials(r.astype(np.complex128), a.astype(np.complex128))
    gr, gz = vjp1(op, [r, a], c)
    assert gr.dtype == np.float32
    assert_close(gr, (c * np.conj(dr)).real, rtol=1e-3, atol=1e-3)
    assert_close(gz, c * np.conj(dz), rtol=1e-3, atol=1e-3)


def test_power_exponent_derivative_at_zero_base():
    # d/db 0^b is taken as 0 where 0^b is 0 (0 * log 0).
    a = np.array([0j, 1 + 1j], np.complex64)
    b = np.array([2 + 1j, 2 + 0j], np.complex64)
    _, gb = vjp1(mx.power, [a, b], np.ones(2, np.complex64))
    expected = np.conj(a.astype(np.complex128) ** b * np.log(np.where(a == 0, 1, a)))
    assert_close(gb, expected)


# ---------------------------------------------------------------- non-holomorphic maps

def test_real_imag_conj_jvp_and_vjp():
    rng = np.random.default_rng(5)
    z, t = crandn(rng, 3, 4), crandn(rng, 3, 4)
    c = rng.standard_normal((3, 4)).astype(np.float32)
    cz = crandn(rng, 3, 4)
    assert_close(jvp1(mx.real, [z], [t]), t.real)
    assert_close(jvp1(mx.imag, [z], [t]), t.imag)
    assert_close(jvp1(mx.conj, [z], [t]), np.conj(t))
    (g,) = vjp1(mx.real, [z], c)
    assert g.dtype == np.complex64
    assert_close(g, c + 0j)
    (g,) = vjp1(mx.imag, [z], c)
    assert_close(g, 1j * c)
    (g,) = vjp1(mx.conjugate, [z], cz)
    assert_close(g, np.conj(cz))


def test_abs_jvp_and_vjp():
    rng = np.random.default_rng(6)
    z, t = crandn(rng, 3, 4), crandn(rng, 3, 4)
    c = rng.standard_normal((3, 4)).astype(np.float32)
    z[1, 2] = 0
    zz = z.astype(np.complex128)
    mag = np.where(zz == 0, 1, np.abs(zz))
    # d|z| = Re(conj(z) dz) / |z|: a real tangent.
    tangent = jvp1(mx.abs, [z], [t])
    assert tangent.dtype == np.float32
    assert_close(tangent, (np.conj(zz) * t).real / mag)
    (g,) = vjp1(mx.abs, [z], c)
    assert_close(g, c * zz / mag)
    # real input: sign(x)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    assert_close(jvp1(mx.abs, [x], [c]), np.sign(x) * c)
    assert_close(vjp1(mx.abs, [x], c)[0], np.sign(x) * c)


def test_complex_sign_derivative():
    # sign(z) = z / |z| is smooth for complex z != 0 (MLX 0.32 treats it as
    # constant, which also breaks second derivatives of |z|); 0 at z = 0.
    rng = np.random.default_rng(23)
    z, t, c = crandn(rng, 3, 4), crandn(rng, 3, 4), crandn(rng, 3, 4)
    z[0, 0] = 0
    zz = z.astype(np.complex128)
    r = np.where(zz == 0, 1, np.abs(zz))
    u = zz / r

    def derivative(v):
        return np.where(zz == 0, 0, (v - u * (np.conj(u) * v).real) / r)

    assert_close(jvp1(mx.sign, [z], [t]), derivative(t))
    assert_close(vjp1(mx.sign, [z], c)[0], derivative(c))
    w = rng.uniform(0.5, 1.5, (3, 4))
    z[0, 0] = 0.5 - 0.5j

    def np_loss(z):
        return np.sum(w * (z / np.abs(z)).real) + np.sum((z / np.abs(z)).imag)

    def mx_loss(z):
        return (mx.array(w, mx.float32) * mx.real(mx.sign(z))).sum() + mx.imag(mx.sign(z)).sum()

    assert_close(mx.grad(mx_loss)(mx.array(z)), numeric_grad(np_loss, z), rtol=1e-3, atol=1e-3)
    # real inputs: piecewise constant
    x = rng.standard_normal((3, 4)).astype(np.float32)
    assert_close(vjp1(mx.sign, [x], x)[0], np.zeros((3, 4)))


def test_astype_between_real_and_complex():
    rng = np.random.default_rng(8)
    z, c = crandn(rng, 3, 4), crandn(rng, 3, 4)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    cr = rng.standard_normal((3, 4)).astype(np.float32)
    (g,) = vjp1(lambda z: z.astype(mx.float32), [z], cr)
    assert g.dtype == np.complex64
    assert_close(g, cr + 0j)
    (g,) = vjp1(lambda x: x.astype(C64), [x], c)
    assert g.dtype == np.float32
    assert_close(g, c.real)
    (g,) = vjp1(lambda x: x.astype(C64) * (2 - 3j), [x], c)
    assert_close(g, (c * (2 + 3j)).real)


def test_complex_from_real_and_imaginary_parts():
    # f(x, y) = x + iy: jvp tx + i ty; the adjoint gives Re(c) and Im(c).
    rng = np.random.default_rng(9)
    x, y = rng.standard_normal((2, 3, 4)).astype(np.float32)
    c = crandn(rng, 3, 4)
    gx, gy = vjp1(lambda x, y: x + 1j * y, [x, y], c)
    assert_close(gx, c.real)
    assert_close(gy, c.imag)
    tx, ty = rng.standard_normal((2, 3, 4)).astype(np.float32)
    assert_close(jvp1(lambda x, y: x + 1j * y, [x, y], [tx, ty]), tx + 1j * ty)


# ---------------------------------------------------------------- reductions, scans, matmul

def test_sum_and_mean():
    rng = np.random.default_rng(10)
    z, c = crandn(rng, 3, 4), crandn(rng, 4)
    assert_close(vjp1(lambda z: mx.sum(z, axis=0), [z], c)[0], np.broadcast_to(c, (3, 4)))
    assert_close(vjp1(lambda z: mx.mean(z, axis=0), [z], c)[0], np.broadcast_to(c / 3, (3, 4)))


@pytest.mark.parametrize("with_zeros", [0, 1, 2])
def test_prod(with_zeros):
    rng = np.random.default_rng(11)
    z, c, t = crandn(rng, 3, 4), crandn(rng, 3), crandn(rng, 3, 4)
    z[1, :with_zeros] = 0
    zz = z.astype(np.complex128)
    # d prod / d z_j = product of the other elements of the row
    others = np.stack([np.prod(np.delete(zz, j, axis=1), axis=1) for j in range(4)], axis=1)
    assert_close(vjp1(lambda z: mx.prod(z, axis=1), [z], c)[0], c[:, None] * np.conj(others))
    assert_close(jvp1(lambda z: mx.prod(z, axis=1), [z], [t]), (t * others).sum(axis=1))


@pytest.mark.parametrize("reverse", [False, True])
def test_cumsum_and_cumprod(reverse):
    rng = np.random.default_rng(12)
    z, c, t = crandn(rng, 2, 4), crandn(rng, 2, 4), crandn(rng, 2, 4)
    zz = z.astype(np.complex128)
    if reverse:
        zz, c_, t_ = zz[:, ::-1], c[:, ::-1], t[:, ::-1]
    else:
        c_, t_ = c, t
    # J[i, j] = d out_i / d z_j = prod_{k <= i, k != j} z_k for j <= i.
    jac = np.zeros((2, 4, 4), np.complex128)
    for i in range(4):
        for j in range(i + 1):
            jac[:, i, j] = np.prod(np.delete(zz[:, :i + 1], j, axis=1), axis=1)
    expected_vjp = np.einsum("bi,bij->bj", c_, np.conj(jac))
    expected_jvp = np.einsum("bij,bj->bi", jac, t_)
    sum_vjp = np.cumsum(c_[:, ::-1], axis=1)[:, ::-1]
    if reverse:
        expected_vjp, expected_jvp, sum_vjp = (expected_vjp[:, ::-1], expected_jvp[:, ::-1],
                                               sum_vjp[:, ::-1])
    f = lambda z: mx.cumprod(z, axis=1, reverse=reverse)
    assert_close(vjp1(f, [z], c)[0], expected_vjp, rtol=1e-3, atol=1e-3)
    assert_close(jvp1(f, [z], [t]), expected_jvp, rtol=1e-3, atol=1e-3)
    g = lambda z: mx.cumsum(z, axis=1, reverse=reverse)
    assert_close(vjp1(g, [z], c)[0], sum_vjp)


def test_cumprod_with_zero():
    rng = np.random.default_rng(13)
    z = crandn(rng, 5)
    z[2] = 0
    w = rng.uniform(0.5, 1.5, 5)

    def np_loss(z):
        y = np.cumprod(z)
        return np.sum(w * y.real) + np.sum(y.imag)

    def mx_loss(z):
        y = mx.cumprod(z)
        return (mx.array(w, mx.float32) * mx.real(y)).sum() + mx.imag(y).sum()

    assert_close(mx.grad(mx_loss)(mx.array(z)), numeric_grad(np_loss, z), rtol=1e-3, atol=1e-3)


def test_matmul():
    # C = A B: vjp_A = G B^H, vjp_B = A^H G; jvp = tA B + A tB.
    rng = np.random.default_rng(14)
    a, b, g = crandn(rng, 3, 4), crandn(rng, 4, 5), crandn(rng, 3, 5)
    ta, tb = crandn(rng, 3, 4), crandn(rng, 4, 5)
    ga, gb = vjp1(mx.matmul, [a, b], g)
    assert_close(ga, g @ b.conj().T, rtol=1e-3, atol=1e-3)
    assert_close(gb, a.conj().T @ g, rtol=1e-3, atol=1e-3)
    assert_close(jvp1(mx.matmul, [a, b], [ta, tb]), ta @ b + a @ tb, rtol=1e-3, atol=1e-3)
    # a real left operand gets the real part
    ar = a.real.copy()
    gar, _ = vjp1(mx.matmul, [ar, b], g)
    assert gar.dtype == np.float32
    assert_close(gar, (g @ b.conj().T).real, rtol=1e-3, atol=1e-3)


def test_where_routes_cotangents():
    rng = np.random.default_rng(15)
    a, b, c = crandn(rng, 3, 4), crandn(rng, 3, 4), crandn(rng, 3, 4)
    cond = rng.uniform(size=(3, 4)) > 0.5
    ga, gb = vjp1(lambda a, b: mx.where(mx.array(cond), a, b), [a, b], c)
    assert_close(ga, np.where(cond, c, 0))
    assert_close(gb, np.where(cond, 0, c))


# ---------------------------------------------------------------- real losses vs finite differences

# name -> (mx loss, numpy float64 loss); each a real function of one complex input.
W = np.random.default_rng(16).uniform(0.5, 1.5, (3, 4))
B = crandn(np.random.default_rng(17), 4, 2)
LOSSES = {
    "abs": (lambda z: mx.abs(z).sum(), lambda z: np.abs(z).sum()),
    "abs_squared": (lambda z: (mx.abs(z) ** 2).sum(), lambda z: (np.abs(z) ** 2).sum()),
    "z_conj_z": (lambda z: mx.real(z * mx.conj(z)).sum(), lambda z: (z * np.conj(z)).real.sum()),
    "weighted_imag_of_square": (lambda z: (mx.array(W, mx.float32) * mx.imag(z * z)).sum(),
                                lambda z: (W * (z * z).imag).sum()),
    "real_of_exp_over_z": (lambda z: mx.real(mx.exp(z) / z).sum(),
                           lambda z: (np.exp(z) / z).real.sum()),
    "abs_of_power": (lambda z: mx.abs(mx.power(z, 1.5 + 0.5j)).sum(),
                     lambda z: np.abs(z ** (1.5 + 0.5j)).sum()),
    "real_base_power": (lambda z: mx.real(mx.power(1.5 - 0.5j, z)).sum(),
                        lambda z: ((1.5 - 0.5j) ** z).real.sum()),
    "prod": (lambda z: mx.imag(mx.prod(z, axis=1)).sum(),
             lambda z: np.prod(z, axis=1).imag.sum()),
    "matmul": (lambda z: (mx.abs(z @ mx.array(B)) ** 2).sum(),
               lambda z: (np.abs(z @ B) ** 2).sum()),
    "logsumexp": (lambda z: mx.real(mx.logsumexp(z, axis=1)).sum(),
                  lambda z: np.log(np.exp(z).sum(axis=1)).real.sum()),
    "sqrt_of_transpose_slice": (lambda z: mx.imag(mx.sqrt(mx.transpose(z)[1:, ::2])).sum(),
                                lambda z: np.sqrt(z.T[1:, ::2]).imag.sum()),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_real_loss_grad_vs_finite_differences(name):
    mx_loss, np_loss = LOSSES[name]
    z = crandn(np.random.default_rng(18), 3, 4)
    expected = numeric_grad(np_loss, z)
    assert_close(mx.grad(mx_loss)(mx.array(z)), expected, rtol=2e-3, atol=2e-3)
    # value_and_grad and compile of grad agree.
    _, g = mx.value_and_grad(mx_loss)(mx.array(z))
    assert_close(g, expected, rtol=2e-3, atol=2e-3)
    assert_close(mx.compile(mx.grad(mx_loss))(mx.array(z)), expected, rtol=2e-3, atol=2e-3)


def test_grad_of_real_input_through_complex_ops():
    # x real: L = Re(exp(x (1 + 2j))) summed; dL/dx = Re((1 + 2j) exp(x (1 + 2j))).
    x = np.random.default_rng(19).standard_normal((3, 4)).astype(np.float32)
    g = mx.grad(lambda x: mx.real(mx.exp(x * (1 + 2j))).sum())(mx.array(x))
    assert npa(g).dtype == np.float32
    assert_close(g, ((1 + 2j) * np.exp(x * (1 + 2j))).real, rtol=1e-3, atol=1e-3)


# ---------------------------------------------------------------- adjointness and vmap

ADJOINT_CASES = {
    "exp": lambda z: mx.exp(z),
    "abs": lambda z: mx.abs(z),
    "imag": lambda z: mx.imag(z),
    "conj_times": lambda z: mx.conj(z) * (0.5 - 1j),
    "divide": lambda z: (1 + 2j) / z,
    "power": lambda z: z ** (0.5 + 0.25j),
    "cumprod": lambda z: mx.cumprod(z, axis=1),
    "prod": lambda z: mx.prod(z, axis=0),
}


@pytest.mark.parametrize("name", sorted(ADJOINT_CASES))
def test_vjp_is_adjoint_of_jvp(name):
    """Re<c, J t> == Re<J* c, t> for random complex c and t."""
    fn = ADJOINT_CASES[name]
    rng = np.random.default_rng(20)
    z, t = crandn(rng, 3, 4), crandn(rng, 3, 4)
    out = npa(fn(mx.array(z)))
    c = (crandn(rng, *out.shape) if np.iscomplexobj(out)
         else rng.standard_normal(out.shape).astype(np.float32))
    jt = jvp1(fn, [z], [t]).astype(np.complex128)
    (jc,) = vjp1(fn, [z], c)
    lhs = np.sum(np.conj(c) * jt).real
    rhs = np.sum(np.conj(jc.astype(np.complex128)) * t).real
    np.testing.assert_allclose(lhs, rhs, rtol=1e-3, atol=1e-3)


def test_vmap_of_complex_grad_matches_loop():
    rng = np.random.default_rng(21)
    zs = crandn(rng, 4, 3)
    loss = lambda z: mx.real(mx.sin(z) * (1 - 1j)).sum()
    batched = npa(mx.vmap(mx.grad(loss))(mx.array(zs)))
    for i in range(4):
        assert_close(batched[i], npa(mx.grad(loss)(mx.array(zs[i]))))
        assert_close(batched[i], (1 + 1j) * np.conj(np.cos(zs[i].astype(np.complex128))))


def test_jvp_of_grad_second_order():
    # L = sum(w |z|^2) + Re(sum(a exp(z))): grad L = 2 w z + conj(a exp(z)), a
    # real-linear map of z whose directional derivative along t is
    # 2 w t + conj(a exp(z) t).
    rng = np.random.default_rng(22)
    z, t = crandn(rng, 5), crandn(rng, 5)
    w = rng.uniform(0.5, 1.5, 5)
    a = 1 + 2j
    loss = lambda z: (mx.array(w, mx.float32) * mx.abs(z) ** 2).sum() + \
        mx.real(a * mx.exp(z)).sum()
    zz = z.astype(np.complex128)
    assert_close(mx.grad(loss)(mx.array(z)), 2 * w * zz + np.conj(a * np.exp(zz)))
    assert_close(jvp1(mx.grad(loss), [z], [t]), 2 * w * t + np.conj(a * np.exp(zz) * t),
                 rtol=1e-3, atol=1e-3)
