"""The nn examples run: each trains for a few steps in a subprocess (its own
process, as a user would run it) and its printed loss falls.

The subprocess imports the mxcore under test (installed wheel or dev build),
found from this process's ``mxcore``, never the source folder."""

import os
import re
import subprocess
import sys

import pytest

import mxcore as mx

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "examples")
LOSS_LINE = re.compile(r"^step (\d+) loss ([0-9.]+)", re.MULTILINE)


def run_example(script, steps):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(mx.__file__)))
    result = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, script), "--steps", str(steps)],
        capture_output=True, text=True, env=env, timeout=600,
    )
    assert result.returncode == 0, f"{script} failed:\n{result.stdout}\n{result.stderr}"
    return [(int(s), float(l)) for s, l in LOSS_LINE.findall(result.stdout)], result.stdout


@pytest.mark.parametrize("script,steps", [
    ("mnist_mlp.py", 30),
    ("transformer_lm.py", 30),
    ("cnn_batchnorm.py", 20),
])
def test_example_loss_falls(script, steps):
    losses, output = run_example(script, steps)
    assert [s for s, _ in losses][0] == 0 and losses[-1][0] == steps - 1, output
    first, last = losses[0][1], losses[-1][1]
    assert last < 0.7 * first, f"{script}: loss {first} -> {last}\n{output}"
