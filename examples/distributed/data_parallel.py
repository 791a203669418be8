"""Data-parallel training of a small MLP with mx.distributed.

    mpiexec -n 2 python examples/distributed/data_parallel.py

Each process trains on its own shard of a synthetic regression problem;
gradients are averaged with all_sum, so every replica takes the same step.
Run as a single process (no mpiexec), the group is the singleton group and the
same script trains alone.
"""

import argparse

import numpy as np

import mxcore as mx


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    group = mx.distributed.init()
    rank, size = group.rank(), group.size()

    rng = np.random.default_rng(0)  # same data and weights on every rank
    true_w = rng.standard_normal((16, 1)).astype(np.float32)
    X = rng.standard_normal((1024, 16)).astype(np.float32)
    Y = np.tanh(X @ true_w)
    shard = slice(rank * len(X) // size, (rank + 1) * len(X) // size)
    x, y = mx.array(X[shard]), mx.array(Y[shard])
    params = {"w1": mx.array(rng.standard_normal((16, 32)).astype(np.float32) * 0.2),
              "b1": mx.zeros((32,)),
              "w2": mx.array(rng.standard_normal((32, 1)).astype(np.float32) * 0.2)}

    def loss_fn(p, x, y):
        h = mx.tanh(x @ p["w1"] + p["b1"])
        return mx.mean(mx.square(h @ p["w2"] - y))

    @mx.compile
    def local_grads(p, x, y):
        return mx.value_and_grad(loss_fn)(p, x, y)

    for step in range(args.steps):
        loss, grads = local_grads(params, x, y)
        # Average across processes: every replica applies the same update.
        grads = {k: mx.distributed.all_sum(g) / size for k, g in grads.items()}
        loss = mx.distributed.all_sum(loss) / size
        params = {k: params[k] - 0.1 * grads[k] for k in params}
        mx.eval(params, loss)
        if rank == 0 and step % 50 == 0:
            print(f"step {step:4d}  loss {loss.item():.4f}")
    if rank == 0:
        print(f"final loss {loss.item():.4f} on {size} process(es)")


if __name__ == "__main__":
    main()
