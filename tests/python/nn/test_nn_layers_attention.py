"""MultiHeadAttention, the Transformer stacks and the positional encodings
against NumPy; parameter names as mlx.nn writes them."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, flat_keys, flat_shapes, seed


def np_softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def np_linear(layer, x):
    y = x @ np.array(layer.weight).T
    return y + np.array(layer.bias) if "bias" in layer else y


def np_mha(mha, q, k, v, mask=None):
    h = mha.num_heads

    def heads(t):
        b, l, d = t.shape
        return t.reshape(b, l, h, d // h).transpose(0, 2, 1, 3)

    qh, kh, vh = heads(np_linear(mha.query_proj, q)), heads(np_linear(mha.key_proj, k)), heads(np_linear(mha.value_proj, v))
    scores = qh @ kh.transpose(0, 1, 3, 2) / math.sqrt(qh.shape[-1])
    if mask is not None:
        scores = scores + mask
    out = np_softmax(scores) @ vh
    b, _, l, _ = out.shape
    return np_linear(mha.out_proj, out.transpose(0, 2, 1, 3).reshape(b, l, -1))


def np_layer_norm(ln, x):
    y = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    return y * np.array(ln.weight) + np.array(ln.bias)


def test_multi_head_attention_layout_and_forward():
    rng = seed(0)
    mha = nn.MultiHeadAttention(8, 2, key_input_dims=6, value_dims=4, value_output_dims=5, bias=True)
    assert flat_shapes(mha.parameters()) == {
        "query_proj.weight": (8, 8), "query_proj.bias": (8,),
        "key_proj.weight": (8, 6), "key_proj.bias": (8,),
        "value_proj.weight": (4, 6), "value_proj.bias": (4,),
        "out_proj.weight": (5, 4), "out_proj.bias": (5,),
    }
    q = rng.standard_normal((2, 5, 8)).astype(np.float32)
    kv = rng.standard_normal((2, 3, 6)).astype(np.float32)
    assert_close(mha(mx.array(q), mx.array(kv), mx.array(kv)), np_mha(mha, q, kv, kv), atol=1e-5)
    assert flat_keys(nn.MultiHeadAttention(8, 2).parameters()) == [
        "key_proj.weight", "out_proj.weight", "query_proj.weight", "value_proj.weight"]
    with pytest.raises(ValueError, match="divisible by the number of heads"):
        nn.MultiHeadAttention(7, 2)


def test_causal_mask_and_masked_attention():
    mask = nn.MultiHeadAttention.create_additive_causal_mask(3)
    m = np.array(mask)
    assert np.all(m[np.tril_indices(3)] == 0)
    assert np.all(m[np.triu_indices(3, 1)] == np.finfo(np.float32).min)
    rng = seed(1)
    mha = nn.MultiHeadAttention(4, 2)
    x = rng.standard_normal((1, 3, 4)).astype(np.float32)
    assert_close(mha(mx.array(x), mx.array(x), mx.array(x), mask), np_mha(mha, x, x, x, m), atol=1e-5)


@pytest.mark.parametrize("norm_first", [True, False])
def test_transformer_encoder_layer(norm_first):
    rng = seed(2)
    layer = nn.TransformerEncoderLayer(8, 2, mlp_dims=16, norm_first=norm_first)
    x = rng.standard_normal((2, 4, 8)).astype(np.float32)
    mlp = lambda t: np_linear(layer.linear2, np.maximum(np_linear(layer.linear1, t), 0))  # noqa: E731
    if norm_first:
        y = np_layer_norm(layer.ln1, x)
        h = x + np_mha(layer.attention, y, y, y)
        expected = h + mlp(np_layer_norm(layer.ln2, h))
    else:
        h = np_layer_norm(layer.ln1, x + np_mha(layer.attention, x, x, x))
        expected = np_layer_norm(layer.ln2, h + mlp(h))
    assert_close(layer(mx.array(x), None), expected, atol=1e-4)


def test_transformer_parameter_names():
    model = nn.Transformer(dims=8, num_heads=2, num_encoder_layers=2, num_decoder_layers=1, mlp_dims=16)
    shapes = flat_shapes(model.parameters())
    enc = ["attention.query_proj.weight", "attention.key_proj.weight", "attention.value_proj.weight",
           "attention.out_proj.weight", "ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias",
           "linear1.weight", "linear1.bias", "linear2.weight", "linear2.bias"]
    dec = [p + n for p in ("self_attention.", "cross_attention.")
           for n in ("query_proj.weight", "key_proj.weight", "value_proj.weight", "out_proj.weight")]
    dec += ["ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias", "ln3.weight", "ln3.bias",
            "linear1.weight", "linear1.bias", "linear2.weight", "linear2.bias"]
    expected = [f"encoder.layers.{i}.{n}" for i in range(2) for n in enc] + ["encoder.ln.weight", "encoder.ln.bias"]
    expected += [f"decoder.layers.0.{n}" for n in dec] + ["decoder.ln.weight", "decoder.ln.bias"]
    assert sorted(shapes) == sorted(expected)
    assert shapes["encoder.layers.1.linear1.weight"] == (16, 8)
    assert shapes["decoder.layers.0.linear2.weight"] == (8, 16)


@pytest.mark.parametrize("norm_first", [True, False])
def test_transformer_forward_composes_encoder_and_decoder(norm_first):
    rng = seed(3)
    model = nn.Transformer(dims=8, num_heads=2, num_encoder_layers=1, num_decoder_layers=2, mlp_dims=16,
                           norm_first=norm_first)
    src = mx.array(rng.standard_normal((2, 5, 8)).astype(np.float32))
    tgt = mx.array(rng.standard_normal((2, 3, 8)).astype(np.float32))
    mask = nn.MultiHeadAttention.create_additive_causal_mask(3)
    memory = model.encoder(src, None)
    y = model.decoder(tgt, memory, mask, None)
    assert_close(model(src, tgt, None, mask, None), y, atol=1e-6)
    # The decoder layer by hand (pre-norm or post-norm).
    layer = model.decoder.layers[0]
    x, mem, m = np.array(tgt), np.array(memory), np.array(mask)
    mlp = lambda t: np_linear(layer.linear2, np.maximum(np_linear(layer.linear1, t), 0))  # noqa: E731
    if norm_first:
        a = np_layer_norm(layer.ln1, x)
        x = x + np_mha(layer.self_attention, a, a, a, m)
        x = x + np_mha(layer.cross_attention, np_layer_norm(layer.ln2, x), mem, mem)
        expected = x + mlp(np_layer_norm(layer.ln3, x))
    else:
        x = np_layer_norm(layer.ln1, x + np_mha(layer.self_attention, x, x, x, m))
        x = np_layer_norm(layer.ln2, x + np_mha(layer.cross_attention, x, mem, mem))
        expected = np_layer_norm(layer.ln3, x + mlp(x))
    assert_close(layer(tgt, memory, mask, None), expected, atol=1e-4)


def test_transformer_checkpointed_layers_match():
    seed(4)
    plain = nn.TransformerEncoder(2, 8, 2, mlp_dims=16)
    ckpt = nn.TransformerEncoder(2, 8, 2, mlp_dims=16, checkpoint=True)
    ckpt.update(plain.parameters())
    x = mx.random.normal((2, 3, 8))

    def loss(model):
        return nn.value_and_grad(model, lambda t: model(t, None).sum())(x)

    (l1, g1), (l2, g2) = loss(plain), loss(ckpt)
    assert_close(l1, l2, atol=1e-5)
    assert_close(g1["layers"][0]["linear1"]["weight"], g2["layers"][0]["linear1"]["weight"], atol=1e-5)


def np_rope(x, dims, traditional, base, scale, offset):
    l = x.shape[-2]
    pos = (np.arange(l) + offset)[:, None] * scale
    freqs = base ** (-np.arange(0, dims, 2) / dims)
    theta = pos * freqs
    cos, sin = np.cos(theta), np.sin(theta)
    out = x.copy()
    if traditional:
        a, b = x[..., 0:dims:2], x[..., 1:dims:2]
        out[..., 0:dims:2] = a * cos - b * sin
        out[..., 1:dims:2] = a * sin + b * cos
    else:
        half = dims // 2
        a, b = x[..., :half], x[..., half:dims]
        out[..., :half] = a * cos - b * sin
        out[..., half:dims] = a * sin + b * cos
    return out


@pytest.mark.parametrize("traditional", [False, True])
def test_rope(traditional):
    rng = seed(5)
    x = rng.standard_normal((2, 5, 6)).astype(np.float32)
    rope = nn.RoPE(4, traditional=traditional, base=100.0, scale=0.5)
    assert flat_keys(rope.parameters()) == []
    assert_close(rope(mx.array(x), offset=2), np_rope(x, 4, traditional, 100.0, 0.5, 2), atol=1e-5)


def test_sinusoidal_positional_encoding():
    pe = nn.SinusoidalPositionalEncoding(6, min_freq=0.01, max_freq=1.0)
    assert flat_keys(pe.parameters()) == []  # the frequencies are private
    x = np.array([0.0, 1.0, 2.5], np.float32)
    freqs = np.exp(np.array([1.0, 0.5, 0.0]) * (np.log(1.0) - np.log(0.01)) + np.log(0.01))
    y = x[:, None] * freqs
    expected = np.concatenate([np.sin(y), np.cos(y)], -1) * math.sqrt(2 / 6)
    assert_close(pe(mx.array(x)), expected, atol=1e-5)
    pe = nn.SinusoidalPositionalEncoding(2, cos_first=True, full_turns=True, scale=1.0)
    y = x[:, None] * 2 * math.pi
    assert_close(pe(mx.array(x)), np.concatenate([np.cos(y), np.sin(y)], -1), atol=1e-5)
    with pytest.raises(ValueError, match="positive and even"):
        nn.SinusoidalPositionalEncoding(5)


def test_alibi():
    scores = np.zeros((1, 4, 3, 3), np.float32)
    slopes = np.array([2**-2, 2**-4, 2**-6, 2**-8])
    distance = -np.abs(np.arange(3)[:, None] - np.arange(3)[None])
    expected = slopes[:, None, None] * distance
    assert_close(nn.ALiBi()(mx.array(scores)), expected[None], atol=1e-6)
    # Three heads: slopes of 2 heads, then every other slope of 4.
    s3 = np.array(nn.ALiBi.create_alibi_slope(3)).ravel()
    assert_close(s3, [2**-4, 2**-8, 2**-2], atol=1e-7)
    mask = np.full((3, 3), -5.0, np.float32)
    assert_close(nn.ALiBi()(mx.array(scores), mask=mx.array(mask)), expected[None] + mask, atol=1e-6)
