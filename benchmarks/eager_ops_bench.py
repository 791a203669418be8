"""eager_ops_bench: composite ops called eagerly, as un-compiled programs
call them (mx.softmax, mx.logsumexp, mx.fast.layer_norm, mx.fast.rms_norm),
against torch eager and MLX's CPU backend, interleaved in one process with
harness.time_interleaved. mxcore runs each as one fused kernel
(src/ops/eager_fusion.*); MXCORE_EAGER_UNFUSED=1 in the environment shows
the composite's primitives instead (compile disabled).

    python3 benchmarks/eager_ops_bench.py [--rounds N]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Workload, format_time, time_interleaved  # noqa: E402

import mxcore as mx  # noqa: E402

try:
    import torch
    torch.set_num_threads(os.cpu_count() or 1)
except Exception:  # optional peer
    torch = None
try:
    import mlx.core as mlx
    mlx.set_default_device(mlx.cpu)
except Exception:  # optional peer
    mlx = None

SHAPES = {"softmax": (2000, 1024), "logsumexp": (2000, 1024), "layer_norm": (1024, 4096),
          "rms_norm": (1024, 4096)}


def mlx_like(m, name, x, w, b):
    return {"softmax": lambda: m.softmax(x, axis=-1),
            "logsumexp": lambda: m.logsumexp(x, axis=-1),
            "layer_norm": lambda: m.fast.layer_norm(x, w, b, 1e-5),
            "rms_norm": lambda: m.fast.rms_norm(x, w, 1e-5)}[name]


def torch_fn(name, x, w, b):
    F = torch.nn.functional
    return {"softmax": lambda: torch.softmax(x, -1),
            "logsumexp": lambda: torch.logsumexp(x, -1),
            "layer_norm": lambda: F.layer_norm(x, (x.shape[-1],), w, b, 1e-5),
            "rms_norm": lambda: F.rms_norm(x, (x.shape[-1],), w, 1e-5)}[name]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if os.environ.get("MXCORE_EAGER_UNFUSED") == "1":
        mx.disable_compile()
    rng = np.random.default_rng(0)
    print("| op | shape | mxcore eager | torch eager | mlx | torch / mxcore | mlx / mxcore |")
    print("|---|---|---|---|---|---|---|")
    for name, shape in SHAPES.items():
        x_np = rng.standard_normal(shape).astype(np.float32)
        w_np = rng.standard_normal(shape[-1]).astype(np.float32)
        b_np = rng.standard_normal(shape[-1]).astype(np.float32)
        w = Workload(name, "×".join(map(str, shape)), "float32", "one call",
                     reference="mxcore eager")
        f = mlx_like(mx, name, mx.array(x_np), mx.array(w_np), mx.array(b_np))
        w.add("mxcore eager", lambda f=f: mx.eval(f()))
        if torch is not None:
            g = torch_fn(name, *(torch.from_numpy(a) for a in (x_np, w_np, b_np)))
            w.add("torch eager", g)
        if mlx is not None:
            h = mlx_like(mlx, name, mlx.array(x_np), mlx.array(w_np), mlx.array(b_np))
            w.add("mlx", lambda h=h: mlx.eval(h()))
        times, _ = time_interleaved(w, args.rounds)
        ref = times["mxcore eager"]
        cells = [format_time(times[k], "") if k in times else "–"
                 for k in ("mxcore eager", "torch eager", "mlx")]
        ratios = [f"{times[k] / ref:.2f}×" if k in times else "–" for k in ("torch eager", "mlx")]
        print(f"| {name} | {w.shape} | " + " | ".join(cells + ratios) + " |")
    if torch is None or mlx is None:
        print("\npeers missing: pip install torch 'mlx[cpu]'")


if __name__ == "__main__":
    main()
