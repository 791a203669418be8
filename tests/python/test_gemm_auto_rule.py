"""The automatic GEMM choice: which float32 products MXCORE_GEMM=auto sends
to mxcore's own GEMM and which to OpenBLAS. The own GEMM never splits K, so
its results are the same bits in every run; auto's result therefore equals
the forced mode's (MXCORE_GEMM=avx512) or BLAS's bit for bit.
Values are checked against NumPy too."""

import numpy as np
import pytest

import mxcore as mx


def has_avx512():
    try:
        flags = open("/proc/cpuinfo").read()
    except OSError:
        return False
    return all(f in flags for f in ("avx512f", "avx512bw", "avx512dq", "avx512vl"))


def product(monkeypatch, mode, a, b):
    monkeypatch.setenv("MXCORE_GEMM", mode)
    out = np.array(a @ b)
    monkeypatch.delenv("MXCORE_GEMM")
    return out


def operands(rng, m, k, n, layout):
    ta, tb = layout[0] == "T", layout[1] == "T"
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(np.float32)
    xa, xb = mx.array(a), mx.array(b)
    return (xa.T if ta else xa), (xb.T if tb else xb), (a.T if ta else a), (b.T if tb else b)


# (M, K, N, layout, goes to the own GEMM)
CASES = [
    (256, 512, 1024, "NN", True),   # the MLP block's products
    (256, 1024, 512, "NN", True),
    (256, 512, 1024, "NT", True),
    (256, 1024, 512, "TN", True),
    (300, 301, 1030, "NN", True),   # tails in every direction
    (1, 4096, 1024, "NN", True),    # few rows against a large weight (decoding)
    (128, 784, 256, "NN", False),   # the MLP training step: mid-sized, BLAS
    (784, 128, 256, "TN", False),
    (512, 128, 512, "NN", False),   # the transformer step's largest
    (4096, 144, 128, "NN", False),  # a convolution's im2col product: K small
    (64, 200, 8192, "NN", False),   # K < 256
]


@pytest.mark.parametrize("m,k,n,layout,own", CASES)
def test_auto_routes_by_shape(monkeypatch, m, k, n, layout, own):
    rng = np.random.default_rng(m + k + n)
    a, b, a_np, b_np = operands(rng, m, k, n, layout)
    auto = product(monkeypatch, "auto", a, b)
    # Without AVX-512 the automatic mode keeps every product on BLAS.
    forced = product(monkeypatch, "avx512" if own and has_avx512() else "blas", a, b)
    np.testing.assert_array_equal(auto, forced)
    want = a_np.astype(np.float64) @ b_np
    np.testing.assert_allclose(auto, want, rtol=1e-4, atol=2e-6 * k)
