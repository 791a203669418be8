"""all_sum bandwidth over NCCL, one process per GPU: mxcore's NCCL backend next
to PyTorch's torch.distributed.all_reduce (also NCCL) on the same bytes, both
in each rank's process, interleaved round by round, medians.

    python3 benchmarks/nccl_bench.py [--ranks N]     # N defaults to every GPU

Needs 2+ GPUs and PyTorch with CUDA (the reference); prints why not and exits
0 otherwise. The ranks are started here and meet through the TCP rendezvous
(MLX_RANK, MLX_WORLD_SIZE, NCCL_HOST_IP, NCCL_PORT), NVLink multicast off
(NCCL_NVLS_ENABLE=0). Algorithm bandwidth = bytes / time; bus bandwidth =
algorithm bandwidth * 2 (n - 1) / n (NCCL's convention for all-reduce).
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time

SIZES_MB = [1, 4, 16, 64, 256, 1024]
ROUNDS = 5
CALLS = 10  # all-reduces per timed sample (one synchronization at the end)


def gpu_count():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return 0
    listed = subprocess.run([smi, "-L"], capture_output=True, text=True).stdout
    return sum(1 for line in listed.splitlines() if line.startswith("GPU "))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(n):
    port, torch_port = free_port(), free_port()
    procs = []
    for rank in range(n):
        env = dict(os.environ, MLX_RANK=str(rank), MLX_WORLD_SIZE=str(n),
                   NCCL_HOST_IP="127.0.0.1", NCCL_PORT=str(port), TORCH_PORT=str(torch_port),
                   NCCL_NVLS_ENABLE="0", TORCH_SYMM_MEM_DISABLE_MULTICAST="1")
        procs.append(subprocess.Popen([sys.executable, __file__, "--worker"], env=env))
    codes = [p.wait(timeout=900) for p in procs]
    return 0 if all(c == 0 for c in codes) else 1


def timed(fn, sync):
    fn()
    sync()
    tic = time.perf_counter()
    for _ in range(CALLS):
        fn()
    sync()
    return (time.perf_counter() - tic) / CALLS


def worker():
    import numpy as np
    import torch
    import torch.distributed as tdist

    import mxcore as mx

    rank, size = int(os.environ["MLX_RANK"]), int(os.environ["MLX_WORLD_SIZE"])
    mx.set_default_device(mx.gpu)
    group = mx.distributed.init(strict=True, backend="nccl")
    device = rank % torch.cuda.device_count()  # the GPU mxcore chose too
    torch.cuda.set_device(device)
    tdist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{os.environ['TORCH_PORT']}",
                             rank=rank, world_size=size, device_id=torch.device("cuda", device))
    rows = []
    for mb in SIZES_MB:
        n = mb * (1 << 20) // 4
        x = mx.ones((n,), dtype=mx.float32)
        mx.eval(x)
        t = torch.ones(n, dtype=torch.float32, device="cuda")

        def ours():
            mx.eval(mx.distributed.all_sum(x, group=group))

        def theirs():
            tdist.all_reduce(t)

        samples = {"mxcore": [], "torch": []}
        for _ in range(ROUNDS):
            tdist.barrier()
            samples["mxcore"].append(timed(ours, mx.synchronize))
            tdist.barrier()
            samples["torch"].append(timed(theirs, torch.cuda.synchronize))
        got = np.array(mx.distributed.all_sum(x[:4], group=group))
        assert np.all(got == size), got
        rows.append((mb, float(np.median(samples["mxcore"])), float(np.median(samples["torch"]))))
        del x, t
    if rank == 0:
        bus = 2 * (size - 1) / size
        name = torch.cuda.get_device_name(device)
        print(f"all_sum over {size} GPUs ({name}), float32, median of {ROUNDS} rounds of "
              f"{CALLS} calls; NCCL_NVLS_ENABLE=0")
        print("| size | mxcore all_sum | alg GB/s | bus GB/s | torch all_reduce | alg GB/s | "
              "bus GB/s | torch time / mxcore time |")
        print("|---|---|---|---|---|---|---|---|")
        for mb, ours_s, theirs_s in rows:
            gbs = lambda s: mb / 1024 / s  # noqa: E731
            print(f"| {mb} MB | {ours_s * 1e3:.3f} ms | {gbs(ours_s):.1f} | {gbs(ours_s) * bus:.1f} | "
                  f"{theirs_s * 1e3:.3f} ms | {gbs(theirs_s):.1f} | {gbs(theirs_s) * bus:.1f} | "
                  f"{theirs_s / ours_s:.2f} |")
    tdist.destroy_process_group()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=0)
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    if args.worker:
        return worker()
    gpus = gpu_count()
    n = args.ranks or gpus
    if gpus < 2 or n < 2 or n > gpus:
        print(f"nccl_bench: needs 2+ GPUs, one per rank ({gpus} visible, {n} ranks asked): "
              "NCCL refuses two ranks on one GPU. Nothing was measured.")
        return 0
    return launch(n)


if __name__ == "__main__":
    sys.exit(main())
