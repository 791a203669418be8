"""mx.distributed over MPI: each test starts `mpiexec -n N` on localhost (the
`mpich` wheel, a test dependency) running a worker script, with a timeout, and
checks what every rank reports."""

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap

import mxcore as mx
import pytest

PACKAGE_PARENT = os.path.dirname(os.path.dirname(mx.__file__))


def mpiexec():
    # The mpich wheel's launcher (beside this Python) before whatever is on PATH.
    found = os.path.join(sysconfig.get_paths()["scripts"], "mpiexec")
    if not os.path.isfile(found):
        found = shutil.which("mpiexec") or found
    assert os.path.isfile(found), "mpiexec not found: pip install mpich (a test dependency)"
    return found


def run_ranks(tmp_path, n, body, timeout=120):
    script = tmp_path / "worker.py"
    script.write_text(textwrap.dedent("""
        import os, sys
        import numpy as np
        import mxcore as mx
        dist = mx.distributed
        group = dist.init(strict=True)
        rank, size = group.rank(), group.size()
        def report():  # one file per rank: ranks' prints interleave
            with open(os.path.join(os.environ["RESULTS"], f"ok{rank}"), "w") as f:
                f.write("ok")
    """) + textwrap.dedent(body))
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_PARENT
    env["MXCORE_CACHE_DIR"] = str(tmp_path / "cache")
    results = tmp_path / f"results-{n}"
    shutil.rmtree(results, ignore_errors=True)
    results.mkdir()
    env["RESULTS"] = str(results)
    result = subprocess.run([mpiexec(), "-n", str(n), sys.executable, str(script)],
                            capture_output=True, text=True, timeout=timeout, env=env)
    result.reported = sorted(os.listdir(results))
    return result


def assert_ok(result, n):
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.reported == sorted(f"ok{r}" for r in range(n)), result.stdout + result.stderr


COLLECTIVES = """
dtypes = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "bfloat16", "float32", "float64", "complex64"]
def local(dtype_name, r):
    base = np.arange(12).reshape(4, 3) % 5 + r
    if dtype_name == "bool_":
        return (base + r) % 2 == 0
    if dtype_name == "complex64":
        return (base + 1j * (base - r)).astype(np.complex64)
    return base.astype(np.float32 if dtype_name == "bfloat16" else getattr(np, dtype_name.rstrip("_")))
for name in dtypes:
    dt = getattr(mx, name)
    mine = mx.array(local(name, rank)).astype(dt)
    everyone = [local(name, r) for r in range(size)]
    got = np.array(dist.all_sum(mine).astype(mx.float32 if name == "bfloat16" else dt))
    if name == "bool_":
        want = np.logical_or.reduce(everyone)
    else:
        want = np.sum(np.stack(everyone), axis=0).astype(got.dtype)
    assert np.array_equal(got, want), (name, got, want)
    gathered = np.array(dist.all_gather(mine).astype(mx.float32 if name == "bfloat16" else dt))
    assert gathered.shape == (4 * size, 3)
    assert np.array_equal(gathered, np.concatenate(everyone).astype(gathered.dtype)), name
    if name != "complex64":
        for op, ref in (("all_max", np.max), ("all_min", np.min)):
            got = np.array(getattr(dist, op)(mine).astype(mx.float32 if name == "bfloat16" else dt))
            want = ref(np.stack(everyone), axis=0).astype(got.dtype)
            assert np.array_equal(got, want), (op, name)
    if size in (1, 2, 4):
        shard = np.array(dist.sum_scatter(mine).astype(mx.float32 if name == "bfloat16" else dt))
        full = (np.logical_or.reduce(everyone) if name == "bool_"
                else np.sum(np.stack(everyone), axis=0).astype(shard.dtype))
        rows = 4 // size
        assert np.array_equal(shard, full[rank * rows:(rank + 1) * rows]), name
# A temporary input (its buffer is donated: the all-reduce runs in place).
tmp = dist.all_sum(mx.arange(6, dtype=mx.float32) + rank)
assert np.array_equal(np.array(tmp), size * np.arange(6.0) + sum(range(size)))
# Non-contiguous input, and a collective inside a compiled function.
t = mx.array(np.arange(6, dtype=np.float32).reshape(2, 3)).T
assert np.array_equal(np.array(dist.all_sum(t)), size * np.arange(6.0).reshape(2, 3).T)
f = mx.compile(lambda v: dist.all_sum(v * 2) + 1)
assert np.array_equal(np.array(f(mx.ones(5))), np.full(5, 2.0 * size + 1))
report()
"""


@pytest.mark.parametrize("n", [2, 4])
def test_every_collective_and_dtype_against_numpy(tmp_path, n):
    assert_ok(run_ranks(tmp_path, n, COLLECTIVES, timeout=240), n)


POINT_TO_POINT = """
assert dist.is_available() and dist.is_available("mpi")
assert dist.init() is group
x = mx.array(np.arange(5, dtype=np.float32) + 10 * rank)
# A ring: send to the right, receive from the left.
right, left = (rank + 1) % size, (rank - 1) % size
if rank % 2 == 0:
    mx.eval(dist.send(x, right))
    got = dist.recv_like(x, left)
else:
    got = dist.recv((5,), mx.float32, left)
    mx.eval(got)
    mx.eval(dist.send(x, right))
assert np.array_equal(np.array(got), np.arange(5, dtype=np.float32) + 10 * left)
# Split into even and odd ranks, ordered by descending key.
sub = group.split(rank % 2, key=size - rank)
members = [r for r in range(size) if r % 2 == rank % 2]
assert sub.size() == len(members)
assert sub.rank() == sorted(members, reverse=True).index(rank)
total = dist.all_sum(mx.array(rank), group=sub).item()
assert total == sum(members), (total, members)
try:
    dist.send(x, size)
    raise SystemExit("bad destination accepted")
except ValueError as e:
    assert "[send]" in str(e) and "destination" in str(e)
try:
    dist.sum_scatter(mx.ones((size + 1,)))
    raise SystemExit("indivisible sum_scatter accepted")
except ValueError as e:
    assert "[sum_scatter]" in str(e)
report()
"""


def test_send_recv_split_and_argument_checks(tmp_path):
    assert_ok(run_ranks(tmp_path, 4, POINT_TO_POINT), 4)


TRAINING_STEP = """
# A small MLP; each rank holds a quarter of the batch. The averaged gradients
# must equal the gradients of the whole batch computed in one process.
rng = np.random.default_rng(0)
X = rng.standard_normal((32, 8)).astype(np.float32)
Y = rng.standard_normal((32, 2)).astype(np.float32)
params = {"w1": mx.array(rng.standard_normal((8, 16)).astype(np.float32) * 0.3),
          "b1": mx.zeros((16,)),
          "w2": mx.array(rng.standard_normal((16, 2)).astype(np.float32) * 0.3)}
def loss(p, x, y):
    h = mx.maximum(x @ p["w1"] + p["b1"], 0.0)
    return mx.mean(mx.square(h @ p["w2"] - y))
shard = slice(rank * 32 // size, (rank + 1) * 32 // size)
value, grads = mx.value_and_grad(loss)(params, mx.array(X[shard]), mx.array(Y[shard]))
averaged = {k: dist.all_sum(g) / size for k, g in grads.items()}
mean_loss = dist.all_sum(value) / size
_, full = mx.value_and_grad(loss)(params, mx.array(X), mx.array(Y))
for k in params:
    np.testing.assert_allclose(np.array(averaged[k]), np.array(full[k]), rtol=1e-5, atol=1e-6)
np.testing.assert_allclose(mean_loss.item(), loss(params, mx.array(X), mx.array(Y)).item(), rtol=1e-5)
# One SGD step keeps the replicas identical.
new = {k: params[k] - 0.1 * averaged[k] for k in params}
same = dist.all_max(mx.abs(new["w1"] - dist.all_sum(new["w1"]) / size)).max().item()
assert same < 1e-6
# Gradient rules: all_sum passes its cotangent through; all_gather's vjp is
# this rank's slice of the cotangent.
g = mx.grad(lambda v: (dist.all_sum(v) * mx.arange(3)).sum())(mx.ones(3))
assert g.tolist() == [0.0, 1.0, 2.0]
g = mx.grad(lambda v: (dist.all_gather(v) * mx.arange(3 * size)).sum())(mx.ones(3))
assert g.tolist() == [float(3 * rank + i) for i in range(3)], g.tolist()
_, t = mx.jvp(lambda v: dist.all_sum(v), [mx.ones(2)], [mx.ones(2) * (rank + 1)])
assert t[0].tolist() == [size * (size + 1) / 2] * 2
report()
"""


def test_data_parallel_step_matches_single_process(tmp_path):
    assert_ok(run_ranks(tmp_path, 4, TRAINING_STEP), 4)
    assert_ok(run_ranks(tmp_path, 2, TRAINING_STEP), 2)


FAILING_RANK = """
if rank == 1:
    raise ValueError("rank 1 failed on purpose")
mx.eval(dist.all_sum(mx.ones(3)))   # rank 1 never joins
report()
"""


def test_failing_rank_ends_the_others_with_a_message(tmp_path):
    result = run_ranks(tmp_path, 2, FAILING_RANK, timeout=60)
    assert result.returncode != 0
    out = result.stdout + result.stderr
    assert "rank 1 failed on purpose" in out
    assert "MPI_Abort" in out
    assert result.reported == []


def test_without_launcher_any_falls_back_and_mpi_runs_alone(tmp_path):
    code = textwrap.dedent("""
        import mxcore as mx
        d = mx.distributed
        g = d.init()
        assert (g.rank(), g.size()) == (0, 1)
        try:
            d.init(strict=True)
            raise SystemExit("strict init without a launcher succeeded")
        except RuntimeError as e:
            assert "mpirun" in str(e), e
        print("ok")
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PMI_", "HYDRA_"))}
    env["PYTHONPATH"] = PACKAGE_PARENT
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 0 and "ok" in result.stdout, result.stdout + result.stderr


def test_missing_mpi_library_is_a_clear_error(tmp_path):
    code = textwrap.dedent("""
        import mxcore as mx
        assert mx.distributed.is_available("mpi") is False
        try:
            mx.distributed.init(strict=True, backend="mpi")
            raise SystemExit("init succeeded without MPI")
        except RuntimeError as e:
            assert "MXCORE_MPI_LIBRARY" in str(e) and "mxcore[mpi]" in str(e), e
        print("ok")
    """)
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT, MXCORE_MPI_LIBRARY="/nonexistent/libmpi.so")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 0 and "ok" in result.stdout, result.stdout + result.stderr
