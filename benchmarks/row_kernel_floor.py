"""row_kernel_floor: row and elementwise kernels against the memory floor.

Interleaved in one process: each round times mxcore compiled, torch.compile
(when installed) and a memcpy of the same bytes (np.copyto), 10 chained calls
each; prints medians and the ratios within the run (the machine may be busy:
compare ratios, not absolute times).

    PYTHONPATH=python python3 benchmarks/row_kernel_floor.py [rounds] [names...]
"""
import math
import sys
import time

import numpy as np

import mxcore as mx

try:
    import torch
except ImportError:  # pip install torch
    torch = None

STEPS = 10


def chain(fun):
    def run(x):
        for _ in range(STEPS):
            x = fun(x)
        return x

    return run


def softmax_mx(x):
    m = mx.max(x, axis=-1, keepdims=True)
    e = mx.exp(x - m)
    return e / mx.sum(e, axis=-1, keepdims=True)


def softmax_t(x):
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def make_layernorm(w_np, b_np):
    w, b = mx.array(w_np), mx.array(b_np)

    def ln_mx(x):
        x = x.astype(mx.float32)
        means = mx.mean(x, axis=-1, keepdims=True)
        var = mx.var(x, axis=-1, keepdims=True)
        x = (x - means) * mx.rsqrt(var + 1e-4)
        return w * x.astype(mx.float16) + b

    ln_t = None
    if torch is not None:
        wt, bt = torch.from_numpy(w_np), torch.from_numpy(b_np)

        def ln_t(x):
            x = x.float()
            means = x.mean(dim=-1, keepdim=True)
            var = x.var(dim=-1, keepdim=True, unbiased=False)
            x = (x - means) * torch.rsqrt(var + 1e-4)
            return wt * x.half() + bt

    return ln_mx, ln_t


def make_rmsnorm(w_np):
    w = mx.array(w_np)

    def rms_mx(x):
        return w * (x * mx.rsqrt(mx.mean(x * x, axis=-1, keepdims=True) + 1e-5))

    rms_t = None
    if torch is not None:
        wt = torch.from_numpy(w_np)

        def rms_t(x):
            return wt * (x * torch.rsqrt((x * x).mean(dim=-1, keepdim=True) + 1e-5))

    return rms_mx, rms_t


def lse_mx(x):  # logsumexp, kept full-shape so it chains
    return x - mx.logsumexp(x, axis=-1, keepdims=True)


def lse_t(x):
    return x - torch.logsumexp(x, dim=-1, keepdim=True)


def gelu_mx(x):
    return x * (1 + mx.erf(x / math.sqrt(2))) / 2


def gelu_t(x):
    return x * (1 + torch.erf(x / math.sqrt(2))) / 2


def fast_ln_mx(w, b):
    return lambda x: mx.fast.layer_norm(x, w, b, 1e-5)


def workloads():
    rng = np.random.default_rng(0)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)
    ln_mx, ln_t = make_layernorm(rng.uniform(size=4096).astype(np.float16),
                                 rng.uniform(size=4096).astype(np.float16))
    rms_mx, rms_t = make_rmsnorm(rng.uniform(size=4096).astype(np.float32))
    yield "softmax 2000x1024 f32", f32(2000, 1024), softmax_mx, softmax_t
    yield ("layernorm 1000x4096 f16", rng.uniform(size=(1000, 4096)).astype(np.float16),
           ln_mx, ln_t)
    yield "rmsnorm 1000x4096 f32", f32(1000, 4096), rms_mx, rms_t
    yield "logsumexp 2000x1024 f32", f32(2000, 1024), lse_mx, lse_t
    yield "gelu 1000x1024 f32", f32(1000, 1024), gelu_mx, gelu_t
    wl, bl = mx.array(rng.uniform(size=4096).astype(np.float32)), mx.array(np.zeros(4096, np.float32))
    yield "eager fast.layer_norm 1000x4096 f32", f32(1000, 4096), None, None, fast_ln_mx(wl, bl)
    yield ("eager fast.rms_norm 1000x4096 f32", f32(1000, 4096), None, None,
           lambda x: mx.fast.rms_norm(x, wl, 1e-5))
    yield ("eager fast.softmax 2000x1024 f32", f32(2000, 1024), None, None,
           lambda x: mx.softmax(x, axis=-1, precise=False))


def timed(fn):
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1e3


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    only = sys.argv[2:]
    for item in workloads():
        name, x_np, f_mx, f_t = item[:4]
        eager = item[4] if len(item) > 4 else None
        if only and not any(o in name for o in only):
            continue
        x = mx.array(x_np)
        impls = {}
        dst = np.empty_like(x_np)
        impls["memcpy"] = lambda: [np.copyto(dst, x_np) for _ in range(STEPS)]
        if f_mx is not None:
            c = chain(mx.compile(f_mx))
            impls["mxcore compiled"] = lambda c=c: mx.eval(c(x))
        if eager is not None:
            impls["mxcore eager"] = lambda: mx.eval(chain(eager)(x))
        if torch is not None and f_t is not None:
            xt = torch.from_numpy(x_np)
            ct = torch.compile(chain(f_t))
            impls["torch.compile"] = lambda: ct(xt)
        times = {k: [] for k in impls}
        for _ in range(2):
            for f in impls.values():
                f()
        for _ in range(rounds):
            for k, f in impls.items():
                times[k].append(timed(f))
        med = {k: float(np.median(v)) for k, v in times.items()}
        line = f"{name:<38}" + "".join(f" {k} {v:7.2f} ms" for k, v in med.items())
        for k in med:
            if k != "memcpy":
                line += f" | {k}/memcpy {med[k] / med['memcpy']:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
