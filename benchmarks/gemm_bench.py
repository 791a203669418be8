"""gemm_bench: float32 matmul GFLOP/s of mxcore's own GEMM against OpenBLAS
(the same mxcore with MXCORE_GEMM=blas; "mxcore own" forces the own GEMM,
MXCORE_GEMM=avx512), torch (MKL) and NumPy, interleaved
in one process: each round times every implementation once per shape, so
load from other processes hits all alike; medians over rounds are reported.

    python benchmarks/gemm_bench.py                 # 2 threads
    MXCORE_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python benchmarks/gemm_bench.py \
        --threads 1 --clock cpu        # one thread, CPU time (a loaded machine)

Shapes are M x K x N with the layout of each operand: NN = x @ w, NT = x @ w.T
(w stored N x K, as linear layers keep it), TN = x.T @ g (vjp of a weight).
torch is optional (pip install torch --index-url https://download.pytorch.org/whl/cpu).
NumPy's BLAS uses its own threads (set OPENBLAS_NUM_THREADS to match).
"""
import argparse
import os
import statistics
import time

import numpy as np

import mxcore as mx

try:
    import torch
except Exception:  # torch is optional
    torch = None

SHAPES = [  # (M, K, N, layout)
    (256, 512, 1024, "NN"), (256, 512, 1024, "NT"), (256, 512, 1024, "TN"),
    (256, 1024, 512, "NN"), (256, 1024, 512, "NT"), (256, 1024, 512, "TN"),
    (1024, 512, 256, "NN"), (1024, 512, 256, "NT"), (1024, 512, 256, "TN"),
    (512, 512, 512, "NN"), (1024, 1024, 1024, "NN"), (64, 256, 256, "NN"),
    (1, 4096, 4096, "NN"), (1, 4096, 4096, "NT"), (2, 4096, 4096, "NT"),
    (4, 4096, 4096, "NT"), (8, 4096, 4096, "NN"), (8, 4096, 4096, "NT"),
]


def operands(m, k, n, layout, rng):
    """NumPy operands stored as the layout says; returns (a, b, ta, tb)."""
    ta, tb = layout[0] == "T", layout[1] == "T"
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(np.float32)
    return a, b, ta, tb


def impls(a, b, ta, tb):
    xa, xb = mx.array(a), mx.array(b)
    oa, ob = (xa.T if ta else xa), (xb.T if tb else xb)

    def mx_call(gemm_mode):
        def run():
            os.environ["MXCORE_GEMM"] = gemm_mode
            mx.eval(oa @ ob)
        return run

    out = {"mxcore": mx_call("auto"), "mxcore own": mx_call("avx512"),
           "mxcore blas": mx_call("blas")}
    if torch is not None:
        ta_, tb_ = torch.from_numpy(a), torch.from_numpy(b)
        pa, pb = (ta_.T if ta else ta_), (tb_.T if tb else tb_)
        out["torch"] = lambda: torch.matmul(pa, pb)
    na, nb = (a.T if ta else a), (b.T if tb else b)
    out["numpy"] = lambda: na @ nb
    return out


def measure(fns, flops, rounds, clock, min_seconds=0.02):
    # Calls per timed sample so that each sample lasts about min_seconds.
    reps = {}
    for name, fn in fns.items():
        fn()
        tic = clock()
        fn()
        reps[name] = max(1, int(min_seconds / max(clock() - tic, 1e-7)))
    samples = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            tic = clock()
            for _ in range(reps[name]):
                fn()
            samples[name].append((clock() - tic) / reps[name])
    return {name: flops / statistics.median(s) / 1e9 for name, s in samples.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="cpu: the calling thread's CPU time (one thread only; "
                    "insensitive to other processes taking the core)")
    ap.add_argument("--shapes", default="", help="comma list of indices into SHAPES")
    args = ap.parse_args()
    if torch is not None:
        torch.set_num_threads(args.threads)
    shapes = SHAPES
    if args.shapes:
        shapes = [SHAPES[int(i)] for i in args.shapes.split(",")]
    clock = time.perf_counter
    if args.clock == "cpu":
        if args.threads != 1:
            ap.error("--clock cpu measures one thread: use --threads 1")
        clock = time.thread_time
    rng = np.random.default_rng(0)
    cols = None
    for m, k, n, layout in shapes:
        fns = impls(*operands(m, k, n, layout, rng))
        g = measure(fns, 2.0 * m * n * k, args.rounds, clock)
        if cols is None:
            cols = list(fns)
            print(f"GFLOP/s, {args.threads} thread(s), {args.clock} clock, "
                  f"medians of {args.rounds} rounds")
            print("| M x K x N | layout | " + " | ".join(cols) + " | mxcore / best peer |")
            print("|---|---|" + "---|" * (len(cols) + 1))
        best_other = max(v for c, v in g.items() if not c.startswith("mxcore"))
        print(f"| {m}x{k}x{n} | {layout} | " + " | ".join(f"{g[c]:.0f}" for c in cols)
              + f" | {g['mxcore'] / best_other:.2f} |", flush=True)
    os.environ.pop("MXCORE_GEMM", None)


if __name__ == "__main__":
    main()
