"""A first look on a GPU machine: one kernel of each family, with the CUDA
libraries the process loaded. tests/gpu/run.sh runs it (under cuda-gdb
for a backtrace if it crashes) before the test suite."""
import numpy as np

import mxcore as mx

x = mx.array(np.linspace(-2, 2, 1000, dtype=np.float32))
print("exp", np.allclose(np.array(mx.exp(x, stream=mx.gpu)), np.exp(np.array(x)), rtol=1e-5), flush=True)
print("sum", float(mx.sum(x * x, stream=mx.gpu).item()), float(np.sum(np.array(x) ** 2)), flush=True)
a = mx.array(np.ones((64, 32), np.float32))
print("matmul", float(mx.matmul(a, a.T, stream=mx.gpu)[0, 0].item()), flush=True)
libs = sorted({line.split()[-1] for line in open("/proc/self/maps")
               if any(k in line for k in ("libnvrtc", "libcuda", "libcublas"))})
print("loaded:", *libs, sep="\n  ")
