"""The kernel cache under concurrent use and over time: processes racing on
an empty cache, threads compiling and calling at once, the size cap's LRU
eviction and clear_kernel_cache. Each case runs in child processes with a
timeout; every compiled result is checked against eager results."""

import os
import subprocess
import sys
from pathlib import Path

from jit_cache_helpers import (CHILD_CODE, CHILD_TIMEOUT, child_env, child_report,
                               entry_is_authentic, kernel_entries, run_child, warning_count)


def test_processes_racing_on_an_empty_cache(tmp_path):
    root = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root, MXCORE_TEST_FUNCS="0,1,2")
    procs = [subprocess.Popen([sys.executable, "-c", CHILD_CODE], env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(6)]
    for p in procs:
        out, err = p.communicate(timeout=CHILD_TIMEOUT)
        assert p.returncode == 0, err
        assert "[mxcore] warning" not in err, err
    names = kernel_entries(root / "kernels")
    assert len(names) == 3
    assert all(entry_is_authentic(root, n) for n in names)
    # no scratch files left; beside the kernels, the compiler's cached --version
    probes = sorted(n for n in os.listdir(root / "kernels") if n.endswith(".probe"))
    assert len(probes) == 1
    assert sorted(os.listdir(root / "kernels")) == sorted(names + probes)
    assert child_report(run_child(env))["compiler_runs"] == 0


THREADS_CODE = r"""
import threading
import numpy as np
import mxcore as mx

def make(k):
    def f(x):
        y = mx.exp(x) * 2.0 + mx.sin(x)
        for _ in range(k):
            y = mx.cos(y)
        return y
    return f

def reference(x, k):
    y = np.exp(x) * np.float32(2.0) + np.sin(x)
    for _ in range(k):
        y = np.cos(y)
    return y

errors = []
start = threading.Barrier(8)

def worker(t):
    try:
        k = t % 4  # two threads per kernel: they race to build it
        eager = make(k)
        f = mx.compile(eager)
        start.wait()
        for i in range(15):
            x_np = (np.linspace(-2, 2, 40 + i) + 0.01 * t).astype(np.float32)
            x = mx.array(x_np)
            got = np.array(f(x))
            np.testing.assert_allclose(got, np.array(eager(x)), rtol=1e-6, atol=1e-6)
            np.testing.assert_allclose(got, reference(x_np, k), rtol=1e-5, atol=1e-5)
    except Exception as e:
        errors.append(repr(e))

threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert not errors, errors
print('{"compiler_runs": %d}' % mx._core._jit_compiler_invocations())
"""


def test_threads_compiling_and_calling_at_once(tmp_path):
    root = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    result = run_child(env, code=THREADS_CODE)
    report = child_report(result)
    assert warning_count(result) == 0, result.stderr
    assert report["compiler_runs"] >= 4
    assert all(entry_is_authentic(root, n) for n in kernel_entries(root / "kernels"))


def entry_sizes(root):
    return {n: (Path(root) / "kernels" / n).stat().st_size for n in kernel_entries(Path(root) / "kernels")}


def cap_env(tmp_path, root, cap_bytes, funcs):
    return child_env(tmp_path, MXCORE_CACHE_DIR=root, MXCORE_TEST_FUNCS=funcs,
                     MXCORE_CACHE_MAX_MB=repr((cap_bytes + 0.5) / (1024 * 1024)))


def test_size_cap_evicts_least_recently_used(tmp_path):
    # Learn the names and sizes of kernels 0, 1, 2 without a cap.
    free = tmp_path / "free"
    report = child_report(run_child(child_env(tmp_path, MXCORE_CACHE_DIR=free,
                                              MXCORE_TEST_FUNCS="0,1,2")))
    after = report["entries_after_each"]
    n0 = after[0][0]
    (n1,) = set(after[1]) - set(after[0])
    (n2,) = set(after[2]) - set(after[1])
    size = entry_sizes(free)
    cap = max(size[n0] + size[n1], size[n0] + size[n2])
    assert cap < size[n0] + size[n1] + size[n2]

    root = tmp_path / "capped"
    child_report(run_child(cap_env(tmp_path, root, cap, "0,1")))
    assert kernel_entries(root / "kernels") == sorted([n0, n1])
    # Kernel 0 is used again (loaded, not built), then kernel 2 is built:
    # kernel 1, now the least recently used, is evicted.
    report = child_report(run_child(cap_env(tmp_path, root, cap, "0,2")))
    assert report["compiler_runs"] == 1
    assert kernel_entries(root / "kernels") == sorted([n0, n2])
    assert sum(entry_sizes(root).values()) <= cap


def test_entry_larger_than_the_cap_is_still_used(tmp_path):
    root = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root, MXCORE_TEST_FUNCS="0,1",
                    MXCORE_CACHE_MAX_MB="0")
    report = child_report(run_child(env))
    assert report["compiler_runs"] == 2
    # Only the newest entry survives a zero cap.
    assert report["entries_after_each"][1] == kernel_entries(root / "kernels")
    assert len(report["entries_after_each"][1]) == 1


CLEAR_PRELUDE = r"""
import os
import numpy as np
import mxcore as mx

def entries():
    return [n for n in os.listdir(mx._core._kernel_cache_dir()) if n.endswith(".kernel")]

def check(compiled, f):
    np.testing.assert_allclose(np.array(compiled(x)), np.array(f(x)), rtol=1e-6)

x = mx.array(np.linspace(-1, 1, 50).astype(np.float32))
f = lambda x: mx.exp(x) * 3.0 - x
g = lambda x: mx.sin(x) * 3.0 - x
"""

CLEAR_CODE = CLEAR_PRELUDE + r"""
cf = mx.compile(f)
check(cf, f)
assert len(entries()) == 1
assert mx.clear_kernel_cache() is None
assert entries() == []
# Loaded kernels stay usable; new ones are cached again.
check(cf, f)
check(mx.compile(g), g)
assert len(entries()) == 1
mx.clear_cache()  # the allocator's cache: leaves the kernels alone
assert len(entries()) == 1
print('{"compiler_runs": %d}' % mx._core._jit_compiler_invocations())
"""

REUSE_CODE = CLEAR_PRELUDE + r"""
check(mx.compile(f), f)
check(mx.compile(g), g)
print('{"compiler_runs": %d}' % mx._core._jit_compiler_invocations())
"""


def test_clear_kernel_cache(tmp_path):
    root = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=root)
    assert child_report(run_child(env, code=CLEAR_CODE))["compiler_runs"] == 2
    assert (root / "key").exists()
    # The cleared kernel is built again by the next process; the other is reused.
    assert child_report(run_child(env, code=REUSE_CODE))["compiler_runs"] == 1
