"""nn.QQLinear (input and weight quantized, mx.qqmm) called the MLX way:
values chosen exactly representable in nvfp4/mxfp8 so the products are exact
NumPy products; train/eval switch the weight's storage."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn


def representable(rows, cols, seed):
    """Entries from {0, ±0.5, ±1, ±1.5, ±2, ±3, ±4} with a 6 in every row and
    every column of each 16x16 block, so every group of 16 (or 32) along either
    axis has max 6 and quantizes with scale 1: quantization is exact."""
    rng = np.random.default_rng(seed)
    a = rng.choice([0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2, 3, -3, 4, -4], size=(rows, cols)).astype(np.float32)
    for i in range(rows):
        for j in range(i % 16, cols, 16):
            a[i, j] = 6.0
    return a


@pytest.mark.parametrize("mode,group_size,bits", [("nvfp4", 16, 4), ("mxfp8", 32, 8)])
def test_forward_train_and_eval(mode, group_size, bits):
    w = representable(16, 64, 1)
    x = representable(16, 64, 2)
    layer = nn.QQLinear(64, 16, mode=mode)
    assert (layer.group_size, layer.bits, layer.mode) == (group_size, bits, mode)
    layer.weight = mx.array(w)
    np.testing.assert_array_equal(np.array(layer(mx.array(x))), x @ w.T)
    layer.eval()
    assert layer.weight.dtype == mx.uint32 and layer.weight.shape == (16, 64 * bits // 32)
    assert sorted(layer.keys()) == ["scales", "weight"]
    assert repr(layer) == f"QQLinear(input_dims=64, output_dims=16, group_size={group_size}, bits={bits}, mode={mode})"
    np.testing.assert_array_equal(np.array(layer(mx.array(x))), x @ w.T)
    layer.train()
    assert sorted(layer.keys()) == ["weight"]
    assert layer.weight.dtype == mx.bfloat16  # dequantize's default for these modes, as in MLX
    np.testing.assert_array_equal(np.array(layer.weight.astype(mx.float32)), w)


def test_weight_gradient_in_training_mode():
    w = representable(16, 32, 3)
    x = representable(16, 32, 4)
    layer = nn.QQLinear(32, 16)
    layer.weight = mx.array(w)
    # The cotangent is c (representable too), so every quantized operand of
    # the backward products is exact: dW = c.T @ x.
    c = representable(16, 16, 5)
    loss_and_grad = nn.value_and_grad(layer, lambda m, x: (m(x) * mx.array(c)).sum())
    loss, grads = loss_and_grad(layer, mx.array(x))
    assert float(loss) == float(((x @ w.T) * c).sum())
    np.testing.assert_array_equal(np.array(grads["weight"]), c.T @ x)


def test_from_linear_and_quantize_with_quantized_input():
    linear = nn.Linear(64, 16, bias=False)
    layer = nn.QQLinear.from_linear(linear)
    assert layer.weight is linear.weight and layer.training
    assert isinstance(linear.to_quantized(mode="mxfp8", quantize_input=True), nn.QQLinear)
    model = nn.Sequential(nn.Linear(64, 32, bias=False), nn.ReLU(), nn.Linear(32, 16, bias=False))
    model.eval()
    nn.quantize(model, mode="nvfp4", quantize_input=True)
    assert all(isinstance(model.layers[i], nn.QQLinear) for i in (0, 2))
    assert model.layers[0].weight.dtype == mx.uint32  # eval mode: stored quantized
    with pytest.raises(NotImplementedError, match="does not support bias"):
        nn.QQLinear.from_linear(nn.Linear(64, 16))
    with pytest.raises(ValueError, match="only supported for 'nvfp4' and 'mxfp8'"):
        nn.Linear(64, 16, bias=False).to_quantized(mode="affine", quantize_input=True)
    with pytest.raises(ValueError, match="Invalid quantization mode"):
        nn.QQLinear(64, 16, mode="int3")


def test_quantized_linear_accepts_nvfp4():
    layer = nn.QuantizedLinear(64, 8, mode="nvfp4")
    assert (layer.group_size, layer.bits) == (16, 4)
    assert layer(mx.ones((2, 64))).shape == (2, 8)
