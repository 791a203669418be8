"""Sweep of the vectorized elementwise kernel's shape on the GPU: compiled
gelu (32x1000x4096 float32, and 8192x16384 float16 as in the MLP block)
against a device-to-device copy of the same bytes, for each combination of
MXCORE_CUDA_VECTOR_GROUPS, MXCORE_CUDA_STREAMING and MXCORE_CUDA_PORTABLE_ERF.
Each combination runs in its own process (the knobs are read once); within
it, copy and gelu take turns over 5 rounds and the best of each counts.

  python3 benchmarks/gpu_gelu_sweep.py
"""
import itertools
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def child():
    sys.path.insert(0, HERE)
    import torch
    import mxcore as mx
    from gpu_bench import best_of, gelu_mx, time_mx, time_torch, to_gpu

    mx.set_default_device(mx.gpu)
    cg = mx.compile(gelu_mx)
    out = []
    for shape, dtype in (((32, 1000, 4096), torch.float32), ((8192, 16384), torch.float16)):
        xt = torch.randn(shape, device="cuda", dtype=dtype)
        xm = to_gpu(xt.cpu().numpy())
        yt = torch.empty_like(xt)
        best = best_of({"copy": lambda: time_torch(lambda: yt.copy_(xt), 20),
                        "gelu": lambda: time_mx(cg, (xm,), 20)}, rounds=5)
        out += [best["copy"], best["gelu"]]
        del xt, xm, yt
    print("RESULT", " ".join("%.4f" % v for v in out))


def main():
    rows = []
    for groups, streaming, portable in itertools.product((1, 2, 4, 8), (0, 1), (0, 1)):
        env = dict(os.environ, MXCORE_CUDA_VECTOR_GROUPS=str(groups),
                   MXCORE_CUDA_STREAMING=str(streaming), MXCORE_CUDA_PORTABLE_ERF=str(portable))
        r = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True,
                           text=True, timeout=120)
        line = [l for l in r.stdout.splitlines() if l.startswith("RESULT")]
        if r.returncode != 0 or not line:
            print("groups %d streaming %d portable erf %d: failed\n%s" %
                  (groups, streaming, portable, (r.stdout + r.stderr)[-1500:]), flush=True)
            continue
        c32, g32, c16, g16 = map(float, line[0].split()[1:])
        rows.append((groups, streaming, portable, c32, g32, c16, g16))
        print("| %d | %d | %d | %.3f | %.3f | %.1f%% | %.3f | %.3f | %.1f%% |" %
              (groups, streaming, portable, c32, g32, 100 * c32 / g32, c16, g16, 100 * c16 / g16),
              flush=True)
    print("\n| groups | streaming | portable erf | copy f32 ms | gelu f32 ms | % of copy "
          "| copy f16 ms | gelu f16 ms | % of copy |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for g, st, pe, c32, g32, c16, g16 in sorted(rows, key=lambda r: r[4]):
        print("| %d | %d | %d | %.3f | %.3f | %.1f%% | %.3f | %.3f | %.1f%% |" %
              (g, st, pe, c32, g32, 100 * c32 / g32, c16, g16, 100 * c16 / g16))


if __name__ == "__main__":
    child() if "--child" in sys.argv else main()
