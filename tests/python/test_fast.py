"""mx.fast: layer_norm, rms_norm, rope and scaled_dot_product_attention against
NumPy implementations of MLX's documented formulas."""
import math

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


DTYPES = [(mx.float32, np.float32, 1e-5), (mx.float16, np.float16, 2e-3),
          (mx.float64, np.float64, 1e-12)]


def ref_layer_norm(x, w, b, eps):
    x = x.astype(np.float64)
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    out = (x - mu) / np.sqrt(var + eps)
    if w is not None:
        out = out * w
    if b is not None:
        out = out + b
    return out


def ref_rms_norm(x, w, eps):
    x = x.astype(np.float64)
    out = x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)
    return out if w is None else out * w


@pytest.mark.parametrize("mxt,npt,tol", DTYPES)
def test_layer_norm(mxt, npt, tol):
    x = (rng().standard_normal((2, 3, 8)) * 3 + 1).astype(npt)
    w = rng(1).standard_normal(8).astype(npt)
    b = rng(2).standard_normal(8).astype(npt)
    for ww, bb in ((w, b), (None, b), (w, None), (None, None)):
        out = mx.fast.layer_norm(arr(x), None if ww is None else arr(ww),
                                 None if bb is None else arr(bb), 1e-5)
        assert out.dtype == mxt
        np.testing.assert_allclose(npa(out), ref_layer_norm(x, ww, bb, 1e-5), rtol=tol * 10,
                                   atol=tol * 10)


@pytest.mark.parametrize("mxt,npt,tol", DTYPES)
def test_rms_norm(mxt, npt, tol):
    x = (rng().standard_normal((4, 16)) * 2).astype(npt)
    w = rng(1).standard_normal(16).astype(npt)
    out = mx.fast.rms_norm(arr(x), arr(w), 1e-6)
    assert out.dtype == mxt
    np.testing.assert_allclose(npa(out), ref_rms_norm(x, w, 1e-6), rtol=tol * 10, atol=tol * 10)
    out = mx.fast.rms_norm(arr(x), None, 1e-6)
    np.testing.assert_allclose(npa(out), ref_rms_norm(x, None, 1e-6), rtol=tol * 10,
                               atol=tol * 10)


def test_norms_noncontiguous_grad_compile_and_errors():
    x = rng().standard_normal((6, 5))
    w = rng(1).standard_normal(6)
    xt = arr(x).T  # (5, 6), transposed view
    np.testing.assert_allclose(npa(mx.fast.layer_norm(xt, arr(w), None, 1e-5)),
                               ref_layer_norm(x.T, w, None, 1e-5), rtol=1e-10)
    np.testing.assert_allclose(npa(mx.fast.rms_norm(xt, arr(w), 1e-5)),
                               ref_rms_norm(x.T, w, 1e-5), rtol=1e-10)

    c = rng(2).standard_normal((5, 6))

    def fd(f, v, eps=1e-6):
        g = np.zeros_like(v)
        for i in np.ndindex(v.shape):
            p, m = v.copy(), v.copy()
            p[i] += eps
            m[i] -= eps
            g[i] = (f(p) - f(m)) / (2 * eps)
        return g

    xs = x.T.copy()
    g = mx.grad(lambda v: (mx.fast.layer_norm(v, arr(w), None, 1e-5) * arr(c)).sum())(
        arr(xs))
    np.testing.assert_allclose(npa(g), fd(lambda v: (ref_layer_norm(v, w, None, 1e-5) * c).sum(),
                                          xs), rtol=1e-5, atol=1e-7)
    gw = mx.grad(lambda ww: (mx.fast.rms_norm(arr(xs), ww, 1e-5) * arr(c)).sum())(
        arr(w))
    np.testing.assert_allclose(npa(gw), fd(lambda ww: (ref_rms_norm(xs, ww, 1e-5) * c).sum(), w),
                               rtol=1e-5, atol=1e-7)

    f = mx.compile(lambda v: mx.fast.rms_norm(v, None, 1e-5))
    np.testing.assert_allclose(npa(f(arr(xs))), ref_rms_norm(xs, None, 1e-5), rtol=1e-10)

    with pytest.raises(ValueError, match="layer_norm"):
        mx.fast.layer_norm(arr(xs), arr(np.ones(5)), None, 1e-5)
    with pytest.raises(ValueError, match="rms_norm"):
        mx.fast.rms_norm(arr(xs), arr(np.ones((1, 6))), 1e-5)
    with pytest.raises(ValueError, match="rms_norm"):
        mx.fast.rms_norm(arr([1, 2, 3]), None, 1e-5)


# ---------------------------------------------------------------- rope
def ref_rope(x, dims, traditional, base, scale, offset, freqs=None):
    x = x.astype(np.float64)
    L = x.shape[-2]
    half = dims // 2
    pos = (offset + np.arange(L)) * scale
    if freqs is None:
        inv = base ** (-np.arange(half) / half)
    else:
        inv = 1.0 / freqs
    theta = pos[:, None] * inv[None, :]
    c, s = np.cos(theta), np.sin(theta)
    out = x.copy()
    if traditional:
        x1, x2 = x[..., 0:dims:2], x[..., 1:dims:2]
        out[..., 0:dims:2] = x1 * c - x2 * s
        out[..., 1:dims:2] = x1 * s + x2 * c
    else:
        x1, x2 = x[..., :half], x[..., half:dims]
        out[..., :half] = x1 * c - x2 * s
        out[..., half:dims] = x1 * s + x2 * c
    return out


@pytest.mark.parametrize("traditional", [False, True])
@pytest.mark.parametrize("mxt,npt,tol", DTYPES)
def test_rope(traditional, mxt, npt, tol):
    x = rng().standard_normal((2, 3, 7, 16)).astype(npt)
    for dims, base, scale, offset in ((16, 10000.0, 1.0, 0), (8, 500.0, 0.5, 3),
                                      (12, 10000.0, 2.0, 11)):
        out = mx.fast.rope(arr(x), dims, traditional=traditional, base=base, scale=scale,
                           offset=offset)
        assert out.dtype == mxt and out.shape == x.shape
        expect = ref_rope(x, dims, traditional, base, scale, offset)
        np.testing.assert_allclose(npa(out), expect, rtol=tol * 20, atol=tol * 20)


def test_rope_freqs_grad_and_errors():
    x = rng().standard_normal((1, 5, 8))
    freqs = np.array([1.0, 3.0, 10.0, 40.0])
    out = mx.fast.rope(arr(x), 8, traditional=False, base=None, scale=1.0, offset=2,
                       freqs=arr(freqs))
    np.testing.assert_allclose(npa(out), ref_rope(x, 8, False, None, 1.0, 2, freqs), rtol=1e-10)
    # rope is a rotation: the gradient of sum(rope(x) * c) is rope^T(c).
    c = rng(1).standard_normal(x.shape)
    g = mx.grad(lambda v: (mx.fast.rope(v, 8, traditional=True, base=10000.0, scale=1.0,
                                        offset=0) * arr(c)).sum())(arr(x))
    eps = 1e-6
    expect = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        p, m = x.copy(), x.copy()
        p[i] += eps
        m[i] -= eps
        expect[i] = ((ref_rope(p, 8, True, 10000.0, 1.0, 0) -
                      ref_rope(m, 8, True, 10000.0, 1.0, 0)) * c).sum() / (2 * eps)
    np.testing.assert_allclose(npa(g), expect, rtol=1e-6, atol=1e-8)
    with pytest.raises(ValueError, match="rope"):
        mx.fast.rope(arr(x), 9, traditional=False, base=10000.0, scale=1.0, offset=0)
    with pytest.raises(ValueError, match="rope"):
        mx.fast.rope(arr(x[0]), 8, traditional=False, base=10000.0, scale=1.0, offset=0)
    with pytest.raises(ValueError, match="rope"):
        mx.fast.rope(arr(x), 8, traditional=False, base=None, scale=1.0, offset=0)


@pytest.mark.parametrize("traditional", [False, True])
def test_rope_fused_call_per_shape(traditional):
    # Eager rope is one fused call traced per shape: a prompt, then decoding
    # steps of one position with growing offsets, a batch with per-row
    # offsets, then the prompt's shape again.
    r = rng(5)
    cases = [((1, 8, 64, 32), 0), ((1, 8, 1, 32), 64), ((1, 8, 1, 32), 65),
             ((2, 4, 5, 32), np.array([3, 17], np.int32)), ((1, 8, 64, 32), 7),
             ((3, 1, 24), 2)]
    for shape, offset in cases:
        x = r.standard_normal(shape).astype(np.float32)
        off = mx.array(offset) if isinstance(offset, np.ndarray) else offset
        out = mx.fast.rope(mx.array(x), 24, traditional=traditional, base=10000.0, scale=1.0,
                           offset=off)
        assert out.shape == shape
        if isinstance(offset, np.ndarray):
            expect = np.stack([ref_rope(x[b:b + 1], 24, traditional, 10000.0, 1.0, int(o))[0]
                               for b, o in enumerate(offset)])
        else:
            expect = ref_rope(x, 24, traditional, 10000.0, 1.0, offset)
        np.testing.assert_allclose(npa(out), expect, rtol=2e-5, atol=2e-5)
        # Inside mx.compile the composite is traced with the caller's graph:
        # the same values.
        f = mx.compile(lambda v, o=off: mx.fast.rope(v, 24, traditional=traditional,
                                                      base=10000.0, scale=1.0, offset=o))
        np.testing.assert_allclose(npa(f(mx.array(x))), npa(out), rtol=1e-6, atol=1e-6)


def test_rope_float16_and_offset_array_grad():
    x = rng(6).standard_normal((1, 2, 3, 8)).astype(np.float16)
    out = mx.fast.rope(mx.array(x), 8, traditional=False, base=100.0, scale=1.0,
                       offset=mx.array(4))
    assert out.dtype == mx.float16
    np.testing.assert_allclose(npa(out), ref_rope(x, 8, False, 100.0, 1.0, 4), atol=5e-3)
    c = rng(7).standard_normal((1, 2, 3, 8)).astype(np.float32)
    xf = mx.array(x.astype(np.float32))
    g = mx.grad(lambda v: (mx.fast.rope(v, 8, traditional=False, base=100.0, scale=1.0,
                                        offset=mx.array(4)) * mx.array(c)).sum())(xf)
    # The transpose of a rotation by theta is the rotation by -theta.
    half = 4
    theta = (4 + np.arange(3))[:, None] * 100.0 ** (-np.arange(half) / half)
    cos, sin = np.cos(theta), np.sin(theta)
    expect = np.empty_like(c, dtype=np.float64)
    expect[..., :half] = c[..., :half] * cos + c[..., half:] * sin
    expect[..., half:] = -c[..., :half] * sin + c[..., half:] * cos
    np.testing.assert_allclose(npa(g), expect, rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------- attention
def ref_sdpa(q, k, v, scale, mask=None):
    q, k, v = (t.astype(np.float64) for t in (q, k, v))
    rep = q.shape[1] // k.shape[1]
    k = np.repeat(k, rep, axis=1)
    v = np.repeat(v, rep, axis=1)
    s = scale * q @ np.swapaxes(k, -1, -2)
    if isinstance(mask, str):
        lq, lk = s.shape[-2:]
        allowed = (np.arange(lk - lq, lk)[:, None] >= np.arange(lk)[None, :])
        s = np.where(allowed, s, -np.inf)
    elif mask is not None and mask.dtype == np.bool_:
        s = np.where(mask, s, -np.inf)
    elif mask is not None:
        s = s + mask
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(-1, keepdims=True)
    return p @ v


@pytest.mark.parametrize("mxt,npt,tol", DTYPES)
@pytest.mark.parametrize("heads", [(4, 4), (4, 2), (6, 1)])
def test_sdpa(mxt, npt, tol, heads):
    hq, hkv = heads
    r = rng()
    q = r.standard_normal((2, hq, 5, 8)).astype(npt)
    k = r.standard_normal((2, hkv, 7, 8)).astype(npt)
    v = r.standard_normal((2, hkv, 7, 3)).astype(npt)
    scale = float(np.float32(1.0 / math.sqrt(8)))  # the op takes a C float
    add_mask = r.standard_normal((5, 7)).astype(npt)
    bool_mask = r.random((2, 1, 5, 7)) > 0.3
    bool_mask[..., 0] = True  # every query sees at least one key
    for mask in (None, "causal", add_mask, bool_mask):
        mx_mask = mask if mask is None or isinstance(mask, str) else arr(mask)
        out = mx.fast.scaled_dot_product_attention(arr(q), arr(k), arr(v),
                                                   scale=scale, mask=mx_mask)
        assert out.dtype == mxt and out.shape == (2, hq, 5, 3)
        np.testing.assert_allclose(npa(out), ref_sdpa(q, k, v, scale, mask), rtol=tol * 20,
                                   atol=tol * 20)


def test_sdpa_grad_noncontiguous_compile_errors():
    r = rng(7)
    q = r.standard_normal((1, 2, 3, 4))
    k = r.standard_normal((1, 2, 4, 4))
    v = r.standard_normal((1, 2, 4, 4))
    c = r.standard_normal((1, 2, 3, 4))
    # non-contiguous inputs: transposed views
    qt = mx.swapaxes(arr(np.swapaxes(q, 2, 3).copy()), 2, 3)
    out = mx.fast.scaled_dot_product_attention(qt, arr(k), arr(v), scale=0.5,
                                               mask="causal")
    np.testing.assert_allclose(npa(out), ref_sdpa(q, k, v, 0.5, "causal"), rtol=1e-10)

    g = mx.grad(lambda t: (mx.fast.scaled_dot_product_attention(
        t, arr(k), arr(v), scale=0.5, mask="causal") * arr(c)).sum())(arr(q))
    eps = 1e-6
    expect = np.zeros_like(q)
    for i in np.ndindex(q.shape):
        p, m = q.copy(), q.copy()
        p[i] += eps
        m[i] -= eps
        expect[i] = ((ref_sdpa(p, k, v, 0.5, "causal") - ref_sdpa(m, k, v, 0.5, "causal"))
                     * c).sum() / (2 * eps)
    np.testing.assert_allclose(npa(g), expect, rtol=1e-5, atol=1e-8)

    f = mx.compile(lambda a, b, d: mx.fast.scaled_dot_product_attention(a, b, d, scale=0.5))
    np.testing.assert_allclose(npa(f(arr(q), arr(k), arr(v))),
                               ref_sdpa(q, k, v, 0.5), rtol=1e-10)

    with pytest.raises(ValueError, match="scaled_dot_product_attention"):
        mx.fast.scaled_dot_product_attention(arr(q[0]), arr(k), arr(v), scale=1.0)
    with pytest.raises(ValueError, match="scaled_dot_product_attention"):
        mx.fast.scaled_dot_product_attention(arr(np.zeros((1, 3, 3, 4))), arr(k),
                                             arr(v), scale=1.0)
    with pytest.raises(ValueError, match="scaled_dot_product_attention"):
        mx.fast.scaled_dot_product_attention(arr(q), arr(k), arr(v), scale=1.0,
                                             mask="banana")
    with pytest.raises(ValueError, match="scaled_dot_product_attention"):
        mx.fast.scaled_dot_product_attention(arr(q), arr(k), arr(v), scale=1.0,
                                             mask=mx.zeros((5, 5)))


def test_sdpa_mask_and_sinks_must_not_widen_the_output_type():
    # MLX's rule: an additive mask (or sinks) is added in the output type.
    rng = np.random.default_rng(0)
    q = mx.array(rng.standard_normal((1, 2, 4, 8)).astype(np.float16))
    f32_mask = mx.zeros((4, 4), dtype=mx.float32)
    with pytest.raises(ValueError, match="Mask type must promote to output type float16"):
        mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5, mask=f32_mask)
    with pytest.raises(ValueError, match="Mask type must promote"):
        mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5,
                                             mask=f32_mask.astype(mx.bfloat16))
    with pytest.raises(ValueError, match="Type of sinks must promote"):
        mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5, sinks=mx.zeros((2,)))
    ok = mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5,
                                              mask=f32_mask.astype(mx.float16))
    plain = mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5)
    np.testing.assert_array_equal(np.array(ok), np.array(plain))
    bool_mask = mx.ones((4, 4), dtype=mx.bool_)
    ok = mx.fast.scaled_dot_product_attention(q, q, q, scale=0.5, mask=bool_mask)
    np.testing.assert_array_equal(np.array(ok), np.array(plain))
    # A narrower mask is cast up: float32 queries with a float16 mask.
    q32 = q.astype(mx.float32)
    got = mx.fast.scaled_dot_product_attention(q32, q32, q32, scale=0.5,
                                               mask=mx.zeros((4, 4), dtype=mx.float16))
    np.testing.assert_allclose(np.array(got),
                               np.array(mx.fast.scaled_dot_product_attention(q32, q32, q32,
                                                                             scale=0.5)))
