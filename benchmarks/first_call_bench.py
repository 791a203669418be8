"""First runs of compiled code: what a user waits for before the first result.

Each measurement runs in a fresh Python process, so nothing is loaded yet:
  * gelu, empty cache: mx.compile(gelu) first call with a new, empty
    MXCORE_CACHE_DIR (the JIT builds its kernel);
  * gelu, second process: the same call in another process on that cache
    (only the kernel's load remains);
  * MLP training, empty cache / warm cache: a small MNIST-shaped MLP trained
    for a few steps in plain mxcore ops (compiled loss+grad and compiled SGD
    update), timed from the first call to the last result; the warm-cache run
    is the same program in a new process after the kernels exist;
  * MLX's and JAX's first call of the same gelu, when they are installed
    (pip install mlx jax).

    PYTHONPATH=python python3 benchmarks/first_call_bench.py [--rounds 3]

Prints medians over the rounds (each round uses a new cache directory).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

GELU = """
import math, time
{setup}
def gelu(x):
    return x * 0.5 * (1 + {erf}(x / math.sqrt(2)))
f = {compile}(gelu)
x = {make_x}
{sync}(x)
t = time.perf_counter()
{sync}(f(x))
print(time.perf_counter() - t)
"""

PEERS = {
    "mxcore": dict(setup="import mxcore as mx", erf="mx.erf", compile="mx.compile",
                   make_x="mx.random.normal((1000, 1024))", sync="mx.eval"),
    "mlx": dict(setup="import mlx.core as mx\nmx.set_default_device(mx.cpu)", erf="mx.erf",
                compile="mx.compile", make_x="mx.random.normal((1000, 1024))", sync="mx.eval"),
    "jax": dict(setup="import jax, jax.numpy as jnp\nfrom jax.scipy.special import erf",
                erf="erf", compile="jax.jit",
                make_x="jax.random.normal(jax.random.PRNGKey(0), (1000, 1024))",
                sync="jax.block_until_ready"),
}

MLP = """
import time
import mxcore as mx
batch, sizes, steps = 64, [784, 256, 256, 10], {steps}

def loss_fn(params, x, y):
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i + 1 < len(params):
            h = mx.maximum(h, 0.0)
    logp = h - mx.logsumexp(h, axis=-1, keepdims=True)
    return -mx.mean(mx.sum(logp * y, axis=-1))

grad_fn = mx.compile(mx.value_and_grad(loss_fn))

@mx.compile
def sgd(params, grads):
    return [(w - 0.05 * gw, b - 0.05 * gb) for (w, b), (gw, gb) in zip(params, grads)]

mx.random.seed(0)
params = [(mx.random.normal((m, n)) * (1.0 / m) ** 0.5, mx.zeros((n,)))
          for m, n in zip(sizes[:-1], sizes[1:])]
x = mx.random.normal((batch, sizes[0]))
y = mx.zeros((batch, sizes[-1]))
y[:, 0] = 1.0
mx.eval(params, x, y)
t = time.perf_counter()
for _ in range(steps):
    loss, grads = grad_fn(params, x, y)
    params = sgd(params, grads)
    mx.eval(loss, params)
print(time.perf_counter() - t)
"""


def run(code, cache_dir):
    env = dict(os.environ)
    if cache_dir is not None:
        env["MXCORE_CACHE_DIR"] = cache_dir
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
    return float(out.stdout.strip().splitlines()[-1])


def installed(module):
    probe = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True)
    return probe.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=50, help="MLP training steps per run")
    ap.add_argument("--json", help="also write the medians to this file")
    args = ap.parse_args()

    samples = {}

    def add(name, value):
        samples.setdefault(name, []).append(value)

    peers = [p for p in ("mlx", "jax") if installed(p)]
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as cache:
            gelu = GELU.format(**PEERS["mxcore"])
            add("mxcore gelu first call, empty cache", run(gelu, cache))
            add("mxcore gelu first call, second process", run(gelu, cache))
        with tempfile.TemporaryDirectory() as cache:
            mlp = MLP.format(steps=args.steps)
            add(f"mxcore MLP train {args.steps} steps, empty cache", run(mlp, cache))
            add(f"mxcore MLP train {args.steps} steps, warm cache", run(mlp, cache))
        for peer in peers:
            add(f"{peer} gelu first call", run(GELU.format(**PEERS[peer]), None))

    medians = {k: statistics.median(v) for k, v in samples.items()}
    width = max(len(k) for k in medians)
    for name, value in medians.items():
        print(f"{name:<{width}}  {value * 1e3:9.1f} ms")
    cold = [v for k, v in medians.items() if k.startswith("mxcore MLP") and "empty" in k]
    warm = [v for k, v in medians.items() if k.startswith("mxcore MLP") and "warm" in k]
    if cold and warm:
        print(f"{'MLP first run / warm run':<{width}}  {cold[0] / warm[0]:9.2f} x")
    missing = [p for p in ("mlx", "jax") if p not in peers]
    if missing:
        print("not installed (pip install " + " ".join(missing) + "): " + ", ".join(missing))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(medians, f, indent=2)


if __name__ == "__main__":
    main()
