"""Column-sum regions (a fused region output used only by a float32 sum over
leading axes, folded block by block: compile/column_sum.h) and the eager
column reduction's chunked order (backend/cpu/reducer.h): compiled results
equal eager ones bit for bit and NumPy's within rounding, for odd shapes,
row counts around the 1024-row chunks, one or several leading axes,
regions with other outputs, inputs the fast path cannot take (transposed
layouts), no C++ compiler, and one thread against two."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mxcore as mx


def kernel_keys(fn, *args):
    """The primitives one evaluation of fn(*args) ran (eval profile keys)."""
    mx._core._set_eval_profile(True)
    mx._core._eval_profile(True)
    try:
        mx.eval(fn(*args))
    finally:
        report = mx._core._eval_profile(True)
        mx._core._set_eval_profile(False)
    return [row[0] for row in report["rows"]]


def batchnorm_loss(x, g, b):
    axes = tuple(range(x.ndim - 1))
    mean = mx.mean(x, axis=axes, keepdims=True)
    var = mx.var(x, axis=axes, keepdims=True)
    y = mx.maximum((x - mean) * mx.rsqrt(var + 1e-5) * g + b, 0.0)
    return mx.mean(y * y)


def assert_same(compiled, eager):
    for c, e in zip(compiled, eager):
        assert c.shape == e.shape and c.dtype == e.dtype
        assert np.array_equal(np.array(c), np.array(e))


SHAPES = [(32, 28, 28, 16), (3, 25, 7, 13), (2100, 3), (5, 211, 7), (1023, 2, 5), (1025, 16),
          (4, 3, 2, 2048)]


@pytest.mark.parametrize("shape", SHAPES)
def test_batchnorm_grads_compiled_equal_eager(shape):
    r = np.random.default_rng(0)
    x = mx.array(r.standard_normal(shape).astype(np.float32))
    g = mx.array(r.standard_normal(shape[-1:]).astype(np.float32))
    b = mx.array(r.standard_normal(shape[-1:]).astype(np.float32))
    vg = mx.value_and_grad(batchnorm_loss, argnums=(0, 1, 2))
    compiled = mx.compile(vg)
    value, grads = compiled(x, g, b)
    value_e, grads_e = vg(x, g, b)
    assert_same([value, *grads], [value_e, *grads_e])
    keys = kernel_keys(lambda: compiled(x, g, b))
    assert any(k.startswith("CompiledColumnSum") for k in keys), keys


def test_column_sum_against_numpy_and_region_outputs():
    r = np.random.default_rng(1)
    xn = r.standard_normal((9, 301, 6)).astype(np.float32)
    mn = r.standard_normal((6,)).astype(np.float32)

    def f(x, m):
        d = x - m
        return d * 2.0, mx.sum(d * d, axis=(0, 1), keepdims=True), mx.sum(-d, axis=0)

    compiled = mx.compile(f)
    x, m = mx.array(xn), mx.array(mn)
    out = compiled(x, m)
    assert_same(out, f(x, m))
    d = xn.astype(np.float64) - mn
    np.testing.assert_allclose(np.array(out[0]), 2 * d, rtol=1e-6)
    np.testing.assert_allclose(np.array(out[1]), (d * d).sum(axis=(0, 1), keepdims=True),
                               rtol=1e-5)
    np.testing.assert_allclose(np.array(out[2]), -d.sum(axis=0), rtol=1e-4, atol=1e-4)
    keys = kernel_keys(lambda: compiled(x, m))
    assert sum(k.startswith("CompiledColumnSum") for k in keys) == 2, keys


def test_transposed_inputs_take_the_plain_path():
    r = np.random.default_rng(2)
    a = mx.array(r.standard_normal((64, 3000)).astype(np.float32))
    x = mx.transpose(a)  # (3000, 64), column-major: the region's output would be too

    def f(x, y):
        return mx.sum(x * y + 1.0, axis=0)

    y = mx.transpose(mx.array(r.standard_normal((64, 3000)).astype(np.float32)))
    compiled = mx.compile(f)
    assert_same([compiled(x, y)], [f(x, y)])
    expect = (np.array(x).astype(np.float64) * np.array(y) + 1).sum(axis=0)
    np.testing.assert_allclose(np.array(compiled(x, y)), expect, rtol=1e-5, atol=1e-3)


def test_sums_that_stay_apart():
    r = np.random.default_rng(3)
    x = mx.array(r.standard_normal((40, 50, 30)).astype(np.float32))

    def f(x):
        # a sum over trailing axes, a sum of an input, a sum below the size bound
        return mx.sum(x * 3.0, axis=(1, 2)), mx.sum(x, axis=0), mx.sum(x[:2, :2] + 1, axis=0)

    compiled = mx.compile(f)
    assert_same(compiled(x), f(x))
    keys = kernel_keys(lambda: compiled(x))
    assert not any(k.startswith("CompiledColumnSum") for k in keys), keys


def test_summed_output_with_other_users_is_kept():
    r = np.random.default_rng(5)
    xn = r.standard_normal((70, 50, 30)).astype(np.float32)
    x = mx.array(xn)

    def f(x):
        p = x * x + 1.0
        return p, mx.sum(p, axis=0), mx.sum(p, axis=(0, 1)) * 2.0, mx.exp(p) * 0.5

    compiled = mx.compile(f)
    out = compiled(x)
    assert_same(out, f(x))
    p = xn.astype(np.float64) ** 2 + 1
    np.testing.assert_allclose(np.array(out[0]), p, rtol=1e-6)
    np.testing.assert_allclose(np.array(out[1]), p.sum(axis=0), rtol=1e-5)
    np.testing.assert_allclose(np.array(out[2]), 2 * p.sum(axis=(0, 1)), rtol=1e-5)
    keys = kernel_keys(lambda: compiled(x))
    assert any(k.startswith("CompiledColumnSum(0 kept") for k in keys), keys


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16, mx.int32])
@pytest.mark.parametrize("rows", [1024, 1025, 5000])
def test_eager_column_sum_chunks_against_numpy(dtype, rows):
    r = np.random.default_rng(4)
    xn = r.standard_normal((rows, 2, 7)) * 4
    x = mx.array(xn.astype(np.float32)).astype(dtype)
    s = mx.sum(x, axis=0)
    expect = np.array(x.astype(mx.float32)).astype(np.float64).sum(axis=0)
    assert s.dtype == dtype
    got = np.array(s.astype(mx.float32)).astype(np.float64)
    if dtype == mx.int32:
        assert np.array_equal(got, expect)
    else:
        tol = {mx.float32: 1e-5, mx.float16: 2e-3, mx.bfloat16: 1e-2}[dtype]
        np.testing.assert_allclose(got, expect, rtol=tol, atol=tol * np.abs(expect).max())


def sequential_column_sum(x):
    """float32 sums over axis 0 in the column reduction's order: rows folded one
    after another within chunks of 1024, then the chunks in order."""
    def fold(rows):
        acc = np.zeros(x.shape[1], np.float32)
        for row in rows:
            acc = acc + row
        return acc

    if len(x) <= 1024:
        return fold(x)
    return fold([fold(x[c:c + 1024]) for c in range(0, len(x), 1024)])


@pytest.mark.parametrize("cols", [2, 7, 16, 17, 40, 300, 2048])
@pytest.mark.parametrize("rows", [5, 1000, 2500])
def test_column_sum_folds_each_column_in_row_order(rows, cols):
    # Column strips kept in registers over tiles of rows (reducer.h) must not
    # change any column's order: bit for bit the sequential float32 sums, eager
    # and fused.
    r = np.random.default_rng(rows * 7 + cols)
    xn = (r.standard_normal((rows, cols)) * 3).astype(np.float32)
    expect = sequential_column_sum(xn)
    x = mx.array(xn)
    assert np.array_equal(np.array(mx.sum(x, axis=0)), expect)
    fused = mx.compile(lambda x: mx.sum(x * 2.0, axis=0))
    assert np.array_equal(np.array(fused(x)), sequential_column_sum(xn * 2))
    if rows * cols >= 4096:
        assert any(k.startswith("CompiledColumnSum") for k in kernel_keys(fused, x))
    # An int32 sum takes the same loop with integer folds.
    xi = mx.array((xn * 100).astype(np.int32))
    assert np.array_equal(np.array(mx.sum(xi, axis=0)), (xn * 100).astype(np.int32).sum(axis=0))


RUN_BATCHNORM = textwrap.dedent("""
    import sys
    import numpy as np, mxcore as mx
    sys.path.insert(0, sys.argv[1])
    from test_column_reduce_fusion import batchnorm_loss
    r = np.random.default_rng(7)
    x = mx.array(r.standard_normal((16, 20, 20, 12)).astype(np.float32))
    g = mx.array(r.standard_normal((12,)).astype(np.float32))
    b = mx.array(r.standard_normal((12,)).astype(np.float32))
    vg = mx.value_and_grad(batchnorm_loss, argnums=(0, 1, 2))
    v, grads = mx.compile(vg)(x, g, b)
    ve, grads_e = vg(x, g, b)
    for c, e in zip([v, *grads], [ve, *grads_e]):
        assert np.array_equal(np.array(c), np.array(e))
    # Not v: a sum to one value splits by thread count (reduce_all).
    out = np.concatenate([np.array(a).ravel() for a in grads])
    sys.stdout.buffer.write(out.tobytes())
""")


def run_batchnorm(**env_extra):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(mx.__file__)),
               **env_extra)
    proc = subprocess.run([sys.executable, "-c", RUN_BATCHNORM, os.path.dirname(__file__)],
                          env=env, capture_output=True, check=True)
    return proc.stdout


def test_one_thread_equals_two_and_no_compiler():
    one = run_batchnorm(MXCORE_NUM_THREADS="1")
    two = run_batchnorm(MXCORE_NUM_THREADS="2")
    assert one == two
    # Without a compiler the region runs eagerly and the eager Sum folds the
    # same chunks in the same order.
    none = run_batchnorm(MXCORE_CXX="/nonexistent/c++", MXCORE_CACHE_DIR="/tmp/mxcore-no-cache-"
                         + str(os.getpid()))
    assert none == two
