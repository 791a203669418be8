"""nn.Module: the parameter tree, updates, freezing, modes, dtypes and
weight files."""

import os

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn
from mxcore.utils import tree_flatten

from nn_helpers import assert_close, flat_keys, flat_shapes


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(8, 4)
        self.blocks = [nn.Linear(4, 4), {"norm": nn.LayerNorm(4), "bn": nn.BatchNorm(4)}]
        self.head = nn.Linear(4, 2, bias=False)
        self._cache = mx.zeros((3,))  # private: not a parameter
        self.scale = 2.0  # plain attribute

    def __call__(self, idx):
        h = self.blocks[0](self.emb(idx))
        h = self.blocks[1]["norm"](h)
        return self.head(h) * self.scale


ALL_KEYS = sorted([
    "emb.weight", "blocks.0.weight", "blocks.0.bias", "blocks.1.norm.weight", "blocks.1.norm.bias",
    "blocks.1.bn.weight", "blocks.1.bn.bias", "blocks.1.bn.running_mean", "blocks.1.bn.running_var",
    "head.weight",
])


def test_parameters_and_trainable_parameters():
    net = Net()
    assert flat_keys(net.parameters()) == ALL_KEYS
    # BatchNorm's running statistics are state, never trainable.
    assert flat_keys(net.trainable_parameters()) == [k for k in ALL_KEYS if "running" not in k]
    assert flat_shapes(net.parameters())["head.weight"] == (2, 4)
    assert "_cache" in net and "_cache" not in net.parameters()
    assert "scale" not in net and net.scale == 2.0


def test_children_leaf_modules_and_named_modules():
    net = Net()
    children = net.children()
    assert set(children) == {"emb", "blocks", "head"}
    assert isinstance(children["blocks"][0], nn.Linear)
    assert isinstance(children["blocks"][1]["norm"], nn.LayerNorm)
    leaves = [k for k, _ in tree_flatten(net.leaf_modules(), is_leaf=nn.Module.is_module)]
    assert sorted(leaves) == ["blocks.0", "blocks.1.bn", "blocks.1.norm", "emb", "head"]
    named = dict(net.named_modules())
    assert sorted(named) == ["", "blocks.0", "blocks.1.bn", "blocks.1.norm", "emb", "head"]
    assert named[""] is net and named["head"] is net.head
    assert len(net.modules()) == 6


def test_update_strict_and_non_strict():
    net = Net()
    w = mx.ones((2, 4))
    net.update({"head": {"weight": w}})
    assert net.head.weight is w
    with pytest.raises(ValueError, match='does not have parameter named "nope"'):
        net.update({"nope": mx.ones((1,))})
    with pytest.raises(ValueError, match="Received invalid type: int"):
        net.update({"head": {"weight": 3}})
    with pytest.raises(ValueError, match="out of bounds"):
        net.update({"blocks": [{}, {}, {}]})
    net.update({"nope": mx.ones((1,)), "blocks": [{}, {}, {}]}, strict=False)
    assert "nope" not in net


def test_apply_and_set_dtype():
    net = Net()
    # filter_fn must keep containers for the walk to reach nested weights.
    net.apply(lambda p: p * 0 + 1, filter_fn=lambda m, k, v: k == "weight" or isinstance(v, (dict, list)))
    assert_close(net.head.weight, np.ones((2, 4)))
    assert_close(net.blocks[1]["norm"].weight, np.ones(4))
    assert not np.all(np.array(net.blocks[0].bias) == 1)
    mixed = nn.Module()
    mixed.table = mx.arange(3)
    mixed.w = mx.ones((2,))
    mixed.set_dtype(mx.float16)  # default predicate: floating point only
    assert mixed.w.dtype == mx.float16 and mixed.table.dtype == mx.int32
    mixed.set_dtype(mx.float32, predicate=None)
    assert mixed.table.dtype == mx.float32 and mixed.w.dtype == mx.float32


def test_update_modules_and_apply_to_modules():
    net = Net()
    net.update_modules({"blocks": [nn.Identity(), {}]})
    assert isinstance(net.blocks[0], nn.Identity)
    with pytest.raises(ValueError, match='does not have sub-module named "nope"'):
        net.update_modules({"nope": nn.Identity()})
    seen = []
    net.apply_to_modules(lambda path, m: seen.append((path, type(m).__name__)))
    assert ("blocks.1.norm", "LayerNorm") in seen and ("", "Net") in seen


def test_freeze_and_unfreeze():
    net = Net()
    net.freeze()
    assert flat_keys(net.trainable_parameters()) == []
    net.unfreeze()
    assert "blocks.0.weight" in flat_keys(net.trainable_parameters())
    # BatchNorm.unfreeze keeps its running statistics frozen.
    bn = nn.BatchNorm(3)
    bn.freeze()
    bn.unfreeze()
    assert flat_keys(bn.trainable_parameters()) == ["bias", "weight"]
    net.freeze(keys="bias")
    assert not any(k.endswith(".bias") for k in flat_keys(net.trainable_parameters()))
    net.unfreeze(keys=["bias"])
    assert "blocks.0.bias" in flat_keys(net.trainable_parameters())
    # recurse=False only touches this module's own parameters.
    net.freeze(recurse=False)
    assert "head.weight" in flat_keys(net.trainable_parameters())
    net.head.freeze(recurse=False, keys="weight", strict=True)
    assert "head.weight" not in flat_keys(net.trainable_parameters())
    with pytest.raises(KeyError, match="doesn't contain member nope"):
        net.freeze(keys="nope", strict=True)
    with pytest.raises(KeyError, match="doesn't contain member bias"):
        net.head.freeze(keys="bias", strict=True, recurse=False)
    net.freeze(keys="nope")  # not strict: ignored


def test_train_eval_and_state():
    net = Net()
    assert net.training and net.blocks[1]["bn"].training
    net.eval()
    assert not net.training and not net.blocks[1]["bn"].training and not net.head.training
    net.train()
    assert net.emb.training
    assert net.state is net


def test_attribute_semantics():
    m = nn.Module()
    m.w = mx.ones((2,))
    assert "w" in m and m.w is m["w"]
    m.w = 3  # a non-array replaces the entry with a plain attribute
    assert "w" not in m and m.w == 3
    del m.w
    with pytest.raises(AttributeError):
        m.w
    m.layers = [nn.Linear(2, 2)]
    del m.layers
    assert "layers" not in m


def test_repr_lists_children():
    text = repr(nn.Sequential(nn.Linear(2, 3), nn.ReLU()))
    assert text.startswith("Sequential(")
    assert "(layers.0): Linear(input_dims=2, output_dims=3, bias=True)" in text
    assert "(layers.1): ReLU()" in text


@pytest.mark.parametrize("ext", [".npz", ".safetensors"])
def test_save_and_load_weights_round_trip(tmp_path, ext):
    a, b = Net(), Net()
    path = os.path.join(tmp_path, "w" + ext)
    a.save_weights(path)
    loaded = mx.load(path)
    assert sorted(loaded) == ALL_KEYS
    b.load_weights(path)
    for k, v in tree_flatten(a.parameters()):
        assert_close(dict(tree_flatten(b.parameters()))[k], v, atol=0)
    idx = mx.array([1, 2, 7])
    assert_close(b(idx), a(idx), atol=0)


def test_weights_files_accept_path_objects(tmp_path):
    a, b = Net(), Net()
    a.save_weights(tmp_path / "w.safetensors")
    b.load_weights(tmp_path / "w.safetensors")
    assert_close(b.head.weight, a.head.weight, atol=0)


def test_save_weights_rejects_unknown_extension(tmp_path):
    with pytest.raises(ValueError, match="Unsupported file extension"):
        Net().save_weights(os.path.join(tmp_path, "w.bin"))


def test_load_weights_strict_errors():
    net = Net()
    pairs = tree_flatten(net.parameters())
    with pytest.raises(ValueError, match="Received 1 parameters not in model: \nextra"):
        net.load_weights(pairs + [("extra", mx.ones((1,)))])
    with pytest.raises(ValueError, match="Missing 1 parameters: \nhead.weight"):
        net.load_weights([p for p in pairs if p[0] != "head.weight"])
    bad = [(k, mx.ones((5, 5)) if k == "head.weight" else v) for k, v in pairs]
    with pytest.raises(ValueError, match=r"Expected shape \(2, 4\) but received shape \(5, 5\) for parameter head.weight"):
        net.load_weights(bad)
    bad = [(k, 1.0 if k == "head.weight" else v) for k, v in pairs]
    with pytest.raises(ValueError, match="Expected mx.array"):
        net.load_weights(bad)
    # As in MLX, dtypes are not checked: the loaded array replaces the old one.
    half = [(k, v.astype(mx.float16) if k == "head.weight" else v) for k, v in pairs]
    net.load_weights(half)
    assert net.head.weight.dtype == mx.float16
    # Not strict: a subset updates only those parameters.
    net.load_weights([("head.weight", mx.zeros((2, 4)))], strict=False)
    assert_close(net.head.weight, np.zeros((2, 4)))
