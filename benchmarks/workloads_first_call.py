"""First-call latency: a compiled gelu on 1000×1024 float32, called once in a
fresh process whose kernel caches are empty (mxcore: a new MXCORE_CACHE_DIR;
torch.compile: a new TORCHINDUCTOR_CACHE_DIR; jax and MLX keep no disk cache
by default). Imports are not timed, only the first call with its eval."""
import json
import os
import subprocess
import sys
import tempfile

from harness import Workload

HERE = os.path.dirname(os.path.abspath(__file__))

SNIPPET = r"""
import json, sys, time
import numpy as np
sys.path.insert(0, {here!r})
import frameworks as fw
from workloads_kernels import gelu
name = {name!r}
F = [f for f in fw.available()[0] if f.name == name][0]
x = F.array(np.random.default_rng(0).uniform(-2, 2, size=(1000, 1024)).astype(np.float32))
fn = F.compile(lambda t: gelu(F, t))
tic = time.perf_counter()
F.sync(fn(x))
print(json.dumps(time.perf_counter() - tic))
"""


def first_call_seconds(name):
    with tempfile.TemporaryDirectory(prefix="mxcore-bench-cache-") as cache:
        env = dict(os.environ, MXCORE_CACHE_DIR=os.path.join(cache, "mxcore"),
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(cache, "inductor"),
                   TRITON_CACHE_DIR=os.path.join(cache, "triton"))
        code = SNIPPET.format(here=HERE, name=name)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=600)
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
        return json.loads(out.stdout.strip().splitlines()[-1])


def first_call_workload(frameworks):
    w = Workload("compiled gelu", "1000×1024", "float32", "first call, empty cache")
    w.first_call = True
    w.self_timed = True
    for F in frameworks:
        if F.name in ("numpy", "torch eager"):
            continue  # nothing is compiled
        impl = f"{F.name} compiled" if F.name in ("mxcore", "mlx") else F.name
        w.add(impl, lambda name=F.name: first_call_seconds(name))
    return w
