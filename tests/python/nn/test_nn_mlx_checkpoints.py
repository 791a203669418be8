"""Weights written by MLX's ``Module.save_weights`` load into the same
mxcore model and give MLX's outputs.

The files in ``data/`` were made once with MLX 0.32.4 from the very
``build_model(mlx.nn)`` below: ``save_weights`` in both formats, and the
input and MLX's output in ``*_io.npz`` (``x``, ``tokens``, ``y``). The suite
itself never imports MLX."""

import os
import struct

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def build_model(nn_module):
    """A small model touching most layer layouts (written against the
    common API of mlx.nn and mxcore.nn)."""
    N = nn_module

    class Model(N.Module):
        def __init__(self):
            super().__init__()
            self.embed = N.Embedding(16, 8)
            self.conv = N.Conv1d(8, 8, 3, padding=1)
            self.convt = N.ConvTranspose1d(8, 8, 2, stride=1)
            self.norms = [N.LayerNorm(8), N.RMSNorm(8), N.GroupNorm(2, 8), N.BatchNorm(8)]
            self.attn = N.MultiHeadAttention(8, 2, bias=True)
            self.rnn = N.RNN(8, 8)
            self.gru = N.GRU(8, 8)
            self.lstm = N.LSTM(8, 8)
            self.bilinear = N.Bilinear(8, 8, 4)
            self.prelu = N.PReLU(4)
            self.encoder = N.TransformerEncoder(1, 8, 2, mlp_dims=16)
            self.head = N.Sequential(N.Linear(4, 6), N.GELU(), N.Linear(6, 3, bias=False))

        def __call__(self, x, tokens):
            h = self.embed(tokens) + x
            h = self.conv(h)
            h = self.convt(h)[:, :-1]
            for norm in self.norms:
                h = norm(h)
            h = self.attn(h, h, h, N.MultiHeadAttention.create_additive_causal_mask(h.shape[1]))
            h = self.rnn(h) + self.gru(h) + self.lstm(h)[0]
            h = self.encoder(h, None)
            h = self.prelu(self.bilinear(h, h))
            return self.head(h)

    return Model()


def build_quantized_model(nn_module):
    N = nn_module

    class QModel(N.Module):
        def __init__(self):
            super().__init__()
            self.embed = N.Embedding(16, 64)
            self.proj = N.Linear(64, 64)
            self.out = N.Linear(64, 16, bias=False)

        def __call__(self, tokens):
            return self.out(self.proj(self.embed(tokens))) + self.embed.as_linear(self.embed(tokens))[..., :16]

    model = QModel()
    N.quantize(model, group_size=32, bits=4)
    return model


EXPECTED_KEYS = sorted(
    ["embed.weight", "conv.weight", "conv.bias", "convt.weight", "convt.bias",
     "norms.0.weight", "norms.0.bias", "norms.1.weight", "norms.2.weight", "norms.2.bias",
     "norms.3.weight", "norms.3.bias", "norms.3.running_mean", "norms.3.running_var"]
    + [f"attn.{p}_proj.{w}" for p in ("query", "key", "value", "out") for w in ("weight", "bias")]
    + ["rnn.Wxh", "rnn.Whh", "rnn.bias", "gru.Wx", "gru.Wh", "gru.b", "gru.bhn", "lstm.Wx", "lstm.Wh", "lstm.bias",
       "bilinear.weight", "bilinear.bias", "prelu.weight",
       "head.layers.0.weight", "head.layers.0.bias", "head.layers.2.weight"]
    + [f"encoder.layers.0.attention.{p}_proj.weight" for p in ("query", "key", "value", "out")]
    + [f"encoder.layers.0.{n}.{w}" for n in ("ln1", "ln2", "linear1", "linear2") for w in ("weight", "bias")]
    + ["encoder.ln.weight", "encoder.ln.bias"]
)


@pytest.mark.parametrize("ext", [".safetensors", ".npz"])
def test_mlx_checkpoint_loads_and_reproduces_mlx_outputs(ext):
    path = os.path.join(DATA, "mlx_model" + ext)
    assert sorted(mx.load(path)) == EXPECTED_KEYS
    model = build_model(nn)
    model.load_weights(path)  # strict: same names and shapes as MLX wrote
    model.eval()
    io = np.load(os.path.join(DATA, "mlx_model_io.npz"))
    y = model(mx.array(io["x"]), mx.array(io["tokens"]))
    assert_close(y, io["y"], atol=1e-4, rtol=1e-4)


def test_mlx_quantized_checkpoint_loads_and_reproduces_mlx_outputs():
    path = os.path.join(DATA, "mlx_quantized.safetensors")
    weights = mx.load(path)
    assert sorted(weights) == sorted(
        [f"{m}.{p}" for m in ("embed", "proj", "out") for p in ("weight", "scales", "biases")] + ["proj.bias"])
    assert weights["proj.weight"].dtype == mx.uint32 and weights["proj.weight"].shape == (64, 8)
    model = build_quantized_model(nn)
    model.load_weights(path)
    io = np.load(os.path.join(DATA, "mlx_quantized_io.npz"))
    assert_close(model(mx.array(io["tokens"])), io["y"], atol=1e-4, rtol=1e-4)


def test_mxcore_checkpoint_has_mlx_names(tmp_path):
    path = os.path.join(tmp_path, "model.safetensors")
    build_model(nn).save_weights(path)
    assert sorted(mx.load(path)) == EXPECTED_KEYS


def test_safetensors_with_null_metadata_loads(tmp_path):
    # MLX's save_safetensors writes "__metadata__": null when given none.
    header = b'{"__metadata__":null,"w":{"data_offsets":[0,8],"dtype":"F32","shape":[2]}}'
    path = os.path.join(tmp_path, "null_meta.safetensors")
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + np.array([1.5, -2.0], np.float32).tobytes())
    assert_close(mx.load(path)["w"], [1.5, -2.0], atol=0)
