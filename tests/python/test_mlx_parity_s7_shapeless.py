"""Shapeless compile where a dim that was 1 at trace time grows at the call
(as MLX): elementwise outputs are the broadcast of their inputs' new shapes,
fused kernels read the inputs as stride-0 views, reductions, gathers, grads
and exported functions follow, and shapes that no longer broadcast raise
ValueError naming the primitive."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(7)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def ones(*shape):
    return mx.ones(shape)


def close(got, want, rtol=1e-5, atol=1e-6):
    got = np.array(got)
    assert got.shape == np.shape(want), (got.shape, np.shape(want))
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def test_add_grows_a_traced_unit_dim():
    f = mx.compile(lambda a, b: a + b, shapeless=True)
    close(f(ones(2, 1), ones(2, 1)), np.full((2, 1), 2.0))
    a, b = rand(2, 3), rand(2, 1)
    close(f(mx.array(a), mx.array(b)), a + b)
    # the other input grows; then back to the traced shapes
    a, b = rand(2, 1), rand(2, 4)
    close(f(mx.array(a), mx.array(b)), a + b)
    close(f(ones(2, 1), ones(2, 1)), np.full((2, 1), 2.0))


def test_fused_chain_grows_both_ways_on_the_jit():
    g = mx.compile(lambda a, b: mx.exp(a) * b + 1, shapeless=True)
    close(g(ones(2, 1), ones(2, 1)), np.full((2, 1), np.e + 1))
    before = mx._core._jit_kernel_runs()
    a, b = rand(2, 1), rand(1, 4)
    close(g(mx.array(a), mx.array(b)), np.exp(a) * b + 1)
    assert mx._core._jit_kernel_runs() > before  # one fused kernel, broadcast reads
    a, b = rand(3, 1), rand(1, 5)
    close(g(mx.array(a), mx.array(b)), np.exp(a) * b + 1)


def test_layouts_are_not_reused_across_grown_dims():
    # Alternating shapes: each call plans its own layout (the recent-layout
    # cache keys on shapes and strides).
    f = mx.compile(lambda a, b: (a - b) * (a + b), shapeless=True)
    for shape_a, shape_b in [((4, 1), (4, 1)), ((4, 6), (4, 1)), ((4, 1), (4, 1)),
                             ((4, 1), (1, 6)), ((4, 6), (4, 6)), ((1, 6), (4, 1))]:
        a, b = rand(*shape_a), rand(*shape_b)
        close(f(mx.array(a), mx.array(b)), (a - b) * (a + b))


def test_grown_dims_with_transposed_and_strided_inputs():
    f = mx.compile(lambda a, b: mx.maximum(a, b) * 2 - b, shapeless=True)
    f(ones(3, 1), ones(3, 1))
    a = rand(5, 3)
    b = rand(3, 1)
    close(f(mx.array(a).T, mx.array(b)), np.maximum(a.T, b) * 2 - b)
    wide = rand(3, 8)
    close(f(mx.array(wide)[:, ::2], mx.array(b)), np.maximum(wide[:, ::2], b) * 2 - b)


def test_more_dims_than_traced():
    f = mx.compile(lambda a, b: a * b + a, shapeless=True)
    f(ones(2, 1), ones(2, 1))
    a, b = rand(3, 2, 1), rand(2, 4)
    close(f(mx.array(a), mx.array(b)), a * b + a)


def test_where_with_grown_condition_and_values():
    w = mx.compile(lambda c, a, b: mx.where(c, a, b), shapeless=True)
    w(mx.array([[True], [False]]), ones(2, 1), mx.zeros((2, 1)))
    c = RNG.integers(0, 2, (1, 4)).astype(bool)
    a, b = rand(3, 1), rand(1, 1)
    close(w(mx.array(c), mx.array(a), mx.array(b)), np.where(c, a, b))
    c = RNG.integers(0, 2, (2, 3)).astype(bool)
    a = np.arange(3, dtype=np.float32)
    close(w(mx.array(c), mx.array(a), mx.zeros((2, 1))), np.where(c, a, 0))


def test_comparisons_and_integer_ops_grow():
    f = mx.compile(lambda a, b: (a > b) & (a != 0), shapeless=True)
    f(mx.array([[1]]), mx.array([[0]]))
    a = RNG.integers(-3, 4, (2, 5)).astype(np.int32)
    b = RNG.integers(-3, 4, (2, 1)).astype(np.int32)
    out = f(mx.array(a), mx.array(b))
    assert out.dtype == mx.bool_
    np.testing.assert_array_equal(np.array(out), (a > b) & (a != 0))
    g = mx.compile(lambda a, b: a * 3 // b, shapeless=True)
    g(mx.array([[1]]), mx.array([[2]]))
    b = RNG.integers(1, 4, (1, 5)).astype(np.int32)
    np.testing.assert_array_equal(np.array(g(mx.array(a), mx.array(b))), a * 3 // b)


@pytest.mark.parametrize("name", ["sum1", "sum_all", "mean_keep", "max", "min", "argmax",
                                  "softmax", "logsumexp", "var", "layer_norm", "cumsum"])
def test_reductions_after_the_broadcast(name):
    fns = {
        "sum1": (lambda m, a, b: (a + b).sum(axis=1), lambda a, b: (a + b).sum(1)),
        "sum_all": (lambda m, a, b: (a * b).sum(), lambda a, b: (a * b).sum()),
        "mean_keep": (lambda m, a, b: (a * b).mean(axis=-1, keepdims=True),
                      lambda a, b: (a * b).mean(-1, keepdims=True)),
        "max": (lambda m, a, b: (a + b).max(axis=-1), lambda a, b: (a + b).max(-1)),
        "min": (lambda m, a, b: (a - b).min(axis=1, keepdims=True),
                lambda a, b: (a - b).min(1, keepdims=True)),
        "argmax": (lambda m, a, b: m.argmax(a + b, axis=-1), lambda a, b: (a + b).argmax(-1)),
        "softmax": (lambda m, a, b: m.softmax(a + b, axis=-1),
                    lambda a, b: np.exp(a + b) / np.exp(a + b).sum(-1, keepdims=True)),
        "logsumexp": (lambda m, a, b: m.logsumexp(a * b, axis=-1, keepdims=True) - a,
                      lambda a, b: np.log(np.exp(a * b).sum(-1, keepdims=True)) - a),
        "var": (lambda m, a, b: (a + b).var(axis=-1), lambda a, b: (a + b).var(-1)),
        "layer_norm": (lambda m, a, b: m.fast.layer_norm(a + b, None, None, 1e-5),
                       lambda a, b: ((a + b) - (a + b).mean(-1, keepdims=True))
                       / np.sqrt((a + b).var(-1, keepdims=True) + 1e-5)),
        "cumsum": (lambda m, a, b: m.cumsum(a * b, axis=-1), lambda a, b: np.cumsum(a * b, -1)),
    }
    fn, ref = fns[name]
    f = mx.compile(lambda a, b: fn(mx, a, b), shapeless=True)
    for shape_a, shape_b in [((2, 1), (2, 1)), ((2, 3), (2, 1)), ((2, 1), (2, 4)),
                             ((3, 1), (1, 5)), ((2, 1), (2, 1))]:
        a, b = rand(*shape_a), rand(*shape_b)
        got = f(mx.array(a), mx.array(b))
        if name == "argmax":
            np.testing.assert_array_equal(np.array(got), ref(a, b))
        else:
            close(got, ref(a, b), rtol=2e-5, atol=2e-5)


def test_reduction_over_a_unit_axis_stays_in_the_shapeless_trace():
    # Eagerly sum over an axis of size 1 is a cast; traced shapeless it is a
    # reduction, so the axis may grow.
    f = mx.compile(lambda x: x.max(axis=0) + x.sum(axis=0, keepdims=True), shapeless=True)
    close(f(ones(1, 3)), np.full((1, 3), 2.0))
    x = rand(4, 3)
    close(f(mx.array(x)), x.max(0) + x.sum(0, keepdims=True))
    g = mx.compile(lambda x: mx.argmin(x, axis=1), shapeless=True)
    np.testing.assert_array_equal(np.array(g(mx.zeros((2, 1)))), [0, 0])
    x = rand(2, 5)
    np.testing.assert_array_equal(np.array(g(mx.array(x))), x.argmin(1))


def test_outputs_of_one_region_keep_their_own_shapes():
    # exp(a) and exp(a) + b fuse into one region at trace time; once b grew,
    # the outputs differ and each keeps its eager shape. (MLX 0.32.4 gives
    # every output of a fused region the broadcast of all its inputs, here
    # (2,3) for exp(a).)
    f = mx.compile(lambda a, b: (mx.exp(a), mx.exp(a) + b), shapeless=True)
    f(ones(2, 1), ones(2, 1))
    a, b = rand(2, 1), rand(2, 3)
    e, s = f(mx.array(a), mx.array(b))
    close(e, np.exp(a))
    close(s, np.exp(a) + b)


def test_take_along_axis_index_traced_with_k_1_grows():
    f = mx.compile(lambda x, i: mx.take_along_axis(x, i, axis=1), shapeless=True)
    x = rand(3, 5)
    f(mx.array(x), mx.zeros((3, 1), dtype=mx.int32))
    for k in (2, 5, 1, 3):
        idx = RNG.integers(0, 5, (3, k)).astype(np.int32)
        np.testing.assert_array_equal(np.array(f(mx.array(x), mx.array(idx))),
                                      np.take_along_axis(x, idx, 1))
    # the source's other dim grows too, the index broadcasts against it
    x = rand(4, 6)
    idx = RNG.integers(0, 6, (1, 2)).astype(np.int32)
    np.testing.assert_array_equal(np.array(f(mx.array(x), mx.array(idx))),
                                  np.take_along_axis(x, np.broadcast_to(idx, (4, 2)), 1))


def test_grad_of_a_shapeless_compiled_function():
    c = mx.compile(lambda a, b: ((a * b) ** 2).sum(), shapeless=True)
    g = mx.grad(c, argnums=(0, 1))
    g(ones(2, 1), ones(2, 1))
    a, b = rand(2, 3), rand(2, 1)
    da, db = g(mx.array(a), mx.array(b))
    close(da, 2 * a * b ** 2, rtol=1e-5)
    close(db, (2 * a ** 2 * b).sum(1, keepdims=True), rtol=1e-5)


def test_shapeless_compile_of_a_grad():
    # The grad w.r.t. the input that grows is right; the traced vjp of the
    # other input has no sum over a dim that was not broadcast at trace time,
    # so it comes back at the broadcast shape, as in MLX 0.32.4.
    g = mx.compile(mx.grad(lambda a, b: ((a * b) ** 2).sum(), argnums=(0, 1)), shapeless=True)
    g(ones(2, 1), ones(2, 1))
    a, b = rand(2, 3), rand(2, 1)
    da, db = g(mx.array(a), mx.array(b))
    close(da, 2 * a * b ** 2, rtol=1e-5)
    close(db, 2 * a ** 2 * b, rtol=1e-5)  # MLX's shape: (2, 3)
    ga = mx.compile(mx.grad(lambda a, b: (mx.exp(a) * b).sum()), shapeless=True)
    ga(ones(2, 1), ones(2, 1))
    a, b = rand(2, 4), rand(2, 1)
    close(ga(mx.array(a), mx.array(b)), np.exp(a) * b, rtol=1e-5)


def test_exported_shapeless_function_with_grown_dims(tmp_path):
    path = str(tmp_path / "f.mxfn")
    mx.export_function(path, lambda a, b: (mx.exp(a) * b + 1, (a + b).sum(-1)),
                       ones(2, 1), ones(2, 1), shapeless=True)
    f = mx.import_function(path)
    for shape_a, shape_b in [((2, 1), (1, 4)), ((3, 5), (3, 1)), ((2, 1), (2, 1))]:
        a, b = rand(*shape_a), rand(*shape_b)
        y, s = f(mx.array(a), mx.array(b))
        close(y, np.exp(a) * b + 1, rtol=1e-5)
        close(s, (a + b).sum(-1), rtol=1e-5)
    with pytest.raises(ValueError, match="Multiply"):
        mx.eval(f(ones(2, 3), ones(2, 4)))


def test_expand_dims_follows_each_call():
    f = mx.compile(lambda a, b: mx.expand_dims(a + b, 0) * a, shapeless=True)
    f(ones(1, 3), ones(1, 3))
    for shape_a, shape_b in [((4, 3), (1, 3)), ((2, 1), (2, 5)), ((1, 3), (5, 3))]:
        a, b = rand(*shape_a), rand(*shape_b)
        close(f(mx.array(a), mx.array(b)), (a + b)[None] * a)
    g = mx.compile(lambda x: mx.expand_dims(x, (0, 2)) + 1, shapeless=True)
    g(ones(2, 1))
    x = rand(3, 4)
    close(g(mx.array(x)), x[None, :, None] + 1)


def test_exported_expand_dims_follows_each_call(tmp_path):
    path = str(tmp_path / "e.mxfn")
    mx.export_function(path, lambda x: mx.expand_dims(x, -1) * 2, ones(2, 1), shapeless=True)
    f = mx.import_function(path)
    x = rand(3, 4)
    close(f(mx.array(x))[0], x[..., None] * 2)


def test_shapes_that_stop_broadcasting_raise_naming_the_op():
    f = mx.compile(lambda a, b: a + b, shapeless=True)
    f(ones(2, 3), ones(2, 3))
    with pytest.raises(ValueError, match=r"\[Add\].*\(2,3\) and \(2,4\)"):
        mx.eval(f(ones(2, 3), ones(2, 4)))
    g = mx.compile(lambda a, b: mx.exp(a + b) * 2, shapeless=True)
    g(ones(2, 1), ones(2, 1))
    with pytest.raises(ValueError, match=r"\[Add\]"):
        mx.eval(g(ones(2, 3), ones(2, 4)))
    w = mx.compile(lambda c, a, b: mx.where(c, a, b), shapeless=True)
    w(mx.array([True]), ones(1), ones(1))
    with pytest.raises(ValueError, match=r"\[Select\]"):
        mx.eval(w(mx.array([True, False]), ones(3), ones(1)))
    # the compiled function still works afterwards
    a, b = rand(2, 3), rand(2, 1)
    close(f(mx.array(a), mx.array(b)), a + b)


def test_matmul_rechecks_inner_dims_under_shapeless_compile():
    f = mx.compile(lambda a, b: a @ mx.ones((a.shape[-1], 3)) + b, shapeless=True)
    f(ones(2, 1), ones(2, 1))
    with pytest.raises(ValueError, match=r"\[matmul\] Last dimension"):
        mx.eval(f(ones(2, 3), ones(2, 1)))
    a, b = rand(4, 1), rand(4, 1)
    close(f(mx.array(a), mx.array(b)), a @ np.ones((1, 3), np.float32) + b)


def test_slice_that_keeps_the_shape_is_not_a_node():
    # x[::2] over a dim of size 1 takes every element: no Slice node (as MLX),
    # so a shapeless trace carries none.
    x = mx.array(rand(1, 3))
    y = x[::2]
    assert y.shape == (1, 3)
    np.testing.assert_array_equal(np.array(y), np.array(x))
    np.testing.assert_array_equal(np.array(mx.array(rand(4, 3))[::2].shape), (2, 3))


def test_vmap_inside_shapeless_compile_with_grown_dims():
    f = mx.compile(mx.vmap(lambda x, y: mx.exp(x) * y + x.sum(), in_axes=(0, None)),
                   shapeless=True)
    for shape_x, shape_y in [((3, 1), (1,)), ((3, 4), (1,)), ((5, 1), (4,)), ((2, 4), (4,))]:
        x, y = rand(*shape_x), rand(*shape_y)
        close(f(mx.array(x), mx.array(y)), np.exp(x) * y + x.sum(1, keepdims=True), rtol=1e-5)


def test_eager_fallback_reads_broadcast_views(tmp_path):
    # Without a compiler the fused regions run primitive by primitive; their
    # elementwise inputs are read as broadcast views of the grown shapes.
    code = r"""
import json, numpy as np, mxcore as mx
rng = np.random.default_rng(3)
a, b = rng.standard_normal((2, 1)).astype(np.float32), rng.standard_normal((1, 4)).astype(np.float32)
f = mx.compile(lambda a, b: (mx.exp(a), mx.exp(a) * b + 1, mx.softmax(a * b, -1)), shapeless=True)
f(mx.ones((2, 1)), mx.ones((2, 1)))
e, y, s = f(mx.array(a), mx.array(b))
ref = np.exp(a * b) / np.exp(a * b).sum(-1, keepdims=True)
print(json.dumps({"shapes": [list(e.shape), list(y.shape), list(s.shape)],
                  "ok": bool(np.allclose(np.array(e), np.exp(a)) and
                             np.allclose(np.array(y), np.exp(a) * b + 1, rtol=1e-5) and
                             np.allclose(np.array(s), ref, rtol=1e-5))}))
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MXCORE_")}
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(mx.__file__))
    env["MXCORE_CXX"] = str(tmp_path / "no-such-compiler")
    env["MXCORE_CACHE_DIR"] = str(tmp_path / "cache")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["shapes"] == [[2, 1], [2, 4], [2, 4]]
    assert report["ok"]
