"""mx.distributed over NCCL with one rank on one GPU: the world of one still
runs its collectives through NCCL (unlike the singleton group, which returns
the input), so each equals its input, for every dtype; gradients through
all_sum; Group.split (ncclCommSplit); a compiled function around a
collective; a transformer's gradients on the GPU reduced over the world
match the CPU's. And what one GPU cannot do: two ranks on it are refused by
NCCL with a clear error on both, not a hang."""

import os
import subprocess
import sys

import numpy as np
import pytest

import mxcore as mx

os.environ.setdefault("NCCL_NVLS_ENABLE", "0")  # NVLink multicast stays off on shared hosts
for _name in ("MLX_RANK", "MLX_WORLD_SIZE", "NCCL_HOST_IP", "NCCL_PORT"):
    os.environ.pop(_name, None)

import test_nccl_multi as multi  # noqa: E402
from test_nccl_multi import TRANSFORMER, assert_all_ok, gpu_count, launch  # noqa: E402

dist = mx.distributed

DTYPES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64"]


@pytest.fixture(scope="module")
def world():
    assert dist.is_available("nccl"), "NCCL did not load (nvidia-nccl-cu13 or MXCORE_NCCL_LIBRARY)"
    group = dist.init(strict=True, backend="nccl")
    return group


def sample(name, shape=(4, 3)):
    base = np.arange(int(np.prod(shape))).reshape(shape) % 7 - 3
    if name == "bool_":
        return base % 2 == 0
    if name == "complex64":
        return (base + 2j * base).astype(np.complex64)
    if name.startswith("uint"):
        base = np.abs(base)
    return base.astype(np.float32 if name == "bfloat16" else getattr(np, name.rstrip("_")))


def host(a, name):
    return np.array(a.astype(mx.float32) if name == "bfloat16" else a)


def test_world_of_one_is_nccl(world):
    assert (world.rank(), world.size()) == (0, 1)
    assert os.environ["NCCL_NVLS_ENABLE"] == "0"


@pytest.mark.parametrize("name", DTYPES)
def test_each_collective_returns_its_input(world, on_gpu, name):
    want = sample(name)
    x = mx.array(want).astype(getattr(mx, name))
    ops = [dist.all_sum, dist.all_gather, dist.sum_scatter]
    if name != "complex64":
        ops += [dist.all_max, dist.all_min]
    for op in ops:
        y = op(x)
        assert y.dtype == x.dtype and y.shape == x.shape, op.__name__
        # a new array: the collective ran (through NCCL), it did not return x
        assert y is not x
        np.testing.assert_array_equal(host(y, name), want, err_msg=f"{op.__name__} {name}")
    # a strided input (a transposed view) goes through a dense device copy
    np.testing.assert_array_equal(host(dist.all_sum(x.T), name), want.T)
    np.testing.assert_array_equal(host(dist.all_sum(x, stream=mx.gpu), name), want)


def test_results_live_on_the_gpu_stream(world, on_gpu):
    x = mx.array([1.0, 2.0])
    with pytest.raises(ValueError, match=r"\[all_sum\].*nccl backend run on a GPU stream"):
        dist.all_sum(x, stream=mx.cpu)
    # an all-reduce of a temporary (in place)
    np.testing.assert_allclose(np.array(dist.all_sum(mx.exp(x)) * 2), 2 * np.exp([1.0, 2.0]),
                               rtol=1e-6)


def test_scalar_gathers_into_a_vector(world, on_gpu):
    y = dist.all_gather(mx.array(5.0))
    assert y.shape == (1,) and np.array(y).tolist() == [5.0]


def test_gradients_through_collectives(world, on_gpu):
    w = mx.array([1.0, -2.0, 3.0])
    x = mx.array([0.5, 0.25, 2.0])
    g = mx.grad(lambda v: mx.sum(dist.all_sum(v) * w))(x)
    np.testing.assert_allclose(np.array(g), np.array(w))
    g = mx.grad(lambda v: mx.sum(dist.all_gather(v * v) * w))(x)
    np.testing.assert_allclose(np.array(g), 2 * np.array(x) * np.array(w))
    _, t = mx.jvp(lambda v: dist.all_sum(v * 3), [x], [mx.ones_like(x)])
    np.testing.assert_allclose(np.array(t[0]), [3.0, 3.0, 3.0])
    with pytest.raises(ValueError, match=r"vjp is only defined for all_sum"):
        mx.grad(lambda v: mx.sum(dist.all_max(v)))(x)


def test_split_makes_a_new_communicator(world, on_gpu):
    sub = world.split(0)
    assert (sub.rank(), sub.size()) == (0, 1)
    x = mx.array(np.arange(6, dtype=np.float32).reshape(3, 2))
    np.testing.assert_array_equal(np.array(dist.all_sum(x, group=sub)), np.array(x))
    sub2 = sub.split(3, key=5)
    np.testing.assert_array_equal(np.array(dist.all_max(x, group=sub2)), np.array(x))
    with pytest.raises(ValueError, match=r"\[Group.split\] color=-1 must be non-negative"):
        world.split(-1)


def test_compiled_function_around_a_collective(world, on_gpu):
    def f(x):
        return dist.all_sum(mx.exp(x) * 2.0) + 1.0
    x = mx.array(np.linspace(-1, 1, 1000, dtype=np.float32))
    compiled = mx.compile(f)
    np.testing.assert_allclose(np.array(compiled(x)), np.array(f(x)), rtol=1e-6)
    np.testing.assert_allclose(np.array(compiled(x)), 2 * np.exp(np.array(x)) + 1, rtol=1e-5)


def test_send_and_recv_need_a_peer(world, on_gpu):
    with pytest.raises(ValueError, match=r"\[send\] Cannot send to a singleton group"):
        dist.send(mx.array([1.0]), 0)


def test_transformer_gradients_reduced_on_gpu_match_cpu(world, on_gpu):
    scope = {"mx": mx, "np": np, "dist": dist}
    exec(TRANSFORMER, scope)
    model = scope["make_model"]()
    x, y = scope["batch"]()
    loss, grads = scope["gradients"](model, x, y)
    from mxcore.utils import tree_map
    reduced = scope["flat"](tree_map(lambda g: dist.all_sum(g) / world.size(), grads))
    mx.set_default_device(mx.cpu)
    cpu_loss, cpu_grads = scope["gradients"](model, x, y)
    mx.set_default_device(mx.gpu)
    cpu_grads = scope["flat"](cpu_grads)
    assert reduced.keys() == cpu_grads.keys() and len(reduced) == 16
    for key in reduced:
        np.testing.assert_allclose(reduced[key], cpu_grads[key], rtol=1e-3, atol=1e-5, err_msg=key)
    assert abs(float(np.array(loss)) - float(np.array(cpu_loss))) < 1e-5


@pytest.mark.parametrize("script", ["COLLECTIVES", "DATA_PARALLEL"])
def test_multi_gpu_scripts_run_as_a_world_of_one(tmp_path, script):
    # The 2+ GPU test's worker scripts, launched the same way (MLX_RANK=0,
    # MLX_WORLD_SIZE=1): every collective through NCCL, the split, the
    # transformer step; on one rank the averaged gradients are the whole batch's.
    assert_all_ok(launch(tmp_path, 1, getattr(multi, script)), 1)


@pytest.mark.skipif(gpu_count() != 1, reason="the refusal is what one GPU shows")
def test_two_ranks_on_one_gpu_are_refused_on_both(tmp_path):
    codes, outputs, reports = launch(tmp_path, 2, "report()\n", timeout=180)
    text = "\n".join(f"--- rank {r} (exit {c})\n{o}" for r, (c, o) in enumerate(zip(codes, outputs)))
    print(text)
    assert codes[0] != 0 and codes[1] != 0, text
    assert reports == {}, text
    for out in outputs:
        assert "[distributed.init] NCCL error:" in out, text
