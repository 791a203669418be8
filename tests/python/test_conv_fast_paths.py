"""The narrow-convolution fast paths (register-tiled AVX-512 products for
ungrouped float convolutions whose weight side fits the cache, and im2col's
interior-window table) against float64 NumPy references and against the
float64 path (BLAS products, same unfolding loops): output widths on either
side of the 16-float vectors and the 64-float column chunks, row counts that
leave tails of the 6- and 4-row tiles, 1/2/3 spatial dims, strides, padding
on either side (negative: cropping), kernel and input dilation, flipped
kernels, non-contiguous inputs, float16/bfloat16 (computed in float32), and a
weight side too large for the fast path."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mxcore as mx
from conv_helpers import arr, npa, ref_conv, rng


def conv(x, w, stride, lo, hi, kdil, idil, flip):
    return mx.conv_general(x, w, stride=stride, padding=(lo, hi), kernel_dilation=kdil,
                           input_dilation=idil, flip=flip)


def ref(x, w, stride, lo, hi, kdil, idil, flip):
    return ref_conv(x, w, stride, lo, hi, kdil, idil, 1, flip)


def grads(x, w, ct, *params):
    out, vjps = mx.vjp(lambda a, b: conv(a, b, *params), [x, w], [ct])
    return out[0], vjps[0], vjps[1]


# (x shape, w shape, stride, pad lo, pad hi, kernel dilation, input dilation, flip)
CASES = [
    ((3, 11, 13, 1), (1, 3, 3, 1), [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], False),
    ((2, 9, 10, 3), (15, 3, 3, 3), [1, 1], [1, 0], [0, 2], [1, 1], [1, 1], False),
    ((2, 9, 10, 3), (17, 2, 3, 3), [2, 1], [1, 1], [1, 1], [1, 1], [1, 1], True),
    ((1, 7, 7, 5), (33, 3, 3, 5), [1, 2], [2, 2], [2, 2], [2, 1], [1, 1], False),
    ((2, 8, 9, 4), (64, 3, 3, 4), [1, 1], [-1, 0], [0, -1], [1, 1], [1, 1], False),
    ((2, 8, 9, 4), (65, 3, 1, 4), [1, 1], [1, 0], [1, 0], [1, 1], [2, 1], False),
    ((1, 6, 5, 2), (130, 3, 3, 2), [1, 1], [2, 2], [2, 2], [1, 1], [2, 2], True),
    ((3, 23, 7), (20, 5, 7), [2], [2], [3], [1], [1], False),
    ((2, 5, 6, 4, 3), (18, 3, 2, 3, 3), [1, 2, 1], [1, 0, 1], [1, 1, 0], [1, 1, 1],
     [1, 1, 1], False),
    ((32, 28, 28, 1), (16, 3, 3, 1), [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], False),
    ((32, 28, 28, 16), (32, 3, 3, 16), [2, 2], [1, 1], [1, 1], [1, 1], [1, 1], False),
]


@pytest.mark.parametrize("case", CASES)
def test_fast_path_forward_against_numpy(case):
    xs, ws, *params = case
    r = rng(10)
    x = r.standard_normal(xs).astype(np.float32)
    w = (r.standard_normal(ws) / np.sqrt(np.prod(ws[1:]))).astype(np.float32)
    expect = ref(x, w, *params)
    out = conv(mx.array(x), mx.array(w), *params)
    assert out.shape == expect.shape
    np.testing.assert_allclose(np.array(out), expect, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("case", CASES)
def test_fast_path_grads_match_the_float64_path(case):
    xs, ws, *params = case
    r = rng(11)
    x = r.standard_normal(xs)
    w = r.standard_normal(ws) / np.sqrt(np.prod(ws[1:]))
    out_shape = ref(x[:1], w, *params).shape[1:]
    ct = r.standard_normal((xs[0],) + out_shape)
    o32, dx32, dw32 = grads(mx.array(x.astype(np.float32)), mx.array(w.astype(np.float32)),
                            mx.array(ct.astype(np.float32)), *params)
    o64, dx64, dw64 = grads(arr(x), arr(w), arr(ct), *params)
    np.testing.assert_allclose(npa(o32), npa(o64), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(npa(dx32), npa(dx64), rtol=1e-4, atol=1e-4)
    n = np.prod(ct.shape[:-1])
    np.testing.assert_allclose(npa(dw32), npa(dw64), rtol=1e-4, atol=1e-6 * n)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
def test_fast_path_half_types(dtype):
    r = rng(12)
    params = ([1, 1], [1, 1], [1, 1], [1, 1], [1, 1], False)
    x = arr(r.standard_normal((3, 13, 11, 6))).astype(dtype)
    w = arr(r.standard_normal((21, 3, 3, 6)) * 0.2).astype(dtype)
    expect = ref(npa(x), npa(w), *params)
    ct = arr(r.standard_normal(expect.shape)).astype(dtype)
    out, dx, dw = grads(x, w, ct, *params)
    _, dx64, dw64 = grads(arr(npa(x)), arr(npa(w)), arr(npa(ct)), *params)
    assert out.dtype == dx.dtype == dw.dtype == dtype
    tol = 2e-2 if dtype == mx.float16 else 8e-2
    np.testing.assert_allclose(npa(out), expect, rtol=tol, atol=tol * np.abs(expect).max())
    np.testing.assert_allclose(npa(dx), npa(dx64), rtol=tol, atol=tol * np.abs(npa(dx64)).max())
    np.testing.assert_allclose(npa(dw), npa(dw64), rtol=tol, atol=tol * np.abs(npa(dw64)).max())


def test_fast_path_non_contiguous_input_weight_and_cotangent():
    r = rng(13)
    params = ([2, 1], [1, 1], [1, 1], [1, 1], [1, 1], False)
    xb = r.standard_normal((5, 7, 17, 19)).astype(np.float32)
    x = mx.transpose(mx.array(xb), (0, 2, 3, 1))  # channels strided
    wb = r.standard_normal((3, 3, 7, 26)).astype(np.float32) * 0.2
    w = mx.transpose(mx.array(wb), (3, 0, 1, 2))[::2]  # (13, 3, 3, 7), strided
    xn = np.transpose(xb, (0, 2, 3, 1))
    wn = np.transpose(wb, (3, 0, 1, 2))[::2]
    expect = ref(xn, wn, *params)
    ctb = r.standard_normal(expect.shape[:-1] + (2 * expect.shape[-1],)).astype(np.float32)
    ct = mx.array(ctb)[..., ::2]
    out, dx, dw = grads(x, w, ct, *params)
    _, dx64, dw64 = grads(arr(xn.astype(np.float64)), arr(wn.astype(np.float64)),
                          arr(ctb[..., ::2].astype(np.float64)), *params)
    np.testing.assert_allclose(np.array(out), expect, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(dx), npa(dx64), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(dw), npa(dw64), rtol=1e-4, atol=1e-3)


def test_weight_side_too_large_for_the_fast_path():
    # 3x3x64 taps x 128 outputs: past the register-tiled path's cache bound (BLAS).
    r = rng(14)
    params = ([1, 1], [1, 1], [1, 1], [1, 1], [1, 1], False)
    x = r.standard_normal((2, 9, 8, 64)).astype(np.float32)
    w = (r.standard_normal((128, 3, 3, 64)) / 24).astype(np.float32)
    expect = ref(x, w, *params)
    np.testing.assert_allclose(np.array(conv(mx.array(x), mx.array(w), *params)), expect,
                               rtol=1e-4, atol=1e-4)


def test_fast_path_one_thread_equals_two():
    code = textwrap.dedent("""
        import numpy as np, mxcore as mx
        r = np.random.default_rng(5)
        x = mx.array(r.standard_normal((32, 28, 28, 16)).astype(np.float32))
        w = mx.array(r.standard_normal((32, 3, 3, 16)).astype(np.float32))
        ct = mx.array(r.standard_normal((32, 14, 14, 32)).astype(np.float32))
        f = lambda a, b: mx.conv2d(a, b, stride=2, padding=1)
        out, (dx, dw) = mx.vjp(f, [x, w], [ct])
        np.save("/dev/stdout", np.concatenate([np.array(out[0]).ravel(),
                np.array(dx).ravel(), np.array(dw).ravel()]))
    """)
    pkg_root = os.path.dirname(os.path.dirname(mx.__file__))
    results = []
    for threads in ("1", "2"):
        env = dict(os.environ, PYTHONPATH=pkg_root, MXCORE_NUM_THREADS=threads)
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              check=True)
        results.append(proc.stdout)
    # Forward and input gradient split rows (same bits); the weight gradient
    # adds per-thread partial sums, so compare it with a tolerance.
    a = np.frombuffer(results[0][-(32 * 14 * 14 * 32 + 32 * 28 * 28 * 16 + 32 * 144) * 4:],
                      np.float32)
    b = np.frombuffer(results[1][-(32 * 14 * 14 * 32 + 32 * 28 * 28 * 16 + 32 * 144) * 4:],
                      np.float32)
    n_exact = 32 * 14 * 14 * 32 + 32 * 28 * 28 * 16
    assert np.array_equal(a[:n_exact], b[:n_exact])
    np.testing.assert_allclose(a[n_exact:], b[n_exact:], rtol=1e-4, atol=1e-3)
