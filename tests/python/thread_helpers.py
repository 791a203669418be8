"""Running a snippet in fresh processes under several MXCORE_NUM_THREADS."""
import os
import subprocess
import sys

import mxcore as mx


def stdout_per_thread_count(code, threads=("1", "2", "3")):
    """The stripped stdout of `python -c code` with each thread count, using
    this test run's mxcore."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(mx.__file__))), env.get("PYTHONPATH", "")])
    outs = []
    for n in threads:
        env["MXCORE_NUM_THREADS"] = n
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        outs.append(out.stdout.strip())
    return outs
