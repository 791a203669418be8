"""conv1d / conv2d / conv3d / conv_general (channels-last) against a direct
NumPy reference, with gradients checked by finite differences."""
import numpy as np
import pytest

import mxcore as mx
from conv_helpers import arr, finite_difference, npa, ref_conv, rng


TOLS = {mx.float32: 1e-4, mx.float16: 2e-2, mx.float64: 1e-10}
NPT = {mx.float32: np.float32, mx.float16: np.float16, mx.float64: np.float64}


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.float64])
@pytest.mark.parametrize("stride,padding,dilation,groups", [
    (1, 0, 1, 1), (2, 1, 1, 1), (1, 2, 2, 1), (3, 0, 1, 2), (2, 3, 2, 4)])
def test_conv1d(dtype, stride, padding, dilation, groups):
    npt = NPT[dtype]
    x = rng().standard_normal((2, 11, 4)).astype(npt)
    w = rng(1).standard_normal((8, 3, 4 // groups)).astype(npt)
    out = mx.conv1d(arr(x), arr(w), stride, padding, dilation, groups)
    assert out.dtype == dtype
    expect = ref_conv(x, w, [stride], [padding], [padding], [dilation], [1], groups)
    assert out.shape == expect.shape
    np.testing.assert_allclose(npa(out), expect, rtol=TOLS[dtype], atol=TOLS[dtype] * 10)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float64])
@pytest.mark.parametrize("stride,padding,dilation,groups", [
    (1, 0, 1, 1), ((2, 1), (1, 0), 1, 1), (1, 1, (2, 1), 3), (2, (2, 1), (1, 2), 1)])
def test_conv2d(dtype, stride, padding, dilation, groups):
    npt = NPT[dtype]
    x = rng().standard_normal((2, 7, 6, 3)).astype(npt)
    w = rng(1).standard_normal((6, 3, 2, 3 // groups)).astype(npt)
    out = mx.conv2d(arr(x), arr(w), stride=stride, padding=padding,
                    dilation=dilation, groups=groups)
    pair = lambda v: list(v) if isinstance(v, tuple) else [v, v]  # noqa: E731
    expect = ref_conv(x, w, pair(stride), pair(padding), pair(padding), pair(dilation), [1, 1],
                      groups)
    assert out.shape == expect.shape and out.dtype == dtype
    np.testing.assert_allclose(npa(out), expect, rtol=TOLS[dtype], atol=TOLS[dtype] * 10)


def test_conv3d_and_conv_general():
    x = rng().standard_normal((1, 4, 5, 3, 2)).astype(np.float32)
    w = rng(1).standard_normal((3, 2, 2, 2, 2)).astype(np.float32)
    out = mx.conv3d(arr(x), arr(w), stride=(1, 2, 1), padding=1)
    expect = ref_conv(x, w, [1, 2, 1], [1] * 3, [1] * 3, [1] * 3, [1] * 3, 1)
    np.testing.assert_allclose(npa(out), expect, rtol=1e-4, atol=1e-5)

    x2 = rng(2).standard_normal((2, 5, 4, 2)).astype(np.float32)
    w2 = rng(3).standard_normal((3, 3, 2, 2)).astype(np.float32)
    out = mx.conv_general(arr(x2), arr(w2), stride=(1, 2), padding=([1, 0], [2, 1]),
                          kernel_dilation=(1, 2), input_dilation=(2, 1), flip=True)
    expect = ref_conv(x2, w2, [1, 2], [1, 0], [2, 1], [1, 2], [2, 1], 1, flip=True)
    assert out.shape == expect.shape
    np.testing.assert_allclose(npa(out), expect, rtol=1e-4, atol=1e-5)
    out = mx.conv_general(arr(x2), arr(w2))
    np.testing.assert_allclose(npa(out), ref_conv(x2, w2, [1, 1], [0, 0], [0, 0], [1, 1],
                                                  [1, 1], 1), rtol=1e-4, atol=1e-5)


def test_conv_noncontiguous_and_compile():
    x = rng().standard_normal((2, 4, 9)).astype(np.float32)  # (N, C, L) stored
    w = rng(1).standard_normal((5, 3, 4)).astype(np.float32)
    xt = mx.swapaxes(arr(x), 1, 2)  # (N, L, C) view
    expect = ref_conv(np.swapaxes(x, 1, 2), w, [2], [1], [1], [1], [1], 1)
    np.testing.assert_allclose(npa(mx.conv1d(xt, arr(w), 2, 1)), expect, rtol=1e-4,
                               atol=1e-5)
    f = mx.compile(lambda a, b: mx.conv1d(a, b, stride=2, padding=1))
    np.testing.assert_allclose(npa(f(xt, arr(w))), expect, rtol=1e-4, atol=1e-5)
    # broadcast weight
    wb = mx.broadcast_to(arr(w[:1]), (5, 3, 4))
    expect_b = ref_conv(np.swapaxes(x, 1, 2), np.broadcast_to(w[:1], (5, 3, 4)), [1], [0], [0],
                        [1], [1], 1)
    np.testing.assert_allclose(npa(mx.conv1d(xt, wb)), expect_b, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("case", [
    dict(nd=1, stride=[2], pad=[1], dil=[1], groups=1),
    dict(nd=1, stride=[1], pad=[0], dil=[2], groups=2),
    dict(nd=2, stride=[2, 1], pad=[1, 0], dil=[1, 2], groups=1),
])
def test_conv_grad_finite_differences(case):
    nd, groups = case["nd"], case["groups"]
    r = rng(11)
    x = r.standard_normal((2,) + (5,) * nd + (4,))
    w = r.standard_normal((4,) + (2,) * nd + (4 // groups,))
    ref = lambda a, b: ref_conv(a, b, case["stride"], case["pad"], case["pad"],  # noqa: E731
                                case["dil"], [1] * nd, groups)
    c = r.standard_normal(ref(x, w).shape)

    def mx_conv(a, b):
        return mx.conv_general(a, b, stride=case["stride"], padding=case["pad"],
                               kernel_dilation=case["dil"], groups=groups)

    gx, gw = mx.grad(lambda a, b: (mx_conv(a, b) * arr(c)).sum(), argnums=(0, 1))(
        arr(x), arr(w))

    def fd(f, v, eps=1e-6):
        g = np.zeros_like(v)
        for i in np.ndindex(v.shape):
            p, m = v.copy(), v.copy()
            p[i] += eps
            m[i] -= eps
            g[i] = (f(p) - f(m)) / (2 * eps)
        return g

    np.testing.assert_allclose(npa(gx), fd(lambda a: (ref(a, w) * c).sum(), x), rtol=1e-6,
                               atol=1e-8)
    np.testing.assert_allclose(npa(gw), fd(lambda b: (ref(x, b) * c).sum(), w), rtol=1e-6,
                               atol=1e-8)


def test_conv_vmap():
    x = rng().standard_normal((3, 1, 6, 2)).astype(np.float32)
    w = rng(1).standard_normal((4, 3, 2)).astype(np.float32)
    out = mx.vmap(lambda a: mx.conv1d(a, arr(w)))(arr(x))
    expect = np.stack([ref_conv(x[i], w, [1], [0], [0], [1], [1], 1) for i in range(3)])
    np.testing.assert_allclose(npa(out), expect, rtol=1e-4, atol=1e-5)


def test_conv_errors():
    x = mx.zeros((1, 8, 4))
    with pytest.raises(ValueError, match="conv"):
        mx.conv1d(x, mx.zeros((2, 3, 3)))  # channel mismatch
    with pytest.raises(ValueError, match="conv1d"):
        mx.conv1d(mx.zeros((8, 4)), mx.zeros((2, 3, 4)))
    with pytest.raises(ValueError, match="conv"):
        mx.conv1d(x, mx.zeros((3, 3, 2)), groups=2)  # 3 output channels, 2 groups
    with pytest.raises(ValueError, match="conv"):
        mx.conv1d(x, mx.zeros((2, 9, 4)))  # kernel larger than input
    with pytest.raises(ValueError, match="conv2d"):
        mx.conv2d(mx.zeros((1, 4, 4, 2)), mx.zeros((2, 2, 2, 2)), stride=(1, 2, 3))


# ---------------------------------------------------------------- the Convolution primitive

ALL_DTYPES = [mx.float32, mx.float16, mx.bfloat16, mx.float64]
ALL_TOLS = {mx.float32: 1e-4, mx.float16: 2e-2, mx.bfloat16: 1e-1, mx.float64: 1e-10}


def cast(x, dtype):
    """x (float64 NumPy) as an mx array of dtype, and x rounded to that dtype."""
    a = mx.array(x, dtype=mx.float64).astype(dtype)
    return a, npa(a)


GENERAL_CASES = [
    # nd, stride, pad_lo, pad_hi, kernel_dilation, input_dilation, groups, flip
    (1, [1], [0], [0], [1], [1], 1, False),
    (1, [2], [2], [1], [1], [3], 2, True),
    (1, [3], [-1], [2], [2], [1], 4, False),
    (2, [1, 2], [1, 0], [0, 2], [2, 1], [1, 2], 1, False),
    (2, [2, 2], [-1, 1], [1, -1], [1, 1], [2, 1], 2, True),
    (2, [1, 1], [3, 3], [3, 3], [1, 1], [1, 1], 4, False),
    (3, [1, 2, 1], [1, 0, 1], [0, 1, 1], [1, 1, 2], [1, 1, 1], 1, False),
    (3, [2, 1, 1], [0, 1, 0], [1, 1, 0], [1, 2, 1], [2, 1, 1], 2, True),
]


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("case", GENERAL_CASES)
def test_conv_general_matrix(dtype, case):
    nd, stride, lo, hi, kdil, idil, groups, flip = case
    r = rng(3)
    x, xr = cast(r.standard_normal((2,) + (5, 6, 4)[:nd] + (4,)), dtype)
    w, wr = cast(r.standard_normal((8,) + (3, 2, 2)[:nd] + (4 // groups,)), dtype)
    out = mx.conv_general(x, w, stride=stride, padding=(lo, hi), kernel_dilation=kdil,
                          input_dilation=idil, groups=groups, flip=flip)
    expect = ref_conv(xr, wr, stride, lo, hi, kdil, idil, groups, flip)
    assert out.dtype == dtype and out.shape == expect.shape
    tol = ALL_TOLS[dtype]
    np.testing.assert_allclose(npa(out), expect, rtol=tol, atol=tol * 10)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16])
def test_conv2d_large_tiles(dtype):
    # Enough output rows that the im2col scratch is filled several times.
    r = rng(5)
    x, xr = cast(r.standard_normal((3, 40, 50, 48)), dtype)
    w, wr = cast(r.standard_normal((16, 5, 5, 48)) * 0.1, dtype)
    out = mx.conv2d(x, w, padding=2)
    expect = ref_conv(xr, wr, [1, 1], [2, 2], [2, 2], [1, 1], [1, 1], 1)
    tol = 1e-3 if dtype == mx.float32 else 2e-2
    np.testing.assert_allclose(npa(out), expect, rtol=tol, atol=tol * 10)


def test_conv_noncontiguous_views():
    r = rng(6)
    base = r.standard_normal((3, 8, 10, 6))
    # transposed spatial axes, stepped slice, and a channel-strided view
    views = [
        (mx.transpose(arr(base), (0, 2, 1, 3)), np.transpose(base, (0, 2, 1, 3))),
        (arr(base)[::2, 1::2, ::-1], base[::2, 1::2, ::-1]),
        (arr(base)[..., ::2], base[..., ::2]),
    ]
    for xv, xn in views:
        c = xn.shape[-1]
        w = r.standard_normal((4, 3, 2, c))
        wv = mx.transpose(arr(np.ascontiguousarray(np.transpose(w, (0, 2, 1, 3)))), (0, 2, 1, 3))
        out = mx.conv2d(xv, wv, stride=(2, 1), padding=1)
        np.testing.assert_allclose(npa(out), ref_conv(xn, w, [2, 1], [1, 1], [1, 1], [1, 1],
                                                      [1, 1], 1), rtol=1e-10, atol=1e-10)


def test_conv_dtype_promotion_and_empty():
    x = mx.ones((1, 5, 2), dtype=mx.float16)
    w = mx.ones((3, 2, 2))
    assert mx.conv1d(x, w).dtype == mx.float32
    assert mx.conv1d(x, w.astype(mx.float16)).dtype == mx.float16
    out = mx.conv1d(mx.zeros((0, 5, 2)), w)
    assert out.shape == (0, 4, 3)
    out = mx.conv1d(mx.zeros((2, 5, 2)), mx.zeros((0, 2, 2)))
    assert out.shape == (2, 4, 0)


GRAD_CASES = [
    (1, [2], [1], [1], [1], [1], 1, False),
    (1, [3], [4], [5], [2], [2], 2, True),   # padding wider than the kernel
    (1, [1], [-1], [0], [1], [3], 1, False),  # cropping + input dilation
    (2, [2, 1], [1, 0], [0, 1], [1, 2], [1, 1], 2, False),
    (2, [1, 2], [0, 2], [1, 1], [2, 1], [2, 1], 1, True),
    (3, [1, 2, 1], [1, 0, 0], [0, 1, 0], [1, 1, 1], [1, 1, 1], 1, False),
]


@pytest.mark.parametrize("case", GRAD_CASES)
def test_conv_general_grads_finite_differences(case):
    nd, stride, lo, hi, kdil, idil, groups, flip = case
    r = rng(12)
    x = r.standard_normal((2,) + (5, 4, 3)[:nd] + (4,))
    w = r.standard_normal((4,) + (2, 3, 2)[:nd] + (4 // groups,))

    def conv(a, b):
        return mx.conv_general(a, b, stride=stride, padding=(lo, hi), kernel_dilation=kdil,
                               input_dilation=idil, groups=groups, flip=flip)

    c = r.standard_normal(ref_conv(x, w, stride, lo, hi, kdil, idil, groups, flip).shape)
    loss = lambda a, b: (conv(a, b) * arr(c)).sum()  # noqa: E731
    gx, gw = mx.grad(loss, argnums=(0, 1))(arr(x), arr(w))
    ref = lambda a, b: (ref_conv(a, b, stride, lo, hi, kdil, idil, groups, flip) * c).sum()  # noqa
    np.testing.assert_allclose(npa(gx), finite_difference(lambda a: ref(a, w), x), rtol=1e-6,
                               atol=1e-8)
    np.testing.assert_allclose(npa(gw), finite_difference(lambda b: ref(x, b), w), rtol=1e-6,
                               atol=1e-8)
    # second order: the gradient graph is itself made of convolutions
    ggx = mx.grad(lambda a: (mx.grad(loss, argnums=1)(a, arr(w)) ** 2).sum())(arr(x))
    assert ggx.shape == x.shape and np.isfinite(npa(ggx)).all()


def test_conv_jvp():
    r = rng(13)
    x, w = r.standard_normal((2, 6, 5, 4)), r.standard_normal((6, 3, 2, 2))
    tx, tw = r.standard_normal(x.shape), r.standard_normal(w.shape)
    args = dict(stride=(2, 1), padding=1, dilation=(1, 2), groups=2)
    f = lambda a, b: mx.conv2d(a, b, **args)  # noqa: E731
    (out,), (tan,) = mx.jvp(f, [arr(x), arr(w)], [arr(tx), arr(tw)])
    ref = lambda a, b: ref_conv(a, b, [2, 1], [1, 1], [1, 1], [1, 2], [1, 1], 2)  # noqa: E731
    np.testing.assert_allclose(npa(out), ref(x, w), rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(npa(tan), ref(tx, w) + ref(x, tw), rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("in_axes", [(0, None), (2, None), (None, 0), (None, 3), (1, 2)])
@pytest.mark.parametrize("groups", [1, 2])
def test_conv_vmap_axes(in_axes, groups):
    r = rng(14)
    b = 3
    x = r.standard_normal((2, 7, 4))
    w = r.standard_normal((6, 3, 4 // groups))
    xs = np.stack([x + i for i in range(b)], in_axes[0]) if in_axes[0] is not None else x
    ws = np.stack([w * (i + 1) for i in range(b)], in_axes[1]) if in_axes[1] is not None else w
    f = lambda a, c: mx.conv1d(a, c, stride=2, padding=1, groups=groups)  # noqa: E731
    out = mx.vmap(f, in_axes=in_axes)(arr(xs), arr(ws))
    pick = lambda v, ax, i: v if ax is None else np.take(v, i, axis=ax)  # noqa: E731
    expect = np.stack([ref_conv(pick(xs, in_axes[0], i), pick(ws, in_axes[1], i), [2], [1], [1],
                                [1], [1], groups) for i in range(b)])
    np.testing.assert_allclose(npa(out), expect, rtol=1e-10, atol=1e-10)


def test_conv_grad_inside_compile_and_vmap_of_grad():
    r = rng(15)
    x, w = r.standard_normal((2, 6, 6, 3)), r.standard_normal((4, 3, 3, 3))
    loss = lambda a, b: (mx.conv2d(a, b, stride=2, padding=1) ** 2).sum()  # noqa: E731
    g = mx.grad(loss, argnums=(0, 1))
    gx, gw = g(arr(x), arr(w))
    cgx, cgw = mx.compile(g)(arr(x), arr(w))
    np.testing.assert_allclose(npa(cgx), npa(gx), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(npa(cgw), npa(gw), rtol=1e-12, atol=1e-12)
    def ref_loss(b):
        return (ref_conv(x, b, [2, 2], [1, 1], [1, 1], [1, 1], [1, 1], 1) ** 2).sum()
    np.testing.assert_allclose(npa(gw), finite_difference(ref_loss, w), rtol=1e-5, atol=1e-7)
    # per-example weight gradients
    xs = np.stack([x, 2 * x])
    per = mx.vmap(lambda a: mx.grad(loss, argnums=1)(a, arr(w)))(arr(xs))
    np.testing.assert_allclose(npa(per[1]), npa(mx.grad(loss, argnums=1)(arr(2 * x), arr(w))),
                               rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(npa(per[0]), npa(gw), rtol=1e-12, atol=1e-12)


def test_conv_shapeless_compile():
    f = mx.compile(lambda a, b: mx.conv1d(a, b, padding=1), shapeless=True)
    w = rng(1).standard_normal((3, 3, 2))
    for length in (5, 9):
        x = rng(length).standard_normal((2, length, 2))
        np.testing.assert_allclose(npa(f(arr(x), arr(w))),
                                   ref_conv(x, w, [1], [1], [1], [1], [1], 1), rtol=1e-10,
                                   atol=1e-10)


def test_conv_general_errors():
    x = mx.zeros((1, 5, 4))
    with pytest.raises(ValueError, match="conv"):
        mx.conv_general(x, mx.zeros((2, 3, 4)), padding=([-2], [-1]))  # cropped below kernel
    with pytest.raises(ValueError, match="conv"):
        mx.conv_general(x, mx.zeros((2, 3, 4)), stride=0)
    with pytest.raises(ValueError, match="conv"):
        mx.conv_general(x, mx.zeros((2, 3, 4)), input_dilation=0)
    with pytest.raises(ValueError, match="conv"):
        mx.conv_general(x, mx.zeros((2, 3, 4)), stride=[1, 1])
    with pytest.raises(ValueError, match="conv"):
        mx.conv_general(x.astype(mx.complex64), mx.zeros((2, 3, 4)))
    with pytest.raises(ValueError, match="conv"):
        mx.conv1d(x, mx.zeros((2, 0, 4)))  # empty kernel


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float32])
def test_conv_grads_low_precision(dtype):
    # Same gradients as float64 (checked against finite differences above).
    r = rng(16)
    x, w = r.standard_normal((2, 7, 6, 4)), r.standard_normal((6, 3, 2, 2)) * 0.5
    def loss(a, b):
        return (mx.conv2d(a, b, stride=(2, 1), padding=(1, 2), groups=2) ** 2).sum()
    g = mx.grad(loss, argnums=(0, 1))
    ex, ew = g(arr(x), arr(w))
    gx, gw = g(arr(x).astype(dtype), arr(w).astype(dtype))
    assert gx.dtype == dtype and gw.dtype == dtype
    tol = {mx.float16: 3e-2, mx.bfloat16: 1e-1, mx.float32: 1e-5}[dtype]
    for got, expect in ((gx, ex), (gw, ew)):
        scale = np.abs(npa(expect)).max()
        np.testing.assert_allclose(npa(got) / scale, npa(expect) / scale, atol=tol)


def test_conv_forward_over_reverse():
    # jvp of the weight gradient (the ConvWeightGrad node) against central differences.
    r = rng(17)
    x, w, tw = r.standard_normal((2, 6, 3)), r.standard_normal((4, 3, 3)), r.standard_normal(
        (4, 3, 3))
    gw = mx.grad(lambda b: (mx.conv1d(arr(x), b, stride=2, padding=2) ** 3).sum())
    _, (tan,) = mx.jvp(lambda b: gw(b), [arr(w)], [arr(tw)])
    eps = 1e-6
    fd = (npa(gw(arr(w + eps * tw))) - npa(gw(arr(w - eps * tw)))) / (2 * eps)
    np.testing.assert_allclose(npa(tan), fd, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float64, mx.float16])
def test_conv_pointwise(dtype):
    # 1x1 kernels (a plain matmul over channels), contiguous and strided inputs
    r = rng(18)
    x, xr = cast(r.standard_normal((2, 5, 3, 6)), dtype)
    w, wr = cast(r.standard_normal((4, 1, 1, 6)), dtype)
    tol = ALL_TOLS[dtype]
    for xv, xn in ((x, xr), (x[:, ::2], xr[:, ::2])):
        np.testing.assert_allclose(npa(mx.conv2d(xv, w)), ref_conv(xn, wr, [1, 1], [0, 0], [0, 0],
                                                                   [1, 1], [1, 1], 1),
                                   rtol=tol, atol=tol * 10)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.float64])
@pytest.mark.parametrize("mult", [1, 2])
@pytest.mark.parametrize("strided_input", [False, True])
def test_conv_depthwise(dtype, mult, strided_input):
    # groups == C_in (one input channel per group), channel multiplier `mult`
    r = rng(19)
    c = 6
    x, xr = cast(r.standard_normal((2, 9, 8, c)), dtype)
    if strided_input:
        x, xr = mx.transpose(x, (0, 2, 1, 3)), np.transpose(xr, (0, 2, 1, 3))
    w, wr = cast(r.standard_normal((c * mult, 3, 2, 1)), dtype)
    out = mx.conv2d(x, w, stride=(2, 1), padding=(1, 0), dilation=(1, 2), groups=c)
    expect = ref_conv(xr, wr, [2, 1], [1, 0], [1, 0], [1, 2], [1, 1], c)
    tol = ALL_TOLS[dtype]
    np.testing.assert_allclose(npa(out), expect, rtol=tol, atol=tol * 10)
    if dtype == mx.float64:
        cot = r.standard_normal(expect.shape)
        loss = lambda a, b: (mx.conv2d(a, b, stride=(2, 1), padding=(1, 0), dilation=(1, 2),  # noqa
                                       groups=c) * arr(cot)).sum()
        gx, gw = mx.grad(loss, argnums=(0, 1))(arr(xr), arr(wr))
        def ref(a, b):
            return (ref_conv(a, b, [2, 1], [1, 0], [1, 0], [1, 2], [1, 1], c) * cot).sum()
        np.testing.assert_allclose(npa(gx), finite_difference(lambda a: ref(a, wr), xr),
                                   rtol=1e-6, atol=1e-8)
        np.testing.assert_allclose(npa(gw), finite_difference(lambda b: ref(xr, b), wr),
                                   rtol=1e-6, atol=1e-8)


def test_conv_input_grad_transforms():
    # vmap, jvp and second-order gradients through the input-gradient node
    r = rng(20)
    x, w = r.standard_normal((2, 7, 3)), r.standard_normal((4, 3, 3))
    ws = np.stack([w, -2 * w, 0.5 * w])
    loss = lambda a, b: (mx.conv1d(a, b, stride=2, padding=1) ** 2).sum()  # noqa: E731
    gx = mx.grad(loss)
    per = mx.vmap(lambda b: gx(arr(x), b))(arr(ws))
    for i in range(3):
        np.testing.assert_allclose(npa(per[i]), npa(gx(arr(x), arr(ws[i]))), rtol=1e-12,
                                   atol=1e-12)
    tx = r.standard_normal(x.shape)
    _, (tan,) = mx.jvp(lambda a: gx(a, arr(w)), [arr(x)], [arr(tx)])
    eps = 1e-6
    fd = (npa(gx(arr(x + eps * tx), arr(w))) - npa(gx(arr(x - eps * tx), arr(w)))) / (2 * eps)
    np.testing.assert_allclose(npa(tan), fd, rtol=1e-6, atol=1e-7)
    # d/dw of |dL/dx|^2 against central differences
    h = lambda b: (gx(arr(x), b) ** 2).sum()  # noqa: E731
    gh = mx.grad(h)(arr(w))
    fdw = finite_difference(lambda b: float(h(arr(b))), w)
    np.testing.assert_allclose(npa(gh), fdw, rtol=1e-5, atol=1e-6)
