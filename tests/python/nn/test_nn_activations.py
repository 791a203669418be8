"""Activation functions and modules against NumPy formulas."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close


def erf(x):
    return np.vectorize(math.erf)(x)


def sig(x):
    return 1 / (1 + np.exp(-x))


def softplus(x):
    return np.log1p(np.exp(-np.abs(x))) + np.maximum(x, 0)


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


X = np.linspace(-6, 6, 49).astype(np.float32).reshape(7, 7)

REFERENCES = {
    "sigmoid": sig,
    "relu": lambda x: np.maximum(x, 0),
    "relu2": lambda x: np.maximum(x, 0) ** 2,
    "relu6": lambda x: np.clip(x, 0, 6),
    "leaky_relu": lambda x: np.where(x > 0, x, 0.01 * x),
    "elu": lambda x: np.where(x > 0, x, np.exp(x) - 1),
    "selu": lambda x: 1.0507 * np.where(x > 0, x, 1.67326 * (np.exp(x) - 1)),
    "celu": lambda x: np.maximum(x, 0) + np.minimum(0, np.exp(x) - 1),
    "gelu": lambda x: x * (1 + erf(x / math.sqrt(2))) / 2,
    "gelu_approx": lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3))),
    "gelu_fast_approx": lambda x: x * sig(1.702 * x),
    "silu": lambda x: x * sig(x),
    "mish": lambda x: x * np.tanh(softplus(x)),
    "hardswish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "hard_tanh": lambda x: np.clip(x, -1, 1),
    "softplus": softplus,
    "softsign": lambda x: x / (1 + np.abs(x)),
    "softshrink": lambda x: np.where(x > 0.5, x - 0.5, np.where(x < -0.5, x + 0.5, 0)),
    "hard_shrink": lambda x: np.where(np.abs(x) > 0.5, x, 0),
    "log_sigmoid": lambda x: -softplus(-x),
    "log_softmax": lambda x: np.log(softmax(x)),
    "softmax": softmax,
    "softmin": lambda x: softmax(-x),
    "glu": lambda x: x[:, :3] * sig(x[:, 3:6]) if x.shape[1] == 6 else None,
    "step": lambda x: (x > 0).astype(np.float32),
    "tanh": np.tanh,
}

MODULES = {
    "Sigmoid": "sigmoid", "ReLU": "relu", "ReLU2": "relu2", "ReLU6": "relu6", "LeakyReLU": "leaky_relu",
    "ELU": "elu", "SELU": "selu", "CELU": "celu", "GELU": "gelu", "SiLU": "silu", "Mish": "mish",
    "Hardswish": "hardswish", "HardTanh": "hard_tanh", "Softplus": "softplus", "Softsign": "softsign",
    "Softshrink": "softshrink", "HardShrink": "hard_shrink", "LogSigmoid": "log_sigmoid",
    "LogSoftmax": "log_softmax", "Softmax": "softmax", "Softmin": "softmin", "Step": "step", "Tanh": "tanh",
}


@pytest.mark.parametrize("name", sorted(set(REFERENCES) - {"glu"}))
def test_activation_function(name):
    assert_close(getattr(nn, name)(mx.array(X)), REFERENCES[name](X.astype(np.float64)), atol=2e-5, rtol=1e-4)


@pytest.mark.parametrize("cls_name", sorted(MODULES))
def test_activation_module(cls_name):
    module = getattr(nn, cls_name)()
    assert isinstance(module, nn.Module) and len(module.parameters()) == 0
    assert_close(module(mx.array(X)), REFERENCES[MODULES[cls_name]](X.astype(np.float64)), atol=2e-5, rtol=1e-4)


def test_parameterised_activations():
    x = X.astype(np.float64)
    assert_close(nn.leaky_relu(mx.array(X), negative_slope=0.2), np.where(x > 0, x, 0.2 * x), atol=1e-5)
    assert_close(nn.LeakyReLU(0.3)(mx.array(X)), np.where(x > 0, x, 0.3 * x), atol=1e-5)
    assert_close(nn.ELU(alpha=2.0)(mx.array(X)), np.where(x > 0, x, 2 * (np.exp(x) - 1)), atol=1e-5)
    assert_close(nn.CELU(alpha=2.0)(mx.array(X)), np.maximum(x, 0) + np.minimum(0, 2 * (np.exp(x / 2) - 1)), atol=1e-5)
    assert_close(nn.hard_tanh(mx.array(X), -2, 3), np.clip(x, -2, 3))
    assert_close(nn.Softshrink(1.0)(mx.array(X)), np.where(x > 1, x - 1, np.where(x < -1, x + 1, 0)), atol=1e-6)
    assert_close(nn.HardShrink(1.0)(mx.array(X)), np.where(np.abs(x) > 1, x, 0))
    assert_close(nn.Step(1.5)(mx.array(X)), (x > 1.5).astype(np.float32))
    x6 = np.arange(12, dtype=np.float32).reshape(2, 6) / 4 - 1
    assert_close(nn.glu(mx.array(x6)), x6[:, :3] * sig(x6[:, 3:]), atol=1e-6)
    assert_close(nn.GLU(axis=0)(mx.array(x6)), x6[:1] * sig(x6[1:]), atol=1e-6)
    assert_close(nn.log_softmax(mx.array(X), axis=0), np.log(softmax(x.T)).T, atol=1e-5)


def test_gelu_approximations_and_prelu():
    x = X.astype(np.float64)
    assert_close(nn.GELU()(mx.array(X)), REFERENCES["gelu"](x), atol=1e-5)
    for approx in ("precise", "tanh"):
        assert_close(nn.GELU(approx)(mx.array(X)), REFERENCES["gelu_approx"](x), atol=1e-5)
    assert_close(nn.GELU("fast")(mx.array(X)), REFERENCES["gelu_fast_approx"](x), atol=1e-5)
    with pytest.raises(ValueError, match="approximation"):
        nn.GELU("bogus")
    prelu = nn.PReLU(7, init=0.1)
    assert list(prelu.parameters()) == ["weight"] and prelu.weight.shape == (7,)
    assert_close(prelu(mx.array(X)), np.where(x > 0, x, 0.1 * x), atol=1e-6)
    alpha = np.linspace(0, 1, 7)
    assert_close(nn.prelu(mx.array(X), mx.array(alpha.astype(np.float32))), np.where(x > 0, x, alpha * x), atol=1e-6)
