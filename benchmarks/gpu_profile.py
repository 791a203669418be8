"""Where a GPU case's time goes: the CUDA kernels of a few evaluations under
torch.profiler (CUPTI sees mxcore's NVRTC and cuBLAS kernels too), sorted
by total device time, with the host's wall time beside the device's.

  python3 benchmarks/gpu_profile.py [transformer|argsort|uniform ...]
"""
import math
import os
import sys
import time

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mxcore as mx  # noqa: E402
from gpu_bench import time_mx, to_gpu, transformer_block  # noqa: E402


def cases():
    out = {}
    _, margs, _, block_mx = transformer_block(8, 1024, 1024, 16)
    out["transformer"] = (mx.compile(block_mx), margs)
    x = to_gpu(torch.randn(4096 * 1024).numpy())
    out["argsort"] = (mx.argsort, (x,))
    out["uniform"] = (lambda k: mx.random.uniform(shape=(4096, 4096), key=k), (mx.random.key(0),))
    return out


def main():
    mx.set_default_device(mx.gpu)
    wanted = sys.argv[1:] or ["transformer", "argsort", "uniform"]
    all_cases = cases()
    for name in wanted:
        fn, args = all_cases[name]
        device_ms = time_mx(fn, args, 5)
        start = time.perf_counter()
        for _ in range(5):
            mx.eval(fn(*args))
        host_ms = (time.perf_counter() - start) / 5 * 1e3
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                mx.eval(fn(*args))
            torch.cuda.synchronize()
        print("== %s: %.3f ms a call on the device (events), %.3f ms wall a synchronous call"
              % (name, device_ms, host_ms))
        print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=25, max_name_column_width=70))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
