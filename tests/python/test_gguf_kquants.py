"""GGUF k-quant types: Q2_K, Q4_K and Q6_K load dequantized to float16 (as MLX
0.32.4 loads them); the values are computed here element by element from the
ggml block layouts (float32 arithmetic, then rounded to float16). Other
quantized types raise MLX's RuntimeError.

Deliberate difference: MLX 0.32.4 dequantizes the odd 32-value sub-blocks of a
Q4_K super-block with the scale and min of the even sub-block before them (a
bug of its GGUF reader); mxcore uses each sub-block's own, as ggml defines."""

import numpy as np
import pytest

import mxcore as mx
from io_helpers import gguf_file

Q2_K, Q4_K, Q6_K = 10, 12, 14
F32 = np.float32


def half_bytes(x):
    return np.float16(x).tobytes()


def random_block(rng, nbytes, half_offsets):
    b = rng.integers(0, 256, nbytes, dtype=np.uint8)
    for o in half_offsets:
        b[o:o + 2] = np.frombuffer(half_bytes(rng.standard_normal() * 0.1), np.uint8)
    return b


def as_f32(b, o):
    return F32(np.frombuffer(b[o:o + 2].tobytes(), np.float16)[0])


def q2_k_values(b):
    d, dmin = as_f32(b, 80), as_f32(b, 82)
    out = []
    for i in range(256):
        half, j = divmod(i, 128)
        sub = i // 16
        q = (int(b[16 + half * 32 + j % 32]) >> (2 * (j // 32))) & 3
        scale, mn = d * F32(b[sub] & 15), dmin * F32(b[sub] >> 4)
        out.append(F32(q) * scale - mn)
    return out


def q4_k_scale_min(s, j):
    if j < 4:
        return s[j] & 63, s[j + 4] & 63
    return (s[j + 4] & 15) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4)


def q4_k_values(b):
    d, dmin = as_f32(b, 0), as_f32(b, 2)
    s = [int(v) for v in b[4:16]]
    out = []
    for i in range(256):
        sub = i // 32
        byte = b[16 + (sub // 2) * 32 + i % 32]
        q = (byte & 15) if sub % 2 == 0 else (byte >> 4)
        sc, m = q4_k_scale_min(s, sub)
        out.append(F32(q) * (d * F32(sc)) - dmin * F32(m))
    return out


def q6_k_values(b):
    d = as_f32(b, 208)
    scales = b[192:208].view(np.int8)
    out = []
    for i in range(256):
        half, j = divmod(i, 128)
        low = (int(b[half * 64 + j % 64]) >> (4 * (j // 64))) & 15
        high = (int(b[128 + half * 32 + j % 32]) >> (2 * (j // 32))) & 3
        q = (low | (high << 4)) - 32
        out.append((d * F32(scales[i // 16])) * F32(q))
    return out


KINDS = {Q2_K: (84, [80, 82], q2_k_values), Q4_K: (144, [0, 2], q4_k_values),
         Q6_K: (210, [208], q6_k_values)}


@pytest.mark.parametrize("ttype", [Q2_K, Q4_K, Q6_K])
@pytest.mark.parametrize("shape", [(256,), (3, 512), (2, 2, 256)])
def test_k_quants_dequantize_to_float16(tmp_path, ttype, shape):
    nbytes, halves, values = KINDS[ttype]
    rng = np.random.default_rng(ttype + len(shape))
    blocks = [random_block(rng, nbytes, halves) for _ in range(int(np.prod(shape)) // 256)]
    path = gguf_file(tmp_path / "k.gguf",
                     [("blk.0.w.weight", shape, ttype, b"".join(x.tobytes() for x in blocks))])
    out = mx.load(str(path))
    assert list(out) == ["blk.0.w.weight"]  # no scales/biases: plain float16
    w = out["blk.0.w.weight"]
    assert w.dtype == mx.float16 and tuple(w.shape) == shape
    expected = np.array([v for blk in blocks for v in values(blk)], F32).astype(np.float16)
    np.testing.assert_array_equal(np.array(w).reshape(-1), expected)


def test_q4_k_hand_computed_block(tmp_path):
    # d = 0.5, dmin = 0.25; sub-block j has scale j + 1 and min 2 * j (6 bits,
    # packed as ggml's get_scale_min_k4 reads them); code of value i: i % 16.
    sc, mn = list(range(1, 9)), [2 * j for j in range(8)]
    packed = [0] * 12
    for j in range(4):
        packed[j] = sc[j] | ((sc[j + 4] >> 4) << 6)
        packed[j + 4] = mn[j] | ((mn[j + 4] >> 4) << 6)
        packed[j + 8] = (sc[j + 4] & 15) | ((mn[j + 4] & 15) << 4)
    codes = np.arange(256) % 16
    qs = bytearray(128)
    for i in range(256):
        sub = i // 32
        k = (sub // 2) * 32 + i % 32
        qs[k] |= codes[i] << (4 * (sub % 2))
    raw = half_bytes(0.5) + half_bytes(0.25) + bytes(packed) + bytes(qs)
    w = mx.load(str(gguf_file(tmp_path / "h.gguf", [("w", (256,), Q4_K, raw)])))["w"]
    expected = [0.5 * sc[i // 32] * codes[i] - 0.25 * mn[i // 32] for i in range(256)]
    np.testing.assert_array_equal(np.array(w.astype(mx.float32)), expected)


@pytest.mark.parametrize("ttype, name, nbytes", [
    (6, "Q5_0", 22), (7, "Q5_1", 24), (11, "Q3_K", 110), (13, "Q5_K", 176),
    (15, "Q8_K", 292), (16, "IQ2_XXS", 66), (20, "IQ4_NL", 18), (23, "IQ4_XS", 136)])
def test_other_quantized_types_raise_mlx_error(tmp_path, ttype, name, nbytes):
    per = 32 if nbytes in (18, 22, 24) else 256
    path = gguf_file(tmp_path / "q.gguf", [("w", (256,), ttype, b"\0" * (256 // per * nbytes))])
    with pytest.raises(RuntimeError, match=r"\[load_gguf\] gguf_tensor_to_f16 failed.*" + name):
        mx.load(str(path))


def test_k_quant_size_not_a_block_multiple(tmp_path):
    path = gguf_file(tmp_path / "s.gguf", [("w", (128,), Q6_K, b"\0" * 210)])
    with pytest.raises(RuntimeError, match="multiple of the Q6_K block of 256"):
        mx.load(str(path))
    short = gguf_file(tmp_path / "t.gguf", [("w", (512,), Q4_K, b"\0" * 144)])
    with pytest.raises(RuntimeError, match="Invalid GGUF file"):
        mx.load(str(short))
