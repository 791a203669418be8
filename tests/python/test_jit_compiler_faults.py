"""The JIT does not trust its compiler: one that hangs is killed at
MXCORE_JIT_TIMEOUT with its whole process group, one that lies (exit 0 with
garbage, nothing, or an object without the kernel) is caught before anything
is stored or loaded. Either way the compiled functions return the eager
results and exactly one warning is printed, however many kernels were asked
for."""

import os
import time
from pathlib import Path

import pytest

from jit_cache_helpers import (child_env, child_report, find_cxx, kernel_entries, run_child,
                               warning_count)


def fake_compiler(tmp_path, body):
    path = Path(tmp_path) / "fake-c++"
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return path


# Finds the argument after -o (the output the JIT asked for).
FIND_OUTPUT = 'out=""; prev=""\nfor a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done\n'


def process_gone(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


@pytest.mark.parametrize("hangs_on_version", [True, False])
def test_hanging_compiler_is_killed_at_the_timeout(tmp_path, hangs_on_version):
    pids = tmp_path / "pids"
    version = "" if hangs_on_version else f'[ "$1" = --version ] && exec {find_cxx()} --version\n'
    cxx = fake_compiler(tmp_path, version + f"sleep 600 &\necho $! >> {pids}\nwait\n")
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_TIMEOUT="1.5", MXCORE_TEST_FUNCS="0,1,2")
    start = time.monotonic()
    result = run_child(env, timeout=120)
    elapsed = time.monotonic() - start
    child_report(result)  # eager-equal results for all three functions
    assert elapsed < 60, elapsed
    assert warning_count(result) == 1, result.stderr
    assert "MXCORE_JIT_TIMEOUT" in result.stderr
    assert kernel_entries(tmp_path / "cache" / "kernels") == []
    started = [int(p) for p in pids.read_text().split()]
    assert started  # the script really ran
    deadline = time.monotonic() + 10
    while not all(process_gone(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(process_gone(p) for p in started), "the compiler's children survived"


LIARS = {
    "garbage_output": FIND_OUTPUT + '[ -n "$out" ] && printf "not an object" > "$out"\nexit 0\n',
    "no_output": "exit 0\n",
    "object_without_the_kernel": FIND_OUTPUT +
        '[ -n "$out" ] || exit 0\necho "int unrelated = 1;" > "$out.c"\n'
        'exec {cxx} -x c -shared -fPIC "$out.c" -o "$out"\n',
}


@pytest.mark.parametrize("lie", list(LIARS))
def test_lying_compiler_warns_once(tmp_path, lie):
    body = '[ "$1" = --version ] && { echo "liar 1.0"; exit 0; }\n' + LIARS[lie].format(cxx=find_cxx())
    cxx = fake_compiler(tmp_path, body)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_TEST_FUNCS="0,1,2")
    result = run_child(env)
    child_report(result)
    assert warning_count(result) == 1, result.stderr
    assert "not a usable shared object" in result.stderr
    assert kernel_entries(tmp_path / "cache" / "kernels") == []


def test_failing_compiler_warns_once(tmp_path):
    cxx = fake_compiler(tmp_path, '[ "$1" = --version ] && { echo "broken 1.0"; exit 0; }\n'
                                  'echo "internal compiler error" >&2\nexit 1\n')
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_TEST_FUNCS="0,1,2")
    result = run_child(env)
    child_report(result)
    assert warning_count(result) == 1, result.stderr
    assert "internal compiler error" in result.stderr


def test_compiler_version_is_part_of_the_entry_name(tmp_path):
    # A compiler upgrade (other --version output) never reuses old objects.
    real = find_cxx()
    names = []
    for version in ("1.0", "2.0"):
        cxx = fake_compiler(tmp_path, f'[ "$1" = --version ] && {{ echo "wrapped {version}"; exit 0; }}\n'
                                      f'exec {real} "$@"\n')
        env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx)
        report = child_report(run_child(env))
        assert report["compiler_runs"] == 1
        names.append(set(report["entries_after_each"][0]))
    assert len(names[1] - names[0]) == 1 and len(names[1]) == 2
