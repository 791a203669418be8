"""Linear, Bilinear, Identity, Embedding, Sequential and the (transposed)
convolutions against NumPy, with MLX's parameter names and shapes."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, flat_shapes, np_conv, np_conv_transpose, seed


def test_linear_forward_layout_and_init_range():
    rng = seed(1)
    lin = nn.Linear(6, 3)
    assert flat_shapes(lin.parameters()) == {"weight": (3, 6), "bias": (3,)}
    bound = 1 / math.sqrt(6)
    assert np.abs(np.array(lin.weight)).max() <= bound and np.abs(np.array(lin.bias)).max() <= bound
    x = rng.standard_normal((2, 5, 6)).astype(np.float32)
    assert_close(lin(mx.array(x)), x @ np.array(lin.weight).T + np.array(lin.bias), atol=1e-5)
    no_bias = nn.Linear(6, 3, bias=False)
    assert flat_shapes(no_bias.parameters()) == {"weight": (3, 6)}
    assert_close(no_bias(mx.array(x)), x @ np.array(no_bias.weight).T, atol=1e-5)


def test_bilinear():
    rng = seed(2)
    layer = nn.Bilinear(4, 3, 5)
    assert flat_shapes(layer.parameters()) == {"weight": (5, 3, 4), "bias": (5,)}
    x1 = rng.standard_normal((2, 7, 4)).astype(np.float32)
    x2 = rng.standard_normal((2, 7, 3)).astype(np.float32)
    w, b = np.array(layer.weight), np.array(layer.bias)
    expected = np.einsum("...i,oji,...j->...o", x1, w, x2) + b
    assert_close(layer(mx.array(x1), mx.array(x2)), expected, atol=1e-5)


def test_identity_and_sequential():
    x = mx.array([[1.0, -2.0]])
    assert nn.Identity(3, foo=1)(x) is x
    seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), lambda t: t * 2)
    assert sorted(flat_shapes(seq.parameters())) == ["layers.0.bias", "layers.0.weight"]
    l0 = seq.layers[0]
    expected = np.maximum(np.array(x) @ np.array(l0.weight).T + np.array(l0.bias), 0) * 2
    assert_close(seq(x), expected)


def test_embedding_lookup_as_linear_and_init_scale():
    seed(3)
    emb = nn.Embedding(1000, 16)
    assert flat_shapes(emb.parameters()) == {"weight": (1000, 16)}
    w = np.array(emb.weight)
    assert abs(w.std() - 1 / math.sqrt(16)) < 0.01  # N(0, 1/dims)
    idx = np.array([[3, 999], [0, 3]])
    assert_close(emb(mx.array(idx)), w[idx], atol=0)
    x = np.random.default_rng(0).standard_normal((2, 16)).astype(np.float32)
    assert_close(emb.as_linear(mx.array(x)), x @ w.T, atol=1e-4)


CONV_CASES = [
    (nn.Conv1d, dict(in_channels=3, out_channels=4, kernel_size=3, stride=2, padding=1), (2, 9, 3)),
    (nn.Conv1d, dict(in_channels=4, out_channels=6, kernel_size=2, dilation=2, groups=2), (2, 7, 4)),
    (nn.Conv2d, dict(in_channels=3, out_channels=2, kernel_size=(3, 2), stride=(2, 1), padding=(1, 0)), (2, 6, 5, 3)),
    (nn.Conv2d, dict(in_channels=4, out_channels=4, kernel_size=3, groups=4, bias=False), (1, 5, 5, 4)),
    (nn.Conv3d, dict(in_channels=2, out_channels=3, kernel_size=2, stride=(1, 2, 1), padding=1), (1, 4, 4, 3, 2)),
]


@pytest.mark.parametrize("cls,kwargs,shape", CONV_CASES)
def test_convolution_against_numpy(cls, kwargs, shape):
    rng = seed(4)
    layer = cls(**kwargs)
    groups = kwargs.get("groups", 1)
    k = kwargs["kernel_size"]
    nd = len(shape) - 2
    k = (k,) * nd if isinstance(k, int) else k
    expected_w = (kwargs["out_channels"], *k, kwargs["in_channels"] // groups)
    shapes = flat_shapes(layer.parameters())
    assert shapes["weight"] == expected_w
    assert ("bias" in shapes) == kwargs.get("bias", True)
    bound = math.sqrt(1 / (kwargs["in_channels"] // groups * math.prod(k)))
    assert np.abs(np.array(layer.weight)).max() <= bound
    if "bias" in layer:  # MLX initialises conv biases to zero; make it visible
        layer.bias = mx.array(rng.standard_normal(layer.bias.shape).astype(np.float32))
    x = rng.standard_normal(shape).astype(np.float32)
    expected = np_conv(x, np.array(layer.weight), kwargs.get("stride", 1), kwargs.get("padding", 0),
                       kwargs.get("dilation", 1), groups)
    if "bias" in layer:
        expected = expected + np.array(layer.bias)
    assert_close(layer(mx.array(x)), expected, atol=1e-4)


CONV_T_CASES = [
    (nn.ConvTranspose1d, dict(in_channels=3, out_channels=2, kernel_size=3, stride=2, padding=1, output_padding=1), (2, 5, 3)),
    (nn.ConvTranspose1d, dict(in_channels=2, out_channels=3, kernel_size=2, dilation=2), (1, 4, 2)),
    (nn.ConvTranspose2d, dict(in_channels=3, out_channels=2, kernel_size=(3, 2), stride=2, padding=(1, 0)), (2, 3, 4, 3)),
    (nn.ConvTranspose3d, dict(in_channels=2, out_channels=2, kernel_size=2, stride=2, bias=False), (1, 2, 3, 2, 2)),
]


@pytest.mark.parametrize("cls,kwargs,shape", CONV_T_CASES)
def test_transposed_convolution_against_numpy(cls, kwargs, shape):
    rng = seed(5)
    layer = cls(**kwargs)
    nd = len(shape) - 2
    k = kwargs["kernel_size"]
    k = (k,) * nd if isinstance(k, int) else k
    assert flat_shapes(layer.parameters())["weight"] == (kwargs["out_channels"], *k, kwargs["in_channels"])
    if "bias" in layer:
        layer.bias = mx.array(rng.standard_normal(layer.bias.shape).astype(np.float32))
    x = rng.standard_normal(shape).astype(np.float32)
    expected = np_conv_transpose(x, np.array(layer.weight), kwargs.get("stride", 1), kwargs.get("padding", 0),
                                 kwargs.get("dilation", 1), kwargs.get("output_padding", 0))
    if "bias" in layer:
        expected = expected + np.array(layer.bias)
    assert_close(layer(mx.array(x)), expected, atol=1e-4)


def test_conv3d_takes_bias_seventh_as_mlx():
    layer = nn.Conv3d(2, 3, 2, 1, 0, 1, False)
    assert "bias" not in layer


def test_conv_bad_groups_and_kernel_tuple():
    with pytest.raises(ValueError, match="divisible by the number of groups"):
        nn.Conv2d(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match="kernel_size"):
        nn.Conv2d(3, 4, (3, 3, 3))
