"""Every layer under mx.compile (compiled vs eager), mx.vmap (mapped vs
stacked per-example calls) and mx.grad (compiled vs eager input gradient;
finite differences are in test_nn_transforms.py)."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close

IDX = "indices"

CASES = [
    ("Linear", lambda: nn.Linear(4, 3), (2, 5, 4)),
    ("Embedding", lambda: nn.Embedding(10, 4), IDX),
    ("Conv1d", lambda: nn.Conv1d(4, 3, 3, padding=1), (2, 6, 4)),
    ("Conv2d", lambda: nn.Conv2d(4, 3, 3, stride=2), (2, 6, 6, 4)),
    ("Conv3d", lambda: nn.Conv3d(4, 2, 2), (1, 3, 3, 3, 4)),
    ("ConvTranspose1d", lambda: nn.ConvTranspose1d(4, 3, 3, stride=2), (2, 6, 4)),
    ("ConvTranspose2d", lambda: nn.ConvTranspose2d(4, 3, 2, stride=2), (2, 3, 3, 4)),
    ("ConvTranspose3d", lambda: nn.ConvTranspose3d(4, 2, 2), (1, 2, 2, 2, 4)),
    ("LayerNorm", lambda: nn.LayerNorm(4), (2, 5, 4)),
    ("RMSNorm", lambda: nn.RMSNorm(4), (2, 5, 4)),
    ("GroupNorm", lambda: nn.GroupNorm(2, 4), (2, 5, 4)),
    ("GroupNormPytorch", lambda: nn.GroupNorm(2, 4, pytorch_compatible=True), (2, 5, 4)),
    ("InstanceNorm", lambda: nn.InstanceNorm(4, affine=True), (2, 5, 4)),
    ("BatchNormEval", lambda: nn.BatchNorm(4).eval(), (2, 5, 4)),
    ("MultiHeadAttention", lambda: nn.MultiHeadAttention(4, 2), (2, 5, 4)),
    ("TransformerEncoder", lambda: nn.TransformerEncoder(1, 4, 2, 8), (2, 5, 4)),
    ("RoPE", lambda: nn.RoPE(4), (2, 5, 4)),
    ("SinusoidalPositionalEncoding", lambda: nn.SinusoidalPositionalEncoding(4), (2, 5)),
    ("ALiBi", lambda: nn.ALiBi(), (2, 2, 3, 3)),
    ("RNN", lambda: nn.RNN(4, 3), (2, 5, 4)),
    ("GRU", lambda: nn.GRU(4, 3), (2, 5, 4)),
    ("LSTM", lambda: nn.LSTM(4, 3), (2, 5, 4)),
    ("MaxPool2d", lambda: nn.MaxPool2d(2), (2, 4, 4, 3)),
    ("AvgPool1d", lambda: nn.AvgPool1d(3, 1, 1), (2, 6, 3)),
    ("MaxPool3d", lambda: nn.MaxPool3d(2), (1, 4, 4, 4, 2)),
    ("UpsampleNearest", lambda: nn.Upsample(2), (2, 3, 3, 2)),
    ("UpsampleLinear", lambda: nn.Upsample(2, "linear"), (2, 3, 3, 2)),
    ("UpsampleCubicAligned", lambda: nn.Upsample(1.5, "cubic", True), (2, 4, 4, 2)),
    ("UpsampleAntialiased", lambda: nn.Upsample(0.5, "linear", antialias=True), (2, 6, 6, 2)),
    ("QuantizedLinear", lambda: nn.QuantizedLinear(64, 8), (2, 3, 64)),
    ("QuantizedEmbedding", lambda: nn.QuantizedEmbedding(10, 64), IDX),
    ("PReLU", lambda: nn.PReLU(), (2, 5, 4)),
    ("GELU", lambda: nn.GELU(), (2, 5, 4)),
    ("Mish", lambda: nn.Mish(), (2, 5, 4)),
]


def _call(name, layer):
    def f(t):
        if name == "MultiHeadAttention":
            return layer(t, t, t)
        if name == "TransformerEncoder":
            return layer(t, None)
        y = layer(t)
        return y[0] if isinstance(y, tuple) else y

    return f


@pytest.mark.parametrize("name,make,shape", CASES, ids=[c[0] for c in CASES])
def test_layer_under_compile_vmap_and_grad(name, make, shape):
    mx.random.seed(0)
    layer = make()
    mx.eval(layer.parameters())
    f = _call(name, layer)
    rng = np.random.default_rng(0)
    if shape == IDX:
        x = mx.array(rng.integers(0, 10, (2, 5)).astype(np.int32))
        batch = mx.stack([x, (x + 1) % 10])
    else:
        x = mx.array(rng.standard_normal(shape).astype(np.float32))
        batch = mx.stack([x, x * 0.5 + 1])
    assert_close(mx.compile(f)(x), f(x), atol=1e-5)
    assert_close(mx.vmap(f)(batch), mx.stack([f(batch[0]), f(batch[1])]), atol=1e-5)
    if shape != IDX:
        input_grad = mx.grad(lambda t: (f(t) ** 2).sum())
        eager = np.array(input_grad(x))
        assert eager.shape == x.shape and np.isfinite(eager).all() and np.abs(eager).max() > 0
        assert_close(mx.compile(input_grad)(x), eager, atol=1e-4, rtol=1e-4)
