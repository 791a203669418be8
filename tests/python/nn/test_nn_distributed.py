"""Sharded layers (nn.AllToShardedLinear, ShardedToAllLinear, their quantized
forms, shard_linear / shard_inplace, FullyShardedModule / fully_shard): on
the singleton group against NumPy, and on 2 MPI ranks against the unsharded
layer computed on every rank from the same seed."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn
from mxcore.nn.layers.distributed import _shard
from mxcore.utils import tree_flatten

from nn_helpers import assert_close, seed
from test_distributed_mpi import assert_ok, run_ranks


def np_linear(x, layer):
    out = np.array(x) @ np.array(layer.weight).T
    return out + np.array(layer.bias) if "bias" in layer else out


def test_names_match_mlx_layout():
    assert nn.distributed.shard_linear is nn.layers.distributed.shard_linear
    from mxcore.nn.distributed import fully_shard, shard_inplace  # noqa: F401
    assert nn.fully_shard is fully_shard


def test_singleton_group_layers_are_linear_layers():
    seed(1)
    x = mx.random.normal((3, 8))
    for cls in (nn.AllToShardedLinear, nn.ShardedToAllLinear):
        layer = cls(8, 6)
        assert layer.weight.shape == (6, 8) and layer.bias.shape == (6,)
        assert_close(layer(x), np_linear(x, layer), rtol=1e-5, atol=1e-5)
        assert repr(layer) == f"{cls.__name__}(input_dims=8, output_dims=6, bias=True)"
        no_bias = cls(8, 6, bias=False)
        assert "bias" not in no_bias
        assert_close(no_bias(x), np_linear(x, no_bias), rtol=1e-5, atol=1e-5)


def test_shard_linear_picks_the_class_and_keeps_the_weights():
    seed(2)
    linear = nn.Linear(8, 4)
    x = mx.random.normal((2, 8))
    a2s = nn.distributed.shard_linear(linear, "all-to-sharded")
    s2a = nn.distributed.shard_linear(linear, "sharded-to-all")
    assert type(a2s) is nn.AllToShardedLinear and type(s2a) is nn.ShardedToAllLinear
    for layer in (a2s, s2a):
        assert np.array_equal(np.array(layer.weight), np.array(linear.weight))
        assert_close(layer(x), np_linear(x, linear), rtol=1e-5, atol=1e-5)
    quantized = nn.QuantizedLinear.from_linear(nn.Linear(128, 4), group_size=64, bits=4)
    xq = mx.random.normal((2, 128))
    for sharding, cls in (("all-to-sharded", nn.QuantizedAllToShardedLinear),
                          ("sharded-to-all", nn.QuantizedShardedToAllLinear)):
        layer = nn.distributed.shard_linear(quantized, sharding)
        assert type(layer) is cls
        assert layer.trainable_parameters() == {}  # frozen like QuantizedLinear
        assert_close(layer(xq), quantized(xq), rtol=1e-5, atol=1e-5)
        assert "input_dims=128, output_dims=4, bias=True, group_size=64, bits=4, mode=affine" in repr(layer)
    with pytest.raises(ValueError, match="not supported"):
        nn.distributed.shard_linear(linear, "rows")


def test_shard_rules_with_segments_hand_computed():
    # _shard is what every helper uses; a fake group of size 2 shows the split
    # a rank keeps (rank 1 here) without launching processes.
    class Half:
        def size(self):
            return 2

        def rank(self):
            return 1

    w = mx.arange(12 * 2).reshape(12, 2)
    # Three fused matrices of 4 rows each: rank 1 keeps rows 2-3 of each.
    got = _shard({"weight": w}, lambda p, a: (0, 3), Half())["weight"]
    assert np.array_equal(np.array(got), np.array(w)[[2, 3, 6, 7, 10, 11]])
    # Fractional segments: a cut at a third of the 12 rows -> parts of 4 and
    # 8 rows; rank 1 keeps rows 2-3 of the first and 8-11 of the second.
    got = _shard({"weight": w}, lambda p, a: (0, [1 / 3]), Half())["weight"]
    assert np.array_equal(np.array(got), np.array(w)[[2, 3, 8, 9, 10, 11]])
    assert _shard({"b": w}, lambda p, a: None, Half())["b"] is w
    with pytest.raises(ValueError, match="should return int or tuple"):
        _shard({"weight": w}, lambda p, a: "rows", Half())


def test_shard_inplace_and_fully_shard_on_one_rank():
    seed(3)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
    before = [np.array(v) for _, v in tree_flatten(model.parameters())]
    nn.distributed.shard_inplace(model, "all-to-sharded", segments=2)
    after = [np.array(v) for _, v in tree_flatten(model.parameters())]
    assert len(before) == 4 and all(np.array_equal(a, b) for a, b in zip(before, after))
    assert nn.fully_shard(model) is model  # a group of one keeps the module
    with pytest.raises(ValueError, match="not supported"):
        nn.distributed.shard_inplace(model, "columns")


def test_errors_name_the_problem():
    class Three:
        def size(self):
            return 3

        def rank(self):
            return 0

    with pytest.raises(ValueError, match="Cannot shard the output of size 4 across 3 devices"):
        nn.AllToShardedLinear(8, 4, group=Three())
    with pytest.raises(ValueError, match="input of size 8 cannot be sharded across 3 devices"):
        nn.ShardedToAllLinear(8, 4, group=Three())
    with pytest.raises(ValueError, match="axis 0 must be divisible by 3"):
        nn.FullyShardedModule(nn.Linear(4, 4), group=Three())


TENSOR_PARALLEL = """
import mxcore.nn as nn
from mxcore.utils import tree_flatten
mx.random.seed(7)
first, second = nn.Linear(8, 6), nn.Linear(6, 4)   # the same on every rank
x = mx.random.normal((5, 8))
def full(x):
    return second(nn.relu(first(x)))
a2s = nn.distributed.shard_linear(first, "all-to-sharded")
s2a = nn.distributed.shard_linear(second, "sharded-to-all")
half = slice(3 * rank, 3 * rank + 3)
assert np.array_equal(np.array(a2s.weight), np.array(first.weight)[half])
assert np.array_equal(np.array(a2s.bias), np.array(first.bias)[half])
assert np.array_equal(np.array(s2a.weight), np.array(second.weight)[:, half])
assert np.array_equal(np.array(s2a.bias), np.array(second.bias))
# all-to-sharded gives this rank's output features; sharded-to-all sums them.
assert np.allclose(np.array(a2s(x)), np.array(first(x))[:, half], atol=1e-5)
def sharded(x):
    return s2a(nn.relu(a2s(x)))
assert np.allclose(np.array(sharded(x)), np.array(full(x)), atol=1e-5)
# The input's gradient sums every rank's part (the custom vjp of a2s).
gx_full = mx.grad(lambda x: full(x).square().sum())(x)
gx = mx.grad(lambda x: sharded(x).square().sum())(x)
assert np.allclose(np.array(gx), np.array(gx_full), atol=1e-4)
# Weight gradients are this rank's slice of the full ones.
model = nn.Sequential(a2s, nn.ReLU(), s2a)
ref = nn.Sequential(first, nn.ReLU(), second)
loss = lambda m, x: m(x).square().sum()
g = dict(tree_flatten(nn.value_and_grad(model, loss)(model, x)[1]))
g_ref = dict(tree_flatten(nn.value_and_grad(ref, loss)(ref, x)[1]))
assert np.allclose(np.array(g["layers.0.weight"]), np.array(g_ref["layers.0.weight"])[half], atol=1e-4)
assert np.allclose(np.array(g["layers.2.weight"]), np.array(g_ref["layers.2.weight"])[:, half], atol=1e-4)
assert np.allclose(np.array(g["layers.2.bias"]), np.array(g_ref["layers.2.bias"]), atol=1e-4)
# Fused QKV: segments=3 splits each of the three matrices across the ranks.
qkv = nn.Linear(4, 12)
sq = nn.distributed.shard_linear(qkv, "all-to-sharded", segments=3)
rows = [i for part in range(3) for i in range(4 * part + 2 * rank, 4 * part + 2 * rank + 2)]
assert np.array_equal(np.array(sq.weight), np.array(qkv.weight)[rows])
# Quantized layers: the same two directions on the packed weights.
mx.random.seed(8)
q1 = nn.QuantizedLinear(128, 64, group_size=64, bits=4)
q2 = nn.QuantizedLinear(128, 8, group_size=64, bits=8)
xq = mx.random.normal((3, 128))
qa2s = nn.distributed.shard_linear(q1, "all-to-sharded")
assert type(qa2s) is nn.QuantizedAllToShardedLinear and qa2s.weight.shape == (32, 16)
assert np.allclose(np.array(qa2s(xq)), np.array(q1(xq))[:, 32 * rank:32 * rank + 32], atol=1e-4)
qs2a = nn.distributed.shard_linear(q2, "sharded-to-all")
assert type(qs2a) is nn.QuantizedShardedToAllLinear
assert np.allclose(np.array(qs2a(xq[:, 64 * rank:64 * rank + 64])), np.array(q2(xq)), atol=1e-3)
assert "input_dims=128, output_dims=8" in repr(qs2a), repr(qs2a)
# shard_inplace only changes the parameters.
lin = nn.Linear(8, 6)
whole = np.array(lin.weight)
nn.distributed.shard_inplace(lin, "sharded-to-all")
assert np.array_equal(np.array(lin.weight), whole[:, 4 * rank:4 * rank + 4])
report()
"""


FULLY_SHARDED = """
import mxcore.nn as nn
from mxcore.utils import tree_flatten
mx.random.seed(11)
def make():
    return nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
ref = make()
full_params = {k: np.array(v) for k, v in tree_flatten(ref.parameters())}
mx.random.seed(11)
model = nn.fully_shard(make())
assert isinstance(model, nn.FullyShardedModule), type(model)
assert repr(model).startswith("FullyShardedModule(num_sharded_params=4")
for k, v in tree_flatten(model.parameters()):
    whole = full_params[k[len("module."):]]
    n = whole.shape[0] // size
    assert np.array_equal(np.array(v), whole[n * rank:n * rank + n]), k
# Each rank has its own data; the forward pass uses the full parameters.
xs = [mx.random.normal((3, 4), key=mx.random.key(r)) for r in range(size)]
assert np.allclose(np.array(model(xs[rank])), np.array(ref(xs[rank])), atol=1e-5)
# Gradients come back as this rank's slice of the average over ranks.
loss = lambda m, x: m(x).square().mean()
g = dict(tree_flatten(nn.value_and_grad(model, loss)(model, xs[rank])[1]))
per_rank = [dict(tree_flatten(nn.value_and_grad(ref, loss)(ref, x)[1])) for x in xs]
for k, v in g.items():
    name = k[len("module."):]
    mean = sum(np.array(p[name]) for p in per_rank) / size
    n = mean.shape[0] // size
    assert np.allclose(np.array(v), mean[n * rank:n * rank + n], atol=1e-5), k
# The shards stay in place after the call; compute_dtype casts the gathered copy.
assert model.module.layers[0].weight.shape == (6 // size, 4)
mx.random.seed(11)
half = nn.fully_shard(make(), compute_dtype=mx.float16)
out = half(xs[rank].astype(mx.float16))  # float16 parameters, float16 input
assert out.dtype == mx.float16
assert np.allclose(np.array(out.astype(mx.float32)), np.array(ref(xs[rank])), atol=2e-2)
assert nn.fully_shard(model) is model
report()
"""


def test_tensor_parallel_layers_on_two_ranks(tmp_path):
    assert_ok(run_ranks(tmp_path, 2, TENSOR_PARALLEL), 2)


def test_fully_sharded_module_on_two_ranks(tmp_path):
    assert_ok(run_ranks(tmp_path, 2, FULLY_SHARDED), 2)
