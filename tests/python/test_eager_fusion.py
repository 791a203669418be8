"""Composite ops called eagerly (softmax, logsumexp, fast.layer_norm,
fast.rms_norm) run as one shapeless compiled function each: the results are
those of the plain composite (compile disabled) and of NumPy, for every
float dtype, odd and 1-row shapes, other axes, strided inputs and rows of
infinities; a new shape reuses the trace; inside grad, vmap, compile and on
an explicit stream the composite runs as written."""

import numpy as np
import pytest

import mxcore as mx
from test_fast import ref_layer_norm, ref_rms_norm

RNG = np.random.default_rng(11)
DTYPES = [mx.float32, mx.float16, mx.bfloat16]


def tol(dtype):
    return {mx.float32: 2e-6, mx.float16: 2e-3, mx.bfloat16: 1.6e-2}[dtype]


def plain(fn, *args):
    """fn's result with compile disabled: the composite's own primitives."""
    mx.disable_compile()
    try:
        return np.array(fn(*args).astype(mx.float32))
    finally:
        mx.enable_compile()


def fused(fn, *args):
    return np.array(fn(*args).astype(mx.float32))


def check(fn, *args, dtype=mx.float32, ref=None):
    got, want = fused(fn, *args), plain(fn, *args)
    np.testing.assert_allclose(got, want, rtol=tol(dtype), atol=tol(dtype))
    if ref is not None:
        np.testing.assert_allclose(got, ref, rtol=max(tol(dtype), 1e-5), atol=max(tol(dtype), 1e-5))


def np_softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def np_lse(x, axis, keepdims=False):
    m = x.max(axis=axis, keepdims=True)
    out = np.log(np.exp(x - m).sum(axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis)


SHAPES = [(1, 7), (5, 33), (3, 4, 129), (2, 1024), (64, 16)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_softmax_and_logsumexp_last_axis(dtype, shape):
    x_np = RNG.uniform(-4, 4, size=shape).astype(np.float32)
    x = mx.array(x_np).astype(dtype)
    ref = x_np if dtype == mx.float32 else None
    check(lambda a: mx.softmax(a, axis=-1), x, dtype=dtype,
          ref=None if ref is None else np_softmax(ref, -1))
    check(lambda a: mx.softmax(a, axis=-1, precise=True), x, dtype=dtype)
    check(lambda a: mx.logsumexp(a, axis=-1), x, dtype=dtype,
          ref=None if ref is None else np_lse(ref, -1))
    check(lambda a: mx.logsumexp(a, axis=-1, keepdims=True), x, dtype=dtype)


@pytest.mark.parametrize("axes", [0, 1, (0, 2), None])
def test_other_axes(axes):
    x_np = RNG.standard_normal((6, 5, 9)).astype(np.float32)
    x = mx.array(x_np)
    np_axes = axes if axes is not None else (0, 1, 2)
    check(lambda a: mx.softmax(a, axis=axes), x, ref=np_softmax(x_np, np_axes))
    check(lambda a: mx.logsumexp(a, axis=axes), x, ref=np_lse(x_np, np_axes))


def test_strided_and_broadcast_inputs():
    x_np = RNG.standard_normal((40, 24)).astype(np.float32)
    x = mx.array(x_np)
    check(lambda a: mx.softmax(a.T, axis=-1), x, ref=np_softmax(x_np.T, -1))
    check(lambda a: mx.logsumexp(a[::3, 1::2], axis=-1), x, ref=np_lse(x_np[::3, 1::2], -1))
    w = mx.array(RNG.standard_normal(40).astype(np.float32))
    check(lambda a: mx.fast.rms_norm(a.T, w, 1e-5), x,
          ref=ref_rms_norm(x_np.T, np.array(w), 1e-5))
    row = mx.broadcast_to(mx.array(x_np[:1]), (7, 24))
    check(lambda a: mx.fast.layer_norm(a, None, None, 1e-5), row,
          ref=ref_layer_norm(np.broadcast_to(x_np[:1], (7, 24)), None, None, 1e-5))


def test_rows_of_infinities():
    x = mx.array(np.array([[1.0, -np.inf, 2.0], [-np.inf, -np.inf, -np.inf],
                           [np.inf, 0.0, 1.0], [np.nan, 1.0, 0.0]], np.float32))
    got, want = fused(lambda a: mx.logsumexp(a, axis=-1), x), plain(
        lambda a: mx.logsumexp(a, axis=-1), x)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[~np.isnan(got)], want[~np.isnan(want)], rtol=1e-6)
    assert got[1] == -np.inf and got[2] == np.inf
    sm = fused(lambda a: mx.softmax(a, axis=-1), x)
    np.testing.assert_allclose(sm[0], np_softmax(np.array([1.0, -np.inf, 2.0]), -1), rtol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 8), (7, 33), (2, 3, 256), (300, 64)])
@pytest.mark.parametrize("affine", ["none", "weight", "both"])
def test_layer_norm_and_rms_norm(dtype, shape, affine):
    x_np = RNG.standard_normal(shape).astype(np.float32) * 3 + 1
    d = shape[-1]
    w_np = RNG.standard_normal(d).astype(np.float32) if affine != "none" else None
    b_np = RNG.standard_normal(d).astype(np.float32) if affine == "both" else None
    x = mx.array(x_np).astype(dtype)
    w = None if w_np is None else mx.array(w_np).astype(dtype)
    b = None if b_np is None else mx.array(b_np).astype(dtype)
    ref32 = dtype == mx.float32
    check(lambda a: mx.fast.layer_norm(a, w, b, 1e-5), x, dtype=dtype,
          ref=ref_layer_norm(x_np, w_np, b_np, 1e-5) if ref32 else None)
    check(lambda a: mx.fast.rms_norm(a, w, 1e-6), x, dtype=dtype,
          ref=ref_rms_norm(x_np, w_np, 1e-6) if ref32 else None)


def test_eps_and_width_are_part_of_the_fused_form():
    x_np = RNG.standard_normal((4, 16)).astype(np.float32) * 1e-3
    x = mx.array(x_np)
    for eps in (1e-5, 1e-2):
        np.testing.assert_allclose(np.array(mx.fast.rms_norm(x, None, eps)),
                                   ref_rms_norm(x_np, None, eps), rtol=1e-5)
    y_np = RNG.standard_normal((4, 24)).astype(np.float32)
    np.testing.assert_allclose(np.array(mx.fast.layer_norm(mx.array(y_np), None, None, 1e-5)),
                               ref_layer_norm(y_np, None, None, 1e-5), rtol=1e-5, atol=1e-6)


def test_new_shapes_reuse_the_trace_and_run_one_kernel():
    background = mx._core._jit_background()
    mx._core._set_jit_background(False)
    try:
        mx.eval(mx.softmax(mx.ones((3, 50)), axis=-1))
        traces = mx._core._compile_trace_count()
        runs = mx._core._jit_kernel_runs()
        for rows in (1, 9, 70):  # a longer sequence each step
            x_np = RNG.standard_normal((rows, 50)).astype(np.float32)
            np.testing.assert_allclose(np.array(mx.softmax(mx.array(x_np), axis=-1)),
                                       np_softmax(x_np, -1), rtol=1e-5, atol=1e-7)
        assert mx._core._compile_trace_count() == traces
        if mx._core._jit_compiler_invocations() > 0 or runs > 0:  # a JIT is at work
            assert mx._core._jit_kernel_runs() - runs == 3  # one fused kernel a call
    finally:
        mx._core._set_jit_background(background)


def test_grad_vmap_and_compile_see_the_composite():
    x_np = RNG.standard_normal((3, 6)).astype(np.float32)
    x = mx.array(x_np)
    w = mx.array(RNG.standard_normal(6).astype(np.float32))

    def loss(a):
        return (mx.softmax(a, axis=-1) * w).sum() + mx.logsumexp(a, axis=-1).sum() + \
            (mx.fast.layer_norm(a, w, None, 1e-5) ** 2).sum() + mx.fast.rms_norm(a, w, 1e-5).sum()

    g = mx.grad(loss)(x)
    eps = 1e-3
    num = np.zeros_like(x_np)
    for i in range(x_np.shape[0]):
        for j in range(x_np.shape[1]):
            p, m = x_np.copy(), x_np.copy()
            p[i, j] += eps
            m[i, j] -= eps
            num[i, j] = (loss(mx.array(p)).item() - loss(mx.array(m)).item()) / (2 * eps)
    np.testing.assert_allclose(np.array(g), num, rtol=2e-2, atol=2e-2)
    # vmap over rows gives the same as the batched call.
    v = mx.vmap(lambda r: mx.softmax(r, axis=-1))(x)
    np.testing.assert_allclose(np.array(v), np_softmax(x_np, -1), rtol=1e-6)
    # Inside compile: one graph with the composite's ops, same values.
    c = mx.compile(lambda a: mx.fast.rms_norm(a, w, 1e-5))(x)
    np.testing.assert_allclose(np.array(c), ref_rms_norm(x_np, np.array(w), 1e-5), rtol=1e-5)


def test_explicit_stream_and_empty_arrays():
    x_np = RNG.standard_normal((4, 5)).astype(np.float32)
    s = mx.new_stream(mx.cpu)
    np.testing.assert_allclose(np.array(mx.softmax(mx.array(x_np), axis=-1, stream=s)),
                               np_softmax(x_np, -1), rtol=1e-6)
    assert mx.softmax(mx.zeros((0, 3)), axis=-1).shape == (0, 3)
    assert mx.fast.rms_norm(mx.zeros((0, 3)), None, 1e-5).shape == (0, 3)


def test_errors_are_unchanged():
    with pytest.raises(ValueError):
        mx.fast.layer_norm(mx.ones((2, 3)), mx.ones((4,)), None, 1e-5)
    with pytest.raises(ValueError):
        mx.logsumexp(mx.array([]))


ACTIVATIONS = ["relu2", "relu6", "leaky_relu", "log_softmax", "elu", "softplus", "softsign",
               "softshrink", "celu", "silu", "log_sigmoid", "gelu", "gelu_approx",
               "gelu_fast_approx", "step", "selu", "mish", "hardswish", "hard_tanh",
               "hard_shrink", "softmin"]


@pytest.mark.parametrize("name", ACTIVATIONS)
def test_nn_activations_are_fused_and_equal_their_plain_ops(name):
    import mxcore.nn as nn
    fn = getattr(nn, name)
    plain_fn = fn.__wrapped__  # the plain ops, as traced inside compile
    for shape in [(7,), (5, 33), (2, 3, 64)]:
        x = mx.array(RNG.uniform(-6, 6, size=shape).astype(np.float32))
        np.testing.assert_allclose(np.array(fn(x)), np.array(plain_fn(x)), rtol=2e-6, atol=2e-6)
    # Gradients go through the plain ops.
    x = mx.array(RNG.uniform(-3, 3, size=(4, 9)).astype(np.float32))
    g = mx.grad(lambda a: fn(a).sum())(x)
    want = mx.grad(lambda a: plain_fn(a).sum())(x)
    np.testing.assert_allclose(np.array(g), np.array(want), rtol=1e-5, atol=1e-6)


def test_nn_activation_values_against_numpy():
    import mxcore.nn as nn
    from math import erf, sqrt
    x_np = RNG.uniform(-5, 5, size=(301,)).astype(np.float32)
    x = mx.array(x_np)
    gelu = x_np * (1 + np.array([erf(v / sqrt(2)) for v in x_np.astype(np.float64)])) / 2
    np.testing.assert_allclose(np.array(nn.gelu(x)), gelu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(nn.silu(x)), x_np / (1 + np.exp(-x_np)), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(np.array(nn.softplus(x)), np.logaddexp(x_np, 0), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(np.array(nn.leaky_relu(x, 0.2)), np.where(x_np > 0, x_np, 0.2 * x_np),
                               rtol=1e-6)
    np.testing.assert_allclose(np.array(nn.mish(x)), x_np * np.tanh(np.logaddexp(x_np, 0)),
                               rtol=1e-5, atol=1e-6)
