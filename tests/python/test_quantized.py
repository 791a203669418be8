"""quantize / dequantize / quantized_matmul against a NumPy implementation of
MLX 0.32's group-wise affine scheme and its uint32 bit-stream packing."""
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
    return np.array(a)


def pack_bits(q, bits):
    """Values < 2^bits along the last axis as one little-endian bit stream of uint32 words."""
    q = q.astype(np.uint64)
    n = q.shape[-1]
    stream = np.zeros(q.shape[:-1] + (n * bits,), np.uint64)
    for b in range(bits):
        stream[..., b::bits] = (q >> np.uint64(b)) & np.uint64(1)
    stream = stream.reshape(q.shape[:-1] + (-1, 32))
    return (stream << np.arange(32, dtype=np.uint64)).sum(-1).astype(np.uint32)


def unpack_bits(wq, bits):
    words = wq.astype(np.uint64)
    stream = (words[..., None] >> np.arange(32, dtype=np.uint64)) & np.uint64(1)
    stream = stream.reshape(wq.shape[:-1] + (-1, bits))
    return (stream << np.arange(bits, dtype=np.uint64)).sum(-1)


def ref_quantize(w, group_size, bits):
    """MLX 0.32's affine scheme: for bits > 1 the endpoint of larger magnitude is
    exact (scale = edge / round(edge / +-step), bias = edge); bits == 1 uses
    scale = max - min, bias = min. Computed in float32."""
    n_bins = 2 ** bits - 1
    g = w.reshape(w.shape[:-1] + (-1, group_size)).astype(np.float32)
    mx_, mn = g.max(-1, keepdims=True), g.min(-1, keepdims=True)
    scale = np.maximum((mx_ - mn) / np.float32(n_bins), np.float32(1e-7))
    bias = mn
    if bits > 1:
        min_edge = np.abs(mn) > np.abs(mx_)
        scale = np.where(min_edge, scale, -scale)
        edge = np.where(min_edge, mn, mx_)
        q0 = np.round(edge / scale)
        scale = np.where(q0 != 0, edge / np.where(q0 != 0, q0, 1), scale)
        bias = np.where(q0 != 0, edge, 0).astype(np.float32)
    q = np.clip(np.round((g - bias) / scale), 0, n_bins)
    return pack_bits(q.reshape(w.shape), bits), scale[..., 0], bias[..., 0]


def ref_dequantize(wq, scales, biases, group_size, bits):
    q = unpack_bits(wq, bits)
    q = q.reshape(wq.shape[:-1] + (-1, group_size)).astype(np.float64)
    out = q * scales[..., None].astype(np.float64) + biases[..., None].astype(np.float64)
    return out.reshape(wq.shape[:-1] + (-1,))


@pytest.mark.parametrize("bits", [1, 2, 3, 4, 5, 6, 8])
@pytest.mark.parametrize("group_size", [32, 64, 128])
def test_quantize_matches_reference(bits, group_size):
    w = rng().standard_normal((8, 256)).astype(np.float32)
    wq, scales, biases = mx.quantize(arr(w), group_size=group_size, bits=bits)
    assert wq.dtype == mx.uint32 and wq.shape == (8, 256 * bits // 32)
    assert scales.dtype == mx.float32 and scales.shape == (8, 256 // group_size)
    assert biases.shape == scales.shape
    rq, rs, rb = ref_quantize(w, group_size, bits)
    np.testing.assert_allclose(npa(scales), rs, rtol=1e-6)
    np.testing.assert_array_equal(npa(biases), rb)
    # Values exactly half-way between two levels may round either way under
    # float32 noise; require nearly all packed words to agree bit-for-bit.
    assert (npa(wq) == rq).mean() > 0.99
    # dequantize(quantize(w)) is within half a step of w
    wd = mx.dequantize(wq, scales, biases, group_size=group_size, bits=bits)
    assert wd.dtype == mx.float32 and wd.shape == w.shape
    np.testing.assert_allclose(npa(wd), ref_dequantize(npa(wq), rs, rb, group_size, bits),
                               rtol=1e-5, atol=1e-6)
    # Within half a step of w clipped to the representable range (MLX's scheme
    # may shrink the range so that one endpoint is exact).
    step = np.repeat(rs, group_size, axis=-1)
    base = np.repeat(rb, group_size, axis=-1)
    top = base + (2 ** bits - 1) * step
    clipped = np.clip(w, np.minimum(base, top), np.maximum(base, top))
    assert np.all(np.abs(npa(wd) - clipped) <= np.abs(step) / 2 + 1e-5)


def test_quantize_defaults_batched_and_half():
    w = rng(1).standard_normal((2, 4, 128)).astype(np.float16)
    wq, scales, biases = mx.quantize(arr(w))  # group_size=64, bits=4
    assert wq.shape == (2, 4, 16) and scales.shape == (2, 4, 2)
    assert scales.dtype == mx.float16 and biases.dtype == mx.float16
    wd = mx.dequantize(wq, scales, biases)
    assert wd.dtype == mx.float16
    # Half inputs are quantized in float32; scales and biases are then rounded.
    rq, rs, rb = ref_quantize(w.astype(np.float32), 64, 4)
    assert (npa(wq) == rq).mean() > 0.99
    np.testing.assert_array_equal(npa(scales), rs.astype(np.float16))
    np.testing.assert_array_equal(npa(biases), rb.astype(np.float16))
    np.testing.assert_allclose(npa(wd).astype(np.float64),
                               ref_dequantize(npa(wq), npa(scales), npa(biases), 64, 4),
                               rtol=2e-3, atol=2e-3)
    # exactly representable input round-trips exactly
    levels = np.tile(np.arange(16, dtype=np.float32), 8).reshape(2, 64) * 0.5 - 3.0
    wq, s, b = mx.quantize(arr(levels), group_size=64, bits=4)
    np.testing.assert_array_equal(npa(mx.dequantize(wq, s, b, group_size=64, bits=4)), levels)
    # |max| > |min| so max is the exact edge: scale -0.5, bias 4.5, and level j
    # (value 0.5 j - 3) is q = 15 - j, in bits [4j, 4j+4) of word 0.
    np.testing.assert_array_equal(npa(s), np.full((2, 1), -0.5, np.float32))
    np.testing.assert_array_equal(npa(b), np.full((2, 1), 4.5, np.float32))
    np.testing.assert_array_equal(npa(wq)[0, 0], np.uint32(0x89ABCDEF))


@pytest.mark.parametrize("transpose", [True, False])
@pytest.mark.parametrize("bits", [4, 8])
def test_quantized_matmul(transpose, bits):
    r = rng(2)
    x = r.standard_normal((3, 5, 64)).astype(np.float32)
    w = r.standard_normal((32, 64) if transpose else (64, 32)).astype(np.float32)
    wq, s, b = mx.quantize(arr(w), group_size=32, bits=bits)
    out = mx.quantized_matmul(arr(x), wq, s, b, transpose=transpose, group_size=32,
                              bits=bits)
    wd = ref_dequantize(npa(wq), npa(s), npa(b), 32, bits)
    expect = x.astype(np.float64) @ (wd.T if transpose else wd)
    assert out.shape == expect.shape and out.dtype == mx.float32
    np.testing.assert_allclose(npa(out), expect, rtol=1e-4, atol=1e-4)
    # non-contiguous x
    xt = mx.swapaxes(arr(np.swapaxes(x, 0, 1).copy()), 0, 1)
    np.testing.assert_allclose(npa(mx.quantized_matmul(xt, wq, s, b, transpose=transpose,
                                                       group_size=32, bits=bits)),
                               expect, rtol=1e-4, atol=1e-4)


def test_quantized_matmul_grad_and_compile():
    r = rng(3)
    x = r.standard_normal((4, 64))
    w = r.standard_normal((16, 64)).astype(np.float32)
    wq, s, b = mx.quantize(arr(w), group_size=64, bits=4)
    s64, b64 = s.astype(mx.float64), b.astype(mx.float64)
    c = r.standard_normal((4, 16))
    wd = ref_dequantize(npa(wq), npa(s64), npa(b64), 64, 4)
    gx = mx.grad(lambda v: (mx.quantized_matmul(v, wq, s64, b64, group_size=64, bits=4)
                            * arr(c)).sum())(arr(x))
    np.testing.assert_allclose(npa(gx), c @ wd, rtol=1e-10)
    # d/d bias of sum(c * (x @ W^T)): W[o, i] = s[o, g] q + b[o, g]
    gb = mx.grad(lambda bb: (mx.quantized_matmul(arr(x), wq, s64, bb, group_size=64,
                                                 bits=4) * arr(c)).sum())(b64)
    np.testing.assert_allclose(npa(gb), (c.T @ x).sum(-1, keepdims=True), rtol=1e-10)
    f = mx.compile(lambda v: mx.quantized_matmul(v, wq, s, b, group_size=64, bits=4))
    np.testing.assert_allclose(npa(f(arr(x.astype(np.float32)))),
                               x @ ref_dequantize(npa(wq), npa(s), npa(b), 64, 4).T, rtol=1e-4,
                               atol=1e-4)


def test_quantize_errors():
    with pytest.raises(ValueError, match="quantize"):
        mx.quantize(mx.zeros((4, 100)), group_size=64, bits=4)
    with pytest.raises(ValueError, match="quantize"):
        mx.quantize(mx.zeros((4, 128)), group_size=64, bits=7)
    with pytest.raises(ValueError, match="quantize"):
        mx.quantize(mx.zeros((128,)), group_size=64, bits=4)
    wq, s, b = mx.quantize(mx.zeros((4, 128)))
    with pytest.raises(ValueError, match="dequantize"):
        mx.dequantize(wq, s, b, group_size=32)
    with pytest.raises(ValueError, match="dequantize"):
        mx.dequantize(wq.astype(mx.int32), s, b)
    with pytest.raises(ValueError, match="quantized_matmul"):
        mx.quantized_matmul(mx.zeros((2, 64)), wq, s, b)
