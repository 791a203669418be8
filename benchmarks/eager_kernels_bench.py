"""eager_kernels_bench: eager kernels that real MLX programs lean on outside
float32 elementwise math: float16/bfloat16 elementwise ops, reductions and
conversions, mx.where on a random mask, sort and topk, depthwise convolution,
decoding products against float16 weights and 4-bit quantized weights, FFTs.
mxcore against torch eager and MLX's CPU backend, interleaved in one process
(harness.time_interleaved); peers that are not installed are skipped.

    python3 benchmarks/eager_kernels_bench.py [--rounds N] [--only SUBSTRING]
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

rng = np.random.default_rng(0)
A = rng.standard_normal((2048, 1024)).astype(np.float32)
IMG = rng.standard_normal((32, 32, 32, 64)).astype(np.float32)
W = (rng.standard_normal((4096, 4096)) * 0.02).astype(np.float32)
X1 = rng.standard_normal((1, 4096)).astype(np.float32)
C = (A[:256] + 1j * A[256:512]).astype(np.complex64)
C2 = (A[:512, :512] + 1j * A[512:1024, :512]).astype(np.complex64)
LONG = (A.reshape(-1)[: 1 << 20] + 1j * A.reshape(-1)[1 << 20:]).astype(np.complex64)[None]


def mlx_like(m, dt):
    """name -> (shape text, thunk builder) over the mlx.core-like namespace m."""
    a = m.array(A).astype(getattr(m, dt))
    mask = a > 0
    f32 = m.array(A)
    img = m.array(IMG)
    dw = m.ones((64, 3, 3, 1))
    w16 = m.array(W).astype(m.float16)
    x16 = m.array(X1).astype(m.float16)
    wq, s, b = m.quantize(m.array(W), group_size=64, bits=4)
    x32 = m.array(X1)
    c, c2, long_line, r = m.array(C), m.array(C2), m.array(LONG), m.array(A[:256])
    m.eval(a, mask, f32, img, dw, w16, x16, wq, s, b, x32, c, c2, long_line, r)
    return {
        f"add {dt}": ("2048×1024", lambda: a + a),
        f"exp {dt}": ("2048×1024", lambda: m.exp(a)),
        f"sum rows {dt}": ("2048×1024", lambda: m.sum(a, axis=-1)),
        f"astype float32 {dt}": ("2048×1024", lambda: a.astype(m.float32)),
        f"where(mask, x, 0) {dt}": ("2048×1024", lambda: m.where(mask, a, 0)),
        "sort float32": ("2048×1024", lambda: m.sort(f32, axis=-1)),
        "topk 8 float32": ("2048×1024", lambda: m.topk(f32, 8, axis=-1)),
        "depthwise conv 3×3 float32": ("32×32×32×64", lambda: m.conv2d(img, dw, padding=1,
                                                                     groups=64)),
        "x @ w.T float16": ("1×4096, w 4096×4096", lambda: x16 @ w16.T),
        "quantized_matmul q4 float32": ("1×4096, w 4096×4096",
                                        lambda: m.quantized_matmul(x32, wq, s, b, transpose=True,
                                                                   group_size=64, bits=4)),
        "fft complex64": ("256×1024", lambda: m.fft.fft(c)),
        "rfft float32": ("256×1024", lambda: m.fft.rfft(r)),
        "fft2 complex64": ("512×512", lambda: m.fft.fft2(c2)),
        "fft 2^20 complex64": ("1×1048576", lambda: m.fft.fft(long_line)),
    }


def torch_like(dt):
    t = getattr(torch, dt)
    a = torch.from_numpy(A).to(t)
    mask = a > 0
    f32 = torch.from_numpy(A)
    img = torch.from_numpy(IMG).permute(0, 3, 1, 2).contiguous()
    dw = torch.ones(64, 1, 3, 3)
    w16 = torch.from_numpy(W).half()
    x16 = torch.from_numpy(X1).half()
    c, c2, long_line, r = (torch.from_numpy(v) for v in (C, C2, LONG, A[:256].copy()))
    return {
        f"add {dt}": lambda: a + a,
        f"exp {dt}": lambda: torch.exp(a),
        f"sum rows {dt}": lambda: a.sum(-1),
        f"astype float32 {dt}": lambda: a.float(),
        f"where(mask, x, 0) {dt}": lambda: torch.where(mask, a, 0),
        "sort float32": lambda: torch.sort(f32, dim=-1)[0],
        "topk 8 float32": lambda: torch.topk(f32, 8, dim=-1)[0],
        "depthwise conv 3×3 float32": lambda: torch.nn.functional.conv2d(img, dw, padding=1,
                                                                          groups=64),
        "x @ w.T float16": lambda: x16 @ w16.T,
        "fft complex64": lambda: torch.fft.fft(c),
        "rfft float32": lambda: torch.fft.rfft(r),
        "fft2 complex64": lambda: torch.fft.fft2(c2),
        "fft 2^20 complex64": lambda: torch.fft.fft(long_line),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    print("| op | shape | mxcore eager | torch eager | mlx | torch / mxcore | mlx / mxcore |")
    print("|---|---|---|---|---|---|---|")
    for dt in ("float16", "bfloat16"):
        ours = mlx_like(mx, dt)
        theirs = torch_like(dt) if torch is not None else {}
        peer = mlx_like(mlx, dt) if mlx is not None else {}
        for name, (shape, f) in ours.items():
            if args.only not in name or (dt == "bfloat16" and dt not in name):
                continue
            w = Workload(name, shape, dt, "one call", reference="mxcore eager")
            w.add("mxcore eager", lambda f=f: mx.eval(f()))
            if name in theirs:
                w.add("torch eager", theirs[name])
            if name in peer:
                w.add("mlx", lambda h=peer[name][1]: mlx.eval(h()))
            times, _ = time_interleaved(w, args.rounds)
            ref = times["mxcore eager"]
            cells = [format_time(times[k], "") if k in times else "–"
                     for k in ("mxcore eager", "torch eager", "mlx")]
            ratios = [f"{times[k] / ref:.2f}×" if k in times else "–"
                      for k in ("torch eager", "mlx")]
            print(f"| {name} | {shape} | " + " | ".join(cells + ratios) + " |", flush=True)
    if torch is None or mlx is None:
        print("\npeers missing: pip install torch 'mlx[cpu]'")


if __name__ == "__main__":
    main()
