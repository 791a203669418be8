"""grad / value_and_grad / vjp / jvp / checkpoint / custom_function / stop_gradient.

Derivatives are checked against central finite differences in float64 (NumPy
drives the perturbations) and against hand-derived formulas. The function
tables are meant to grow as more ops gain vjp/jvp rules.
"""
import math

import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(0)


def to_np(a):
    return np.asarray(a)


def f64(x):
    return mx.array(x, dtype=mx.float64)


# (name, function of arrays, its NumPy twin, shapes of its inputs). The twin
# gives float64-accurate finite differences even where a kernel computes in
# lower precision.
FUNCTIONS = [
    ("x*x*exp(-x)", lambda x: x * x * mx.exp(-x), lambda x: x * x * np.exp(-x), [(3,)]),
    ("exp(x)*x+x", lambda x: mx.exp(x) * x + x, lambda x: np.exp(x) * x + x, [(2, 3)]),
    ("exp(0.5*exp(x))", lambda x: mx.exp(mx.exp(x) * 0.5), lambda x: np.exp(np.exp(x) * 0.5), [(4,)]),
    ("x*y+exp(x*y)", lambda x, y: x * y + mx.exp(x * y), lambda x, y: x * y + np.exp(x * y),
     [(2, 2), (2, 2)]),
    ("transpose(x)*y-y", lambda x, y: mx.transpose(x) * y + (-y), lambda x, y: x.T * y - y,
     [(2, 3), (3, 2)]),
    ("x*x (reused)", lambda x: (x * x) * (x * x), lambda x: x ** 4, [(5,)]),
    ("float32 round trip", lambda x: (x.astype(mx.float32) * 2.0).astype(mx.float64) * x,
     lambda x: 2 * x * x, [(3,)]),
]
IDS = [f[0] for f in FUNCTIONS]


def representable(x):
    """x as the array holds it (the NumPy-to-array conversion may round)."""
    return np.asarray(f64(x))


def random_inputs(shapes):
    return [representable(RNG.uniform(-1.5, 1.5, size=s)) for s in shapes]


def numeric_vjp(fn, xs, cotangent, eps=1e-6):
    """Central differences of <cotangent, fn(xs)> with respect to every input."""
    grads = []
    for k, x in enumerate(xs):
        g = np.zeros_like(x)
        for idx in np.ndindex(x.shape):
            plus = [v.copy() for v in xs]
            minus = [v.copy() for v in xs]
            plus[k][idx] += eps
            minus[k][idx] -= eps
            fp = fn(*plus)
            fm = fn(*minus)
            g[idx] = np.sum(cotangent * (fp - fm)) / (2 * eps)
        grads.append(g)
    return grads


@pytest.mark.parametrize("name,fn,np_fn,shapes", FUNCTIONS, ids=IDS)
def test_vjp_matches_finite_differences(name, fn, np_fn, shapes):
    xs = random_inputs(shapes)
    out_np = to_np(fn(*[f64(x) for x in xs]))
    ct = representable(RNG.uniform(-1, 1, size=out_np.shape))
    outs, vjps = mx.vjp(fn, [f64(x) for x in xs], [f64(ct)])
    np.testing.assert_allclose(to_np(outs[0]), out_np, rtol=1e-12)
    np.testing.assert_allclose(out_np, np_fn(*xs), rtol=1e-6)
    expected = numeric_vjp(np_fn, xs, ct)
    assert len(vjps) == len(xs)
    for got, want, x in zip(vjps, expected, xs):
        assert got.shape == x.shape
        assert got.dtype == mx.float64
        np.testing.assert_allclose(to_np(got), want, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("name,fn,np_fn,shapes", FUNCTIONS, ids=IDS)
def test_jvp_consistent_with_vjp(name, fn, np_fn, shapes):
    xs = random_inputs(shapes)
    ts = random_inputs(shapes)
    primals = [f64(x) for x in xs]
    outs, jvps = mx.jvp(fn, primals, [f64(t) for t in ts])
    ct = representable(RNG.uniform(-1, 1, size=tuple(outs[0].shape)))
    _, vjps = mx.vjp(fn, primals, [f64(ct)])
    lhs = np.sum(ct * to_np(jvps[0]))
    rhs = sum(np.sum(to_np(v) * t) for v, t in zip(vjps, ts))
    assert lhs == pytest.approx(rhs, rel=1e-6, abs=1e-9)  # float32 steps round
    # and against a finite difference along the tangent direction
    eps = 1e-6
    fp = np_fn(*[x + eps * t for x, t in zip(xs, ts)])
    fm = np_fn(*[x - eps * t for x, t in zip(xs, ts)])
    np.testing.assert_allclose(to_np(jvps[0]), (fp - fm) / (2 * eps), rtol=1e-6, atol=1e-7)


def f_scalar(x):
    return x * x * mx.exp(-x)


def df(x):
    return (2 * x - x * x) * math.exp(-x)


def d2f(x):
    return (2 - 4 * x + x * x) * math.exp(-x)


def d3f(x):
    return (-6 + 6 * x - x * x) * math.exp(-x)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float64])
def test_grad_and_higher_order(dtype):
    for v in [-0.75, 0.0, 0.5, 2.0]:
        x = mx.array(v, dtype=dtype)
        g = mx.grad(f_scalar)(x)
        assert g.dtype == dtype
        tol = 1e-5 if dtype == mx.float32 else 1e-12
        assert g.item() == pytest.approx(df(v), rel=tol, abs=tol)
        assert mx.grad(mx.grad(f_scalar))(x).item() == pytest.approx(d2f(v), rel=10 * tol, abs=10 * tol)
        assert mx.grad(mx.grad(mx.grad(f_scalar)))(x).item() == pytest.approx(
            d3f(v), rel=100 * tol, abs=100 * tol)


def test_vjp_of_vjp():
    # g(x, c) = vjp of f at x with cotangent c = c * f'(x); d/dx g = c * f''(x)
    def g(x, c):
        return mx.vjp(f_scalar, [x], [c])[1][0]

    x, c = mx.array(0.3), mx.array(2.0)
    (out,), (dx, dc) = mx.vjp(g, [x, c], [mx.array(1.5)])
    assert out.item() == pytest.approx(2.0 * df(0.3), rel=1e-6)
    assert dx.item() == pytest.approx(1.5 * 2.0 * d2f(0.3), rel=1e-5)
    assert dc.item() == pytest.approx(1.5 * df(0.3), rel=1e-6)


def test_jvp_of_grad_is_second_derivative():
    (out,), (t,) = mx.jvp(mx.grad(f_scalar), [mx.array(1.25)], [mx.array(1.0)])
    assert out.item() == pytest.approx(df(1.25), rel=1e-5)
    assert t.item() == pytest.approx(d2f(1.25), rel=1e-4)


def test_argnums_variants():
    def fn(a, b, c):
        return a * b * c + mx.exp(a)

    a, b, c = mx.array(0.5), mx.array(2.0), mx.array(-3.0)
    g = mx.grad(fn)(a, b, c)
    assert isinstance(g, mx.array)
    assert g.item() == pytest.approx(-6.0 + math.exp(0.5), rel=1e-6)
    g1 = mx.grad(fn, argnums=1)(a, b, c)
    assert g1.item() == pytest.approx(-1.5)
    g02 = mx.grad(fn, argnums=(0, 2))(a, b, c)
    assert isinstance(g02, tuple) and len(g02) == 2
    assert g02[1].item() == pytest.approx(1.0)
    # MLX returns the gradients in increasing argument order.
    g20 = mx.grad(fn, argnums=[2, 0])(a, b, c)
    assert g20[0].item() == pytest.approx(g02[0].item())
    assert g20[1].item() == pytest.approx(1.0)


def test_argnames_and_kwargs():
    def fn(x, *, scale, shift):
        return x * scale + shift * shift

    x, s, t = mx.array(3.0), mx.array(2.0), mx.array(-1.5)
    # with argnames, argnums defaults to none (MLX)
    pos, kw = mx.grad(fn, argnames="scale")(x, scale=s, shift=t)
    assert pos is None
    assert set(kw) == {"scale"} and kw["scale"].item() == pytest.approx(3.0)
    pos, kw = mx.grad(fn, argnums=0, argnames="shift")(x, scale=s, shift=t)
    assert pos.item() == pytest.approx(2.0)
    assert kw["shift"].item() == pytest.approx(-3.0)
    pos, kw = mx.grad(fn, argnums=[], argnames=["scale", "shift"])(x, scale=s, shift=t)
    assert pos is None
    assert kw["shift"].item() == pytest.approx(-3.0)
    with pytest.raises(ValueError):
        mx.grad(fn, argnames="missing")(x, scale=s, shift=t)


def test_pytree_arguments_and_results():
    def loss(params, x):
        return params["w"] * x * params["w"] + params["b"][0] * mx.exp(params["b"][1][0])

    params = {"w": mx.array(1.5), "b": [mx.array(2.0), (mx.array(0.5),)]}
    g = mx.grad(loss)(params, mx.array(3.0))
    assert isinstance(g, dict) and isinstance(g["b"], list) and isinstance(g["b"][1], tuple)
    assert g["w"].item() == pytest.approx(2 * 1.5 * 3.0)
    assert g["b"][0].item() == pytest.approx(math.exp(0.5))
    assert g["b"][1][0].item() == pytest.approx(2.0 * math.exp(0.5))


def test_value_and_grad_with_aux():
    def fn(x, y):
        loss = x * x * y
        return loss, {"aux": mx.exp(x)}, 7

    (loss, aux, seven), g = mx.value_and_grad(fn, argnums=(0, 1))(mx.array(2.0), mx.array(3.0))
    assert loss.item() == pytest.approx(12.0)
    assert aux["aux"].item() == pytest.approx(math.exp(2.0), rel=1e-6)
    assert seven == 7
    # the auxiliary outputs do not contribute to the gradient
    assert g[0].item() == pytest.approx(12.0) and g[1].item() == pytest.approx(4.0)
    value, grad = mx.value_and_grad(f_scalar)(mx.array(0.5))
    assert value.item() == pytest.approx(0.25 * math.exp(-0.5), rel=1e-6)
    assert grad.item() == pytest.approx(df(0.5), rel=1e-5)


def test_inputs_not_affecting_output_get_zeros():
    def fn(x, y):
        return x * x

    gx, gy = mx.grad(fn, argnums=(0, 1))(mx.array(3.0), mx.array([1.0, 2.0, 3.0]))
    assert gx.item() == pytest.approx(6.0)
    assert gy.shape == (3,)
    np.testing.assert_array_equal(to_np(gy), np.zeros(3, dtype=np.float32))
    g = mx.grad(lambda x: mx.array(4.0))(mx.array(1.0))
    assert g.item() == 0.0


def test_same_array_passed_twice():
    x = mx.array(3.0)
    gx, gy = mx.grad(lambda a, b: a * b * b, argnums=(0, 1))(x, x)
    assert gx.item() == pytest.approx(9.0) and gy.item() == pytest.approx(18.0)


def test_unused_outputs_of_vjp():
    outs, vjps = mx.vjp(lambda x: [x * 2.0, mx.exp(x)], [mx.array(1.0)],
                        [mx.array(1.0), mx.array(0.0)])
    assert len(outs) == 2
    assert vjps[0].item() == pytest.approx(2.0)


def test_stop_gradient():
    assert mx.grad(lambda x: x * mx.stop_gradient(x))(mx.array(3.0)).item() == pytest.approx(3.0)
    assert mx.grad(lambda x: mx.stop_gradient(x * x))(mx.array(3.0)).item() == 0.0
    _, (t,) = mx.jvp(lambda x: mx.stop_gradient(x) * x, [mx.array(2.0)], [mx.array(1.0)])
    assert t.item() == pytest.approx(2.0)


def test_eval_inside_grad_keeps_graph():
    def fn(x):
        y = mx.exp(x)
        mx.eval(y)
        return y * x

    assert mx.grad(fn)(mx.array(0.5)).item() == pytest.approx(math.exp(0.5) * 1.5, rel=1e-6)


def test_checkpoint_same_gradient():
    def block(x, y):
        return mx.exp(x * y) * x

    ck = mx.checkpoint(block)
    x, y = mx.array(0.7), mx.array(-1.2)
    g_plain = mx.grad(lambda a, b: block(a, b), argnums=(0, 1))(x, y)
    g_ck = mx.grad(lambda a, b: ck(a, b), argnums=(0, 1))(x, y)
    for a, b in zip(g_plain, g_ck):
        assert a.item() == pytest.approx(b.item(), rel=1e-7)
    assert ck(x, y).item() == pytest.approx(block(x, y).item())
    # pytree input and output, and a second derivative through checkpoint
    tree_ck = mx.checkpoint(lambda p: {"out": p[0] * p[1]["z"]})
    g = mx.grad(lambda p: tree_ck(p)["out"])([mx.array(2.0), {"z": mx.array(5.0)}])
    assert g[0].item() == 5.0 and g[1]["z"].item() == 2.0
    d2 = mx.grad(mx.grad(lambda a: mx.checkpoint(f_scalar)(a)))(mx.array(0.4))
    assert d2.item() == pytest.approx(d2f(0.4), rel=1e-4)


def test_custom_function_overrides_are_used():
    calls = []

    @mx.custom_function
    def f(x, y):
        return mx.exp(x) * y

    @f.vjp
    def f_vjp(primals, cotangent, output):
        calls.append("vjp")
        x, y = primals
        assert isinstance(output, mx.array)
        return cotangent * 10.0, cotangent * 20.0

    @f.jvp
    def f_jvp(primals, tangents):
        calls.append("jvp")
        dx, dy = tangents
        return dx * 3.0 + (dy if dy is not None else 0.0)

    x, y = mx.array(0.5), mx.array(2.0)
    assert f(x, y).item() == pytest.approx(math.exp(0.5) * 2.0, rel=1e-6)
    gx, gy = mx.grad(f, argnums=(0, 1))(x, y)
    assert (gx.item(), gy.item()) == (10.0, 20.0)
    _, (t,) = mx.jvp(lambda a, b: f(a, b), [x, y], [mx.array(1.0), mx.array(1.0)])
    assert t.item() == pytest.approx(4.0)
    assert calls == ["vjp", "jvp"]
    assert f_vjp is f  # the decorators return the custom function itself


def test_custom_function_single_argument_and_tree_output():
    @mx.custom_function
    def g(x):
        return {"a": x * 2.0, "b": mx.exp(x)}

    @g.vjp
    def g_vjp(x, cotangents, outputs):
        assert set(cotangents) == {"a", "b"}
        # d/dx of a + b with the true rule, but using the saved outputs
        return cotangents["a"] * 2.0 + cotangents["b"] * outputs["b"]

    x = mx.array(0.3)
    val = mx.grad(lambda v: g(v)["a"] + g(v)["b"])(x)
    assert val.item() == pytest.approx(2.0 + math.exp(0.3), rel=1e-6)


def test_custom_function_vmap_override():
    @mx.custom_function
    def h(x):
        return mx.exp(x)

    @h.vmap
    def h_vmap(x, ax):
        return mx.exp(x) + 1.0, ax

    xs = mx.array([0.0, 1.0])
    np.testing.assert_allclose(to_np(mx.vmap(h)(xs)), np.exp([0.0, 1.0]) + 1.0, rtol=1e-6)
    # without a vjp override the gradient falls back to differentiating h
    assert mx.grad(h)(mx.array(0.2)).item() == pytest.approx(math.exp(0.2), rel=1e-6)


def test_errors():
    with pytest.raises(ValueError, match="scalar"):
        mx.grad(lambda x: x * x)(mx.array([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"\[grad\].*scalar array"):
        mx.grad(lambda x: [x])(mx.array(1.0))
    with pytest.raises(ValueError, match=r"\[value_and_grad\]"):
        mx.value_and_grad(lambda x: [x])(mx.array(1.0))
    with pytest.raises(ValueError):
        mx.grad(lambda x: x)(1.0)  # not an array
    with pytest.raises(ValueError, match="argument index 2"):
        mx.grad(lambda x, y: x, argnums=2)(mx.array(1.0), mx.array(1.0))
    with pytest.raises(ValueError, match="negative"):
        mx.grad(lambda x: x, argnums=-1)
    with pytest.raises(ValueError):
        mx.vjp(lambda x: x, [mx.array([1.0, 2.0])], [mx.array([1.0])])
    with pytest.raises(ValueError):
        mx.jvp(lambda x: x, [mx.array([1.0, 2.0])], [mx.array([1.0])])
    with pytest.raises(ValueError):
        mx.jvp(lambda x: x, [mx.array(1.0)], [])


def test_multi_output_node_with_unused_output():
    # custom_function makes one node with several outputs (siblings); the
    # unused output's cotangent must arrive as zeros.
    seen = {}

    @mx.custom_function
    def two(x):
        return x * 3.0, mx.exp(x)

    @two.vjp
    def two_vjp(x, cotangents, outputs):
        seen["cts"] = list(cotangents)
        return cotangents[0] * 3.0 + cotangents[1] * outputs[1]

    g = mx.grad(lambda v: two(v)[0])(mx.array(0.5))
    assert g.item() == pytest.approx(3.0)
    assert seen["cts"][1].item() == 0.0 and seen["cts"][0].item() == 1.0
    g = mx.grad(lambda v: two(v)[1] * two(v)[0])(mx.array(0.5))
    # d/dx (3x e^x) = 3 e^x (1 + x)
    assert g.item() == pytest.approx(3 * math.exp(0.5) * 1.5, rel=1e-6)
