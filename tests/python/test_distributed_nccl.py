"""mx.distributed's NCCL backend where no GPU is needed: availability and its
reason, strict init's error, and the launch environment's checks (which run
before NCCL is loaded). The collectives themselves are tested on a GPU
(tests/gpu/test_nccl_one_rank.py, tests/gpu/test_nccl_multi.py)."""

import os
import subprocess
import sys
import textwrap

import mxcore as mx
import pytest

PACKAGE_PARENT = os.path.dirname(os.path.dirname(mx.__file__))
LAUNCH_VARS = ("MLX_RANK", "MLX_WORLD_SIZE", "NCCL_HOST_IP", "NCCL_PORT", "MXCORE_NCCL_TIMEOUT")


def run_python(code, **env_vars):
    env = {k: v for k, v in os.environ.items() if k not in LAUNCH_VARS}
    env.update(PYTHONPATH=PACKAGE_PARENT, NCCL_NVLS_ENABLE="0", **env_vars)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120, env=env)


@pytest.fixture
def launch_env(monkeypatch):
    for name in LAUNCH_VARS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_nccl_is_unavailable_without_gpu_and_says_why():
    if mx.cuda.is_available():
        pytest.skip("this machine has a CUDA GPU: tests/gpu/test_nccl_one_rank.py covers it")
    assert mx.distributed.is_available("nccl") is False
    r = run_python("""
        import mxcore as mx
        try:
            mx.distributed.init(strict=True, backend="nccl")
        except RuntimeError as e:
            print("ERROR", e)
    """)
    assert r.returncode == 0, r.stderr
    assert "[distributed] Couldn't initialize the 'nccl' backend:" in r.stdout
    # Either reason is a clear one: no library here, or no GPU.
    assert ("NCCL library could not be loaded" in r.stdout) or ("no CUDA GPU" in r.stdout), r.stdout


def test_missing_library_named_in_the_error():
    r = run_python("""
        import mxcore as mx
        print("available", mx.distributed.is_available("nccl"))
        try:
            mx.distributed.init(strict=True, backend="nccl")
        except RuntimeError as e:
            print("ERROR", e)
        g = mx.distributed.init(backend="nccl")  # not strict: the singleton group
        print("fallback", g.rank(), g.size())
    """, MXCORE_NCCL_LIBRARY="/nonexistent/libnccl.so.2")
    assert r.returncode == 0, r.stderr
    assert "available False" in r.stdout
    assert "NCCL library could not be loaded (/nonexistent/libnccl.so.2:" in r.stdout
    assert "MXCORE_NCCL_LIBRARY" in r.stdout
    assert "fallback 0 1" in r.stdout


def test_any_backend_does_not_pick_nccl():
    r = run_python("""
        import mxcore as mx
        g = mx.distributed.init()
        print("group", g.rank(), g.size())
        print("sum", mx.distributed.all_sum(mx.array([1.0, 2.0])).tolist())
    """)
    assert r.returncode == 0, r.stderr
    assert "group 0 1" in r.stdout and "sum [1.0, 2.0]" in r.stdout


@pytest.mark.parametrize("env, message", [
    ({"MLX_RANK": "0"}, "needs both MLX_RANK and MLX_WORLD_SIZE, but only MLX_RANK is set"),
    ({"MLX_WORLD_SIZE": "2"}, "only MLX_WORLD_SIZE is set"),
    ({"MLX_RANK": "abc", "MLX_WORLD_SIZE": "2"}, "MLX_RANK='abc' must be an integer from 0 to 1"),
    ({"MLX_RANK": "2", "MLX_WORLD_SIZE": "2"}, "MLX_RANK='2' must be an integer from 0 to 1"),
    ({"MLX_RANK": "0", "MLX_WORLD_SIZE": "0"}, "MLX_WORLD_SIZE='0' must be an integer from 1"),
    ({"MLX_RANK": "0", "MLX_WORLD_SIZE": "2x"}, "MLX_WORLD_SIZE='2x' must be an integer"),
    ({"MLX_RANK": "1", "MLX_WORLD_SIZE": "2"}, "NCCL_HOST_IP and NCCL_PORT (both unset)"),
    ({"MLX_RANK": "1", "MLX_WORLD_SIZE": "2", "NCCL_HOST_IP": "127.0.0.1"}, "(NCCL_PORT unset)"),
    ({"MLX_RANK": "1", "MLX_WORLD_SIZE": "2", "NCCL_PORT": "5000"}, "(NCCL_HOST_IP unset)"),
    ({"MLX_RANK": "1", "MLX_WORLD_SIZE": "2", "NCCL_HOST_IP": "127.0.0.1", "NCCL_PORT": "70000"},
     "NCCL_PORT='70000' must be an integer from 1 to 65535"),
    ({"MXCORE_NCCL_TIMEOUT": "-3"}, "MXCORE_NCCL_TIMEOUT='-3' must be a positive number"),
    ({"MXCORE_NCCL_TIMEOUT": "soon"}, "MXCORE_NCCL_TIMEOUT='soon' must be a positive number"),
])
@pytest.mark.parametrize("strict", [True, False])
def test_malformed_launch_environment_raises(env, message, strict):
    # Malformed settings are the user's error: raised also when not strict.
    # A fresh process: an earlier init() in this one would be returned as is.
    r = run_python(f"""
        import mxcore as mx
        try:
            mx.distributed.init(strict={strict}, backend="nccl")
            print("NO ERROR")
        except ValueError as e:
            print("ValueError", e)
    """, **env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ValueError [distributed]"), r.stdout
    assert message in r.stdout, r.stdout


def test_world_of_one_needs_no_address(launch_env):
    # MLX_WORLD_SIZE=1 parses without NCCL_HOST_IP/NCCL_PORT; what fails here
    # is the missing GPU or library, a RuntimeError, not the environment.
    if mx.distributed.is_available("nccl"):
        pytest.skip("NCCL and a GPU are here: tests/gpu/test_nccl_one_rank.py covers it")
    launch_env.setenv("MLX_RANK", "0")
    launch_env.setenv("MLX_WORLD_SIZE", "1")
    with pytest.raises(RuntimeError, match="Couldn't initialize the 'nccl' backend"):
        mx.distributed.init(strict=True, backend="nccl")


def test_under_mpiexec_ranks_come_from_mpi(tmp_path):
    # The MPI world is read (both ranks answer, nobody hangs); what is missing
    # here is NCCL or the GPU, reported on every rank.
    if mx.distributed.is_available("nccl"):
        pytest.skip("NCCL and a GPU are here: tests/gpu covers the NCCL world")
    from test_distributed_mpi import mpiexec
    script = tmp_path / "rank.py"
    script.write_text(textwrap.dedent("""
        import os, sys
        import mxcore as mx
        try:
            mx.distributed.init(strict=True, backend="nccl")
        except RuntimeError as e:  # one file per rank: ranks' prints interleave
            with open(os.path.join(sys.argv[1], "rank" + os.environ["PMI_RANK"]), "w") as f:
                f.write(str(e))
    """))
    env = {k: v for k, v in os.environ.items() if k not in LAUNCH_VARS}
    env.update(PYTHONPATH=PACKAGE_PARENT, NCCL_NVLS_ENABLE="0")
    r = subprocess.run([mpiexec(), "-n", "2", sys.executable, str(script), str(tmp_path)],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    for rank in (0, 1):
        text = (tmp_path / f"rank{rank}").read_text()
        assert text.startswith("[distributed] Couldn't initialize the 'nccl' backend:"), text


def test_unknown_backend_lists_nccl():
    with pytest.raises(ValueError, match="'any', 'mpi', 'nccl'"):
        mx.distributed.is_available("gloo")
