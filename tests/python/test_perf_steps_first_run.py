"""First runs: the compiler's `--version` probe is cached in the private
kernel cache (keyed by the compiler binary's path, mtime and size), so a
second process runs no compiler at all; a replaced compiler, or a tampered
probe entry, is probed again. And the eval profile (MXCORE_LOG=profile /
mx._core._eval_profile) that the step measurements use reports real calls."""
import os
from pathlib import Path

import numpy as np

import mxcore as mx
from jit_cache_helpers import child_env, child_report, find_cxx, run_child


def logging_compiler(tmp_path):
    """A compiler wrapper that appends its first argument to a log."""
    log = Path(tmp_path) / "invocations"
    path = Path(tmp_path) / "logging-c++"
    path.write_text(f'#!/bin/sh\necho "$1" >> {log}\nexec {find_cxx()} "$@"\n')
    path.chmod(0o755)
    return path, log


def version_probes(log):
    return log.read_text().split().count("--version") if log.exists() else 0


def probe_entries(cache):
    return sorted(p for p in (Path(cache) / "kernels").iterdir() if p.name.endswith(".probe"))


def test_compiler_version_probe_is_cached_across_processes(tmp_path):
    cxx, log = logging_compiler(tmp_path)
    cache = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=cache, MXCORE_CXX=cxx, MXCORE_TEST_FUNCS="0,1")
    first = child_report(run_child(env))
    assert first["compiler_runs"] == 2
    assert version_probes(log) == 1
    assert len(probe_entries(cache)) == 1

    second = child_report(run_child(env))  # every kernel and the probe cached
    assert second["compiler_runs"] == 0
    assert version_probes(log) == 1

    # A replaced compiler (new mtime) is probed again; its kernels are hits,
    # since it answers the same version.
    st = os.stat(cxx)
    os.utime(cxx, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    third = child_report(run_child(env))
    assert third["compiler_runs"] == 0
    assert version_probes(log) == 2
    assert len(probe_entries(cache)) == 2


def test_tampered_version_probe_is_probed_again(tmp_path):
    cxx, log = logging_compiler(tmp_path)
    cache = tmp_path / "cache"
    env = child_env(tmp_path, MXCORE_CACHE_DIR=cache, MXCORE_CXX=cxx, MXCORE_TEST_FUNCS="0")
    child_report(run_child(env))
    (entry,) = probe_entries(cache)
    data = bytearray(entry.read_bytes())
    data[-2] ^= 1  # the version text no longer matches its HMAC
    entry.write_bytes(bytes(data))
    report = child_report(run_child(env))
    assert version_probes(log) == 2
    assert report["compiler_runs"] == 0  # the probe answered as before: kernels hit
    (rewritten,) = probe_entries(cache)
    assert rewritten.read_bytes() != bytes(data)


def test_eval_profile_counts_primitives():
    x = mx.array(np.arange(12, dtype=np.float32).reshape(3, 4))
    mx._core._set_eval_profile(True)
    try:
        mx._core._eval_profile(True)
        for _ in range(3):
            mx.eval(mx.matmul(x, x.T) + 1.0)
        report = mx._core._eval_profile(True)
    finally:
        mx._core._set_eval_profile(False)
    rows = {key: (calls, ns) for key, calls, ns, faults in report["rows"]}
    matmul = [k for k in rows if k.startswith("Matmul") and k.endswith("float32(3,3)")]
    assert len(matmul) == 1 and rows[matmul[0]][0] == 3
    assert report["evals"] == 3
    assert 0 < report["kernel_ns"] <= report["eval_ns"]
    assert mx._core._eval_profile(True)["rows"] == []  # reset by the call before
