"""Row kernels' fast paths give the eager bits.

The row kernel folds every reduction in the eager reduce's order (8 lanes,
then the tail), float Max/Min first in any order with an exact refold when
the result is a zero or the row holds a NaN, keeps an expensive per-element
value (the exp of softmax) in a row cache instead of computing it twice,
converts half columns (weights) once per call, and reads a reduction's
operand straight from its input where it can. Kernels round every op on its
own (no FMA contraction), so compiled results equal eager ones bit for bit,
NaN positions included, for every float dtype, rows of 1, 3, 4, 15-17, 511-513
and 4097 columns (tails of the lanes and of the 512-column blocks).
"""
import math

import numpy as np
import pytest

import mxcore as mx

FLOATS = [mx.float32, mx.float16, mx.bfloat16, mx.float64]
COLS = [1, 3, 4, 15, 16, 17, 511, 513, 4097]


def softmax(x):
    m = mx.max(x, axis=-1, keepdims=True)
    e = mx.exp(x - m)
    return e / mx.sum(e, axis=-1, keepdims=True)


def log_softmax(x):
    m = mx.max(x, axis=-1, keepdims=True)
    s = x - m
    return s - mx.log(mx.sum(mx.exp(s), axis=-1, keepdims=True))


def logsumexp(x):
    return x - mx.logsumexp(x, axis=-1, keepdims=True)


def layernorm_affine(x, w, b):
    xf = x.astype(mx.float32)
    mean = mx.mean(xf, axis=-1, keepdims=True)
    var = mx.var(xf, axis=-1, keepdims=True)
    return w * ((xf - mean) * mx.rsqrt(var + 1e-5)).astype(x.dtype) + b


def rmsnorm_weight(x, w):
    return w * (x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-5))


def attention_scores(x, mask):
    # scale, additive mask, softmax: attention's row kernel.
    s = x * 0.125 + mask
    m = mx.max(s, axis=-1, keepdims=True)
    e = mx.exp(s - m)
    return e / mx.sum(e, axis=-1, keepdims=True)


def exp_twice(x):
    # One cached exp read by a later sum, a later max and the output pass.
    e = mx.exp(x * 0.5)
    s = mx.sum(e, axis=-1, keepdims=True)
    t = mx.max(e / s, axis=-1, keepdims=True)
    return e / s - t


def max_min(x):
    return mx.max(x, axis=-1, keepdims=True) - mx.min(x, axis=-1, keepdims=True) + x


def row_max(x):
    return mx.max(x, axis=-1, keepdims=True)


def row_min(x):
    return mx.min(x, axis=-1, keepdims=True)


def bits(a):
    a = np.asarray(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a)
    return np.ascontiguousarray(a).view(np.uint8).reshape(a.shape + (-1,))


def assert_bits(compiled, eager):
    assert compiled.dtype == eager.dtype and compiled.shape == eager.shape
    c = np.asarray(compiled.astype(mx.float64))
    e = np.asarray(eager.astype(mx.float64))
    np.testing.assert_array_equal(np.isnan(c), np.isnan(e))
    ok = ~np.isnan(c)
    np.testing.assert_array_equal(bits(compiled)[ok], bits(eager)[ok])


def check(fun, *args):
    out = mx.compile(fun)(*args)
    assert_bits(out, fun(*args))
    return out


def data(shape, dtype, seed=0, scale=3.0):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32) * scale
    return mx.array(x).astype(dtype)


@pytest.mark.parametrize("fun", [softmax, log_softmax, logsumexp, exp_twice, max_min],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", COLS)
def test_row_functions_bit_exact(fun, dtype, cols):
    check(fun, data((5, cols), dtype, seed=cols))


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", [1, 3, 17, 513, 4097])
def test_norms_with_weights(dtype, cols):
    x = data((3, 2, cols), dtype, seed=1)
    w = data((cols,), dtype, seed=2)
    b = data((cols,), dtype, seed=3)
    check(layernorm_affine, x, w, b)
    check(rmsnorm_weight, x, w)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_attention_scale_mask_softmax(dtype):
    x = data((2, 4, 9, 33), dtype, seed=4)
    causal = np.triu(np.full((9, 33), -np.inf, np.float32), k=25)
    check(attention_scores, x, mx.array(causal).astype(dtype))
    # A mask of the full shape too.
    full = mx.array(np.broadcast_to(causal, (2, 4, 9, 33)).copy()).astype(dtype)
    check(attention_scores, x, full)


def test_softmax_computes_exp_once_from_a_row_cache():
    x = data((8, 1000), mx.float32)
    check(softmax, x)
    src = mx._core._last_jit_source()
    assert "_cache" in src and "RowFold" in src
    # The output pass reads the cached exp: Exp is called in one loop only.
    body = src[src.index("extern \"C\""):]
    assert body.count("kernel_ops::Exp{}") == 1


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("cols", [3, 16, 40, 1031])
def test_max_min_signed_zeros_and_nans(dtype, cols):
    rng = np.random.default_rng(cols)
    rows = []
    # Zeros of both signs only: which zero wins depends on the fold order.
    rows.append(np.where(rng.random(cols) < 0.5, -0.0, 0.0))
    rows.append(np.where(np.arange(cols) % 3 == 0, 0.0, -0.0))
    rows.append(np.where(np.arange(cols) % 5 == 1, -0.0, 0.0) - 1.0 * (np.arange(cols) % 2))
    # NaN first, in the middle, last; infinities.
    for pos in (0, cols // 2, cols - 1):
        r = rng.standard_normal(cols)
        r[pos] = np.nan
        rows.append(r)
    rows.append(np.full(cols, -np.inf))
    rows.append(np.full(cols, np.inf))
    r = rng.standard_normal(cols)
    r[cols // 3] = np.inf
    r[-1] = -np.inf
    rows.append(r)
    rows.append(rng.standard_normal(cols))
    x = mx.array(np.stack(rows).astype(np.float32)).astype(dtype)
    for fun in (row_max, row_min, max_min, softmax):
        check(fun, x)


def test_signed_zero_max_is_the_eager_one():
    # Lane 0 holds -0 early and +0 later; every other element is -1.
    x = np.full((1, 32), -1.0, np.float32)
    x[0, 0] = -0.0
    x[0, 8] = 0.0
    out = check(row_max, mx.array(x))
    assert np.signbit(np.asarray(out))[0, 0] == np.signbit(np.asarray(row_max(mx.array(x))))[0, 0]


@pytest.mark.parametrize("dtype", [mx.int32, mx.int64, mx.uint8, mx.int16])
def test_integer_rows(dtype):
    x = mx.array(np.random.default_rng(0).integers(-50, 100, (4, 37))).astype(dtype)
    check(max_min, x)
    check(lambda a: a - mx.sum(a, axis=-1, keepdims=True), x)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_non_contiguous_inputs(dtype):
    base = data((40, 66), dtype, seed=5)
    check(softmax, base.T)          # transposed
    check(softmax, base[:, ::2])    # strided columns
    check(softmax, base[3:30])      # a contiguous slice
    w = data((66,), dtype, seed=6)
    b = data((66,), dtype, seed=7)
    check(layernorm_affine, base[::2], w, b)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_cross_entropy_rows(dtype):
    logits = data((6, 129), dtype, seed=8)
    onehot = mx.array(np.eye(129, dtype=np.float32)[[0, 5, 128, 64, 3, 77]]).astype(dtype)

    def cross_entropy(z, t):
        return mx.logsumexp(z, axis=-1, keepdims=True) - mx.sum(z * t, axis=-1, keepdims=True)

    check(cross_entropy, logits, onehot)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_gelu_elementwise_bit_exact(dtype):
    x = data((1000, 1024), dtype, seed=9)
    check(lambda a: a * (1 + mx.erf(a / math.sqrt(2))) / 2, x)
    check(lambda a: mx.sigmoid(a) * a + mx.tanh(a * 0.7 + 0.1) * mx.exp(-a * a), x)


def test_softmax_values_against_numpy():
    x = np.random.default_rng(1).standard_normal((7, 4097)).astype(np.float32)
    out = np.asarray(mx.compile(softmax)(mx.array(x)))
    e = np.exp(x - x.max(-1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(-1, keepdims=True), rtol=2e-6, atol=1e-9)


def test_many_rows_across_threads():
    # Enough rows for the thread pool to split them.
    x = data((3000, 257), mx.float32, seed=10)
    check(softmax, x)
    check(max_min, x)


def test_fma_opt_in_mode_contracts_and_stays_close():
    # MXCORE_JIT_FMA=1 (read once per process): kernels may use FMAs.
    import os
    import subprocess
    import sys

    code = (
        "import math, numpy as np, mxcore as mx\n"
        "x = mx.array(np.random.default_rng(0).standard_normal((64, 1000)).astype(np.float32))\n"
        "f = lambda a: a * (1 + mx.erf(a / math.sqrt(2))) / 2\n"
        "c = mx.compile(f)(x)\n"
        "src = mx._core._last_jit_source()\n"
        "assert 'fp-contract=off' not in src, src[:300]\n"
        "np.testing.assert_allclose(np.asarray(c), np.asarray(f(x)), rtol=1e-6, atol=1e-7)\n"
        "print('ok')\n")
    env = dict(os.environ, MXCORE_JIT_FMA="1",
               PYTHONPATH=os.path.dirname(os.path.dirname(mx.__file__)))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
    # The default emits the pragma that keeps the eager roundings.
    mx.compile(lambda a: mx.exp(a) * 2 + 1)(mx.array([1.0, 2.0]))
    assert "fp-contract=off" in mx._core._last_jit_source()
