#!/usr/bin/env python3
"""Real programs run under mlx and mxcore, compared step for step: a small
attention model trained with a compiled AdamW step (cosine schedule, grad
clipping, captured state), saved with save_safetensors and reloaded into a
fresh model. (A shapeless compile of the reloaded model's MLP head crashes
MLX 0.32.4 in malloc, so it is left out; test_mlx_parity_s6_shapeless_load.py
covers mxcore's side.) A dev tool (needs mlx installed); not part of CI.

  PYTHONPATH=python python3 scripts/mlx_diff_programs.py
"""
import os
import subprocess
import sys

PROGRAM = r'''
import sys, importlib, numpy as np, tempfile, os
root = sys.argv[1]
mx = importlib.import_module(root + ".core" if root == "mlx" else root)
nn = importlib.import_module(root + ".nn"); optim = importlib.import_module(root + ".optimizers")
utils = importlib.import_module(root + ".utils")
rng = np.random.default_rng(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(8, 16); self.attn = nn.MultiHeadAttention(16, 2); self.norm = nn.LayerNorm(16); self.l2 = nn.Linear(16, 3)
    def __call__(self, x):
        h = nn.gelu(self.l1(x))
        h = self.norm(h + self.attn(h, h, h))
        return self.l2(h.mean(1))
m = Net()
flat = utils.tree_flatten(m.parameters())
m.update(utils.tree_unflatten([(k, mx.array((rng.standard_normal(v.shape) * 0.2).astype(np.float32))) for k, v in flat]))
X = mx.array(rng.standard_normal((32, 5, 8)).astype(np.float32)); Y = mx.array(rng.integers(0, 3, 32).astype(np.int32))
opt = optim.AdamW(learning_rate=optim.cosine_decay(3e-3, 20), weight_decay=0.01)
def loss_fn(model, x, y): return nn.losses.cross_entropy(model(x), y, reduction="mean")
vg = nn.value_and_grad(m, loss_fn)
state = [m.state, opt.state]
from functools import partial
@partial(mx.compile, inputs=state, outputs=state)
def step(x, y):
    loss, g = vg(m, x, y)
    g, _ = optim.clip_grad_norm(g, 1.0)
    opt.update(m, g)
    return loss
losses = []
for i in range(20):
    l = step(X[(i % 4) * 8:(i % 4 + 1) * 8], Y[(i % 4) * 8:(i % 4 + 1) * 8]); mx.eval(m.parameters(), opt.state); losses.append(float(l))
d = tempfile.mkdtemp(); f = os.path.join(d, "w.safetensors")
mx.save_safetensors(f, dict(utils.tree_flatten(m.parameters())))
m2 = Net(); m2.load_weights(f)
print(" ".join(f"{v:.6f}" for v in losses))
print(f"{float(loss_fn(m2, X, Y)):.6f}")
'''


def run(root):
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", PROGRAM, root], capture_output=True, text=True, env=env)
    if out.returncode != 0:
        lines = out.stderr.strip().splitlines()
        return None, lines[-1] if lines else f"exit status {out.returncode}"
    return [[float(v) for v in line.split()] for line in out.stdout.strip().splitlines()], ""


def main():
    ref, err_ref = run("mlx")
    got, err_got = run("mxcore")
    if ref is None or got is None:
        print("mlx:", err_ref or "ok", "| mxcore:", err_got or "ok")
        return 1
    worst = max(abs(a - b) / max(1.0, abs(a)) for ra, rb in zip(ref, got) for a, b in zip(ra, rb))
    for name, ra, rb in zip(["train losses", "reloaded loss"], ref, got):
        print(f"{name}:\n  mlx    {ra}\n  mxcore {rb}")
    print(f"largest relative difference: {worst:.2e}")
    return 0 if worst < 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
