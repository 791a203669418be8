"""The kernel workloads of issue 10's table: gelu, layernorm (float16),
softmax, the MLP block, a tiny call, each as a chain of calls written in
plain ops over a framework namespace (frameworks.py), beside a memcpy of the
same bytes (the memory floor)."""
import numpy as np

from frameworks import SQRT_HALF
from harness import Workload

CHAIN = 10  # chained calls per timed unit, as in MLX's compile_bench


def gelu(F, x):
    return x * (1 + F.erf(x * SQRT_HALF)) / 2


def make_layernorm(F, weight, bias):
    def layernorm(x):
        x = F.astype(x, F.float32)
        mean = F.mean(x, axis=-1, keepdims=True)
        var = F.var(x, axis=-1, keepdims=True)
        x = (x - mean) * F.rsqrt(var + 1e-4)
        return weight * F.astype(x, F.float16) + bias

    return layernorm


def softmax(F, x):
    e = F.exp(x - F.max(x, axis=-1, keepdims=True))
    return e / F.sum(e, axis=-1, keepdims=True)


def make_mlp_block(F, w1, w2):
    def block(x):
        return x + F.matmul(gelu(F, F.matmul(x, w1)), w2)

    return block


def tiny(F, x):
    return F.sin(x) * 2 + 1


def chained(F, fn, steps):
    def run(x):
        for _ in range(steps):
            x = fn(x)
        return x

    return run


def memcpy_unit(a, copies):
    dst = np.empty_like(a)

    def run():
        for _ in range(copies):
            np.copyto(dst, a)

    return run


def add_impls(workload, frameworks, make_fn, inputs, steps, eager_mxcore=True, repeat=1):
    """make_fn(F) -> a one-array function; each framework's compiled chain (and
    mxcore eager) is timed on its own copy of `inputs`, `repeat` times a unit."""
    for F in frameworks:
        fn = make_fn(F)
        args = [F.array(a) for a in inputs]
        variants = [("compiled", F.compile(chained(F, fn, steps)))]
        if F.name == "mxcore" and eager_mxcore:
            variants.append(("eager", chained(F, fn, steps)))
        for kind, run in variants:
            if F.name in ("mxcore", "mlx"):
                impl = f"{F.name} {kind}"
            else:
                impl = F.name

            def unit(run=run, F=F, args=args):
                for _ in range(repeat):
                    F.sync(run(*args))

            workload.add(impl, unit)


def kernel_workloads(frameworks, short):
    rng = np.random.default_rng(0)
    out = []

    def elementwise(name, shape, fn, dtype=np.float32, steps=CHAIN):
        x = rng.uniform(-2, 2, size=shape).astype(dtype)
        w = Workload(name, "×".join(map(str, shape)), np.dtype(dtype).name, f"{steps} calls")
        w.add("memcpy", memcpy_unit(x, steps))
        add_impls(w, frameworks, lambda F: (lambda t: fn(F, t)), [x], steps)
        out.append(w)

    elementwise("gelu", (1000, 1024), gelu)
    elementwise("gelu", (8, 1000, 4096), gelu, steps=2 if short else CHAIN)
    elementwise("softmax", (2000, 1024), softmax)

    shape = (1000, 4096)
    x = rng.uniform(size=shape).astype(np.float16)
    weight = rng.uniform(size=shape[-1:]).astype(np.float16)
    bias = rng.uniform(size=shape[-1:]).astype(np.float16)
    w = Workload("layernorm", "1000×4096", "float16", f"{CHAIN} calls")
    w.add("memcpy", memcpy_unit(x, CHAIN))
    for F in frameworks:
        add_impls(w, [F], lambda F: make_layernorm(F, F.array(weight), F.array(bias)), [x], CHAIN)
    out.append(w)

    x = rng.normal(size=(256, 512)).astype(np.float32) * 0.1
    w1 = rng.normal(size=(512, 1024)).astype(np.float32) * 0.05
    w2 = rng.normal(size=(1024, 512)).astype(np.float32) * 0.05
    w = Workload("MLP block x + gelu(x @ w1) @ w2", "256×512, w1 512×1024", "float32",
                 f"{CHAIN} calls")
    for F in frameworks:
        add_impls(w, [F], lambda F: make_mlp_block(F, F.array(w1), F.array(w2)), [x], CHAIN)
    out.append(w)

    x = rng.uniform(size=(16,)).astype(np.float32)
    w = Workload("tiny sin(x)*2+1", "16", "float32", "per call (100 a unit)")
    add_impls(w, frameworks, lambda F: (lambda t: tiny(F, t)), [x], 1, repeat=100)
    w.scale = 100.0
    out.append(w)
    return out
