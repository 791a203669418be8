"""conv1d / conv2d / conv3d / conv_general (channels-last) against a direct
NumPy reference, with gradients checked by finite differences."""
import itertools

import numpy as np
import pytest

import mxcore as mx


def arr(x):
    """mx.array keeping float64 (mx.array turns float64 NumPy data into float32)."""
    x = np.asarray(x)
    return mx.array(x, dtype=mx.float64) if x.dtype == np.float64 else mx.array(x)


def rng(seed=0):
    return np.random.default_rng(seed)


def npa(a):
    return np.array(a).astype(np.float64)


def ref_conv(x, w, stride, pad_lo, pad_hi, kdil, idil, groups, flip=False):
    """Direct loop over output positions and kernel taps (cross-correlation)."""
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    nd = x.ndim - 2
    if flip:
        w = w[(slice(None),) + (slice(None, None, -1),) * nd]
    # input dilation: zeros between neighbours
    for i in range(nd):
        d = idil[i]
        if d > 1:
            n = x.shape[i + 1]
            shape = list(x.shape)
            shape[i + 1] = (n - 1) * d + 1
            y = np.zeros(shape)
            idx = [slice(None)] * x.ndim
            idx[i + 1] = slice(None, None, d)
            y[tuple(idx)] = x
            x = y
    x = np.pad(x, [(0, 0)] + [(pad_lo[i], pad_hi[i]) for i in range(nd)] + [(0, 0)])
    n, c_in = x.shape[0], x.shape[-1]
    c_out = w.shape[0]
    ks = w.shape[1:-1]
    cg, og = c_in // groups, c_out // groups
    outs = [(x.shape[i + 1] - kdil[i] * (ks[i] - 1) - 1) // stride[i] + 1 for i in range(nd)]
    out = np.zeros([n] + outs + [c_out])
    for o in itertools.product(*[range(v) for v in outs]):
        for k in itertools.product(*[range(v) for v in ks]):
            pos = tuple(o[i] * stride[i] + k[i] * kdil[i] for i in range(nd))
            xv = x[(slice(None),) + pos]  # (n, c_in)
            for g in range(groups):
                wk = w[(slice(g * og, (g + 1) * og),) + k]  # (og, cg)
                out[(slice(None),) + o + (slice(g * og, (g + 1) * og),)] += (
                    xv[:, g * cg:(g + 1) * cg] @ wk.T)
    return out


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
