"""Epilogue fusion: compile folds a float32 Matmul into its only elementwise
user (a fused region such as gelu, or a lone op such as a residual add), and
the CPU runs that user's kernel on each block of the product as the own GEMM
finishes it. The fused graph must give the unfused compiled graph's values
(MXCORE_GEMM_EPILOGUE=0) and eager's bit for bit, in every GEMM mode (the
BLAS route runs the product and the kernel one after the other), at odd
sizes and tails, transposed operands, the few-row path and the threaded
split; users the epilogue cannot take (broadcast inputs, row reductions,
other dtypes, a product used twice) fall back and stay exact."""

import os
import subprocess
import sys

import numpy as np
import pytest

import mxcore as mx
from eval_profile_helpers import profiled_rows

MODES = ["auto", "avx512", "avx2", "blas"]


@pytest.fixture(params=MODES)
def gemm_mode(request, monkeypatch):
    monkeypatch.setenv("MXCORE_GEMM", request.param)
    return request.param


def gelu(v):
    return v * 0.5 * (1 + mx.erf(v / 1.4142135623730951))


def profiled_keys(fn, *args):
    """Runs fn(*args) with the eval profiler on; returns (result, primitive keys)."""
    out, rows = profiled_rows(fn, *args)
    return out, [r[0] for r in rows]


def fused_unfused_eager(fn, *args, monkeypatch):
    """fn compiled with epilogues, compiled without, and eager (NumPy arrays)."""
    fused, keys = profiled_keys(mx.compile(fn), *args)
    monkeypatch.setenv("MXCORE_GEMM_EPILOGUE", "0")
    unfused = mx.compile(lambda *a: fn(*a))(*args)  # a new function: a new trace
    monkeypatch.delenv("MXCORE_GEMM_EPILOGUE")
    eager = fn(*args)
    as_np = lambda r: [np.array(t) for t in (r if isinstance(r, (list, tuple)) else [r])]
    return as_np(fused), as_np(unfused), as_np(eager), keys


def assert_same(fused, unfused, eager):
    for f, u, e in zip(fused, unfused, eager):
        np.testing.assert_array_equal(f, u)
        np.testing.assert_array_equal(f, e)


def rand(rng, *shape, scale=1.0):
    return mx.array((rng.standard_normal(shape) * scale).astype(np.float32))


# (M, K, N): tails in every direction, the few-row path (M <= 8), one K
# block and several (kc = 256), the large products auto sends to the own GEMM.
SHAPES = [(1, 7, 33), (5, 300, 70), (13, 33, 17), (37, 129, 65), (97, 257, 300),
          (256, 512, 1024), (300, 520, 290)]


@pytest.mark.parametrize("m,k,n", SHAPES)
def test_gelu_after_matmul(gemm_mode, monkeypatch, m, k, n):
    rng = np.random.default_rng(m * 1000 + n)
    x, w = rand(rng, m, k), rand(rng, k, n, scale=1 / np.sqrt(k))
    fused, unfused, eager, keys = fused_unfused_eager(lambda x, w: gelu(x @ w), x, w,
                                                      monkeypatch=monkeypatch)
    assert any(key.startswith("MatmulEpilogue(Compiled(") for key in keys), keys
    assert not any(key.startswith("Matmul ->") for key in keys), keys
    assert_same(fused, unfused, eager)
    want = np.array(x).astype(np.float64) @ np.array(w)
    want = want * 0.5 * (1 + np.vectorize(__import__("math").erf)(want / np.sqrt(2)))
    np.testing.assert_allclose(fused[0], want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("ta,tb", [(True, False), (False, True), (True, True)])
def test_transposed_operands(gemm_mode, monkeypatch, ta, tb):
    rng = np.random.default_rng(3)
    m, k, n = 130, 300, 270
    a = rand(rng, k, m) if ta else rand(rng, m, k)
    b = rand(rng, n, k) if tb else rand(rng, k, n)

    def f(a, b):
        return mx.tanh((a.T if ta else a) @ (b.T if tb else b)) * 3.0

    assert_same(*fused_unfused_eager(f, a, b, monkeypatch=monkeypatch)[:3])


def test_residual_add_is_a_lone_user(gemm_mode, monkeypatch):
    rng = np.random.default_rng(4)
    x, h, w = rand(rng, 256, 512), rand(rng, 256, 1024), rand(rng, 1024, 512, scale=0.03)
    fused, unfused, eager, keys = fused_unfused_eager(lambda x, h, w: x + h @ w, x, h, w,
                                                      monkeypatch=monkeypatch)
    assert "MatmulEpilogue(Compiled(Add)) -> float32(256,512)" in keys, keys
    assert_same(fused, unfused, eager)


def test_mlp_block_chain(gemm_mode, monkeypatch):
    rng = np.random.default_rng(5)
    x = rand(rng, 256, 512)
    w1, w2 = rand(rng, 512, 1024, scale=0.04), rand(rng, 1024, 512, scale=0.03)

    def block(x, w1, w2):
        for _ in range(3):
            x = x + gelu(x @ w1) @ w2
        return x

    fused, unfused, eager, keys = fused_unfused_eager(block, x, w1, w2,
                                                      monkeypatch=monkeypatch)
    assert sum(key.startswith("MatmulEpilogue") for key in keys) == 2, keys
    assert_same(fused, unfused, eager)


def test_region_with_several_outputs(gemm_mode, monkeypatch):
    rng = np.random.default_rng(6)
    x, w = rand(rng, 100, 300), rand(rng, 300, 260)

    def f(x, w):  # t is a result and an intermediate: a two-output region
        t = mx.exp((x @ w) * 0.1)
        return t, t * t - 1.0

    fused, unfused, eager, keys = fused_unfused_eager(f, x, w, monkeypatch=monkeypatch)
    assert any(key.startswith("MatmulEpilogue") for key in keys), keys
    assert_same(fused, unfused, eager)


def test_users_the_epilogue_cannot_take_fall_back(gemm_mode, monkeypatch):
    rng = np.random.default_rng(7)
    x, w, bias = rand(rng, 256, 512), rand(rng, 512, 1024), rand(rng, 1024)
    cases = {
        # a broadcast input: a strided kernel, run after the product
        "bias": lambda x, w: gelu(x @ w + bias),
        # a row reduction: a row kernel
        "softmax": lambda x, w: mx.softmax(x @ w, axis=-1),
        # the product is also a result
        "also returned": lambda x, w: (x @ w, mx.sin(x @ w)),
        # two regions read the product
        "two users": lambda x, w: (mx.exp((x @ w) * 0.1), (x @ w) * (x @ w) - 1.0),
        # float16 products are not fused
        "float16": lambda x, w: mx.sin(x.astype(mx.float16) @ w.astype(mx.float16)),
    }
    for name, fn in cases.items():
        fused, unfused, eager, keys = fused_unfused_eager(fn, x, w, monkeypatch=monkeypatch)
        assert_same(fused, unfused, eager)
        if name in ("also returned", "two users", "float16", "softmax"):
            assert not any(k.startswith("MatmulEpilogue") for k in keys), (name, keys)


def test_non_finite_values(gemm_mode, monkeypatch):
    rng = np.random.default_rng(8)
    xa = rng.standard_normal((70, 300)).astype(np.float32)
    xa[3, 5], xa[10, 0], xa[69, 299] = np.inf, np.nan, -np.inf
    x, w = mx.array(xa), rand(rng, 300, 90)
    assert_same(*fused_unfused_eager(lambda x, w: mx.maximum(x @ w, 0.0), x, w,
                                     monkeypatch=monkeypatch)[:3])


def test_compiled_training_step_matches_eager(gemm_mode, monkeypatch):
    # The backward graph has products feeding elementwise users too.
    rng = np.random.default_rng(9)
    params = [rand(rng, 300, 256, scale=0.05), rand(rng, 256), rand(rng, 256, 270, scale=0.05)]
    x = rand(rng, 128, 300)

    def loss(params, x):
        w1, b1, w2 = params
        h = mx.maximum(x @ w1 + b1, 0.0)
        return mx.mean(mx.tanh(h @ w2) * 2.0)

    def step(params, x):
        value, grads = mx.value_and_grad(loss)(params, x)
        return [value] + list(grads)

    fused = [np.array(t) for t in mx.compile(step)(params, x)]
    eager = [np.array(t) for t in step(params, x)]
    for f, e in zip(fused, eager):
        np.testing.assert_array_equal(f, e)


def test_thread_counts_give_the_same_values():
    # The own GEMM never splits K, so the fused result does not depend on the
    # thread count; one and three threads against this process's unfused.
    code = (
        "import numpy as np, mxcore as mx\n"
        "rng = np.random.default_rng(10)\n"
        "x = mx.array(rng.standard_normal((300, 520)).astype(np.float32))\n"
        "w = mx.array((rng.standard_normal((520, 290)) * 0.05).astype(np.float32))\n"
        "y = mx.compile(lambda x, w: mx.erf(x @ w) + 1.0)(x, w)\n"
        "np.save('OUT', np.array(y))\n"
    )
    import tempfile
    rng = np.random.default_rng(10)
    x = mx.array(rng.standard_normal((300, 520)).astype(np.float32))
    w = mx.array((rng.standard_normal((520, 290)) * 0.05).astype(np.float32))
    env0 = dict(os.environ, MXCORE_GEMM="avx512", MXCORE_GEMM_EPILOGUE="0")
    os.environ["MXCORE_GEMM"] = "avx512"
    os.environ["MXCORE_GEMM_EPILOGUE"] = "0"
    try:
        want = np.array(mx.compile(lambda x, w: mx.erf(x @ w) + 1.0)(x, w))
    finally:
        del os.environ["MXCORE_GEMM"], os.environ["MXCORE_GEMM_EPILOGUE"]
    site = os.path.dirname(os.path.dirname(mx.__file__))
    with tempfile.TemporaryDirectory() as tmp:
        for threads in ("1", "3"):
            out = os.path.join(tmp, f"y{threads}.npy")
            env = dict(env0, MXCORE_NUM_THREADS=threads, PYTHONPATH=site)
            del env["MXCORE_GEMM_EPILOGUE"]
            subprocess.run([sys.executable, "-c", code.replace("OUT", out)], env=env,
                           check=True, timeout=300)
            np.testing.assert_array_equal(np.load(out), want)
