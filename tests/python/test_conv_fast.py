"""The threaded, cache-tiled convolution kernels (forward, input and weight
gradients) against float64 NumPy references: problems large enough to be
split over the pool and into several tiles, odd sizes, batch 1 and odd
batches (the input gradient splits by image), groups, strides, padding,
dilation, non-contiguous inputs and every float dtype; also one thread
against two in a subprocess (same values)."""
import itertools
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mxcore as mx
from conv_helpers import arr, npa, ref_conv, rng


def ref_conv_grads(x, w, ct, stride, pad, kdil, groups):
    """dx, dw of sum(conv(x, w) * ct), from the tap loop of ref_conv, in float64."""
    x = np.asarray(x, np.float64)
    w = np.asarray(w, np.float64)
    ct = np.asarray(ct, np.float64)
    nd = x.ndim - 2
    xp = np.pad(x, [(0, 0)] + [(p, p) for p in pad] + [(0, 0)])
    dxp = np.zeros_like(xp)
    dw = np.zeros_like(w)
    c_in, c_out = x.shape[-1], w.shape[0]
    cg, og = c_in // groups, c_out // groups
    outs = ct.shape[1:-1]
    for k in itertools.product(*[range(v) for v in w.shape[1:-1]]):
        idx = tuple(slice(k[i] * kdil[i], k[i] * kdil[i] + (outs[i] - 1) * stride[i] + 1,
                          stride[i]) for i in range(nd))
        xv = xp[(slice(None),) + idx]
        dxv = dxp[(slice(None),) + idx]  # a view: += lands in dxp
        for g in range(groups):
            cto = ct[..., g * og:(g + 1) * og].reshape(-1, og)
            xg = xv[..., g * cg:(g + 1) * cg].reshape(-1, cg)
            dw[(slice(g * og, (g + 1) * og),) + k] += cto.T @ xg
            wk = w[(slice(g * og, (g + 1) * og),) + k]  # (og, cg)
            dxv[..., g * cg:(g + 1) * cg] += (cto @ wk).reshape(dxv.shape[:-1] + (cg,))
    crop = tuple(slice(p, xp.shape[i + 1] - p) for i, p in enumerate(pad))
    return dxp[(slice(None),) + crop], dw


CASES = [
    # (x shape, w shape, stride, padding, dilation, groups): all above the
    # threading threshold; several tiles of unfolded input each.
    ((32, 28, 28, 1), (16, 3, 3, 1), 1, 1, 1, 1),     # the CNN step's first conv
    ((32, 28, 28, 16), (32, 3, 3, 16), 2, 1, 1, 1),   # its second conv
    ((1, 45, 37, 24), (20, 3, 3, 24), 1, 1, 1, 1),    # batch 1: the input grad stays serial
    ((3, 33, 29, 12), (18, 5, 3, 6), 2, 2, 1, 2),     # odd batch split, groups, 5x3
    ((5, 31, 27, 8), (12, 3, 3, 8), 1, 2, 2, 1),      # kernel dilation
    ((7, 19, 23, 64), (40, 3, 3, 64), 3, 0, 1, 1),    # long rows: small tiles
]


def _run(x, w, ct, stride, padding, dilation, groups):
    def f(a, b):
        return mx.conv2d(a, b, stride=stride, padding=padding, dilation=dilation,
                         groups=groups)

    out, vjps = mx.vjp(f, [x, w], [ct])
    return out[0], vjps[0], vjps[1]


@pytest.mark.parametrize("case", CASES)
def test_conv_fast_forward_and_grads_float32(case):
    xs, ws, stride, padding, dilation, groups = case
    r = rng(1)
    x = r.standard_normal(xs).astype(np.float32)
    w = (r.standard_normal(ws) / np.sqrt(np.prod(ws[1:]))).astype(np.float32)
    expect = ref_conv(x, w, [stride] * 2, [padding] * 2, [padding] * 2, [dilation] * 2,
                      [1, 1], groups)
    ct = r.standard_normal(expect.shape).astype(np.float32)
    out, dx, dw = _run(mx.array(x), mx.array(w), mx.array(ct), stride, padding, dilation,
                       groups)
    rdx, rdw = ref_conv_grads(x, w, ct, [stride] * 2, [padding] * 2, [dilation] * 2, groups)
    np.testing.assert_allclose(np.array(out), expect, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(dx), rdx, rtol=1e-4, atol=1e-3)
    # dw sums over every output position: scale the tolerance by that count
    n = np.prod(expect.shape[:-1])
    np.testing.assert_allclose(np.array(dw), rdw, rtol=1e-4, atol=1e-6 * n)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float64])
def test_conv_fast_dtypes(dtype):
    xs, ws, stride, padding, dilation, groups = (4, 30, 26, 10), (14, 3, 3, 10), 2, 1, 1, 1
    r = rng(2)
    x = arr(r.standard_normal(xs)).astype(dtype)
    w = arr(r.standard_normal(ws) * 0.2).astype(dtype)
    xr, wr = npa(x), npa(w)
    expect = ref_conv(xr, wr, [stride] * 2, [padding] * 2, [padding] * 2, [1, 1], [1, 1], 1)
    ct = arr(r.standard_normal(expect.shape)).astype(dtype)
    out, dx, dw = _run(x, w, ct, stride, padding, dilation, groups)
    assert out.dtype == dtype and dx.dtype == dtype and dw.dtype == dtype
    rdx, rdw = ref_conv_grads(xr, wr, npa(ct), [stride] * 2, [padding] * 2, [1, 1], 1)
    tol = 1e-10 if dtype == mx.float64 else (2e-2 if dtype == mx.float16 else 8e-2)
    scale = np.abs(expect).max()
    np.testing.assert_allclose(npa(out), expect, rtol=tol, atol=tol * scale)
    np.testing.assert_allclose(npa(dx), rdx, rtol=tol, atol=tol * np.abs(rdx).max())
    np.testing.assert_allclose(npa(dw), rdw, rtol=tol, atol=tol * np.abs(rdw).max())


def test_conv_fast_noncontiguous_input_and_cotangent():
    r = rng(3)
    # x is a transposed view (channels not innermost in memory), ct a slice
    x_base = r.standard_normal((6, 16, 29, 31)).astype(np.float32)
    x = mx.transpose(mx.array(x_base), (0, 2, 3, 1))
    w = (r.standard_normal((24, 3, 3, 16)) * 0.1).astype(np.float32)
    xn = np.transpose(x_base, (0, 2, 3, 1))
    expect = ref_conv(xn, w, [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], 1)
    ct_base = r.standard_normal(expect.shape[:-1] + (48,)).astype(np.float32)
    ct = mx.array(ct_base)[..., ::2]
    out, dx, dw = _run(x, mx.array(w), ct, 1, 1, 1, 1)
    rdx, rdw = ref_conv_grads(xn, w, ct_base[..., ::2], [1, 1], [1, 1], [1, 1], 1)
    np.testing.assert_allclose(np.array(out), expect, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(np.array(dx), rdx, rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(np.array(dw), rdw, rtol=1e-4, atol=1e-2)


def test_conv_fast_compiled_step_matches_eager():
    r = rng(4)
    x = mx.array(r.uniform(size=(32, 28, 28, 1)).astype(np.float32))
    w1 = mx.array((r.standard_normal((16, 3, 3, 1)) * 0.3).astype(np.float32))
    w2 = mx.array((r.standard_normal((32, 3, 3, 16)) * 0.1).astype(np.float32))

    def loss(w1, w2, x):
        h = mx.maximum(mx.conv2d(x, w1, padding=1), 0.0)
        return mx.mean(mx.conv2d(h, w2, stride=2, padding=1) ** 2)

    grad = mx.value_and_grad(loss, argnums=(0, 1))
    v0, (g1, g2) = grad(w1, w2, x)
    v1, (c1, c2) = mx.compile(grad)(w1, w2, x)
    np.testing.assert_allclose(np.array(v1), np.array(v0), rtol=1e-6)
    np.testing.assert_allclose(np.array(c1), np.array(g1), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(np.array(c2), np.array(g2), rtol=1e-5, atol=1e-7)


def test_conv_fast_one_thread_equals_two():
    """The tiles are split per thread: one thread and two give the same values
    (forward and input grad exactly; weight grad up to the order of its sums)."""
    script = textwrap.dedent("""
        import numpy as np, mxcore as mx
        r = np.random.default_rng(7)
        x = mx.array(r.standard_normal((9, 30, 30, 16)).astype(np.float32))
        w = mx.array((r.standard_normal((32, 3, 3, 16)) * 0.1).astype(np.float32))
        ct = mx.array(r.standard_normal((9, 15, 15, 32)).astype(np.float32))
        f = lambda a, b: mx.conv2d(a, b, stride=2, padding=1)
        out, (dx, dw) = mx.vjp(f, [x, w], [ct])
        np.savez(OUT, out=np.array(out[0]), dx=np.array(dx), dw=np.array(dw))
    """)
    pkg = os.path.dirname(os.path.dirname(mx.__file__))
    results = []
    for threads in ("1", "2"):
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                            f"conv_fast_{os.getpid()}_{threads}.npz")
        env = dict(os.environ, PYTHONPATH=pkg, MXCORE_NUM_THREADS=threads)
        subprocess.run([sys.executable, "-c", f"OUT = {path!r}\n" + script], env=env,
                       check=True, timeout=300)
        with np.load(path) as z:
            results.append({k: z[k] for k in z.files})
        os.remove(path)
    one, two = results
    np.testing.assert_array_equal(one["out"], two["out"])
    np.testing.assert_array_equal(one["dx"], two["dx"])
    np.testing.assert_allclose(one["dw"], two["dw"], rtol=1e-5, atol=1e-5)
