"""nn.init: shapes, dtypes, exact values and the statistics of samples."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn
from mxcore.nn import init

from nn_helpers import assert_close, seed


def test_constant_identity_and_dtype():
    a = mx.zeros((3, 4))
    assert_close(init.constant(2.5)(a), np.full((3, 4), 2.5))
    assert init.constant(1, dtype=mx.float16)(a).dtype == mx.float16
    assert_close(init.identity()(mx.zeros((3, 3))), np.eye(3))
    with pytest.raises(ValueError, match="square matrix"):
        init.identity()(a)


def test_normal_and_uniform_statistics():
    seed(0)
    a = mx.zeros((200, 200))
    w = np.array(init.normal(mean=1.0, std=0.5)(a))
    assert abs(w.mean() - 1.0) < 0.01 and abs(w.std() - 0.5) < 0.01
    u = np.array(init.uniform(low=-2.0, high=1.0)(a))
    assert u.min() >= -2.0 and u.max() < 1.0 and abs(u.mean() + 0.5) < 0.02


def test_glorot_and_he_scales():
    seed(1)
    a = mx.zeros((300, 200))  # fan_out 300, fan_in 200
    w = np.array(init.glorot_normal()(a))
    assert abs(w.std() - math.sqrt(2 / 500)) < 0.002
    w = np.array(init.glorot_uniform()(a, gain=2.0))
    limit = 2 * math.sqrt(6 / 500)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.95 * limit
    w = np.array(init.he_normal()(a))
    assert abs(w.std() - 1 / math.sqrt(200)) < 0.002
    w = np.array(init.he_normal()(a, mode="fan_out", gain=3.0))
    assert abs(w.std() - 3 / math.sqrt(300)) < 0.005
    w = np.array(init.he_uniform()(a, mode="fan_out"))
    limit = math.sqrt(3 / 300)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.95 * limit
    # Conv weights (out, kh, kw, in): the receptive field multiplies both fans.
    conv = mx.zeros((64, 3, 3, 32))
    w = np.array(init.he_normal()(conv))
    assert abs(w.std() - 1 / math.sqrt(32 * 9)) < 0.002
    with pytest.raises(ValueError, match="Invalid mode"):
        init.he_uniform()(a, mode="fan_avg")
    with pytest.raises(ValueError, match="at least 2 dimensional"):
        init.glorot_normal()(mx.zeros((4,)))


def test_sparse():
    seed(2)
    w = np.array(init.sparse(sparsity=0.25, std=2.0)(mx.zeros((50, 8))))
    assert np.all((w == 0).sum(axis=1) == 2)  # ceil(0.25 * 8) zeros per row
    assert abs(w[w != 0].std() - 2.0) < 0.25
    with pytest.raises(ValueError, match="2 dimensions"):
        init.sparse(0.5)(mx.zeros((2, 2, 2)))


@pytest.mark.parametrize("shape", [(6, 6), (4, 7), (7, 3)])
def test_orthogonal(shape):
    seed(3)
    w = np.array(init.orthogonal(gain=1.5)(mx.zeros(shape))).astype(np.float64)
    assert w.shape == shape
    gram = w @ w.T if shape[0] <= shape[1] else w.T @ w
    assert_close(gram, 2.25 * np.eye(min(shape)), atol=1e-4)
    with pytest.raises(ValueError, match="2D array"):
        init.orthogonal()(mx.zeros((3,)))


def test_initialiser_applied_to_a_model():
    seed(4)
    model = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2))
    model.apply(init.constant(0.5))
    assert all(np.all(np.array(v) == 0.5) for v in (model.layers[0].weight, model.layers[1].bias))
