"""nvfp4 quantization (MLX 0.32's format): groups of 16 values, fp4 e2m1 codes
packed 8 to a uint32 word, one fp8 e4m3 scale code per group, an optional
float32 global scale. Checked against hand-computed cases and a NumPy
implementation of the format written from its definition."""
import numpy as np
import pytest

import mxcore as mx

FP4 = np.array([0, .5, 1, 1.5, 2, 3, 4, 6, -0., -.5, -1, -1.5, -2, -3, -4, -6], np.float32)
RANGE = np.float32(448 * 6)  # largest e4m3 value times largest e2m1 value


def e4m3_decode(codes):
    c = np.asarray(codes, np.int64)
    e, m = (c >> 3) & 15, (c & 7).astype(np.float32)
    mag = np.where(e == 0, m * 2.0 ** -9, (1 + m / 8) * np.exp2(e - 7.0)).astype(np.float32)
    mag = np.where((c & 127) == 127, np.nan, mag)
    return np.where(c >= 128, -mag, mag).astype(np.float32)


E4M3 = e4m3_decode(np.arange(127))  # the non-negative finite values, increasing


def e4m3_encode(x):
    """Nearest e4m3 code, ties to the even code, saturating at 448 (nan too)."""
    x = np.asarray(x, np.float32)
    a = np.abs(x)
    a = np.where(np.isnan(a), 448, np.minimum(a, 448))
    d = np.abs(a[..., None] - E4M3)
    ties = d == d.min(-1, keepdims=True)
    even = np.where(ties & (np.arange(127) % 2 == 0), np.arange(127), 999).min(-1)
    code = np.where(even == 999, ties.argmax(-1), even)
    return (code | np.where(np.signbit(x), 128, 0)).astype(np.uint8)


def ref_quantize(w, global_scale=None):
    """(packed, scales) of w (rows, K) in float32 or float16. Like MLX, max|w| / 6
    and w / scale are rounded to w's dtype and the rest is float32; the nearest
    fp4 value wins, ties toward the smaller magnitude (and toward +0)."""
    t = w.dtype.type
    rows, k = w.shape
    g = w.reshape(rows, k // 16, 16)
    s = (np.abs(g).max(-1, keepdims=True) / t(6)).astype(t).astype(np.float32)
    enc = np.float32(1) if global_scale is None else RANGE / np.float32(global_scale)
    codes_s = e4m3_encode(s * enc)
    scale = e4m3_decode(codes_s).astype(t)
    with np.errstate(divide="ignore", invalid="ignore"):
        v = (g / scale).astype(t).astype(np.float32) * enc
    dist = np.abs(v[..., None] - FP4)
    codes = np.where(scale == 0, 0, np.argmin(np.nan_to_num(dist, nan=np.inf), -1))
    codes = codes.reshape(rows, k // 8, 8).astype(np.uint64)
    words = (codes << (4 * np.arange(8, dtype=np.uint64))).sum(-1).astype(np.uint32)
    return words, codes_s.reshape(rows, k // 16)


def ref_dequantize(words, scales, global_scale=None):
    codes = (words[..., None].astype(np.uint64) >> (4 * np.arange(8, dtype=np.uint64))) & 15
    vals = FP4[codes.reshape(words.shape[0], -1, 16)]
    sc = e4m3_decode(scales)[..., None]
    if global_scale is not None:
        sc = sc * (np.float32(global_scale) / RANGE)
    return (vals * sc).reshape(words.shape[0], -1).astype(np.float32)


def bits_equal(a, b):
    np.testing.assert_array_equal(np.asarray(a, np.float32).view(np.uint32),
                                  np.asarray(b, np.float32).view(np.uint32))


def test_hand_computed_codes_ties_and_zero_groups():
    row = [6, 5, -5, 3.5, -2.5, 0.25, -0.25, -0.1, 1.25, -1.75, 0.75, 2.5, -3.5, -0.0, 5.5, 4.5]
    w = np.zeros((2, 32), np.float32)
    w[0, :16] = row          # max 6: scale 1.0 = e4m3 code 7 << 3
    w[1, :4] = [1e-5, -1e-5, 0, 3e-6]  # scale rounds to e4m3 zero: every code 0
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    assert wq.dtype == mx.uint32 and wq.shape == (2, 4)
    assert scales.dtype == mx.uint8 and scales.shape == (2, 2)
    # 6->6, 5->4 (tie toward zero), -5->-4, 3.5->3, -2.5->-2, +-0.25 and -0.1 -> +0;
    # 1.25->1, -1.75->-1.5, 0.75->0.5, 2.5->2, -3.5->-3, -0.0->+0, 5.5->6, 4.5->4.
    assert np.array(wq)[0, :2].tolist() == [0x000C5E67, 0x670D41B2]
    assert np.array(scales).tolist() == [[56, 0], [0, 0]]
    assert np.array(wq)[1].tolist() == [0, 0, 0, 0]
    back = mx.dequantize(wq, scales, mode="nvfp4", dtype=mx.float32)
    np.testing.assert_array_equal(np.array(back)[0, :16],
                                  [6, 4, -4, 3, -2, 0, 0, 0, 1, -1.5, .5, 2, -3, 0, 6, 4])
    np.testing.assert_array_equal(np.array(back)[1], 0)


def test_hand_computed_global_scale():
    # global scale 1344: enc = 2688 / 1344 = 2, scale code e4m3(3 / 6 * 2) = 1.0,
    # values w * 2 rounded to fp4, dequantized as fp4 * 1.0 * 1344 / 2688.
    w = np.array([[3, 1.1, -0.6, 0.2] + [0] * 12], np.float32)  # 0.4 rounds to 0.5
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4", global_scale=mx.array(1344.0))
    assert np.array(scales).tolist() == [[56]]
    back = mx.dequantize(wq, scales, mode="nvfp4", global_scale=mx.array(1344.0),
                         dtype=mx.float32)
    np.testing.assert_array_equal(np.array(back)[0, :4], [3, 1, -0.5, 0.25])


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("global_scale", [None, 0.75, 37.5])
def test_matches_reference(dtype, global_scale):
    rng = np.random.default_rng(3)
    for rows, k, magnitude in [(4, 64, 1.0), (3, 48, 1e-3), (2, 16, 300.0), (6, 96, 20.0)]:
        w = (rng.standard_normal((rows, k)) * magnitude).astype(dtype)
        w[0, :16] = 0
        kw = {} if global_scale is None else {"global_scale": mx.array(global_scale)}
        wq, scales = mx.quantize(mx.array(w), mode="nvfp4", **kw)
        ref_q, ref_s = ref_quantize(w, global_scale)
        np.testing.assert_array_equal(np.array(wq), ref_q)
        np.testing.assert_array_equal(np.array(scales), ref_s)
        back = mx.dequantize(wq, scales, mode="nvfp4", dtype=mx.float32, **kw)
        bits_equal(np.array(back), ref_dequantize(ref_q, ref_s, global_scale))


def test_dequantize_dtypes_and_defaults():
    w = np.random.default_rng(0).standard_normal((2, 32)).astype(np.float32)
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    assert mx.quantize(mx.array(w), None, None, "nvfp4")[0].shape == (2, 4)
    assert mx.dequantize(wq, scales, mode="nvfp4").dtype == mx.bfloat16
    ref = ref_dequantize(np.array(wq), np.array(scales))
    # Without a global scale every value is exact in any float type.
    for dt in (mx.bfloat16, mx.float16):
        out = mx.dequantize(wq, scales, mode="nvfp4", dtype=dt)
        assert out.dtype == dt
        np.testing.assert_array_equal(np.array(out.astype(mx.float32)), ref)
    # With one, the float32 products are rounded to the requested dtype.
    gs = mx.array(5.0)
    out = mx.dequantize(wq, scales, mode="nvfp4", global_scale=gs, dtype=mx.float16)
    assert out.dtype == mx.float16
    np.testing.assert_array_equal(np.array(out),
                                  ref_dequantize(np.array(wq), np.array(scales), 5.0)
                                  .astype(np.float16))


def test_batched_quantize():
    w = np.random.default_rng(1).standard_normal((2, 3, 32)).astype(np.float32)
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    assert wq.shape == (2, 3, 4) and scales.shape == (2, 3, 2)
    ref_q, ref_s = ref_quantize(w.reshape(6, 32))
    np.testing.assert_array_equal(np.array(wq).reshape(6, 4), ref_q)
    np.testing.assert_array_equal(np.array(scales).reshape(6, 2), ref_s)


def test_quantized_matmul_and_gather_qmm():
    rng = np.random.default_rng(5)
    w = rng.standard_normal((4, 3, 32)).astype(np.float32)
    x = rng.standard_normal((2, 5, 32)).astype(np.float32)
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    wd = ref_dequantize(np.array(wq).reshape(12, 4), np.array(scales).reshape(12, 2))
    wd = wd.reshape(4, 3, 32)
    y = mx.quantized_matmul(mx.array(x[0]), wq[1], scales[1], mode="nvfp4")
    assert y.dtype == mx.float32
    np.testing.assert_allclose(np.array(y), x[0] @ wd[1].T, rtol=1e-5, atol=1e-5)
    y16 = mx.quantized_matmul(mx.array(x[0].astype(np.float16)), wq[1], scales[1], mode="nvfp4")
    assert y16.dtype == mx.float16
    # gather_qmm with per-expert global scales (one float32 entry per matrix).
    gs = np.array([1.0, 2.0, 4.0, 8.0], np.float32)
    wq_g, s_g = zip(*[mx.quantize(mx.array(w[e]), mode="nvfp4", global_scale=mx.array(gs[e]))
                      for e in range(4)])
    wq_g, s_g = mx.stack(list(wq_g)), mx.stack(list(s_g))
    idx = np.array([3, 0], np.uint32)
    y = mx.gather_qmm(mx.array(x), wq_g, s_g, rhs_indices=mx.array(idx), mode="nvfp4",
                      global_scale=mx.array(gs))
    for b, e in enumerate(idx):
        wde = ref_dequantize(np.array(wq_g[e]), np.array(s_g[e]), gs[e])
        np.testing.assert_allclose(np.array(y[b]), x[b] @ wde.T, rtol=1e-5, atol=1e-5)


def test_quantized_matmul_untransposed():
    rng = np.random.default_rng(6)
    w = rng.standard_normal((16, 32)).astype(np.float32)  # used as (K=16, N=32)
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    wd = ref_dequantize(np.array(wq), np.array(scales))
    x = rng.standard_normal((3, 16)).astype(np.float32)
    y = mx.quantized_matmul(mx.array(x), wq, scales, transpose=False, mode="nvfp4")
    np.testing.assert_allclose(np.array(y), x @ wd, rtol=1e-5, atol=1e-5)


def test_gradients():
    rng = np.random.default_rng(8)
    w = rng.standard_normal((3, 32)).astype(np.float32)
    x = mx.array(rng.standard_normal((2, 32)).astype(np.float32))
    wq, scales = mx.quantize(mx.array(w), mode="nvfp4")
    wd = ref_dequantize(np.array(wq), np.array(scales))
    # d/dx sum(x @ wd.T) = ones @ wd.
    g = mx.grad(lambda x: mx.quantized_matmul(x, wq, scales, mode="nvfp4").sum())(x)
    np.testing.assert_allclose(np.array(g), np.ones((2, 3)) @ wd, rtol=1e-6)
    # vmap over x.
    v = mx.vmap(lambda x: mx.quantized_matmul(x, wq, scales, mode="nvfp4"))(x[:, None])
    np.testing.assert_allclose(np.array(v)[:, 0], np.array(x) @ wd.T, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nvfp4", "mxfp4", "mxfp8"])
def test_scales_have_no_gradient(mode):
    w = mx.array(np.random.default_rng(2).standard_normal((4, 32)).astype(np.float32))
    x = mx.ones((2, 32))
    wq, scales = mx.quantize(w, mode=mode)
    with pytest.raises(ValueError, match=rf"\[QuantizedMatmul::vjp\] no gradient wrt scales in "
                                         rf"{mode} quantization\."):
        mx.vjp(lambda s: mx.quantized_matmul(x, wq, s, mode=mode), [scales], [mx.ones((2, 4))])
    with pytest.raises(ValueError, match=rf"\[GatherQMM::vjp\] no gradient wrt scales in {mode}"):
        mx.vjp(lambda s: mx.gather_qmm(x, wq, s, mode=mode), [scales], [mx.ones((2, 4))])
    with pytest.raises(RuntimeError, match=r"\[QuantizedMatmul::jvp\] No JVP wrt the quantized"):
        mx.jvp(lambda s: mx.quantized_matmul(x, wq, s, mode=mode), [scales], [scales])


W = mx.ones((4, 32))
WQ, S = mx.quantize(W, mode="nvfp4")


@pytest.mark.parametrize("call,msg", [
    (lambda: mx.quantize(W, 32, mode="nvfp4"),
     "[quantize] nvfp4 quantization requires group size 16 but got 32."),
    (lambda: mx.quantize(W, bits=8, mode="nvfp4"),
     "[quantize] nvfp4 quantization requires bits to be 4 but got 8."),
    (lambda: mx.quantize(mx.ones((4, 24)), mode="nvfp4"),
     "[quantize] The last dimension of the matrix needs to be divisible by the quantization "
     "group size 16."),
    (lambda: mx.quantize(mx.ones((32,)), mode="nvfp4"), "[quantize] The matrix to be quantized "
     "must have at least 2 dimension but it has only 1."),
    (lambda: mx.quantize(W, mode="nvfp4", global_scale=mx.array([1.0, 2.0])),
     "[quantize] Global scale must be a scalar but got shape (2,)."),
    (lambda: mx.quantize(W, mode="nvfp4", global_scale=mx.array(1.0, dtype=mx.float16)),
     "[quantize] Global scale must have dtype float32 but got float16."),
    (lambda: mx.quantize(W, mode="mxfp4", global_scale=mx.array(1.0)),
     "[quantize] Global scale is only supported for 'nvfp4' quantization mode."),
    (lambda: mx.dequantize(WQ, S, mode="nvfp4", group_size=32),
     "[dequantize] nvfp4 quantization requires group size 16 but got 32."),
    (lambda: mx.dequantize(WQ, S, S, mode="nvfp4"),
     "[dequantize] Biases must be null for quantization mode 'nvfp4'."),
    (lambda: mx.dequantize(WQ, S.astype(mx.float32), mode="nvfp4"),
     "[dequantize] Scale type must be uint8 but received type float32."),
    (lambda: mx.dequantize(WQ, S[:, :1], mode="nvfp4"), "[dequantize] Shape of scales"),
    (lambda: mx.dequantize(*mx.quantize(mx.ones((2, 64))), global_scale=mx.array(1.0)),
     "[dequantize] Global scale is only supported for 'nvfp4' quantization mode."),
    (lambda: mx.dequantize(WQ, S, mode="mxfp4", group_size=32, global_scale=mx.array(1.0)),
     "[dequantize]"),
    (lambda: mx.quantized_matmul(mx.ones((2, 32), dtype=mx.int32), WQ, S, mode="nvfp4"),
     "[quantized_matmul] Only real floating types are supported but x.dtype() == int32."),
    (lambda: mx.quantized_matmul(mx.ones((2, 32)), WQ, S[:, :1], mode="nvfp4"),
     "[quantized_matmul] The shapes of the weight and scales are incompatible"),
    (lambda: mx.quantize(mx.ones((2, 32), dtype=mx.int32), mode="nvfp4"),
     "[quantize] Only real floating types can be quantized but w has type int32."),
    (lambda: mx.quantized_matmul(mx.ones((2, 16)), WQ, S, mode="nvfp4"),
     "[quantized_matmul] Last dimension of first input"),
    (lambda: mx.gather_qmm(mx.ones((2, 32)), WQ, S, mode="nvfp4",
                           global_scale=mx.array([1.0, 2.0])),
     "[gather_qmm] Global scale must have one entry per expert"),
])
def test_errors(call, msg):
    with pytest.raises(ValueError) as info:
        call()
    assert msg in str(info.value)
