"""matmul/addmm on float32 (and float16/bfloat16, computed in float32)
through every GEMM path: mxcore's own with the AVX-512 kernels, the AVX2
kernels (MXCORE_GEMM=avx2 forces them on an AVX-512 CPU), the automatic
choice, and OpenBLAS (MXCORE_GEMM=blas), against NumPy float64 with a
float32 tolerance scaled by K. Odd sizes, transposes, slices whose leading
dims exceed their width, batch broadcasting, alpha/beta, K = 0, empty
products, non-finite values."""

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest

import mxcore as mx

MODES = ["auto", "avx512", "avx2", "blas"]
SIZES = [1, 2, 3, 7, 13, 31, 33, 63, 65, 127, 129, 255, 257]


@pytest.fixture(params=MODES)
def gemm_mode(request, monkeypatch):
    # The mode is read from the environment on every product.
    monkeypatch.setenv("MXCORE_GEMM", request.param)
    return request.param


def as_np64(x):
    if x.dtype != mx.float32:
        x = x.astype(mx.float32)
    return np.array(x).astype(np.float64)


def assert_product(got, want, k, scale=1.0):
    # float32 rounding of a k-term sum: ~k * eps * sum|terms| (terms ~1 here).
    tol = 2.4e-7 * (k + 2) * scale * max(1.0, np.sqrt(k))
    np.testing.assert_allclose(as_np64(got), want, rtol=1e-5, atol=tol)


def operand(rng, rows, cols, transposed):
    """A (rows, cols) mx matrix stored transposed when asked (a view)."""
    if transposed:
        x = rng.standard_normal((cols, rows)).astype(np.float32)
        return mx.array(x).T, x.T.astype(np.float64)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    return mx.array(x), x.astype(np.float64)


def test_odd_sizes_every_transpose(gemm_mode):
    rng = np.random.default_rng(0)
    # Every size on each axis against a spread of the others (a full cube of
    # 13^3 x 4 layouts x 4 modes would take minutes).
    triples = set()
    for s in SIZES:
        triples.update({(s, 33, 65), (31, s, 129), (63, 7, s), (s, s, s)})
    for (m, n, k), ta, tb in itertools.product(sorted(triples), [False, True], [False, True]):
        a, a64 = operand(rng, m, k, ta)
        b, b64 = operand(rng, k, n, tb)
        assert_product(a @ b, a64 @ b64, k)


def test_leading_dims_wider_than_the_slice(gemm_mode):
    rng = np.random.default_rng(1)
    big_a = rng.standard_normal((70, 90)).astype(np.float32)
    big_b = rng.standard_normal((80, 100)).astype(np.float32)
    a, b = mx.array(big_a), mx.array(big_b)
    for (m, k, n) in [(65, 33, 77), (13, 60, 31), (3, 57, 80)]:
        got = a[:m, 5:5 + k] @ b[:k, 3:3 + n]
        want = big_a[:m, 5:5 + k].astype(np.float64) @ big_b[:k, 3:3 + n]
        assert_product(got, want, k)
        # transposed slices: a column block of a stored matrix read as rows
        got = a[:k, :m].T @ b[:n, :k].T
        want = big_a[:k, :m].T.astype(np.float64) @ big_b[:n, :k].T
        assert_product(got, want, k)


def test_batch_broadcast(gemm_mode):
    rng = np.random.default_rng(2)
    for m in (4, 70):  # small-M kernels and the packed path
        xa = rng.standard_normal((3, 1, m, 40)).astype(np.float32)
        xb = rng.standard_normal((2, 40, 33)).astype(np.float32)
        got = mx.array(xa) @ mx.array(xb)
        assert got.shape == (3, 2, m, 33)
        assert_product(got, xa.astype(np.float64) @ xb, 40)
        # a broadcast (stride-0) weight shared by a batch of 5
        w = mx.broadcast_to(mx.array(xb[0]), (5, 40, 33))
        xs = rng.standard_normal((5, m, 40)).astype(np.float32)
        assert_product(mx.array(xs) @ w, xs.astype(np.float64) @ xb[0], 40)


def test_addmm_alpha_beta(gemm_mode):
    rng = np.random.default_rng(3)
    for m, n, k in [(5, 37, 19), (129, 65, 257), (1, 300, 64)]:
        xa = rng.standard_normal((m, k)).astype(np.float32)
        xb = rng.standard_normal((k, n)).astype(np.float32)
        xc = rng.standard_normal((m, n)).astype(np.float32)
        for alpha, beta in [(1.0, 1.0), (-0.5, 2.0), (2.0, 0.0), (0.0, 3.0)]:
            got = mx.addmm(mx.array(xc), mx.array(xa), mx.array(xb), alpha=alpha, beta=beta)
            want = alpha * (xa.astype(np.float64) @ xb) + beta * xc
            assert_product(got, want, k, scale=max(1.0, abs(alpha)) + abs(beta))
        # a broadcast c row
        xr = rng.standard_normal((n,)).astype(np.float32)
        got = mx.addmm(mx.array(xr), mx.array(xa), mx.array(xb).T.T, alpha=1.5, beta=0.5)
        assert_product(got, 1.5 * (xa.astype(np.float64) @ xb) + 0.5 * xr, k, scale=2.0)


def test_k_zero_and_empty(gemm_mode):
    assert np.array_equal(np.array(mx.zeros((3, 0)) @ mx.zeros((0, 4))), np.zeros((3, 4)))
    c = mx.array(np.arange(12, dtype=np.float32).reshape(3, 4))
    got = mx.addmm(c, mx.zeros((3, 0)), mx.zeros((0, 4)), alpha=2.0, beta=0.5)
    assert np.array_equal(np.array(got), 0.5 * np.arange(12).reshape(3, 4))
    assert (mx.zeros((0, 5)) @ mx.zeros((5, 7))).shape == (0, 7)
    assert (mx.zeros((6, 5)) @ mx.zeros((5, 0))).shape == (6, 0)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
def test_half_inputs_compute_in_float32(gemm_mode, dtype):
    rng = np.random.default_rng(4)
    for m, n, k in [(3, 65, 129), (70, 33, 257)]:
        a = mx.array(rng.standard_normal((m, k)).astype(np.float32)).astype(dtype)
        b = mx.array(rng.standard_normal((n, k)).astype(np.float32)).astype(dtype)
        got = a @ b.T
        assert got.dtype == dtype
        want = as_np64(a) @ as_np64(b).T
        rel = 1e-2 if dtype == mx.bfloat16 else 1e-3  # the output's rounding
        np.testing.assert_allclose(as_np64(got), want, rtol=rel, atol=rel * np.sqrt(k) * 4)


def test_non_finite_values_propagate(gemm_mode):
    for m in (3, 40):
        a = np.ones((m, 19), np.float32)
        b = np.ones((19, 37), np.float32)
        a[0, 4] = np.inf
        a[1, 2] = np.nan
        b[5, 7] = -np.inf
        got = np.array(mx.array(a) @ mx.array(b))
        with np.errstate(invalid="ignore"):
            want = a.astype(np.float64) @ b
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_array_equal(got[~np.isnan(want)], want[~np.isnan(want)])


def test_large_threaded_products_match_blas():
    """Shapes big enough for both threads and several K/N blocks: own GEMM
    (every layout) against the BLAS path of the same call."""
    rng = np.random.default_rng(5)
    for m, k, n in [(300, 700, 1100), (8, 1500, 2100), (1030, 260, 40)]:
        for ta, tb in itertools.product([False, True], [False, True]):
            a, a64 = operand(rng, m, k, ta)
            b, b64 = operand(rng, k, n, tb)
            assert_product(a @ b, a64 @ b64, k)


def test_bad_mode_names_the_op(monkeypatch):
    monkeypatch.setenv("MXCORE_GEMM", "fastest")
    with pytest.raises(ValueError, match="matmul.*MXCORE_GEMM"):
        mx.eval(mx.ones((4, 4)) @ mx.ones((4, 4)))


def test_forced_mode_from_a_fresh_process():
    """MXCORE_GEMM set before import (the documented use) gives the same
    product in every mode."""
    code = ("import mxcore as mx, numpy as np; r = np.random.default_rng(0);"
            "a = r.standard_normal((77, 91)).astype(np.float32);"
            "b = r.standard_normal((91, 45)).astype(np.float32);"
            "d = np.abs(np.array(mx.array(a) @ mx.array(b)) - a.astype(np.float64) @ b).max();"
            "print(d < 1e-4)")
    root = os.path.dirname(os.path.dirname(mx.__file__))
    for md in ["blas", "avx2"]:
        env = dict(os.environ, MXCORE_GEMM=md, PYTHONPATH=root)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)
        assert out.stdout.strip() == "True"
