"""MXCORE_LOG=compile: traces, retraces, JIT builds and kernel-cache hits are
logged to stderr, each kernel with the path of its C++ source."""

import os
import re
import subprocess
import sys
import textwrap

import mxcore as mx

PACKAGE_PARENT = os.path.dirname(os.path.dirname(mx.__file__))

CODE = textwrap.dedent("""
    import mxcore as mx
    f = mx.compile(lambda x: mx.exp(x) * 2 + 1)
    mx.eval(f(mx.ones((4,))))
    mx.eval(f(mx.ones((4,))))      # same signature: no trace
    mx.eval(f(mx.ones((2, 3))))    # new signature: a retrace
""")


def run(tmp_path, **env_updates):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MXCORE_")}
    env.update(PYTHONPATH=PACKAGE_PARENT, MXCORE_CACHE_DIR=str(tmp_path / "cache"),
               MXCORE_JIT_BACKGROUND="0", **env_updates)
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return [l for l in result.stderr.splitlines() if l.startswith("[mxcore compile]")]


def test_traces_builds_and_cache_hits_are_logged(tmp_path):
    lines = run(tmp_path, MXCORE_LOG="compile")
    traces = [l for l in lines if "trace #" in l]
    assert len(traces) == 2, lines
    assert "trace #1 of function" in traces[0] and "float32(4,)" in traces[0]
    assert "retrace #2" in traces[1] and "float32(2,3)" in traces[1]
    assert "new input signature" in traces[1]
    built = [l for l in lines if "built by" in l]
    assert built, lines
    path = re.search(r"source (\S+)$", built[0]).group(1)
    assert os.path.isfile(path) and (os.stat(path).st_mode & 0o777) == 0o600
    assert 'extern "C"' in open(path).read()
    # A second process finds the kernels in the disk cache.
    again = run(tmp_path, MXCORE_LOG="compile")
    assert any("kernel cache hit" in l for l in again), again
    assert not any("built by" in l for l in again), again


def test_silent_without_the_variable(tmp_path):
    assert run(tmp_path) == []
    assert run(tmp_path, MXCORE_LOG="other") == []
