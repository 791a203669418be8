"""Sweep of the CUDA row kernel's columns per thread (MXCORE_CUDA_ROW_ELEMENTS)
on attention's masked softmax (8x16x1024x1024 float16 scores, a causal
(1024, 1024) bool mask, computed in float32 as scaled_dot_product_attention
does) and on the benchmark's softmax (32000x4096 float16), against a
device-to-device copy of the same bytes. One process per setting (read
once); within it the cases take turns over 5 rounds, best of each.

  python3 benchmarks/gpu_row_sweep.py
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def child():
    sys.path.insert(0, HERE)
    import numpy as np
    import torch
    import mxcore as mx
    from gpu_bench import best_of, softmax_mx, time_mx, time_torch, to_gpu

    mx.set_default_device(mx.gpu)

    def masked(s, m):
        x = mx.where(m, s, mx.array(-65504.0, mx.float16)).astype(mx.float32)
        return softmax_mx(x).astype(mx.float16)

    st = torch.randn((8, 16, 1024, 1024), device="cuda", dtype=torch.float16)
    sm = to_gpu(st.cpu().numpy())
    mm = to_gpu(np.tril(np.ones((1024, 1024), bool))[None, None])
    xt = torch.randn((32000, 4096), device="cuda", dtype=torch.float16)
    xm = to_gpu(xt.cpu().numpy())
    yt, ys = torch.empty_like(st), torch.empty_like(xt)
    cm, cs = mx.compile(masked), mx.compile(softmax_mx)
    best = best_of({"copy scores": lambda: time_torch(lambda: yt.copy_(st), 20),
                    "masked softmax": lambda: time_mx(cm, (sm, mm), 20),
                    "copy x": lambda: time_torch(lambda: ys.copy_(xt), 20),
                    "softmax": lambda: time_mx(cs, (xm,), 20)}, rounds=5)
    print("RESULT", " ".join("%.4f" % best[k] for k in
                             ("copy scores", "masked softmax", "copy x", "softmax")))


def main():
    print("| columns a thread | copy ms | masked softmax ms | x copy | copy x ms | softmax ms | x copy |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in (8, 16, 32):
        env = dict(os.environ, MXCORE_CUDA_ROW_ELEMENTS=str(n))
        r = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True,
                           text=True, timeout=150)
        line = [l for l in r.stdout.splitlines() if l.startswith("RESULT")]
        if r.returncode != 0 or not line:
            print("%d: failed\n%s" % (n, (r.stdout + r.stderr)[-1500:]), flush=True)
            continue
        c1, m1, c2, s2 = map(float, line[0].split()[1:])
        print("| %d | %.3f | %.3f | %.2f | %.3f | %.3f | %.2f |" % (n, c1, m1, m1 / c1, c2, s2, s2 / c2),
              flush=True)


if __name__ == "__main__":
    child() if "--child" in sys.argv else main()
