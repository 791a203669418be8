"""Normalisation layers and dropout against NumPy."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, flat_keys, seed


def np_norm(x, axes, eps=1e-5):
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


def random_affine(layer, rng, dims):
    layer.weight = mx.array(rng.standard_normal(dims).astype(np.float32))
    layer.bias = mx.array(rng.standard_normal(dims).astype(np.float32))
    return np.array(layer.weight), np.array(layer.bias)


def test_layer_norm():
    rng = seed(0)
    x = rng.standard_normal((2, 3, 6)).astype(np.float32)
    ln = nn.LayerNorm(6)
    assert flat_keys(ln.parameters()) == ["bias", "weight"]
    w, b = random_affine(ln, rng, 6)
    assert_close(ln(mx.array(x)), np_norm(x, -1) * w + b, atol=1e-5)
    assert flat_keys(nn.LayerNorm(6, affine=False).parameters()) == []
    no_bias = nn.LayerNorm(6, bias=False, eps=1e-3)
    assert flat_keys(no_bias.parameters()) == ["weight"]
    assert_close(no_bias(mx.array(x)), np_norm(x, -1, 1e-3), atol=1e-5)
    with pytest.raises(ValueError, match=r"\[LayerNorm\] 'eps' must be positive"):
        nn.LayerNorm(4, eps=0)


def test_rms_norm():
    rng = seed(1)
    x = rng.standard_normal((4, 5)).astype(np.float32)
    rms = nn.RMSNorm(5, eps=1e-6)
    rms.weight = mx.array(rng.standard_normal(5).astype(np.float32))
    expected = x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-6) * np.array(rms.weight)
    assert_close(rms(mx.array(x)), expected, atol=1e-5)


def test_group_norm_both_group_layouts():
    rng = seed(2)
    x = rng.standard_normal((2, 3, 4, 6)).astype(np.float32)
    gn = nn.GroupNorm(3, 6)
    w, b = random_affine(gn, rng, 6)
    # MLX layout: feature f belongs to group f % num_groups.
    grouped = x.reshape(2, -1, 2, 3)  # (..., f // 3, f % 3)
    expected = np_norm(grouped, (1, 2)).reshape(x.shape)
    assert_close(gn(mx.array(x)), expected * w + b, atol=1e-5)
    pt = nn.GroupNorm(3, 6, pytorch_compatible=True, affine=False)
    grouped = x.reshape(2, -1, 3, 2)  # contiguous groups: (..., f // 2, f % 2)
    expected = np_norm(grouped, (1, 3)).reshape(x.shape)
    assert_close(pt(mx.array(x)), expected, atol=1e-5)
    with pytest.raises(ValueError, match="evenly divisible"):
        nn.GroupNorm(4, 6)


def test_instance_norm():
    rng = seed(3)
    x = rng.standard_normal((2, 4, 5, 3)).astype(np.float32)
    inorm = nn.InstanceNorm(3)
    assert flat_keys(inorm.parameters()) == []
    assert_close(inorm(mx.array(x)), np_norm(x, (1, 2)), atol=1e-5)
    affine = nn.InstanceNorm(3, affine=True)
    w, b = random_affine(affine, rng, 3)
    assert_close(affine(mx.array(x)), np_norm(x, (1, 2)) * w + b, atol=1e-5)
    with pytest.raises(ValueError, match="at least 3 dimensions"):
        inorm(mx.ones((2, 3)))


def test_batch_norm_train_eval_and_running_stats():
    rng = seed(4)
    bn = nn.BatchNorm(3, momentum=0.2)
    assert flat_keys(bn.parameters()) == ["bias", "running_mean", "running_var", "weight"]
    assert flat_keys(bn.trainable_parameters()) == ["bias", "weight"]
    x = rng.standard_normal((8, 5, 3)).astype(np.float32) * 2 + 1
    w, b = random_affine(bn, rng, 3)
    y = bn(mx.array(x))
    assert_close(y, np_norm(x, (0, 1)) * w + b, atol=1e-4)
    flat = x.reshape(-1, 3)
    assert_close(bn.running_mean, 0.2 * flat.mean(0), atol=1e-5)
    assert_close(bn.running_var, 0.8 + 0.2 * flat.var(0, ddof=1), atol=1e-5)
    bn.eval()
    mean, var = np.array(bn.running_mean), np.array(bn.running_var)
    assert_close(bn(mx.array(x)), (x - mean) / np.sqrt(var + 1e-5) * w + b, atol=1e-4)
    assert_close(bn.running_mean, mean, atol=0)  # eval leaves the statistics alone
    untracked = nn.BatchNorm(3, affine=False, track_running_stats=False)
    assert flat_keys(untracked.parameters()) == []
    untracked.eval()
    assert_close(untracked(mx.array(x)), np_norm(x, (0, 1)), atol=1e-4)
    with pytest.raises(ValueError, match="2, 3 or 4 dimensions"):
        bn(mx.ones((3,)))
    bn.train()
    with pytest.raises(ValueError, match="more than one value per channel"):
        bn(mx.ones((1, 3)))


def test_dropout_train_and_eval():
    seed(5)
    x = mx.ones((200, 50))
    drop = nn.Dropout(0.25)
    y = np.array(drop(x))
    assert set(np.unique(y).tolist()) <= {0.0, np.float32(1 / 0.75).item()}
    assert abs((y == 0).mean() - 0.25) < 0.03
    drop.eval()
    assert drop(x) is x
    assert nn.Dropout(0.0)(x) is x
    with pytest.raises(ValueError, match="not in \\[0, 1\\)"):
        nn.Dropout(1.0)


@pytest.mark.parametrize("cls,shape,shared", [(nn.Dropout2d, (4, 6, 7, 30), (1, 2)), (nn.Dropout3d, (2, 3, 4, 5, 30), (1, 2, 3))])
def test_channel_dropout_masks_whole_channels(cls, shape, shared):
    seed(6)
    y = np.array(cls(0.5)(mx.ones(shape)))
    # Within one sample and channel the value is constant across space.
    assert np.all(y.min(axis=shared) == y.max(axis=shared))
    assert set(np.unique(y)) <= {0.0, 2.0}
    with pytest.raises(ValueError, match="Expected"):
        cls(0.5)(mx.ones((3, 3)))
