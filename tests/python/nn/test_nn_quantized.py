"""QuantizedLinear, QuantizedEmbedding and nn.quantize: layouts as MLX
writes them and outputs against a NumPy unpacking of the affine packs."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, flat_keys, flat_shapes, seed


def np_dequantize_affine(packed, scales, biases, group_size, bits):
    """Unpack ``bits``-bit values (low bits first in each uint32) and map
    each group with ``scale * q + bias``."""
    packed = np.array(packed).astype(np.uint64)
    per_word = 32 // bits
    shifts = (np.arange(per_word) * bits).astype(np.uint64)
    q = (packed[..., None] >> shifts) & np.uint64((1 << bits) - 1)
    q = q.reshape(packed.shape[0], -1).astype(np.float64)
    s = np.repeat(np.array(scales, np.float64), group_size, axis=-1)
    b = np.repeat(np.array(biases, np.float64), group_size, axis=-1)
    return q * s + b


@pytest.mark.parametrize("group_size,bits", [(64, 4), (32, 8), (64, 2)])
def test_quantized_linear_from_linear(group_size, bits):
    rng = seed(0)
    lin = nn.Linear(128, 6)
    q = nn.QuantizedLinear.from_linear(lin, group_size=group_size, bits=bits)
    assert flat_shapes(q.parameters()) == {
        "weight": (6, 128 * bits // 32), "scales": (6, 128 // group_size), "biases": (6, 128 // group_size),
        "bias": (6,)}
    assert q.weight.dtype == mx.uint32
    # Only the float bias stays trainable; the packs are frozen.
    assert flat_keys(q.trainable_parameters()) == ["bias"]
    w = np_dequantize_affine(q.weight, q.scales, q.biases, group_size, bits)
    # MLX-style affine packs keep 0 exact, so the error is within one step.
    assert np.abs(w - np.array(lin.weight)).max() <= np.abs(np.array(q.scales)).max() + 1e-6
    x = rng.standard_normal((3, 128)).astype(np.float32)
    assert_close(q(mx.array(x)), x @ w.T + np.array(lin.bias), atol=1e-4, rtol=1e-4)
    assert "input_dims=128" in repr(q)


def test_quantized_linear_defaults_and_modes():
    seed(1)
    q = nn.QuantizedLinear(64, 4, bias=False)
    assert (q.group_size, q.bits, q.mode) == (64, 4, "affine")
    assert flat_keys(q.parameters()) == ["biases", "scales", "weight"]
    for mode, (group_size, bits) in (("mxfp4", (32, 4)), ("mxfp8", (32, 8))):
        lin = nn.Linear(64, 4)
        q = nn.QuantizedLinear.from_linear(lin, mode=mode)
        assert (q.group_size, q.bits) == (group_size, bits)
        assert flat_keys(q.parameters()) == ["bias", "scales", "weight"]  # no biases in fp modes
        x = mx.random.normal((2, 64))
        ref = mx.dequantize(q.weight, q.scales, None, group_size, bits, mode=mode)
        assert_close(q(x), x @ ref.T + lin.bias, atol=1e-4, rtol=1e-4)
    with pytest.raises(ValueError, match="Invalid quantization mode 'bogus'"):
        nn.QuantizedLinear(64, 4, mode="bogus")


def test_quantized_embedding():
    rng = seed(2)
    emb = nn.Embedding(10, 64)
    q = nn.QuantizedEmbedding.from_embedding(emb, group_size=32, bits=8)
    assert flat_shapes(q.parameters()) == {"weight": (10, 16), "scales": (10, 2), "biases": (10, 2)}
    assert flat_keys(q.trainable_parameters()) == []
    table = np_dequantize_affine(q.weight, q.scales, q.biases, 32, 8)
    idx = np.array([[1, 9], [0, 1]])
    assert_close(q(mx.array(idx)), table[idx], atol=1e-5)
    x = rng.standard_normal((3, 64)).astype(np.float32)
    assert_close(q.as_linear(mx.array(x)), x @ table.T, atol=1e-4, rtol=1e-4)
    assert np.abs(table - np.array(emb.weight)).max() < 0.02


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 64)
        self.layers = [nn.Linear(64, 64), nn.Linear(64, 32, bias=False)]
        self.norm = nn.LayerNorm(64)
        self.odd = nn.Linear(48, 8)  # 48 is not a multiple of group_size 64


def test_quantize_model_in_place():
    seed(3)
    model = Small()
    nn.quantize(model, class_predicate=lambda path, m: hasattr(m, "to_quantized") and path != "odd")
    assert isinstance(model.embed, nn.QuantizedEmbedding)
    assert all(isinstance(l, nn.QuantizedLinear) for l in model.layers)
    assert isinstance(model.odd, nn.Linear) and isinstance(model.norm, nn.LayerNorm)
    shapes = flat_shapes(model.parameters())
    assert shapes["layers.0.weight"] == (64, 8) and shapes["layers.0.scales"] == (64, 1)
    assert "layers.1.bias" not in shapes
    assert flat_keys(model.trainable_parameters()) == ["layers.0.bias", "norm.bias", "norm.weight", "odd.bias", "odd.weight"]


def test_quantize_per_layer_arguments_and_errors():
    seed(4)
    model = Small()
    choose = {"layers.0": {"group_size": 32, "bits": 8}, "embed": True}
    nn.quantize(model, group_size=64, bits=2, class_predicate=lambda p, m: choose.get(p, False))
    assert (model.layers[0].group_size, model.layers[0].bits) == (32, 8)
    assert (model.embed.group_size, model.embed.bits) == (64, 2)
    assert isinstance(model.layers[1], nn.Linear)
    with pytest.raises(ValueError, match="Unable to quantize model of type"):
        nn.quantize(Small(), class_predicate=lambda p, m: isinstance(m, nn.LayerNorm))
    with pytest.raises(ValueError, match="only supported for .nvfp4. and .mxfp8. modes"):
        nn.Linear(64, 8).to_quantized(quantize_input=True)
