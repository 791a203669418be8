"""GGUF quantized tensor types Q4_0, Q4_1 and Q8_0 load as MLX loads them: an
affine triple (uint32 weight, float16 .scales, float16 .biases) with group size
32, the keys of the scales and biases being the name less its last 7 characters
(".weight"). The files are written here from the GGUF / ggml block layouts."""

import numpy as np
import pytest

import mxcore as mx
from io_helpers import gguf_file

Q4_0, Q4_1, Q8_0, Q5_0 = 2, 3, 8, 6


def nibbles(codes):
    # Byte j of a 4-bit block holds value j (low nibble) and value j + 16 (high).
    return (codes[:, :16] | (codes[:, 16:] << 4)).astype(np.uint8)


def q4_0_blocks(codes, d):
    return b"".join(di.tobytes() + q.tobytes() for di, q in zip(d, nibbles(codes)))


def q4_1_blocks(codes, d, m):
    return b"".join(di.tobytes() + mi.tobytes() + q.tobytes()
                    for di, mi, q in zip(d, m, nibbles(codes)))


def q8_0_blocks(q, d):
    return b"".join(di.tobytes() + qi.astype(np.int8).tobytes() for di, qi in zip(d, q))


def pack_words(codes, bits, shape):
    """MLX's affine packing: values little-endian in uint32 words."""
    per_word = 32 // bits
    c = codes.reshape(-1, per_word).astype(np.uint64)
    words = (c << (bits * np.arange(per_word, dtype=np.uint64))).sum(-1).astype(np.uint32)
    return words.reshape(shape[:-1] + (shape[-1] // per_word,))


def affine_values(weight, scales, biases, bits):
    """float64 values of an affine triple, decoded with NumPy."""
    w = np.array(weight).astype(np.uint64)
    per_word = 32 // bits
    codes = (w[..., None] >> (bits * np.arange(per_word, dtype=np.uint64))) & ((1 << bits) - 1)
    codes = codes.reshape(w.shape[:-1] + (-1, 32)).astype(np.float64)
    s = np.array(scales).astype(np.float64)[..., None]
    b = np.array(biases).astype(np.float64)[..., None]
    return (codes * s + b).reshape(w.shape[:-1] + (-1,))


@pytest.fixture
def rng():
    return np.random.default_rng(7)


@pytest.mark.parametrize("shape", [(3, 64), (2, 2, 32), (96,)])
def test_q4_0(tmp_path, rng, shape):
    n = int(np.prod(shape)) // 32
    codes = rng.integers(0, 16, (n, 32))
    d = rng.uniform(-2, 2, n).astype(np.float16)
    out = mx.load(str(gguf_file(tmp_path / "q.gguf", [("blk.0.ffn.weight", shape, Q4_0,
                                                          q4_0_blocks(codes, d))])))
    assert sorted(out) == ["blk.0.ffn.biases", "blk.0.ffn.scales", "blk.0.ffn.weight"]
    w, s, b = out["blk.0.ffn.weight"], out["blk.0.ffn.scales"], out["blk.0.ffn.biases"]
    side = shape[:-1] + (shape[-1] // 32,)
    assert w.dtype == mx.uint32 and w.shape == shape[:-1] + (shape[-1] // 8,)
    assert s.dtype == mx.float16 and b.dtype == mx.float16 and s.shape == side == b.shape
    np.testing.assert_array_equal(np.array(w), pack_words(codes, 4, shape))
    np.testing.assert_array_equal(np.array(s), d.reshape(side))
    np.testing.assert_array_equal(np.array(b), (d * np.float16(-8)).reshape(side))
    # ggml's Q4_0 value (q - 8) * d, exactly.
    expected = ((codes - 8) * d[:, None].astype(np.float64)).reshape(shape)
    np.testing.assert_array_equal(affine_values(w, s, b, 4), expected)


def test_q4_1_dequantizes(tmp_path, rng):
    shape = (4, 64)
    codes = rng.integers(0, 16, (8, 32))
    d = rng.uniform(0, 1, 8).astype(np.float16)
    m = rng.uniform(-1, 1, 8).astype(np.float16)
    out = mx.load(str(gguf_file(tmp_path / "q.gguf", [("tok.weight", shape, Q4_1,
                                                          q4_1_blocks(codes, d, m))])))
    w, s, b = out["tok.weight"], out["tok.scales"], out["tok.biases"]
    np.testing.assert_array_equal(np.array(w), pack_words(codes, 4, shape))
    np.testing.assert_array_equal(np.array(s), d.reshape(4, 2))
    np.testing.assert_array_equal(np.array(b), m.reshape(4, 2))
    expected = (codes * d[:, None].astype(np.float64) + m[:, None]).reshape(shape)
    np.testing.assert_array_equal(affine_values(w, s, b, 4), expected)
    # The triple feeds mx.dequantize / quantized_matmul as an affine 4-bit group-32 weight.
    got = mx.dequantize(w, s, b, group_size=32, bits=4, dtype=mx.float32)
    np.testing.assert_allclose(np.array(got), expected, rtol=2e-3, atol=2e-3)
    x = rng.standard_normal((2, 64)).astype(np.float32)
    y = mx.quantized_matmul(mx.array(x), w, s.astype(mx.float32), b.astype(mx.float32),
                            group_size=32, bits=4)
    np.testing.assert_allclose(np.array(y), x @ expected.T, rtol=1e-4, atol=1e-4)


def test_q8_0(tmp_path, rng):
    shape = (2, 64)
    q = rng.integers(-128, 128, (4, 32))
    q[0, :3] = [-128, 127, 0]
    d = rng.uniform(-1, 1, 4).astype(np.float16)
    out = mx.load(str(gguf_file(tmp_path / "q.gguf", [("emb.weight", shape, Q8_0,
                                                          q8_0_blocks(q, d))])))
    w, s, b = out["emb.weight"], out["emb.scales"], out["emb.biases"]
    assert w.shape == (2, 16) and s.shape == (2, 2)
    # MLX stores the code q + 128 (the int8's sign bit flipped) with bias -128 * d.
    np.testing.assert_array_equal(np.array(w), pack_words(q + 128, 8, shape))
    np.testing.assert_array_equal(np.array(b), (d * np.float16(-128)).reshape(2, 2))
    expected = (q * d[:, None].astype(np.float64)).reshape(shape)
    np.testing.assert_array_equal(affine_values(w, s, b, 8), expected)


def test_keys_mixed_with_plain_tensors(tmp_path, rng):
    codes = rng.integers(0, 16, (1, 32))
    d = np.array([0.5], np.float16)
    plain = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = mx.load(str(gguf_file(tmp_path / "q.gguf", [
        ("plain", (2, 3), 0, plain.tobytes()),
        # MLX drops the last 7 characters whatever they are; a name of fewer
        # than 7 keeps all of them.
        ("blk.0.attn_q", (32,), Q4_0, q4_0_blocks(codes, d)),
        ("short", (32,), Q4_0, q4_0_blocks(codes, d)),
    ])))
    assert sorted(out) == sorted(["blk.0.attn_q", "blk.0.scales", "blk.0.biases", "plain",
                                  "short", "short.biases", "short.scales"])
    np.testing.assert_array_equal(np.array(out["plain"]), plain)
    np.testing.assert_array_equal(np.array(out["short.scales"]), [0.5])


def test_errors(tmp_path, rng):
    codes = rng.integers(0, 16, (1, 32))
    d = np.array([1.0], np.float16)
    bad_dim = gguf_file(tmp_path / "a.gguf", [("x.weight", (2, 16), Q4_0, q4_0_blocks(codes, d))])
    with pytest.raises(RuntimeError, match=r"\[load_gguf\] tensor x.weight has incompatible last "
                                           "dim shape: 16"):
        mx.load(str(bad_dim))
    # Two tensors whose scales would share a key.
    dup = gguf_file(tmp_path / "b.gguf", [("x.weight", (32,), Q4_0, q4_0_blocks(codes, d)),
                                          ("x.weigh2", (32,), Q4_0, q4_0_blocks(codes, d))])
    with pytest.raises(RuntimeError, match=r"\[load_gguf\] Duplicate parameter name x.scales"):
        mx.load(str(dup))
    truncated = gguf_file(tmp_path / "c.gguf", [("x.weight", (64,), Q8_0, b"\0" * 40)])
    with pytest.raises(RuntimeError, match=r"\[load_gguf\] Invalid GGUF file"):
        mx.load(str(truncated))
    other = gguf_file(tmp_path / "d.gguf", [("x.weight", (32,), Q5_0, b"\0" * 22)])
    with pytest.raises(RuntimeError, match="gguf_tensor_to_f16 failed.*Q5_0"):
        mx.load(str(other))
