"""float16 / bfloat16 products: a few rows (decoding) read the half matrix
directly, widening it as they go (matmul_half.cpp); more rows convert the
operands to float32 in their own memory order (a transposed weight stays
transposed). Both against float64 products of the rounded inputs."""
import numpy as np
import pytest

import mxcore as mx

HALF = [mx.float16, mx.bfloat16]


def f64(a):
    return np.array(a.astype(mx.float32)).astype(np.float64)


def check(got, expected, dtype, k):
    got = f64(got)
    # Each output rounds once to the half type; sums of k products in float.
    eps = 2.0**-8 if dtype == mx.float16 else 2.0**-7
    scale = np.abs(expected).max() + 1e-3
    np.testing.assert_allclose(got, expected, rtol=eps, atol=eps * scale + 1e-6 * np.sqrt(k))


@pytest.mark.parametrize("dtype", HALF)
@pytest.mark.parametrize("rows", [1, 2, 3, 5, 8, 9, 17])
@pytest.mark.parametrize("k,n", [(1, 5), (7, 3), (64, 33), (100, 300), (1000, 17), (4099, 9)])
def test_rows_against_transposed_weight(dtype, rows, k, n):
    rng = np.random.default_rng(rows * 7 + k)
    x = mx.array(rng.standard_normal((rows, k)).astype(np.float32)).astype(dtype)
    w = mx.array(rng.standard_normal((n, k)).astype(np.float32)).astype(dtype)
    check(x @ w.T, f64(x) @ f64(w).T, dtype, k)


@pytest.mark.parametrize("dtype", HALF)
@pytest.mark.parametrize("rows", [1, 4, 8, 12])
@pytest.mark.parametrize("k,n", [(1, 5), (33, 257), (300, 100), (513, 1000)])
def test_rows_against_plain_weight(dtype, rows, k, n):
    rng = np.random.default_rng(rows + n)
    x = mx.array(rng.standard_normal((rows, k)).astype(np.float32)).astype(dtype)
    w = mx.array(rng.standard_normal((k, n)).astype(np.float32)).astype(dtype)
    check(x @ w, f64(x) @ f64(w), dtype, k)


@pytest.mark.parametrize("dtype", HALF)
def test_batched_rows_and_views(dtype):
    rng = np.random.default_rng(3)
    w = mx.array(rng.standard_normal((48, 256)).astype(np.float32)).astype(dtype)
    # A (batch, 1, K) decoding input: batch * 1 rows in all.
    x = mx.array(rng.standard_normal((4, 1, 256)).astype(np.float32)).astype(dtype)
    check(x @ w.T, f64(x) @ f64(w).T, dtype, 256)
    # A strided input (every other column) and a weight slice with a row stride.
    xs = mx.array(rng.standard_normal((3, 512)).astype(np.float32)).astype(dtype)[:, ::2]
    big = mx.array(rng.standard_normal((96, 300)).astype(np.float32)).astype(dtype)
    ws = big[::2, :256]
    check(xs @ ws.T, f64(xs) @ f64(ws).T, dtype, 256)
    # A batch of weights takes the general path.
    wb = mx.array(rng.standard_normal((2, 256, 8)).astype(np.float32)).astype(dtype)
    xb = mx.array(rng.standard_normal((2, 1, 256)).astype(np.float32)).astype(dtype)
    check(xb @ wb, f64(xb) @ f64(wb), dtype, 256)


@pytest.mark.parametrize("dtype", HALF)
def test_addmm_and_vector_products(dtype):
    rng = np.random.default_rng(4)
    c = mx.array(rng.standard_normal((2, 40)).astype(np.float32)).astype(dtype)
    x = mx.array(rng.standard_normal((2, 64)).astype(np.float32)).astype(dtype)
    w = mx.array(rng.standard_normal((40, 64)).astype(np.float32)).astype(dtype)
    got = mx.addmm(c, x, w.T, alpha=0.5, beta=2.0)
    check(got, 2.0 * f64(c) + 0.5 * (f64(x) @ f64(w).T), dtype, 64)
    v = mx.array(rng.standard_normal((64,)).astype(np.float32)).astype(dtype)
    check(v @ w.T, f64(v) @ f64(w).T, dtype, 64)
    check(w @ v, f64(w) @ f64(v), dtype, 64)


def test_compiled_linear_matches_eager():
    rng = np.random.default_rng(5)
    w = mx.array(rng.standard_normal((300, 128)).astype(np.float32)).astype(mx.float16)
    x = mx.array(rng.standard_normal((1, 128)).astype(np.float32)).astype(mx.float16)

    def f(x):
        return mx.maximum(x @ w.T, 0) * 2

    np.testing.assert_array_equal(np.array(mx.compile(f)(x)), np.array(f(x)))
