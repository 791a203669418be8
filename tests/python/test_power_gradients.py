"""The gradient of x ** c for a constant c (a square in a loss) runs no pow:
2x for c = 2, ones for c = 1, c * x ** (c - 1) otherwise; two broadcast
scalars combine into a broadcast scalar; pow(x, 1) is x. Values against NumPy,
compiled against eager, the graph's primitives."""
import numpy as np
import pytest

import mxcore as mx


@pytest.fixture
def xs():
    x = np.random.default_rng(0).standard_normal((64, 33)).astype(np.float32)
    x[0, :4] = [0.0, -0.0, 3.0, -2.5]
    return x


@pytest.mark.parametrize("c", [2, 2.0, 1, 1.0, 3, 0.5, -1.0, 2.5, 0])
def test_gradient_of_a_constant_power(xs, c):
    # Fractional exponents need a positive base; below 1 the derivative at 0
    # is 0 * inf (NaN, as in MLX), so those take a base away from 0.
    away = (isinstance(c, float) and c != int(c)) or c < 1
    x = mx.array(np.abs(xs) + 0.5 if away else xs)
    xn = np.array(x, np.float64)
    g = mx.grad(lambda a: mx.sum(a ** c))(x)
    want = c * xn ** (c - 1)
    np.testing.assert_allclose(np.array(g), want, rtol=1e-5, atol=1e-6)
    cg = mx.compile(mx.grad(lambda a: mx.sum(a ** c)))(x)
    np.testing.assert_allclose(np.array(cg), np.array(g), rtol=1e-6, atol=1e-7)


def test_square_gradient_runs_no_power(xs):
    x = mx.array(xs)
    for f in (lambda a: mx.sum(a ** 2), lambda a: mx.sum((a - 1.0) ** 2.0)):
        names = mx._core._graph_primitive_names(mx.grad(f)(x))
        assert "Power" not in names, names
    # A traced exponent still takes the general rule.
    e = mx.array(2.0)
    g = mx.grad(lambda a, b: mx.sum(a ** b), argnums=(0, 1))(x, e)
    np.testing.assert_allclose(np.array(g[0]), 2 * xs, rtol=1e-5, atol=1e-6)
    ok = xs != 0
    want = np.sum(np.where(ok, xs.astype(np.float64) ** 2 * np.log(np.abs(xs) + (~ok)), 0))
    assert np.isnan(np.array(g[1])) or np.isclose(float(np.array(g[1])), want, rtol=1e-4)


def test_mse_loss_gradient(xs):
    rng = np.random.default_rng(1)
    w = mx.array(rng.standard_normal((33, 5)).astype(np.float32))
    y = mx.array(rng.standard_normal((64, 5)).astype(np.float32))

    def loss(w):
        return mx.mean((mx.array(xs) @ w - y) ** 2)

    g = mx.grad(loss)(w)
    r = xs.astype(np.float64) @ np.array(w, np.float64) - np.array(y, np.float64)
    want = xs.astype(np.float64).T @ (2 * r / r.size)
    np.testing.assert_allclose(np.array(g), want, rtol=1e-4, atol=1e-6)


def test_pow_one_is_the_identity_and_special_values():
    x = np.array([0.0, -0.0, 1.5, -2.0, np.inf, -np.inf, np.nan, 1e-42], np.float32)
    for dtype in (mx.float32, mx.float16, mx.float64):
        a = mx.array(x).astype(dtype)
        out = np.array(a ** 1)
        np.testing.assert_array_equal(out.view(np.uint8), np.array(a).view(np.uint8))


def test_broadcast_scalars_combine_into_a_broadcast_scalar():
    a = mx.broadcast_to(mx.array(2.0), (300, 200))
    b = mx.broadcast_to(mx.array(0.5), (300, 200))
    for got, want in ((a - 1, 1.0), (a * b, 1.0), (a / b, 4.0), (mx.maximum(a, b), 2.0)):
        mx.eval(got)
        assert got.shape == (300, 200)
        np.testing.assert_array_equal(np.array(got), np.full((300, 200), want, np.float32))
        # It works as any array downstream.
        z = mx.array(np.arange(60000, dtype=np.float32).reshape(300, 200))
        np.testing.assert_array_equal(np.array(got + z), want + np.array(z))
        np.testing.assert_array_equal(np.array(got.T[:5, :3]), np.full((5, 3), want, np.float32))
        np.testing.assert_array_equal(np.array(got.reshape(-1)[:7]), np.full(7, want, np.float32))
        assert float(mx.sum(got).item()) == pytest.approx(want * 60000)
    # Different dtypes promote as usual.
    c = mx.broadcast_to(mx.array(3, dtype=mx.int32), (4, 5)) + mx.broadcast_to(mx.array(1.5), (4, 5))
    assert c.dtype == mx.float32
    np.testing.assert_array_equal(np.array(c), np.full((4, 5), 4.5, np.float32))
