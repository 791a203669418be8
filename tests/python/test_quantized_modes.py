"""MLX 0.32 quantization API: None defaults, the mxfp4 / mxfp8 modes (e8m0
scales, fp4 e2m1 / fp8 e4m3 values), dequantize's dtype, optional biases, gather_qmm, and
errors. NumPy references implement the documented formats."""

import numpy as np
import pytest

import mxcore as mx

FP4 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6], np.float64)


def f64(x):
    return mx.array(np.asarray(x, np.float64), dtype=mx.float64)


def unpack4(wq):
    words = np.asarray(wq).astype(np.uint64)
    nib = np.stack([(words >> np.uint64(4 * j)) & np.uint64(15) for j in range(8)], -1)
    return nib.reshape(words.shape[:-1] + (-1,)).astype(np.int64)


def ref_mxfp4_quantize(w):
    """Scale 2^e with e = ceil(log2(max|w| / 6)) per 32 values (e = 0 for an
    all-zero group); each w / 2^e goes to the nearest e2m1 value, ties down."""
    g = w.reshape(w.shape[:-1] + (-1, 32)).astype(np.float32)
    amax = np.abs(g).max(-1, keepdims=True)
    with np.errstate(divide="ignore"):
        e = np.where(amax == 0, 0, np.ceil(np.log2(amax / np.float32(6))))
    e = np.clip(e, -127, 127)
    v = g / np.float32(2.0) ** e
    mids = (FP4[1:] + FP4[:-1]) / 2
    code = (np.abs(v)[..., None] > mids).sum(-1)
    code = code + 8 * ((v < 0) & (code > 0))
    return code.reshape(w.shape), (e[..., 0] + 127).astype(np.uint8)


def ref_mxfp4_dequantize(codes, scales):
    vals = np.where(codes >= 8, -FP4[codes % 8], FP4[codes % 8])
    vals = vals.reshape(codes.shape[:-1] + (-1, 32))
    out = vals * 2.0 ** (scales.astype(np.float64)[..., None] - 127)
    return out.reshape(codes.shape)


@pytest.mark.parametrize("dt", [mx.float32, mx.float16, mx.bfloat16])
def test_mxfp4_quantize_matches_reference(dt):
    rng = np.random.default_rng(0)
    w = rng.standard_normal((3, 4, 96)) * np.array([1e-3, 1.0, 40.0])[:, None, None]
    w[0, 0, :32] = 0.0                                # all-zero group
    w[1, 1, :8] = [0.25, 0.5, 1.25, 1.75, 2.5, 3.5, 5.0, 6.0]   # ties with scale 1
    w[1, 1, 8:32] = 0.1
    wm = mx.array(w.astype(np.float32)).astype(dt)
    wq, scales = mx.quantize(wm, mode="mxfp4")
    assert wq.dtype == mx.uint32 and wq.shape == (3, 4, 12)
    assert scales.dtype == mx.uint8 and scales.shape == (3, 4, 3)
    rc, rs = ref_mxfp4_quantize(np.array(wm.astype(mx.float32)))
    np.testing.assert_array_equal(np.array(scales), rs)
    np.testing.assert_array_equal(unpack4(wq), rc)
    # Known ties: 0.25->0, 0.5, 1.25->1, 1.75->1.5, 2.5->2, 3.5->3, 5->4, 6.
    np.testing.assert_array_equal(unpack4(wq)[1, 1, :8], [0, 1, 2, 3, 4, 5, 6, 7])
    wd = mx.dequantize(wq, scales, mode="mxfp4")
    assert wd.dtype == mx.bfloat16                    # no biases: bfloat16 default
    wd32 = mx.dequantize(wq, scales, mode="mxfp4", dtype=mx.float32)
    np.testing.assert_array_equal(np.array(wd32), ref_mxfp4_dequantize(rc, rs))
    assert mx.dequantize(wq, scales, None, 32, 4, "mxfp4", None, mx.float16).dtype == mx.float16


def test_mxfp4_quantized_matmul_and_grad():
    rng = np.random.default_rng(1)
    w = rng.standard_normal((16, 64)).astype(np.float32)
    x = rng.standard_normal((2, 3, 64))
    wq, s = mx.quantize(mx.array(w), mode="mxfp4")
    wd = ref_mxfp4_dequantize(unpack4(wq), np.array(s))
    out = mx.quantized_matmul(f64(x), wq, s, mode="mxfp4")
    assert out.dtype == mx.float64
    np.testing.assert_allclose(np.array(out), x @ wd.T, rtol=1e-12)
    out = mx.quantized_matmul(f64(x[..., :16]), wq, s, transpose=False, mode="mxfp4")
    np.testing.assert_allclose(np.array(out), x[..., :16] @ wd, rtol=1e-12)
    c = rng.standard_normal((2, 3, 16))
    g = mx.grad(lambda v: (mx.quantized_matmul(v, wq, s, mode="mxfp4") * f64(c)).sum())(f64(x))
    np.testing.assert_allclose(np.array(g), c @ wd, rtol=1e-12)
    out = mx.quantized_matmul(mx.array(x).astype(mx.bfloat16), wq, s, mode="mxfp4")
    assert out.dtype == mx.bfloat16


def test_none_means_mode_defaults():
    rng = np.random.default_rng(2)
    w = mx.array(rng.standard_normal((4, 128)).astype(np.float32))
    a = mx.quantize(w)
    b = mx.quantize(w, None, None, "affine")
    c = mx.quantize(w, 64, 4)
    for x, y, z in zip(a, b, c):
        np.testing.assert_array_equal(np.array(x), np.array(z))
        np.testing.assert_array_equal(np.array(y), np.array(z))
    assert a[0].shape == (4, 16) and a[1].shape == (4, 2)
    np.testing.assert_array_equal(np.array(mx.dequantize(*a)),
                                  np.array(mx.dequantize(a[0], a[1], a[2], 64, 4)))
    x = mx.ones((2, 128))
    np.testing.assert_array_equal(np.array(mx.quantized_matmul(x, *a)),
                                  np.array(mx.quantized_matmul(x, a[0], a[1], a[2], True, 64, 4)))
    # dtype override of an affine dequantize
    assert mx.dequantize(*a, dtype=mx.float16).dtype == mx.float16


def test_quantized_matmul_dtype_promotion():
    w = mx.ones((16, 64))
    wq, s, b = mx.quantize(w)
    assert mx.quantized_matmul(mx.ones((2, 64), mx.float16), wq, s, b).dtype == mx.float32
    out = mx.quantized_matmul(mx.ones((2, 64), mx.int32), wq, s, b)
    assert out.dtype == mx.float32
    np.testing.assert_allclose(np.array(out), np.full((2, 16), 64.0))
    s16, b16 = s.astype(mx.float16), b.astype(mx.float16)
    assert mx.quantized_matmul(mx.ones((2, 64), mx.float16), wq, s16, b16).dtype == mx.float16


def ref_affine_dequantize(wq, scales, biases, group_size, bits):
    words = np.asarray(wq).astype(np.uint64)
    stream = (words[..., None] >> np.arange(32, dtype=np.uint64)) & np.uint64(1)
    stream = stream.reshape(words.shape[:-1] + (-1, bits))
    q = (stream << np.arange(bits, dtype=np.uint64)).sum(-1).astype(np.float64)
    q = q.reshape(words.shape[:-1] + (-1, group_size))
    out = q * np.asarray(scales, np.float64)[..., None] + np.asarray(biases, np.float64)[..., None]
    return out.reshape(words.shape[:-1] + (-1,))


@pytest.mark.parametrize("transpose", [True, False])
def test_gather_qmm_values(transpose):
    rng = np.random.default_rng(3)
    E, N, K = 3, 32, 64
    w = rng.standard_normal((E, N, K) if transpose else (E, K, N)).astype(np.float32)
    wq, s, b = mx.quantize(mx.array(w), group_size=32, bits=4)
    wd = ref_affine_dequantize(wq, np.array(s), np.array(b), 32, 4)
    rhs_w = np.swapaxes(wd, -1, -2) if transpose else wd          # (E, K, N)
    x = rng.standard_normal((4, 2, K)).astype(np.float32)
    lhs, rhs = np.array([3, 0, 1]), np.array([[2], [0]])
    out = mx.gather_qmm(mx.array(x), wq, s, b, mx.array(lhs), mx.array(rhs), transpose,
                        group_size=32, bits=4)
    L, R = np.broadcast_arrays(lhs, rhs)
    ref = x[L].astype(np.float64) @ rhs_w[R]
    assert out.shape == (2, 3, 2, N)
    np.testing.assert_allclose(np.array(out), ref, rtol=1e-4, atol=1e-4)
    # Only rhs: x's batch enumerates in order; a transposed (non-contiguous) x.
    xt = mx.swapaxes(mx.array(np.swapaxes(x, 0, 1).copy()), 0, 1)
    out = mx.gather_qmm(xt, wq, s, b, rhs_indices=mx.array([2, 2, 0, 1]), transpose=transpose,
                        group_size=32, bits=4)
    np.testing.assert_allclose(np.array(out), x @ rhs_w[[2, 2, 0, 1]], rtol=1e-4, atol=1e-4)


def test_gather_qmm_mxfp4_grad_vmap_compile():
    rng = np.random.default_rng(4)
    w = rng.standard_normal((3, 8, 32)).astype(np.float32)
    wq, s = mx.quantize(mx.array(w), mode="mxfp4")
    wd = ref_mxfp4_dequantize(unpack4(wq), np.array(s))          # (3, 8, 32)
    x = rng.standard_normal((2, 1, 32))
    rhs = mx.array([2, 0])

    def f(v):
        return mx.gather_qmm(v, wq, s, rhs_indices=rhs, mode="mxfp4")

    ref = x @ np.swapaxes(wd[[2, 0]], -1, -2)
    np.testing.assert_allclose(np.array(f(f64(x))), ref, rtol=1e-12)
    c = rng.standard_normal((2, 1, 8))
    g = mx.grad(lambda v: (f(v) * f64(c)).sum())(f64(x))
    np.testing.assert_allclose(np.array(g), c @ wd[[2, 0]], rtol=1e-12)
    np.testing.assert_allclose(np.array(mx.compile(f)(f64(x))), ref, rtol=1e-12)
    xs = np.stack([x, 2 * x])
    v = mx.vmap(f)(f64(xs))
    np.testing.assert_allclose(np.array(v[1]), 2 * ref, rtol=1e-12)


@pytest.mark.parametrize("call,msg", [
    (lambda: mx.quantize(mx.ones((2, 64)), mode="foo"), "[quantize] Invalid quantization mode 'foo'."),
    (lambda: mx.quantize(mx.ones((2, 64)), 64, mode="mxfp4"),
     "mxfp4 quantization requires group size 32 but got 64."),
    (lambda: mx.quantize(mx.ones((2, 64)), bits=8, mode="mxfp4"),
     "mxfp4 quantization requires bits to be 4 but got 8."),
    (lambda: mx.quantize(mx.ones((2, 64)), 32, mode="nvfp4"),
     "[quantize] nvfp4 quantization requires group size 16 but got 32."),
    (lambda: mx.quantize(mx.ones((2, 64)), 16), "The supported group sizes are 32, 64, and 128."),
    (lambda: mx.quantize(mx.ones((2, 64)), bits=7),
     "The supported bits are 1, 2, 3, 4, 5, 6 and 8."),
    (lambda: mx.quantize(mx.ones((64,)), mode="mxfp4"), "at least 2 dimension"),
    (lambda: mx.quantize(mx.ones((2, 48)), mode="mxfp4"), "divisible by the quantization group"),
    (lambda: mx.quantize(mx.ones((2, 64)), global_scale=mx.array(1.0)),
     "[quantize] Global scale is only supported for 'nvfp4' quantization mode."),
    (lambda: mx.dequantize(*mx.quantize(mx.ones((2, 64)), mode="mxfp4"), mx.ones((2, 2)),
                           mode="mxfp4"), "Biases must be null for quantization mode 'mxfp4'."),
    (lambda: mx.dequantize(*mx.quantize(mx.ones((2, 64)))[:2]),
     "[dequantize] Biases must be provided for affine quantization."),
    (lambda: mx.dequantize(*mx.quantize(mx.ones((2, 64))), dtype=mx.int32),
     "Only real floating types are supported"),
    (lambda: mx.dequantize(mx.quantize(mx.ones((2, 64)), mode="mxfp4")[0], mx.ones((2, 2)),
                           mode="mxfp4"), "Scale type must be uint8"),
    (lambda: mx.quantized_matmul(mx.ones((2, 64)), *mx.quantize(mx.ones((8, 64)))[:2]),
     "[quantized_matmul] Biases must be provided"),
    (lambda: mx.quantized_matmul(mx.ones((2, 32)), *mx.quantize(mx.ones((16, 64)))),
     "[quantized_matmul] Last dimension of first input with shape (..., 32) does not match"),
    (lambda: mx.gather_qmm(mx.ones((64,)), *mx.quantize(mx.ones((3, 16, 64))),
                           rhs_indices=mx.array([0])), "[gather_qmm] Input must have at least two"),
    (lambda: mx.gather_qmm(mx.ones((2, 1, 64)), *mx.quantize(mx.ones((3, 16, 64))),
                           rhs_indices=mx.array([0.0])), "[gather_qmm] Got indices with invalid"),
    (lambda: mx.gather_qmm(mx.ones((2, 1, 64)), *mx.quantize(mx.ones((3, 16, 64))),
                           mode="mxfp4"), "[gather_qmm]"),
])
def test_errors(call, msg):
    with pytest.raises(ValueError) as info:
        call()
    assert msg in str(info.value)


def e4m3_table():
    vals = []
    for code in range(256):
        exp, mant = (code >> 3) & 15, code & 7
        v = mant * 2.0 ** -9 if exp == 0 else (1 + mant / 8) * 2.0 ** (exp - 7)
        if code & 127 == 127:
            v = np.nan
        vals.append(-v if code & 128 else v)
    return np.array(vals)


def ref_mxfp8_quantize(w):
    """e = ceil(log2(max|w| / 448)); w / 2^e goes to the nearest e4m3 value
    (ties to the even code), keeping the sign bit of negative inputs."""
    table = e4m3_table()
    g = w.reshape(w.shape[:-1] + (-1, 32)).astype(np.float32)
    amax = np.abs(g).max(-1, keepdims=True)
    with np.errstate(divide="ignore"):
        e = np.where(amax == 0, 0, np.ceil(np.log2(amax / np.float32(448))))
    v = (g / np.float32(2.0) ** e).astype(np.float64)
    pos = np.nan_to_num(table[:128], nan=np.inf)
    dist = np.abs(np.abs(v)[..., None] - pos)
    best = dist.min(-1, keepdims=True)
    ties = dist == best
    # Among equally near codes prefer the even one (ties to even).
    code = np.where(ties.sum(-1) > 1, np.argmax(ties & (np.arange(128) % 2 == 0), -1),
                    dist.argmin(-1))
    code = code + 128 * np.signbit(v)
    return code.reshape(w.shape), (e[..., 0] + 127).astype(np.uint8)


def unpack8(wq):
    words = np.asarray(wq).astype(np.uint64)
    b = np.stack([(words >> np.uint64(8 * j)) & np.uint64(255) for j in range(4)], -1)
    return b.reshape(words.shape[:-1] + (-1,)).astype(np.int64)


@pytest.mark.parametrize("dt", [mx.float32, mx.bfloat16])
def test_mxfp8_matches_reference(dt):
    rng = np.random.default_rng(5)
    w = rng.standard_normal((4, 64)) * np.array([[1e-3], [1.0], [30.0], [500.0]])
    w[0, :3] = [-0.0, -1e-12, 0.0]
    w[1, :6] = [448.0, 1.0625, 1.1875, 0.0068359375, 0.0029296875, -3.25]   # exact ties
    wm = mx.array(w.astype(np.float32)).astype(dt)
    wq, scales = mx.quantize(wm, mode="mxfp8")
    assert wq.shape == (4, 16) and scales.dtype == mx.uint8 and scales.shape == (4, 2)
    rc, rs = ref_mxfp8_quantize(np.array(wm.astype(mx.float32)))
    np.testing.assert_array_equal(np.array(scales), rs)
    np.testing.assert_array_equal(unpack8(wq), rc)
    wd = mx.dequantize(wq, scales, mode="mxfp8", dtype=mx.float32)
    ref = e4m3_table()[rc].reshape(4, 2, 32) * 2.0 ** (rs.astype(np.float64)[..., None] - 127)
    np.testing.assert_array_equal(np.array(wd), ref.reshape(4, 64))
    x = rng.standard_normal((3, 64))
    out = mx.quantized_matmul(f64(x), wq, scales, mode="mxfp8")
    np.testing.assert_allclose(np.array(out), x @ ref.reshape(4, 64).T, rtol=1e-12)
    with pytest.raises(ValueError, match="mxfp8 quantization requires bits to be 8"):
        mx.quantize(wm, bits=4, mode="mxfp8")
