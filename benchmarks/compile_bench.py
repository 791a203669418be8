"""compile_bench: the seed's gelu and layernorm workloads (fixed, variable,
shapeless), run side by side in one process with mxcore (eager and compiled),
MLX's CPU backend, torch (eager and torch.compile), jax.jit and NumPy, plus a
memcpy of the same bytes. Peers that are not installed are skipped.

Times are per call of a 10-step chain (as in MLX's compile_bench.py); the
last column is the ratio to compiled mxcore (>1: slower than mxcore).
"""
import argparse
import math
import random
import time

import numpy as np

import mxcore as mx


def optional_import(name):
    try:
        return __import__(name)
    except Exception:
        return None


def timeit(fn, *args, warmup=3, iters=10):
    for _ in range(warmup):
        fn(*args)
    times = []
    for _ in range(iters):
        tic = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - tic)
    return 1e3 * float(np.median(times))


class Report:
    def __init__(self):
        self.rows = []

    def add(self, workload, impl, ms):
        self.rows.append((workload, impl, ms))
        print(f"  {impl:<28} {ms:9.3f} ms", flush=True)

    def summary(self):
        print("\nSummary (ratio = time / mxcore compiled time; >1 means mxcore is faster)")
        by_workload = {}
        for w, impl, ms in self.rows:
            by_workload.setdefault(w, []).append((impl, ms))
        for w, rows in by_workload.items():
            ref = dict(rows).get("mxcore compiled")
            print(f"{w}")
            for impl, ms in rows:
                ratio = f"{ms / ref:8.2f}x" if ref else ""
                print(f"  {impl:<28} {ms:9.3f} ms {ratio}")


def chain(fun, steps=10):
    def run(x):
        for _ in range(steps):
            x = fun(x)
        return x

    return run


def bench_gelu(report, peers, shape=(1000, 1024)):
    x_np = np.random.uniform(size=shape).astype(np.float32)
    nbytes = x_np.nbytes

    def gelu_mx(x):
        return x * (1 + mx.erf(x / math.sqrt(2))) / 2

    x = mx.array(x_np)
    name = "fixed gelu"
    print(name)
    report.add(name, "memcpy (same bytes x10)", timeit(lambda: [np.copyto(np.empty_like(x_np), x_np) for _ in range(10)]))
    report.add(name, "mxcore eager", timeit(lambda: mx.eval(chain(gelu_mx)(x))))
    compiled = mx.compile(gelu_mx)
    report.add(name, "mxcore compiled", timeit(lambda: mx.eval(chain(compiled)(x))))

    mlx = peers.get("mlx")
    if mlx:
        mlx.set_default_device(mlx.cpu)
        xm = mlx.array(x_np)

        def gelu_mlx(x):
            return x * (1 + mlx.erf(x / math.sqrt(2))) / 2

        report.add(name, "mlx eager", timeit(lambda: mlx.eval(chain(gelu_mlx)(xm))))
        cm = mlx.compile(gelu_mlx)
        report.add(name, "mlx compiled", timeit(lambda: mlx.eval(chain(cm)(xm))))
    torch = peers.get("torch")
    if torch:
        xt = torch.from_numpy(x_np)

        def gelu_t(x):
            return x * (1 + torch.erf(x / math.sqrt(2))) / 2

        report.add(name, "torch eager", timeit(chain(gelu_t), xt))
        ct = torch.compile(chain(gelu_t))
        report.add(name, "torch.compile", timeit(ct, xt))
    jax = peers.get("jax")
    if jax:
        import jax.numpy as jnp
        from jax.scipy.special import erf as jerf

        xj = jnp.asarray(x_np)

        def gelu_j(x):
            return x * (1 + jerf(x / math.sqrt(2))) / 2

        jf = jax.jit(chain(gelu_j))
        report.add(name, "jax.jit", timeit(lambda: jf(xj).block_until_ready()))
    scipy_special = optional_import("scipy.special")
    if scipy_special is not None:
        from scipy.special import erf as serf

        def gelu_np(x):
            return x * (1 + serf(x / np.float32(math.sqrt(2)))) / 2

        report.add(name, "numpy", timeit(chain(gelu_np), x_np))
    del nbytes

    # Variable shapes: a random number of rows each call.
    y = mx.array(np.random.uniform(size=shape).astype(np.float32))

    def variable(fun):
        def run(x, y):
            x = x[: random.randint(1, x.shape[0])]
            for _ in range(10):
                x = fun(x)
                y = fun(y)
            mx.eval(x, y)

        return run

    for label, fn in [
        ("mxcore eager", gelu_mx),
        ("mxcore compiled", mx.compile(gelu_mx)),
        ("mxcore shapeless", mx.compile(gelu_mx, shapeless=True)),
    ]:
        random.seed(0)
        if label == "mxcore eager":
            print("variable gelu")
        try:
            report.add("variable gelu", label, timeit(variable(fn), x, y))
        except ValueError as e:  # shapeless bakes the scalar broadcasts
            print(f"  {label:<28} failed: {str(e)[:70]}...")


def bench_layernorm(report, peers, shape=(1000, 4096)):
    w_np = np.random.uniform(size=shape[-1:]).astype(np.float16)
    b_np = np.random.uniform(size=shape[-1:]).astype(np.float16)
    x_np = np.random.uniform(size=shape).astype(np.float16)
    weight, bias = mx.array(w_np), mx.array(b_np)

    def layernorm(x):
        x = x.astype(mx.float32)
        means = mx.mean(x, axis=-1, keepdims=True)
        var = mx.var(x, axis=-1, keepdims=True)
        x = (x - means) * mx.rsqrt(var + 1e-4)
        x = x.astype(mx.float16)
        return weight * x + bias

    x = mx.array(x_np)
    name = "fixed layernorm"
    print(name)
    report.add(name, "memcpy (same bytes x10)", timeit(lambda: [np.copyto(np.empty_like(x_np), x_np) for _ in range(10)]))
    report.add(name, "mxcore eager", timeit(lambda: mx.eval(chain(layernorm)(x))))
    compiled = mx.compile(layernorm)
    report.add(name, "mxcore compiled", timeit(lambda: mx.eval(chain(compiled)(x))))

    mlx = peers.get("mlx")
    if mlx:
        wm, bm, xm = mlx.array(w_np), mlx.array(b_np), mlx.array(x_np)

        def ln_mlx(x):
            x = x.astype(mlx.float32)
            means = mlx.mean(x, axis=-1, keepdims=True)
            var = mlx.var(x, axis=-1, keepdims=True)
            x = (x - means) * mlx.rsqrt(var + 1e-4)
            x = x.astype(mlx.float16)
            return wm * x + bm

        report.add(name, "mlx eager", timeit(lambda: mlx.eval(chain(ln_mlx)(xm))))
        cm = mlx.compile(ln_mlx)
        report.add(name, "mlx compiled", timeit(lambda: mlx.eval(chain(cm)(xm))))
    torch = peers.get("torch")
    if torch:
        wt, bt, xt = (torch.from_numpy(a) for a in (w_np, b_np, x_np))

        def ln_t(x):
            x = x.float()
            means = x.mean(dim=-1, keepdim=True)
            var = x.var(dim=-1, keepdim=True, unbiased=False)
            x = (x - means) * torch.rsqrt(var + 1e-4)
            return wt * x.half() + bt

        report.add(name, "torch eager", timeit(chain(ln_t), xt))
        ct = torch.compile(chain(ln_t))
        report.add(name, "torch.compile", timeit(ct, xt))
    jax = peers.get("jax")
    if jax:
        import jax.numpy as jnp

        wj, bj, xj = (jnp.asarray(a) for a in (w_np, b_np, x_np))

        def ln_j(x):
            x = x.astype(jnp.float32)
            means = x.mean(axis=-1, keepdims=True)
            var = x.var(axis=-1, keepdims=True)
            x = (x - means) * jax.lax.rsqrt(var + 1e-4)
            return wj * x.astype(jnp.float16) + bj

        jf = jax.jit(chain(ln_j))
        report.add(name, "jax.jit", timeit(lambda: jf(xj).block_until_ready()))

    def ln_np(x):
        x = x.astype(np.float32)
        means = x.mean(axis=-1, keepdims=True)
        var = x.var(axis=-1, keepdims=True)
        x = (x - means) / np.sqrt(var + 1e-4)
        return w_np * x.astype(np.float16) + b_np

    report.add(name, "numpy", timeit(chain(ln_np), x_np))

    def variable(fun):
        def run(x):
            x = x[: random.randint(1, x.shape[0])]
            for _ in range(10):
                x = fun(x)
            mx.eval(x)

        return run

    print("variable layernorm")
    for label, fn in [
        ("mxcore eager", layernorm),
        ("mxcore compiled", mx.compile(layernorm)),
        ("mxcore shapeless", mx.compile(layernorm, shapeless=True)),
    ]:
        random.seed(0)
        try:
            report.add("variable layernorm", label, timeit(variable(fn), x))
        except ValueError as e:  # shapeless bakes the (C,)-weight broadcast
            print(f"  {label:<28} failed: {str(e)[:70]}...")


def bench_overhead(report, peers):
    """First-call latency (trace + emit + build) and per-call overhead on tiny inputs."""
    print("tiny inputs (per call)")
    x = mx.array([1.0, 2.0, 3.0])

    def f(x):
        return mx.exp(-x) * 2 + 1

    report.add("tiny call", "mxcore eager", timeit(lambda: mx.eval(f(x)), iters=200))
    cf = mx.compile(f)
    report.add("tiny call", "mxcore compiled", timeit(lambda: mx.eval(cf(x)), iters=200))
    mlx = peers.get("mlx")
    if mlx:
        xm = mlx.array([1.0, 2.0, 3.0])

        def fm(x):
            return mlx.exp(-x) * 2 + 1

        cfm = mlx.compile(fm)
        report.add("tiny call", "mlx compiled", timeit(lambda: mlx.eval(cfm(xm)), iters=200))
    torch = peers.get("torch")
    if torch:
        xt = torch.tensor([1.0, 2.0, 3.0])
        ct = torch.compile(lambda x: torch.exp(-x) * 2 + 1)
        report.add("tiny call", "torch.compile", timeit(ct, xt, iters=200))

    # First call of a never-seen graph (a fresh constant forces a new kernel).
    c = random.random()

    def g(x):
        return mx.tanh(x * c) + mx.sin(x)

    tic = time.perf_counter()
    mx.eval(mx.compile(g)(x))
    report.add("first call", "mxcore compiled", 1e3 * (time.perf_counter() - tic))


def main():
    parser = argparse.ArgumentParser("mxcore compile benchmarks")
    parser.add_argument("--no-peers", action="store_true", help="only mxcore and NumPy")
    parser.add_argument("--only", choices=["gelu", "layernorm", "overhead"], default=None)
    args = parser.parse_args()
    peers = {}
    if not args.no_peers:
        for name in ("mlx.core", "torch", "jax"):
            mod = optional_import(name)
            if mod is not None:
                if name == "mlx.core":
                    import mlx.core as mod  # noqa: F811
                    peers["mlx"] = mod
                else:
                    peers[name] = mod
    print("peers:", ", ".join(sorted(peers)) or "none")
    report = Report()
    if args.only in (None, "gelu"):
        bench_gelu(report, peers)
    if args.only in (None, "layernorm"):
        bench_layernorm(report, peers)
    if args.only in (None, "overhead"):
        bench_overhead(report, peers)
    report.summary()


if __name__ == "__main__":
    main()
