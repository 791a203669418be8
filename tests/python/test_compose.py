"""Compositions of mx.compile with the function transforms, in every order.

Transforms of a compiled function trace the original function (a Compiled
node is never differentiated or vectorized); compiling a transformed function
fuses the transformed graph. Expected values are hand-derived derivatives or
NumPy, never our own eager output alone.
"""

import math
from functools import partial

import numpy as np
import pytest

import mxcore as mx


def npa(a):
    return np.array(a).astype(np.float64)


def close(a, b, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(npa(a), np.asarray(b, np.float64), rtol=rtol, atol=atol)


X_NP = np.array([0.3, -1.2, 0.7, 2.0], np.float32)


def f_np(x):
    return np.sin(x) * np.exp(x)


def df_np(x):
    # d/dx sin(x) e^x = e^x (sin x + cos x)
    return np.exp(x) * (np.sin(x) + np.cos(x))


def d2f_np(x):
    # d/dx e^x (sin x + cos x) = 2 e^x cos x
    return 2 * np.exp(x) * np.cos(x)


def f(x):
    return mx.sin(x) * mx.exp(x)


def test_grad_of_compiled():
    cf = mx.compile(lambda x: mx.sum(f(x)))
    x = mx.array(X_NP)
    close(mx.grad(cf)(x), df_np(X_NP))
    # Called plainly afterwards it is still the compiled function.
    close(cf(x), f_np(X_NP).sum(), rtol=1e-5)


def test_compiled_grad():
    traces = []

    def loss(x):
        traces.append(1)
        return mx.sum(f(x))

    cg = mx.compile(mx.grad(loss))
    x = mx.array(X_NP)
    close(cg(x), df_np(X_NP))
    close(cg(mx.array(X_NP * 2)), df_np(X_NP * 2))
    assert len(traces) == 1  # the gradient graph was traced once and reused


def test_value_and_grad_inside_compile():
    def loss(w, x):
        return mx.sum(mx.square(w * x - 1.0))

    @mx.compile
    def step(w, x):
        value, g = mx.value_and_grad(loss)(w, x)
        return value, w - 0.1 * g

    w = np.array([0.5, -0.25, 1.5], np.float32)
    x = np.array([1.0, 2.0, -3.0], np.float32)
    value, new_w = step(mx.array(w), mx.array(x))
    close(value, np.sum((w * x - 1) ** 2))
    close(new_w, w - 0.1 * 2 * (w * x - 1) * x)


def test_vmap_of_compiled_and_compiled_vmap():
    cf = mx.compile(lambda x, y: mx.exp(x) * y + 1.0)
    xs = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
    y = np.array([1.0, -2.0, 0.5], np.float32)
    want = np.exp(xs) * y + 1.0
    close(mx.vmap(cf, in_axes=(0, None))(mx.array(xs), mx.array(y)), want)
    close(mx.vmap(cf, in_axes=(1, None), out_axes=1)(mx.array(xs.T.copy()), mx.array(y)),
          want.T)
    cv = mx.compile(mx.vmap(lambda x, y: mx.exp(x) * y + 1.0, in_axes=(0, None)))
    close(cv(mx.array(xs), mx.array(y)), want)
    # A reduction per row through both compositions.
    row_sum = mx.compile(lambda x: mx.sum(mx.square(x)))
    close(mx.vmap(row_sum)(mx.array(xs)), np.sum(xs**2, axis=1))
    close(mx.compile(mx.vmap(lambda x: mx.sum(mx.square(x))))(mx.array(xs)),
          np.sum(xs**2, axis=1))


def test_jvp_and_vjp_of_compiled():
    cf = mx.compile(f)
    x = mx.array(X_NP)
    t = np.array([1.0, 0.5, -1.0, 2.0], np.float32)
    outs, tangents = mx.jvp(cf, [x], [mx.array(t)])
    close(outs[0], f_np(X_NP))
    close(tangents[0], df_np(X_NP) * t, rtol=1e-5)
    outs, cotangents = mx.vjp(cf, [x], [mx.array(t)])
    close(outs[0], f_np(X_NP))
    close(cotangents[0], df_np(X_NP) * t, rtol=1e-5)
    # Compiled jvp / vjp functions.
    cj = mx.compile(lambda x, t: mx.jvp(f, [x], [t])[1][0])
    close(cj(x, mx.array(t)), df_np(X_NP) * t, rtol=1e-5)
    cvjp = mx.compile(lambda x, c: mx.vjp(f, [x], [c])[1][0])
    close(cvjp(x, mx.array(t)), df_np(X_NP) * t, rtol=1e-5)


def test_vjp_of_vjp():
    # g(x, c) = c * f'(x); its vjp wrt x with cotangent u is u * c * f''(x).
    def g(x, c):
        return mx.vjp(f, [x], [c])[1][0]

    x = mx.array(X_NP)
    c = np.array([1.0, 2.0, -0.5, 0.25], np.float32)
    u = np.array([0.5, 1.0, 3.0, -1.0], np.float32)
    for fun in (g, mx.compile(g)):
        outs, (gx, gc) = mx.vjp(fun, [x, mx.array(c)], [mx.array(u)])
        close(outs[0], c * df_np(X_NP), rtol=1e-5)
        close(gx, u * c * d2f_np(X_NP), rtol=1e-4, atol=1e-5)
        close(gc, u * df_np(X_NP), rtol=1e-5)


def test_grad_of_grad_of_compiled():
    cf = mx.compile(lambda x: mx.sum(f(x)))
    second = mx.grad(lambda x: mx.sum(mx.grad(cf)(x)))
    x = mx.array(X_NP)
    close(second(x), d2f_np(X_NP), rtol=1e-4, atol=1e-5)
    # And compiled: compile(grad(grad(compile(f)))).
    close(mx.compile(second)(x), d2f_np(X_NP), rtol=1e-4, atol=1e-5)
    # Scalar third derivative of x^4 through a compiled power.
    c4 = mx.compile(lambda x: x * x * x * x)
    close(mx.grad(mx.grad(mx.grad(c4)))(mx.array(2.0)), 24 * 2.0)


def test_grad_of_compiled_with_closure_and_nonarray_args():
    w = mx.array([2.0, 3.0])

    @mx.compile
    def loss(x, scale, name="sq"):
        assert name == "sq"
        return mx.sum(mx.square(x * w)) * scale

    g = mx.grad(loss)(mx.array([1.0, -1.0]), 0.5)
    # d/dx 0.5 * sum((x w)^2) = x w^2
    close(g, [4.0, -9.0])


def test_random_in_compile_advances_and_is_reproducible():
    state = mx.random.state

    @partial(mx.compile, inputs=state, outputs=state)
    def noisy(x):
        return x + mx.random.uniform(shape=x.shape)

    x = mx.zeros((8,))
    mx.random.seed(7)
    a, b = npa(noisy(x)), npa(noisy(x))
    assert not np.array_equal(a, b)  # the stream advanced
    assert np.all((a >= 0) & (a < 1)) and np.all((b >= 0) & (b < 1))
    mx.random.seed(7)
    a2, b2 = npa(noisy(x)), npa(noisy(x))
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(b, b2)
    # Same stream as the uncompiled function.
    mx.random.seed(7)
    e1 = npa(x + mx.random.uniform(shape=(8,)))
    e2 = npa(x + mx.random.uniform(shape=(8,)))
    np.testing.assert_array_equal(a, e1)
    np.testing.assert_array_equal(b, e2)


def test_random_dropout_under_grad_in_compile():
    state = mx.random.state

    @partial(mx.compile, inputs=state, outputs=state)
    def grad_with_mask(x):
        def loss(x):
            mask = mx.random.uniform(shape=x.shape) < 0.5
            return mx.sum(mx.where(mask, x * 2.0, mx.zeros_like(x)))
        return mx.grad(loss)(x)

    mx.random.seed(3)
    g1 = npa(grad_with_mask(mx.ones((64,))))
    g2 = npa(grad_with_mask(mx.ones((64,))))
    assert set(np.unique(g1)) <= {0.0, 2.0} and 0 < g1.sum() < 128
    assert not np.array_equal(g1, g2)
    mx.random.seed(3)
    np.testing.assert_array_equal(npa(grad_with_mask(mx.ones((64,)))), g1)


def test_training_step_with_state_dicts():
    rng = np.random.default_rng(1)
    x_np = rng.normal(size=(16, 3)).astype(np.float32)
    true_w = np.array([1.0, -2.0, 0.5], np.float32)
    y_np = x_np @ true_w + 0.3

    def make_state():
        model = {"w": mx.zeros((3,)), "b": mx.array(0.0)}
        opt = {"m": {"w": mx.zeros((3,)), "b": mx.array(0.0)}, "step": mx.array(0)}
        return model, opt

    def loss_fn(params, x, y):
        pred = x @ params["w"] + params["b"]
        return mx.mean(mx.square(pred - y))

    def make_step(model, opt):
        def step(x, y):
            loss, grads = mx.value_and_grad(loss_fn)(model, x, y)
            for k in ("w", "b"):
                opt["m"][k] = 0.9 * opt["m"][k] + grads[k]
                model[k] = model[k] - 0.05 * opt["m"][k]
            opt["step"] = opt["step"] + 1
            return loss
        return step

    model, opt = make_state()
    state = [model, opt]
    cstep = mx.compile(make_step(model, opt), inputs=state, outputs=state)
    ref_model, ref_opt = make_state()
    estep = make_step(ref_model, ref_opt)
    x, y = mx.array(x_np), mx.array(y_np)
    losses = []
    for _ in range(30):
        losses.append(float(npa(cstep(x, y))))
        ref = float(npa(estep(x, y)))
        assert abs(losses[-1] - ref) <= 1e-4 * max(1.0, abs(ref))
    assert losses[-1] < 0.05 * losses[0]
    close(model["w"], npa(ref_model["w"]), rtol=1e-4, atol=1e-5)
    close(model["b"], npa(ref_model["b"]), rtol=1e-4, atol=1e-5)
    assert int(npa(opt["step"])) == 30
    # NumPy oracle for the first step's gradient.
    m2, o2 = make_state()
    s2 = mx.compile(make_step(m2, o2), inputs=[m2, o2], outputs=[m2, o2])
    s2(x, y)
    grad_w = 2 * x_np.T @ (0 - y_np) / 16
    close(m2["w"], -0.05 * grad_w, rtol=1e-4, atol=1e-5)


def test_custom_function_inside_compile_and_grad():
    @mx.custom_function
    def clip_grad(x):
        return x * 1.0

    @clip_grad.vjp
    def clip_grad_vjp(x, ct, out):
        return mx.clip(ct, -1.0, 1.0) if hasattr(mx, "clip") else mx.minimum(
            mx.maximum(ct, -1.0), 1.0)

    loss = lambda x: mx.sum(clip_grad(x) * mx.array([5.0, 0.5, -3.0]))
    x = mx.array([1.0, 2.0, 3.0])
    close(mx.grad(loss)(x), [1.0, 0.5, -1.0])
    close(mx.grad(mx.compile(loss))(x), [1.0, 0.5, -1.0])
    close(mx.compile(mx.grad(loss))(x), [1.0, 0.5, -1.0])


def test_vmap_of_grad_of_compiled_and_back():
    cf = mx.compile(lambda x: mx.sum(f(x)))
    xs = np.stack([X_NP, X_NP * 0.5])
    per_example = mx.vmap(mx.grad(cf))(mx.array(xs))
    close(per_example, df_np(xs), rtol=1e-5)
    close(mx.compile(mx.vmap(mx.grad(cf)))(mx.array(xs)), df_np(xs), rtol=1e-5)
    close(mx.grad(lambda x: mx.sum(mx.vmap(cf)(x)))(mx.array(xs)), df_np(xs), rtol=1e-5)


def test_compiled_function_shared_between_plain_and_traced_calls():
    traces = []

    @mx.compile
    def cf(x):
        traces.append(1)
        return mx.exp(x) * 2.0

    x = mx.array([0.0, 1.0])
    close(cf(x), [2.0, 2 * math.e])
    close(mx.grad(lambda v: mx.sum(cf(v)))(x), [2.0, 2 * math.e])
    close(cf(x), [2.0, 2 * math.e])
    # The plain calls share one cache entry; the traced call ran the function.
    assert len(traces) == 2


def test_custom_vjp_reading_cotangent_values():
    # A vjp rule that evaluates a cotangent (.item()) while the gradient is
    # being traced must not break the rest of the backward pass.
    seen = []

    @mx.custom_function
    def two(x):
        return x * 3.0, mx.exp(x)

    @two.vjp
    def two_vjp(x, cts, outs):
        seen.append(cts[0].item())
        return cts[0] * 3.0 + cts[1] * outs[1]

    close(mx.grad(lambda v: two(v)[0])(mx.array(0.5)), 3.0)
    # d/dv e^v * 3v = 3 e^v (1 + v)
    g = mx.grad(lambda v: two(v)[1] * two(v)[0])(mx.array(0.5))
    close(g, 3 * math.exp(0.5) * 1.5, rtol=1e-5)
    assert seen[0] == 1.0
    g = mx.grad(mx.compile(lambda v: two(v)[1] * two(v)[0]))(mx.array(0.5))
    close(g, 3 * math.exp(0.5) * 1.5, rtol=1e-5)


def test_compiled_function_closing_over_a_tracer():
    # The compiled function's argument is a plain array, but it captures the
    # differentiated variable: the gradient must flow through the capture.
    def outer(x):
        inner = mx.compile(lambda y: mx.sum(y * mx.exp(x)))
        return inner(mx.array([1.0, 2.0]))

    x = mx.array(0.5)
    close(mx.grad(outer)(x), 3 * math.exp(0.5))
    xs = mx.array([0.0, 1.0])
    close(mx.vmap(outer)(xs), 3 * np.exp([0.0, 1.0]))
