"""Gradient coverage of every differentiable op, table driven.

For each op: mx.grad of a weighted sum of its output against central finite
differences in float64, jvp against vjp (<u, J t> == <J^T u, t>), and vmap
against a Python loop over several in/out axes.
"""

import numpy as np
import pytest

import mxcore as mx

F64 = mx.float64
EPS = 1e-6


def domain_values(rng, shape, domain):
    if domain == "distinct":  # no ties for max / min / maximum
        n = int(np.prod(shape))
        return rng.permutation(np.arange(n, dtype=np.float64)).reshape(shape) * 0.5 - 2.0
    lo, hi = {"any": (-2.0, 2.0), "pos": (0.2, 2.5), "unit": (-0.8, 0.8),
              "ge1": (1.2, 3.0), "nonzero": (0.5, 2.0)}[domain]
    v = rng.uniform(lo, hi, shape)
    if domain == "nonzero":
        v *= rng.choice([-1.0, 1.0], shape)
    return v


# name -> (function of mx arrays, [(shape, domain) per input])
def unary(fn, domain="any", shape=(3, 4)):
    return (fn, [(shape, domain)])


OPS = {
    # unary elementwise
    "abs": unary(mx.abs, "nonzero"),
    "negative": unary(mx.negative),
    "square": unary(mx.square),
    "sqrt": unary(mx.sqrt, "pos"),
    "rsqrt": unary(mx.rsqrt, "pos"),
    "reciprocal": unary(mx.reciprocal, "nonzero"),
    "exp": unary(mx.exp),
    "expm1": unary(mx.expm1),
    "log": unary(mx.log, "pos"),
    "log2": unary(mx.log2, "pos"),
    "log10": unary(mx.log10, "pos"),
    "log1p": unary(mx.log1p, "pos"),
    "sin": unary(mx.sin),
    "cos": unary(mx.cos),
    "tan": unary(mx.tan, "unit"),
    "arcsin": unary(mx.arcsin, "unit"),
    "arccos": unary(mx.arccos, "unit"),
    "arctan": unary(mx.arctan),
    "sinh": unary(mx.sinh),
    "cosh": unary(mx.cosh),
    "tanh": unary(mx.tanh),
    "arcsinh": unary(mx.arcsinh),
    "arccosh": unary(mx.arccosh, "ge1"),
    "arctanh": unary(mx.arctanh, "unit"),
    "erf": unary(mx.erf),
    "erfinv": unary(mx.erfinv, "unit"),
    "sigmoid": unary(mx.sigmoid),
    "sign": unary(mx.sign, "nonzero"),
    "floor": unary(lambda x: mx.floor(x) + x, "nonzero"),
    "ceil": unary(lambda x: mx.ceil(x) * x, "nonzero"),
    "round": unary(lambda x: mx.round(x) + x * x, "nonzero"),
    # d/dx stop_gradient(x) * x = stop_gradient(x): checked against that below.
    "stop_gradient": unary(lambda x: mx.stop_gradient(x) * x),
    # binary elementwise (with broadcasting)
    "add": (mx.add, [((3, 4), "any"), ((4,), "any")]),
    "subtract": (mx.subtract, [((3, 1), "any"), ((3, 4), "any")]),
    "multiply": (mx.multiply, [((3, 4), "any"), ((3, 4), "any")]),
    "divide": (mx.divide, [((3, 4), "any"), ((1, 4), "nonzero")]),
    "power": (mx.power, [((3, 4), "pos"), ((3, 4), "any")]),
    "maximum": (mx.maximum, [((3, 4), "distinct"), ((3, 4), "any")]),
    "minimum": (mx.minimum, [((3, 4), "distinct"), ((3, 4), "any")]),
    "logaddexp": (mx.logaddexp, [((3, 4), "any"), ((4,), "any")]),
    "arctan2": (mx.arctan2, [((3, 4), "nonzero"), ((3, 4), "nonzero")]),
    "remainder": (mx.remainder, [((3, 4), "pos"), ((3, 4), "ge1")]),
    "where": (lambda x, y: mx.where(x > 0, x * y, y), [((3, 4), "nonzero"), ((3, 4), "any")]),
    # reductions
    "sum": unary(lambda x: mx.sum(x, axis=1)),
    "sum_all": unary(lambda x: mx.sum(x)),
    "prod": unary(lambda x: mx.prod(x, axis=0), "nonzero"),
    "max": unary(lambda x: mx.max(x, axis=1), "distinct"),
    "min": unary(lambda x: mx.min(x, axis=0, keepdims=True), "distinct"),
    "mean": unary(lambda x: mx.mean(x, axis=(0, 1))),
    "var": unary(lambda x: mx.var(x, axis=1)),
    "var_ddof": unary(lambda x: mx.var(x, axis=0, ddof=1)),
    "std": unary(lambda x: mx.std(x, axis=1)),
    "logsumexp": unary(lambda x: mx.logsumexp(x, axis=1)),
    # linear algebra
    "matmul": (mx.matmul, [((3, 4), "any"), ((4, 2), "any")]),
    "matmul_batched": (mx.matmul, [((2, 3, 4), "any"), ((4, 5), "any")]),
    # shape ops
    "reshape": unary(lambda x: mx.reshape(x, (2, 6)) * mx.arange(6).astype(F64)),
    "transpose": unary(lambda x: mx.transpose(x) * mx.arange(3).astype(F64)),
    "broadcast_to": (lambda x: mx.broadcast_to(x, (2, 3, 4)), [((3, 1), "any")]),
    "slicing": unary(lambda x: x[1:, ::2] * x[:2, 1::2]),
    "concatenate": (lambda x, y: mx.concatenate([x, y * 2, x], axis=1),
                    [((3, 4), "any"), ((3, 2), "any")]),
    "stack": (lambda x, y: mx.stack([x, y * y], axis=1), [((3, 4), "any"), ((3, 4), "any")]),
    "split": unary(lambda x: mx.split(x, 2, axis=1)[0] * mx.split(x, [1, 3], axis=1)[1]),
    "squeeze": (lambda x: mx.squeeze(x, 1) * 3.0, [((3, 1, 4), "any")]),
    "expand_dims": unary(lambda x: mx.expand_dims(x, (0, 2)) * 2.0),
    "astype": unary(lambda x: mx.square(x.astype(mx.float32)).astype(F64)),
}


# Ops computed through float32: a larger finite-difference step, looser checks.
FLOAT32_INSIDE = {"astype"}


def inputs_for(name, seed=0):
    rng = np.random.default_rng(abs(hash(name)) % (2**32) + seed)
    return [domain_values(rng, s, d) for s, d in OPS[name][1]]


def as_mx(xs):
    return [mx.array(x, dtype=F64) for x in xs]


def weighted_loss(fn, weights):
    def loss(*xs):
        out = fn(*xs)
        return mx.sum(out * weights)
    return loss


def output_weights(name, xs):
    out = OPS[name][0](*as_mx(xs))
    rng = np.random.default_rng(7)
    return mx.array(rng.uniform(0.5, 1.5, out.shape), dtype=out.dtype)


@pytest.mark.parametrize("name", sorted(OPS))
def test_grad_matches_finite_differences(name):
    fn, specs = OPS[name]
    xs = inputs_for(name)
    w = output_weights(name, xs)
    loss = weighted_loss(fn, w)
    grads = mx.grad(loss, argnums=list(range(len(xs))))(*as_mx(xs))
    if len(xs) == 1:  # like MLX, one argnum gives the gradient itself
        grads = (grads,)
    if name == "stop_gradient":
        np.testing.assert_allclose(np.array(grads[0]), xs[0] * np.array(w), rtol=1e-12)
        return
    eps, rtol = (1e-3, 2e-3) if name in FLOAT32_INSIDE else (EPS, 1e-5)
    for i, g in enumerate(grads):
        assert g.dtype == F64 and g.shape == xs[i].shape, (name, i)
        numeric = np.zeros_like(xs[i])
        for idx in np.ndindex(xs[i].shape):
            plus = [x.copy() for x in xs]
            minus = [x.copy() for x in xs]
            plus[i][idx] += eps
            minus[i][idx] -= eps
            numeric[idx] = (loss(*as_mx(plus)).item() - loss(*as_mx(minus)).item()) / (2 * eps)
        np.testing.assert_allclose(np.array(g), numeric, rtol=rtol, atol=1e-6,
                                   err_msg=f"{name}: input {i}")


@pytest.mark.parametrize("name", sorted(OPS))
def test_jvp_agrees_with_vjp(name):
    fn, _ = OPS[name]
    xs = as_mx(inputs_for(name))
    rng = np.random.default_rng(3)
    tangents = [mx.array(rng.normal(size=x.shape), dtype=F64) for x in xs]
    out = fn(*xs)
    cotangent = mx.array(rng.normal(size=out.shape), dtype=out.dtype)
    (_,), (jt,) = mx.jvp(lambda *a: [fn(*a)], xs, tangents)
    _, vjps = mx.vjp(lambda *a: [fn(*a)], xs, [cotangent])
    lhs = float(mx.sum(jt * cotangent).item())
    rhs = sum(float(mx.sum(v * t).item()) for v, t in zip(vjps, tangents))
    tol = 1e-5 if name in FLOAT32_INSIDE else 1e-9
    assert abs(lhs - rhs) <= tol * max(1.0, abs(lhs)), (name, lhs, rhs)


def loop_reference(fn, batched, in_axes, out_axis, size):
    outs = []
    for b in range(size):
        args = [x if ax is None else np.take(x, b, axis=ax) for x, ax in zip(batched, in_axes)]
        outs.append(np.array(fn(*as_mx(args))))
    return np.stack(outs, axis=out_axis)


@pytest.mark.parametrize("name", sorted(OPS))
def test_vmap_matches_loop(name):
    fn, specs = OPS[name]
    rng = np.random.default_rng(11)
    size = 3
    base = inputs_for(name)
    out_ndim = fn(*as_mx(base)).ndim
    configs = [(0, 0), (-1, out_ndim), ("mixed", 0)]
    for in_kind, out_axis in configs:
        batched, in_axes = [], []
        for i, (x, (shape, domain)) in enumerate(zip(base, specs)):
            if in_kind == "mixed" and i % 2 == 1:
                batched.append(x)  # this input is not batched
                in_axes.append(None)
                continue
            ax = 0 if in_kind in (0, "mixed") else x.ndim  # last axis of the batched input
            stacked = np.stack([domain_values(rng, shape, domain) for _ in range(size)], axis=ax)
            batched.append(stacked)
            in_axes.append(ax)
        if all(a is None for a in in_axes):
            continue
        got = mx.vmap(fn, in_axes=tuple(in_axes), out_axes=out_axis)(*as_mx(batched))
        want = loop_reference(fn, batched, in_axes, out_axis, size)
        np.testing.assert_allclose(np.array(got), want, rtol=1e-10, atol=1e-12,
                                   err_msg=f"{name}: in_axes {in_axes}, out_axes {out_axis}")


@pytest.mark.parametrize("name", ["exp", "multiply", "matmul", "logsumexp", "slicing", "divide"])
def test_vmap_of_grad_matches_loop(name):
    fn, specs = OPS[name]
    rng = np.random.default_rng(5)
    xs = inputs_for(name)
    batched = [np.stack([domain_values(rng, s, d) for _ in range(3)]) for s, d in specs]
    g = mx.grad(lambda *a: mx.sum(fn(*a)), argnums=list(range(len(xs))))
    one = len(xs) == 1
    got = mx.vmap(g)(*as_mx(batched))
    got = (got,) if one else got
    for i, gi in enumerate(got):
        per = [g(*as_mx([b[k] for b in batched])) for k in range(3)]
        want = np.stack([np.array(p if one else p[i]) for p in per])
        np.testing.assert_allclose(np.array(gi), want, rtol=1e-10, atol=1e-12)


def test_float32_grads_with_loose_tolerance():
    # The float32 kernels of a few ops, against float64 finite differences.
    x = np.array([0.3, -0.7, 1.1, 2.0])
    for fn in (mx.exp, mx.sin, mx.tanh, mx.sigmoid, lambda v: mx.logsumexp(v * v)):
        g = mx.grad(lambda v: mx.sum(fn(v)))(mx.array(x, dtype=mx.float32))
        assert g.dtype == mx.float32
        numeric = np.array([
            (mx.sum(fn(mx.array(x + EPS * e, dtype=F64))).item()
             - mx.sum(fn(mx.array(x - EPS * e, dtype=F64))).item()) / (2 * EPS)
            for e in np.eye(4)])
        np.testing.assert_allclose(np.array(g), numeric, rtol=1e-4, atol=1e-5)
