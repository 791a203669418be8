"""Builds handed off at exit: a process that exits while background builds
are queued or running leaves them to one detached compiler run (under the
JIT timeout), and the next process adopts the finished object (validated
and authenticated like any entry) instead of building again. The gated
compiler of test_first_call makes "still building at exit" a fact."""

import os
import shutil
import time
from pathlib import Path

import pytest

from jit_cache_helpers import (PLANTED_CONSTRUCTOR, build_shared_object, child_env, child_report,
                               kernel_entries, run_child, warning_count)
from test_first_call import BACKGROUND_CODE, FUNCTIONS, gated_compiler

# First calls (eager: the gated compiler waits), then exit with all four
# kernels still to build.
EXIT_PENDING_CODE = FUNCTIONS + r"""
for i, f in enumerate(FUNCS):
    check(mx.compile(f)(X), i)
report()
"""


def handoff_dirs(cache):
    kernels = Path(cache) / "kernels"
    return sorted(p for p in kernels.iterdir() if p.name.startswith(".handoff-"))


def handoff_processes(marker, also=None):
    """Live processes whose command line names `marker` (the handoff's shell
    and its compiler have its directory among their arguments), and `also`
    if given."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        wanted = marker.encode() in cmdline and (also is None or also.encode() in cmdline)
        if wanted and state != "Z":
            found.append(int(pid))
    return found


def wait_for(predicate, seconds=120):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def finish_handoff(handoff, gate):
    """Opens the gate and waits for the handoff's object and for its session
    to be gone (no shell, compiler or sleep left)."""
    gate.touch()
    wait_for(lambda: (handoff / "k.so").exists())
    wait_for(lambda: not handoff_processes(str(handoff)), 30)


def exit_with_pending_builds(tmp_path, **extra):
    """Runs a child that exits with its four kernels unbuilt; returns its env."""
    cxx, gate = gated_compiler(tmp_path)
    env = child_env(tmp_path, MXCORE_CACHE_DIR=tmp_path / "cache", MXCORE_CXX=cxx,
                    MXCORE_JIT_BACKGROUND="1", **extra)
    result = run_child(env, code=EXIT_PENDING_CODE)
    report = child_report(result)  # the eager results were checked in the child
    assert warning_count(result) == 0, result.stderr
    assert report["kernel_runs"] == 0 and report["pending"] == 4
    return env, gate


def test_next_process_adopts_the_kernels_built_after_exit(tmp_path):
    env, gate = exit_with_pending_builds(tmp_path)
    cache = tmp_path / "cache"
    (handoff,) = handoff_dirs(cache)
    assert oct(handoff.stat().st_mode & 0o777) == oct(0o700)
    assert len((handoff / "manifest").read_text().split("\n")) == 5  # four kernels
    assert not (handoff / "k.so").exists()  # the detached compiler waits at the gate
    assert kernel_entries(cache / "kernels") == []
    finish_handoff(handoff, gate)
    # The next process builds nothing: its first calls already run the kernels.
    result = run_child(env, code=BACKGROUND_CODE)
    again = child_report(result)
    assert warning_count(result) == 0, result.stderr
    assert again["compiler_runs"] == 0
    assert again["first"]["kernel_runs"] == 4 and again["first"]["pending"] == 0
    assert len(kernel_entries(cache / "kernels")) == 4
    assert handoff_dirs(cache) == []  # adopted, then removed


def test_a_process_starting_while_the_handoff_builds_adopts_it_later(tmp_path):
    env, gate = exit_with_pending_builds(tmp_path)
    (handoff,) = handoff_dirs(tmp_path / "cache")
    # The gate opens while the second child runs its first calls: they run
    # eagerly (its own builds wait at the gate too), and once the handoff's
    # object exists a later miss adopts it.
    env = dict(env, GATE=str(gate))
    result = run_child(env, code=BACKGROUND_CODE)
    report = child_report(result)  # results checked in the child, before and after
    assert warning_count(result) == 0, result.stderr
    assert report["kernel_runs"] == 4 and report["pending"] == 0
    wait_for(lambda: not handoff_processes(str(handoff)), 60)


@pytest.mark.parametrize("planted", ["garbage", "constructor only"])
def test_a_corrupted_handoff_object_is_never_loaded(tmp_path, planted):
    env, gate = exit_with_pending_builds(tmp_path)
    cache = tmp_path / "cache"
    (handoff,) = handoff_dirs(cache)
    finish_handoff(handoff, gate)
    # Not a shared object holding the kernels: nothing is stored from it.
    if planted == "garbage":
        obj = b"\x7fELF" + os.urandom(4000)
    else:
        obj = build_shared_object(PLANTED_CONSTRUCTOR, tmp_path, "plain")
    (handoff / "k.so").write_bytes(obj)
    marker = tmp_path / "planted_code_ran"
    result = run_child(dict(env, MXCORE_JIT_BACKGROUND="0"), code=BACKGROUND_CODE)
    report = child_report(result)  # correct results: built again
    assert warning_count(result) == 0, result.stderr
    assert report["compiler_runs"] >= 1 and report["first"]["kernel_runs"] == 4
    assert handoff_dirs(cache) == []
    assert not marker.exists()


def test_a_handoff_directory_others_could_write_is_ignored(tmp_path):
    env, gate = exit_with_pending_builds(tmp_path)
    cache = tmp_path / "cache"
    (handoff,) = handoff_dirs(cache)
    finish_handoff(handoff, gate)
    handoff.chmod(0o777)
    # And a link posing as a handoff, pointing at the finished one.
    link = cache / "kernels" / ".handoff-planted"
    link.symlink_to(handoff)
    result = run_child(dict(env, MXCORE_JIT_BACKGROUND="0"), code=BACKGROUND_CODE)
    report = child_report(result)
    assert report["compiler_runs"] >= 1  # nothing adopted: built anew
    assert handoff.exists() and link.is_symlink()  # neither was touched
    handoff.chmod(0o700)
    shutil.rmtree(handoff)


def test_handoff_is_bounded_by_the_jit_timeout(tmp_path):
    # The gate never opens: the detached compiler is killed at the timeout,
    # with its whole session, and leaves no object.
    env, _ = exit_with_pending_builds(tmp_path, MXCORE_JIT_TIMEOUT="2")
    (handoff,) = handoff_dirs(tmp_path / "cache")
    started = time.monotonic()
    # The gated compiler waits at its gate, in the handoff's session.
    wait_for(lambda: handoff_processes(str(handoff), also="gated-c++"), 10)
    wait_for(lambda: not handoff_processes(str(handoff)), 30)
    assert time.monotonic() - started < 20
    assert not (handoff / "k.so").exists()
    assert kernel_entries(tmp_path / "cache" / "kernels") == []


def test_handoff_can_be_switched_off(tmp_path):
    exit_with_pending_builds(tmp_path, MXCORE_JIT_HANDOFF="0")
    assert handoff_dirs(tmp_path / "cache") == []
    # The exiting process kills its compilers (which wait at a gate that never
    # opens); on a loaded machine the last may take a moment to go.
    wait_for(lambda: not handoff_processes(str(tmp_path / "cache")), 10)
