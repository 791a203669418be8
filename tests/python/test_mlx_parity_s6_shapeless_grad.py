"""Gradients under shapeless compile follow a new batch size, as in MLX:
x ** 2 (whose vjp reuses the broadcast exponent as b - 1, where every operand
is a broadcast scalar), sqrt/abs powers, softmax, logsumexp, var, norm,
where, clip, prod and friends. Each compiled gradient equals the eager one on
every shape; x ** 2 is also checked against NumPy."""

import numpy as np
import pytest

import mxcore as mx

LOSSES = {
    "square_pow": lambda w, x: ((x @ w) ** 2).mean(),
    "square_mul": lambda w, x: ((x @ w) * (x @ w)).mean(),
    "sqrt_of_pow": lambda w, x: mx.sqrt((x @ w) ** 2 + 1).sum(),
    "shifted_pow": lambda w, x: ((x @ w - 1.0) ** 2).mean(),
    "half_pow": lambda w, x: (mx.abs(x @ w) ** 0.5).sum(),
    "array_pow": lambda w, x: mx.power(x @ w, mx.array(3.0)).sum(),
    "softmax": lambda w, x: (mx.softmax(x @ w, -1) * mx.array([1.0, 0.0])).sum(),
    "max": lambda w, x: (x @ w).max(-1).sum(),
    "logsumexp": lambda w, x: mx.logsumexp(x @ w, -1).mean(),
    "var": lambda w, x: mx.var(x @ w, 0).sum(),
    "norm": lambda w, x: mx.linalg.norm(x @ w),
    "where": lambda w, x: mx.where(x @ w > 0, x @ w, 0).sum(),
    "clip": lambda w, x: mx.clip(x @ w, -1, 1).sum(),
    "maximum": lambda w, x: mx.maximum(x @ w, 0.1).sum(),
    "prod": lambda w, x: mx.prod(x @ w, -1).sum(),
    "bce_logits": lambda w, x: (mx.logaddexp(0.0, x @ w) - (x @ w)).mean(),
    "sum_of_squares_axis": lambda w, x: ((x @ w).sum(axis=1) ** 2).sum(),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_shapeless_grad_follows_batch(name):
    loss = LOSSES[name]
    grad = mx.compile(mx.grad(loss), shapeless=True)
    w = mx.array(np.random.default_rng(0).standard_normal((3, 2)).astype(np.float32))
    for n in [4, 7, 1]:
        x = mx.array(np.random.default_rng(n).standard_normal((n, 3)).astype(np.float32))
        np.testing.assert_allclose(np.array(grad(w, x)), np.array(mx.grad(loss)(w, x)),
                                   rtol=1e-5, atol=1e-6)


def test_shapeless_grad_of_square_matches_numpy():
    grad = mx.compile(mx.grad(lambda x: (x ** 2).sum()), shapeless=True)
    for shape in [(2, 3), (4, 5), (1, 1)]:
        x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
        np.testing.assert_allclose(np.array(grad(mx.array(x))), 2 * x, rtol=1e-6)
