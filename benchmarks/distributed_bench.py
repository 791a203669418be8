"""all_sum bandwidth across processes: mxcore's MPI backend next to a plain
MPI all-reduce (mpi4py) of the same bytes, interleaved, medians.

    mpiexec -n 2 python benchmarks/distributed_bench.py

Needs `pip install mpich` (and `pip install mpi4py` for the reference).
Bandwidth is the algorithm bandwidth: bytes of the array / time.
"""

import time

import numpy as np

import mxcore as mx

try:
    from mpi4py import MPI
except ImportError:  # the reference is optional
    MPI = None

SIZES_MB = [1, 4, 16, 64, 256]
ROUNDS = 7


def main():
    group = mx.distributed.init(strict=True)
    rank = group.rank()
    rows = []
    for mb in SIZES_MB:
        n = mb * (1 << 20) // 4
        x = mx.ones((n,), dtype=mx.float32)
        mx.eval(x)
        buf = np.ones(n, dtype=np.float32)
        out = np.empty_like(buf)
        times = {"mxcore all_sum": [], "mpi4py Allreduce": []}
        mx.eval(mx.distributed.all_sum(x))  # warm-up
        for _ in range(ROUNDS):
            tic = time.perf_counter()
            mx.eval(mx.distributed.all_sum(x))
            times["mxcore all_sum"].append(time.perf_counter() - tic)
            if MPI is not None:
                MPI.COMM_WORLD.Barrier()
                tic = time.perf_counter()
                MPI.COMM_WORLD.Allreduce(buf, out, op=MPI.SUM)
                times["mpi4py Allreduce"].append(time.perf_counter() - tic)
        rows.append((mb, {k: float(np.median(v)) for k, v in times.items() if v}))
    if rank == 0:
        print(f"all_sum over {group.size()} processes (float32, medians of {ROUNDS})")
        print("| size | mxcore all_sum | GB/s | mpi4py Allreduce | GB/s | ratio |")
        print("|---|---|---|---|---|---|")
        for mb, t in rows:
            ours = t["mxcore all_sum"]
            ref = t.get("mpi4py Allreduce")
            gbs = lambda s: mb / 1024 / s  # noqa: E731
            ref_cols = f"{ref * 1e3:.2f} ms | {gbs(ref):.2f} | {ref / ours:.2f}" if ref else "— | — | —"
            print(f"| {mb} MB | {ours * 1e3:.2f} ms | {gbs(ours):.2f} | {ref_cols} |")
        if MPI is None:
            print("(no reference: pip install mpi4py)")


if __name__ == "__main__":
    main()
