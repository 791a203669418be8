"""conv_transpose1d/2d/3d and convolve against NumPy references."""
import numpy as np
import pytest

import mxcore as mx
from conv_helpers import arr, finite_difference, npa, ref_conv_transpose, rng

TOLS = {mx.float32: 1e-4, mx.float16: 2e-2, mx.bfloat16: 1e-1, mx.float64: 1e-10}
OPS = {1: mx.conv_transpose1d, 2: mx.conv_transpose2d, 3: mx.conv_transpose3d}

CASES = [
    # nd, stride, padding, dilation, output_padding, groups
    (1, 1, 0, 1, 0, 1),
    (1, 2, 1, 1, 1, 2),
    (1, 3, 0, 2, 2, 1),
    (1, 2, 3, 1, 0, 1),  # padding as wide as the kernel: crops the full output
    (2, (2, 1), (1, 0), (1, 2), (1, 0), 1),
    (2, 2, 1, 1, 0, 4),
    (3, (1, 2, 2), (0, 1, 0), 1, (0, 1, 0), 1),
    (3, 2, 1, (2, 1, 1), 0, 2),
]


def seq(v, nd):
    return list(v) if isinstance(v, tuple) else [v] * nd


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16, mx.float64])
@pytest.mark.parametrize("case", CASES)
def test_conv_transpose(dtype, case):
    nd, stride, padding, dilation, out_pad, groups = case
    r = rng(1)
    x = mx.array(r.standard_normal((2,) + (4, 3, 3)[:nd] + (4,)), dtype=mx.float64).astype(dtype)
    w = mx.array(r.standard_normal((8,) + (3, 2, 2)[:nd] + (4 // groups,)),
                 dtype=mx.float64).astype(dtype)
    out = OPS[nd](x, w, stride=stride, padding=padding, dilation=dilation,
                  output_padding=out_pad, groups=groups)
    expect = ref_conv_transpose(npa(x), npa(w), seq(stride, nd), seq(padding, nd),
                                seq(dilation, nd), seq(out_pad, nd), groups)
    assert out.dtype == dtype and out.shape == expect.shape
    np.testing.assert_allclose(npa(out), expect, rtol=TOLS[dtype], atol=TOLS[dtype] * 10)


def test_conv_transpose_inverts_strided_conv_shape():
    # The transpose maps a stride-s conv's output shape back to its input shape.
    x = mx.zeros((1, 11, 11, 3))
    w = mx.zeros((5, 3, 3, 3))
    y = mx.conv2d(x, w, stride=2, padding=1)
    wt = mx.zeros((3, 3, 3, 5))
    assert mx.conv_transpose2d(y, wt, stride=2, padding=1).shape == x.shape
    assert mx.conv_transpose2d(y, wt, stride=2, padding=1, output_padding=1).shape == (1, 12, 12, 3)


@pytest.mark.parametrize("case", [CASES[1], CASES[3], CASES[4], CASES[7]])
def test_conv_transpose_grads(case):
    nd, stride, padding, dilation, out_pad, groups = case
    r = rng(2)
    x = r.standard_normal((2,) + (3, 3, 2)[:nd] + (4,))
    w = r.standard_normal((2,) + (3, 2, 2)[:nd] + (4 // groups,))
    args = [seq(stride, nd), seq(padding, nd), seq(dilation, nd), seq(out_pad, nd), groups]
    c = r.standard_normal(ref_conv_transpose(x, w, *args).shape)
    loss = lambda a, b: (OPS[nd](a, b, stride, padding, dilation, out_pad, groups)  # noqa: E731
                         * arr(c)).sum()
    gx, gw = mx.grad(loss, argnums=(0, 1))(arr(x), arr(w))
    ref = lambda a, b: (ref_conv_transpose(a, b, *args) * c).sum()  # noqa: E731
    np.testing.assert_allclose(npa(gx), finite_difference(lambda a: ref(a, w), x), rtol=1e-6,
                               atol=1e-8)
    np.testing.assert_allclose(npa(gw), finite_difference(lambda b: ref(x, b), w), rtol=1e-6,
                               atol=1e-8)


def test_conv_transpose_vmap_and_compile():
    r = rng(3)
    xs, w = r.standard_normal((3, 2, 5, 4)), r.standard_normal((2, 3, 4))
    f = lambda a: mx.conv_transpose1d(a, arr(w), stride=2, padding=1)  # noqa: E731
    expect = np.stack([ref_conv_transpose(v, w, [2], [1], [1], [0], 1) for v in xs])
    np.testing.assert_allclose(npa(mx.vmap(f)(arr(xs))), expect, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(npa(mx.compile(f)(arr(xs[0]))), expect[0], rtol=1e-10,
                               atol=1e-10)


def test_conv_transpose_errors():
    x = mx.zeros((1, 5, 4))
    with pytest.raises(ValueError, match="conv_transpose1d"):
        mx.conv_transpose1d(mx.zeros((5, 4)), mx.zeros((2, 3, 4)))
    with pytest.raises(ValueError, match="conv_transpose2d"):
        mx.conv_transpose2d(x, mx.zeros((2, 3, 4)))
    with pytest.raises(ValueError, match="conv"):
        mx.conv_transpose1d(x, mx.zeros((2, 3, 3)))  # channel mismatch
    with pytest.raises(ValueError, match="conv"):
        mx.conv_transpose1d(x, mx.zeros((3, 3, 2)), groups=2)
    with pytest.raises(ValueError, match="conv"):
        mx.conv_transpose1d(x, mx.zeros((2, 3, 4)), stride=0)
    with pytest.raises(ValueError, match="conv_transpose2d"):
        mx.conv_transpose2d(mx.zeros((1, 4, 4, 2)), mx.zeros((2, 2, 2, 2)), stride=(1, 2, 3))


# ---------------------------------------------------------------- convolve


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("na,nv", [(7, 1), (7, 2), (7, 3), (6, 4), (3, 8), (5, 5)])
@pytest.mark.parametrize("dtype", [mx.float32, mx.float64])
def test_convolve_matches_numpy(mode, na, nv, dtype):
    r = rng(na * 10 + nv)
    a, v = r.standard_normal(na), r.standard_normal(nv)
    out = mx.convolve(mx.array(a, dtype=dtype), mx.array(v, dtype=dtype), mode)
    assert out.dtype == dtype
    tol = 1e-5 if dtype == mx.float32 else 1e-12
    np.testing.assert_allclose(npa(out), np.convolve(a, v, mode), rtol=tol, atol=tol)


def test_convolve_defaults_and_views():
    a = np.arange(10.0)
    v = np.array([1.0, -2.0, 0.5])
    out = mx.convolve(mx.array(a, dtype=mx.float64)[::2], mx.array(v, dtype=mx.float64))
    np.testing.assert_allclose(npa(out), np.convolve(a[::2], v), rtol=1e-12)
    g = mx.grad(lambda x: mx.convolve(x, arr(v), mode="same").sum())(arr(a))
    np.testing.assert_allclose(npa(g), finite_difference(
        lambda x: np.convolve(x, v, "same").sum(), a), rtol=1e-6, atol=1e-8)


def test_convolve_errors():
    with pytest.raises(ValueError, match="convolve"):
        mx.convolve(mx.ones((2, 2)), mx.ones(2))
    with pytest.raises(ValueError, match="convolve"):
        mx.convolve(mx.ones(3), mx.ones(2), "foo")
    with pytest.raises(ValueError, match="convolve"):
        mx.convolve(mx.ones(0), mx.ones(2))


@pytest.mark.parametrize("nd,stride,padding,dilation,out_pad,groups", [
    (2, 2, 1, 1, 0, 1),       # a decoder's upsampling layer
    (2, 2, 0, 1, 1, 1),       # output_padding past the padding: the forward conv crops
    (2, 3, 1, 2, 2, 2),
    (1, 4, 2, 1, 3, 1),
    (3, 2, 1, 1, 1, 1),
])
def test_strided_conv_transpose_matches_the_dilated_convolution(nd, stride, padding, dilation,
                                                                out_pad, groups):
    # A strided transpose runs as the input gradient of the convolution it
    # transposes; the stride-1 convolution of the stride-dilated input with
    # the flipped kernel (conv_general) is the reference, values and grads.
    r = rng(5)
    x = mx.array(r.standard_normal((3,) + (13, 9, 5)[:nd] + (16,)).astype(np.float32))
    w = mx.array(r.standard_normal((8,) + (4, 3, 3)[:nd] + (16 // groups,)).astype(np.float32))
    kernel = w.shape[1:-1]
    lo = [dilation * (k - 1) - padding for k in kernel]
    hi = [dilation * (k - 1) - padding + out_pad for k in kernel]

    def new(a, b):
        return OPS[nd](a, b, stride=stride, padding=padding, dilation=dilation,
                       output_padding=out_pad, groups=groups)

    def old(a, b):
        return mx.conv_general(a, b, stride=1, padding=(lo, hi), kernel_dilation=dilation,
                               input_dilation=stride, groups=groups, flip=True)

    out = new(x, w)
    assert out.shape == old(x, w).shape
    np.testing.assert_allclose(np.array(out), np.array(old(x, w)), rtol=2e-5, atol=2e-5)
    c = mx.array(r.standard_normal(out.shape).astype(np.float32))
    g_new = mx.grad(lambda a, b: (new(a, b) * c).sum(), argnums=(0, 1))(x, w)
    g_old = mx.grad(lambda a, b: (old(a, b) * c).sum(), argnums=(0, 1))(x, w)
    for a, b in zip(g_new, g_old):
        np.testing.assert_allclose(np.array(a), np.array(b), rtol=2e-4, atol=2e-4)
    # Second order: the weight gradient of the input gradient's squared norm.
    gg_new = mx.grad(lambda b: (mx.grad(lambda v: (new(v, b) * c).sum())(x) ** 2).sum())(w)
    gg_old = mx.grad(lambda b: (mx.grad(lambda v: (old(v, b) * c).sum())(x) ** 2).sum())(w)
    assert np.abs(np.array(gg_old)).max() > 1
    np.testing.assert_allclose(np.array(gg_new), np.array(gg_old), rtol=2e-4, atol=2e-3)
