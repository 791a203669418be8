"""conv_bench: channels-last conv2d (forward, and forward+backward) with
mxcore's Convolution primitive, the previous composition (pad + one strided
slice per kernel tap + concatenate + matmul, rebuilt here with mxcore ops),
and torch.nn.functional.conv2d on the CPU (NCHW, if torch is installed).
Reports the median time per call, the ratio to mxcore (>1: slower than
mxcore) and mxcore's peak memory for the call (mx.get_peak_memory).
"""
import argparse
import time

import numpy as np

import mxcore as mx

try:
    import torch
except Exception:  # torch is optional
    torch = None


def timeit(fn, warmup=2, iters=7):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(iters):
        tic = time.perf_counter()
        fn()
        times.append(time.perf_counter() - tic)
    return 1e3 * float(np.median(times))


def peak_mb(fn):
    mx.reset_peak_memory()
    fn()
    return mx.get_peak_memory() / 2**20


def composed_conv2d(x, w, stride, padding):
    """The old im2col-by-slices composition, kept for comparison."""
    x = mx.pad(x, [(0, 0), (padding, padding), (padding, padding), (0, 0)])
    c_out, kh, kw, c_in = w.shape
    oh = (x.shape[1] - kh) // stride + 1
    ow = (x.shape[2] - kw) // stride + 1
    cols = [x[:, i:i + (oh - 1) * stride + 1:stride, j:j + (ow - 1) * stride + 1:stride, :]
            for i in range(kh) for j in range(kw)]
    patches = mx.concatenate(cols, axis=-1).reshape(-1, kh * kw * c_in)
    out = patches @ w.reshape(c_out, -1).T
    return out.reshape(x.shape[0], oh, ow, c_out)


WORKLOADS = [
    # name, (N, H, W, C_in), (C_out, KH, KW), stride, padding, groups
    ("resnet 3x3", (8, 56, 56, 64), (64, 3, 3), 1, 1, 1),
    ("stem 7x7/2", (8, 112, 112, 3), (64, 7, 7), 2, 3, 1),
    ("deep 3x3", (8, 14, 14, 256), (256, 3, 3), 1, 1, 1),
    ("depthwise", (8, 56, 56, 128), (128, 3, 3), 1, 1, 128),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iters", type=int, default=7)
    args = parser.parse_args()
    rows = []
    for name, xs, ws, stride, padding, groups in WORKLOADS:
        r = np.random.default_rng(0)
        xn = r.standard_normal(xs).astype(np.float32)
        wn = (r.standard_normal((ws[0], ws[1], ws[2], xs[3] // groups)) * 0.1).astype(np.float32)
        x, w = mx.array(xn), mx.array(wn)
        mx.eval(x, w)

        def new():
            mx.eval(mx.conv2d(x, w, stride=stride, padding=padding, groups=groups))

        def old():
            mx.eval(composed_conv2d(x, w, stride, padding))

        grad = mx.grad(
            lambda a, b: mx.conv2d(a, b, stride=stride, padding=padding, groups=groups).sum(),
            argnums=(0, 1))

        def new_grad():
            mx.eval(grad(x, w))

        got = np.array(mx.conv2d(x, w, stride=stride, padding=padding, groups=groups))
        res = {"new": timeit(new, iters=args.iters),
               "new fwd+bwd": timeit(new_grad, iters=args.iters)}
        mem = {"new": peak_mb(new), "new fwd+bwd": peak_mb(new_grad)}
        if groups == 1:  # the composition below has no groups
            np.testing.assert_allclose(got, np.array(composed_conv2d(x, w, stride, padding)),
                                       rtol=1e-3, atol=1e-3)
            res["old"] = timeit(old, iters=args.iters)
            mem["old"] = peak_mb(old)
        if torch is not None:
            tx = torch.from_numpy(np.ascontiguousarray(xn.transpose(0, 3, 1, 2)))
            tw = torch.from_numpy(np.ascontiguousarray(wn.transpose(0, 3, 1, 2)))
            conv = torch.nn.functional.conv2d
            with torch.no_grad():
                res["torch"] = timeit(lambda: conv(tx, tw, stride=stride, padding=padding,
                                                   groups=groups),
                                      iters=args.iters)
                np.testing.assert_allclose(
                    conv(tx, tw, stride=stride, padding=padding,
                         groups=groups).numpy().transpose(0, 2, 3, 1),
                    got, rtol=1e-3, atol=1e-3)
            txg, twg = tx.clone().requires_grad_(), tw.clone().requires_grad_()

            def torch_grad():
                conv(txg, twg, stride=stride, padding=padding, groups=groups).sum().backward()

            res["torch fwd+bwd"] = timeit(torch_grad, iters=args.iters)
        rows.append((name, res, mem))

    print(f"threads: torch={torch.get_num_threads() if torch else '-'}")
    print(f"{'workload':<12} {'variant':<14} {'ms':>9} {'vs new':>8} {'peak MB':>9}")
    for name, res, mem in rows:
        for key, ms in res.items():
            base = res["new fwd+bwd"] if "bwd" in key else res["new"]
            peak = f"{mem[key]:9.1f}" if key in mem else f"{'-':>9}"
            print(f"{name:<12} {key:<14} {ms:9.2f} {ms / base:8.2f} {peak}")


if __name__ == "__main__":
    main()
