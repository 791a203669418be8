"""First calls of compiled functions: kernels linked without the C++ runtime,
background builds (the default; MXCORE_JIT_BACKGROUND=0 turns them off: a missing kernel is queued and
the calls meanwhile run on the eager kernels, with the same results), a
second process that only loads what the first built, threads calling a
function whose kernel is being built, and a process that exits while its
compiler runs. Every case runs in a child process with its own cache; a
"gated" compiler (a wrapper that waits for a file before running the real
one) makes "the build is still running" a fact, not a race."""

import json
import os
import time
from pathlib import Path

import pytest

from jit_cache_helpers import (HEADER_SIZE, child_env, child_report, find_cxx, kernel_entries,
                               run_child, warning_count)

# The functions every child compiles: an elementwise chain, a float16 one
# (roundings of intermediates), a row reduction (softmax) and an integer one.
FUNCTIONS = r"""
import json, os, sys, threading, time
import numpy as np
import mxcore as mx

def chain(x):
    return mx.sin(x) * 2.0 + mx.exp(-x * x) - mx.tanh(x) / 3.0

def half(x):
    h = x.astype(mx.float16)
    return (h * h + mx.cos(h)).astype(mx.float32)

def softmax(x):
    m = mx.max(x, axis=-1, keepdims=True)
    e = mx.exp(x - m)
    return e / mx.sum(e, axis=-1, keepdims=True)

def integer(x):
    i = (x * 100).astype(mx.int32)
    return (i * 3 + (i // 7)).astype(mx.float32)

FUNCS = [chain, half, softmax, integer]
rng = np.random.default_rng(0)
X = mx.array(rng.uniform(-3, 3, size=(13, 67)).astype(np.float32))
EAGER = [np.array(f(X)) for f in FUNCS]

def check(got, i):
    # Eager and JIT kernels agree up to the contraction of a*b+c into one FMA.
    np.testing.assert_allclose(np.array(got), EAGER[i], rtol=2e-6, atol=2e-6)

def report(**values):
    values["compiler_runs"] = mx._core._jit_compiler_invocations()
    values["kernel_runs"] = mx._core._jit_kernel_runs()
    values["pending"] = mx._core._jit_background_pending()
    print(json.dumps(values))
"""

# First calls (eager: the gated compiler cannot finish), then the gate opens,
# the builds finish, and the same calls run the kernels.
BACKGROUND_CODE = FUNCTIONS + r"""
compiled = [mx.compile(f) for f in FUNCS]
for i, cf in enumerate(compiled):
    check(cf(X), i)
first = dict(kernel_runs=mx._core._jit_kernel_runs(), pending=mx._core._jit_background_pending(),
             background=mx._core._jit_background())
gate = os.environ.get("GATE")
if gate:
    open(gate, "w").close()
mx._core._jit_wait_for_background_builds()
for i, cf in enumerate(compiled):
    check(cf(X), i)
report(first=first)
"""


def gated_compiler(tmp_path, real=None):
    """A compiler that answers --version at once and builds only once the
    file `gate` exists. Returns (compiler path, gate path)."""
    gate = Path(tmp_path) / "gate"
    path = Path(tmp_path) / "gated-c++"
    path.write_text("#!/bin/sh\n"
                    f'[ "$1" = --version ] && exec {real or find_cxx()} --version\n'
                    f'while [ ! -e {gate} ]; do sleep 0.02; done\n'
                    f'exec {real or find_cxx()} "$@"\n')
    path.chmod(0o755)
    return path, gate


def test_background_builds_run_eagerly_first_then_the_kernels(tmp_path):
    cxx, gate = gated_compiler(tmp_path)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_BACKGROUND="1", GATE=gate)
    result = run_child(env, code=BACKGROUND_CODE)
    report = child_report(result)
    assert warning_count(result) == 0, result.stderr
    # While the compiler waited, every call ran on the eager kernels.
    assert report["first"] == {"kernel_runs": 0, "pending": 4, "background": True}
    # The kernels queued while the first one was being built share one
    # compiler run (the worker may also have taken all four at once).
    assert report["compiler_runs"] in (1, 2)
    assert report["kernel_runs"] == 4 and report["pending"] == 0
    assert len(kernel_entries(tmp_path / "cache" / "kernels")) == 4


def test_second_process_only_loads_the_kernels(tmp_path):
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_JIT_BACKGROUND="1")
    built = child_report(run_child(env, code=BACKGROUND_CODE))
    assert 1 <= built["compiler_runs"] <= 4
    # In the second process the disk cache answers the first call itself.
    again = child_report(run_child(env, code=BACKGROUND_CODE))
    assert again["compiler_runs"] == 0
    assert again["first"]["kernel_runs"] == 4 and again["first"]["pending"] == 0
    # And with synchronous builds too.
    sync_env = dict(env, MXCORE_JIT_BACKGROUND="0")
    sync = child_report(run_child(sync_env, code=BACKGROUND_CODE))
    assert sync["compiler_runs"] == 0 and sync["first"]["background"] is False
    assert sync["first"]["kernel_runs"] == 4


def test_synchronous_first_call_builds_before_returning(tmp_path):
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_JIT_BACKGROUND="0")
    report = child_report(run_child(env, code=BACKGROUND_CODE))
    assert report["first"] == {"kernel_runs": 4, "pending": 0, "background": False}
    assert report["compiler_runs"] == 4


def test_kernels_link_without_the_cpp_runtime(tmp_path):
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache")
    child_report(run_child(env, code=BACKGROUND_CODE))
    entries = kernel_entries(tmp_path / "cache" / "kernels")
    assert len(entries) == 4
    for name in entries:
        image = (tmp_path / "cache" / "kernels" / name).read_bytes()[HEADER_SIZE:]
        assert image[:4] == b"\x7fELF"
        # No DT_NEEDED entries at all: not libstdc++, libm, libgcc_s nor libc.
        for library in (b"libstdc++", b"libm.so", b"libgcc_s", b"libc.so"):
            assert library not in image, (name, library)


THREADS_CODE = FUNCTIONS + r"""
cf = mx.compile(chain)
errors = []
def worker(t):
    try:
        for _ in range(25):
            check(cf(X), 0)
    except Exception as e:
        errors.append(repr(e))
threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
for t in threads:
    t.start()
# The gate opens while the threads call: some calls see the kernel arrive.
time.sleep(0.05)
open(os.environ["GATE"], "w").close()
for t in threads:
    t.join()
assert not errors, errors
mx._core._jit_wait_for_background_builds()
before = mx._core._jit_kernel_runs()
check(cf(X), 0)
report(kernel_run_after_wait=mx._core._jit_kernel_runs() - before)
"""


def test_threads_calling_while_the_kernel_builds(tmp_path):
    cxx, gate = gated_compiler(tmp_path)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_BACKGROUND="1", GATE=gate)
    result = run_child(env, code=THREADS_CODE)
    report = child_report(result)
    assert warning_count(result) == 0, result.stderr
    assert report["compiler_runs"] == 1  # one kernel, built once
    assert report["kernel_run_after_wait"] == 1 and report["pending"] == 0


EXIT_CODE = FUNCTIONS + r"""
check(mx.compile(chain)(X), 0)
assert mx._core._jit_background_pending() == 1
report()
"""


def process_gone(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


@pytest.mark.parametrize("handoff", ["0", "1"])
def test_exit_kills_a_running_background_build(tmp_path, handoff):
    # With the handoff (test_jit_handoff.py) the build goes on after exit in
    # a detached compiler run, which the JIT timeout (2 s here) bounds too.
    pids = tmp_path / "pids"
    cxx = tmp_path / "hanging-c++"
    cxx.write_text("#!/bin/sh\n"
                   f'[ "$1" = --version ] && exec {find_cxx()} --version\n'
                   f"sleep 600 &\necho $! >> {pids}\nwait\n")
    cxx.chmod(0o755)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_BACKGROUND="1", MXCORE_JIT_HANDOFF=handoff,
                    MXCORE_JIT_TIMEOUT=2 if handoff == "1" else None)
    start = time.monotonic()
    result = run_child(env, code=EXIT_CODE, timeout=120)
    report = child_report(result)
    assert time.monotonic() - start < 60  # not the compiler's 600 s, nor the 60 s timeout
    assert report["kernel_runs"] == 0
    assert warning_count(result) == 0, result.stderr  # killed at exit: nothing to warn about
    deadline = time.monotonic() + 15
    while not pids.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    started = [int(p) for p in pids.read_text().split()] if pids.exists() else []
    while not all(process_gone(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(process_gone(p) for p in started), "the compiler outlived the process"
    assert kernel_entries(tmp_path / "cache" / "kernels") == []
    # Killed, not failed: no failed-build source or log is kept for it.
    kept = list((tmp_path / "cache" / "kernels").glob("*.failed*"))
    assert kept == [], kept


def test_failed_background_build_warns_once_and_stays_eager(tmp_path):
    cxx = tmp_path / "broken-c++"
    cxx.write_text('#!/bin/sh\n[ "$1" = --version ] && { echo "broken 1.0"; exit 0; }\n'
                   'echo "internal compiler error" >&2\nexit 1\n')
    cxx.chmod(0o755)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_BACKGROUND="1")
    result = run_child(env, code=BACKGROUND_CODE)
    report = child_report(result)  # the checks against eager passed in the child
    assert report["kernel_runs"] == 0 and report["pending"] == 0
    assert warning_count(result) == 1, result.stderr
    assert "internal compiler error" in result.stderr
