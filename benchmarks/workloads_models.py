"""Real steps in plain ops over a framework namespace (frameworks.py): an MLP
training step on MNIST-shaped data, a small transformer LM training step, a
CNN training step with batch norm, an MLP of Linear layers (x @ w.T + b, as
nn.Linear stores w) trained with Adam, and llama-style greedy decoding with a
fixed-size KV cache (reported in tokens/s). Each training step is value and
grad of the loss plus an SGD (or Adam) update, compiled as one function;
labels are one-hot so every framework runs the same ops (no gathers)."""
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

from harness import Workload
from workloads_kernels import gelu, softmax

LR = 0.01
ADAM_LR, ADAM_B1, ADAM_B2, ADAM_EPS = 1e-3, 0.9, 0.999, 1e-8


def cross_entropy(F, logits, onehot):
    lse = F.logsumexp(logits, axis=-1)
    return F.mean(lse - F.sum(logits * onehot, axis=-1), axis=0 if onehot.ndim == 2 else (0, 1))


def layernorm(F, x, g, b):
    mean = F.mean(x, axis=-1, keepdims=True)
    var = F.var(x, axis=-1, keepdims=True)
    return (x - mean) * F.rsqrt(var + 1e-5) * g + b


def mlp_loss(F):
    def loss(params, x, onehot):
        w1, b1, w2, b2 = params
        h = F.maximum(F.matmul(x, w1) + b1, 0.0)
        return cross_entropy(F, F.matmul(h, w2) + b2, onehot)

    return loss


def transformer_loss(F, batch, seq, d, heads, layers):
    hd = d // heads
    scale = 1 / math.sqrt(hd)

    def split_heads(t):
        return F.transpose(F.reshape(t, (batch, seq, heads, hd)), (0, 2, 1, 3))

    def loss(params, ids, onehot, mask):
        emb, pos, lnf_g, lnf_b, wout = params[:5]
        x = F.take(emb, ids) + pos
        for i in range(layers):
            g1, b1, wq, wk, wv, wo, g2, b2, w1, w2 = params[5 + 10 * i: 15 + 10 * i]
            h = layernorm(F, x, g1, b1)
            q, k, v = (split_heads(F.matmul(h, w)) for w in (wq, wk, wv))
            s = F.matmul(q, F.transpose(k, (0, 1, 3, 2))) * scale + mask
            o = F.matmul(softmax(F, s), v)
            x = x + F.matmul(F.reshape(F.transpose(o, (0, 2, 1, 3)), (batch, seq, d)), wo)
            x = x + F.matmul(gelu(F, F.matmul(layernorm(F, x, g2, b2), w1)), w2)
        return cross_entropy(F, F.matmul(layernorm(F, x, lnf_g, lnf_b), wout), onehot)

    return loss


def cnn_loss(F):
    def batchnorm(x, g, b):
        mean = F.mean(x, axis=(0, 1, 2), keepdims=True)
        var = F.var(x, axis=(0, 1, 2), keepdims=True)
        return (x - mean) * F.rsqrt(var + 1e-5) * g + b

    def loss(params, x, onehot):
        c1, g1, b1, c2, g2, b2, wfc, bfc = params
        h = F.maximum(batchnorm(F.conv2d(x, c1, padding=1), g1, b1), 0.0)
        h = F.maximum(batchnorm(F.conv2d(h, c2, stride=2, padding=1), g2, b2), 0.0)
        return cross_entropy(F, F.matmul(F.mean(h, axis=(1, 2)), wfc) + bfc, onehot)

    return loss


def train_step_workload(name, shape, frameworks, make_loss, params_np, batch_np):
    w = Workload(name, shape, "float32", "1 step")
    for F in frameworks:
        if F.value_and_grad is None:
            continue
        value_and_grad = F.value_and_grad(make_loss(F))

        def step(params, *batch, value_and_grad=value_and_grad):
            value, grads = value_and_grad(params, *batch)
            return value, [p - LR * g for p, g in zip(params, grads)]

        compiled = F.compile(step)
        state = {"params": [F.array(p) for p in params_np]}
        batch = [F.array(b) for b in batch_np]

        def unit(F=F, compiled=compiled, state=state, batch=batch):
            value, state["params"] = compiled(state["params"], *batch)
            F.sync([value] + list(state["params"]))

        w.add(f"{F.name} compiled" if F.name in ("mxcore", "mlx") else F.name, unit)
    return w


def linear_mlp_loss(F):
    """Linear layers as nn.Linear keeps them: w is (out, in), y = x @ w.T + b."""
    def loss(params, x, onehot):
        h = x
        for i in range(0, len(params) - 2, 2):
            h = F.maximum(F.matmul(h, F.transpose(params[i], (1, 0))) + params[i + 1], 0.0)
        logits = F.matmul(h, F.transpose(params[-2], (1, 0))) + params[-1]
        return cross_entropy(F, logits, onehot)

    return loss


def adam_train_step_workload(name, shape, frameworks, make_loss, params_np, batch_np):
    """Value and grad plus Adam with bias correction (the step count is an
    array, so the corrections are computed in the compiled step)."""
    w = Workload(name, shape, "float32", "1 step")
    for F in frameworks:
        if F.value_and_grad is None:
            continue
        value_and_grad = F.value_and_grad(make_loss(F))

        def step(params, m, v, t, *batch, value_and_grad=value_and_grad, F=F):
            value, grads = value_and_grad(params, *batch)
            t = t + 1.0
            m = [ADAM_B1 * mi + (1 - ADAM_B1) * g for mi, g in zip(m, grads)]
            v = [ADAM_B2 * vi + (1 - ADAM_B2) * (g * g) for vi, g in zip(v, grads)]
            m_scale = ADAM_LR / (1 - ADAM_B1 ** t)
            v_scale = F.rsqrt(1 - ADAM_B2 ** t)
            params = [p - m_scale * mi / (F.sqrt(vi) * v_scale + ADAM_EPS)
                      for p, mi, vi in zip(params, m, v)]
            return value, params, m, v, t

        compiled = F.compile(step)
        zeros = [np.zeros_like(p) for p in params_np]
        state = {"params": [F.array(p) for p in params_np], "m": [F.array(z) for z in zeros],
                 "v": [F.array(z) for z in zeros], "t": F.array(np.array(0.0, np.float32))}
        batch = [F.array(b) for b in batch_np]

        def unit(F=F, compiled=compiled, state=state, batch=batch):
            value, state["params"], state["m"], state["v"], state["t"] = compiled(
                state["params"], state["m"], state["v"], state["t"], *batch)
            F.sync([value] + state["params"] + state["m"] + state["v"])

        w.add(f"{F.name} compiled" if F.name in ("mxcore", "mlx") else F.name, unit)
    return w


def onehot(labels, classes):
    return np.eye(classes, dtype=np.float32)[labels]


def init(rng, *shape, scale=None):
    scale = scale if scale is not None else 1 / math.sqrt(shape[0] if len(shape) > 1 else 1)
    return (rng.normal(size=shape) * scale).astype(np.float32)


def model_workloads(frameworks, short):
    rng = np.random.default_rng(0)
    out = []

    batch = 128
    params = [init(rng, 784, 256), np.zeros(256, np.float32), init(rng, 256, 10),
              np.zeros(10, np.float32)]
    data = [rng.uniform(size=(batch, 784)).astype(np.float32),
            onehot(rng.integers(0, 10, batch), 10)]
    out.append(train_step_workload("MLP training step", "128×784 → 256 → 10", frameworks,
                                   mlp_loss, params, data))

    b, t, d, heads, layers, vocab = 8, 64, 128, 4, 2, 256
    params = [init(rng, vocab, d, scale=0.02), init(rng, t, d, scale=0.02),
              np.ones(d, np.float32), np.zeros(d, np.float32), init(rng, d, vocab)]
    for _ in range(layers):
        params += [np.ones(d, np.float32), np.zeros(d, np.float32)]
        params += [init(rng, d, d) for _ in range(4)]
        params += [np.ones(d, np.float32), np.zeros(d, np.float32),
                   init(rng, d, 4 * d), init(rng, 4 * d, d)]
    ids = rng.integers(0, vocab, (b, t)).astype(np.int32)
    mask = np.triu(np.full((t, t), -1e9, np.float32), 1)
    data = [ids, onehot(np.roll(ids, -1, axis=1), vocab), mask]
    out.append(train_step_workload(
        "transformer LM training step", f"batch {b}, seq {t}, d {d}, {layers} layers, vocab {vocab}",
        frameworks, lambda F: transformer_loss(F, b, t, d, heads, layers), params, data))

    params = [init(rng, 16, 3, 3, 1, scale=0.3), np.ones(16, np.float32),
              np.zeros(16, np.float32), init(rng, 32, 3, 3, 16, scale=0.1),
              np.ones(32, np.float32), np.zeros(32, np.float32), init(rng, 32, 10),
              np.zeros(10, np.float32)]
    data = [rng.uniform(size=(32, 28, 28, 1)).astype(np.float32),
            onehot(rng.integers(0, 10, 32), 10)]
    out.append(train_step_workload("CNN + batch norm training step",
                                   "32×28×28×1, conv 16, conv 32/2", frameworks, cnn_loss,
                                   params, data))

    dims = [784, 512, 512, 10]
    params = []
    for d_in, d_out in zip(dims[:-1], dims[1:]):
        params += [init(rng, d_out, d_in, scale=1 / math.sqrt(d_in)), np.zeros(d_out, np.float32)]
    data = [rng.uniform(size=(128, 784)).astype(np.float32),
            onehot(rng.integers(0, 10, 128), 10)]
    out.append(adam_train_step_workload(
        "MLP of Linear layers, Adam step", "128×784 → 512 → 512 → 10, w (out, in)", frameworks,
        linear_mlp_loss, params, data))

    out.append(decode_workload(frameworks, rng, tokens=16 if short else 64))
    return out


# ------------------------------------------------------------------ decoding
def decode_step(F, d, heads, layers):
    hd = d // heads
    half = hd // 2
    scale = 1 / math.sqrt(hd)

    def rmsnorm(x, g):
        return x * F.rsqrt(F.mean(x * x, axis=-1, keepdims=True) + 1e-5) * g

    def rope(x, cos, sin):
        x1, x2 = x[..., :half], x[..., half:]
        return F.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)

    def step(params, token, caches, cos, sin, write, attn_mask):
        emb, gf, wout = params[:3]
        x = F.take(emb, token)  # (1, d)
        new_caches = []
        for i in range(layers):
            g1, wq, wk, wv, wo, g2, wg, wu, wd = params[3 + 9 * i: 12 + 9 * i]
            k_cache, v_cache = caches[2 * i], caches[2 * i + 1]
            h = rmsnorm(x, g1)
            q, k, v = (F.transpose(F.reshape(F.matmul(h, w), (1, heads, hd)), (1, 0, 2))
                       for w in (wq, wk, wv))  # (heads, 1, hd)
            q, k = rope(q, cos, sin), rope(k, cos, sin)
            k_cache = F.where(write, k, k_cache)  # write row `pos` of (heads, T, hd)
            v_cache = F.where(write, v, v_cache)
            s = F.matmul(q, F.transpose(k_cache, (0, 2, 1))) * scale + attn_mask
            o = F.matmul(softmax(F, s), v_cache)  # (heads, 1, hd)
            x = x + F.matmul(F.reshape(F.transpose(o, (1, 0, 2)), (1, d)), wo)
            h = rmsnorm(x, g2)
            gate = F.matmul(h, wg)
            x = x + F.matmul(gate * F.sigmoid(gate) * F.matmul(h, wu), wd)
            new_caches += [k_cache, v_cache]
        logits = F.matmul(rmsnorm(x, gf), wout)
        return F.argmax(logits, axis=-1), new_caches

    return step


def decode_workload(frameworks, rng, tokens, d=256, heads=8, layers=4, vocab=512, context=128):
    hd = d // heads
    params = [init(rng, vocab, d, scale=0.02), np.ones(d, np.float32), init(rng, d, vocab)]
    for _ in range(layers):
        params += [np.ones(d, np.float32)] + [init(rng, d, d) for _ in range(4)]
        params += [np.ones(d, np.float32), init(rng, d, 2 * d), init(rng, d, 2 * d),
                   init(rng, 2 * d, d)]
    inv = 1.0 / (10000 ** (np.arange(hd // 2) / (hd // 2)))
    per_pos = []
    for pos in range(tokens):
        angle = (pos * inv).astype(np.float32)[None, None, :]
        write = (np.arange(context) == pos)[None, :, None]
        mask = np.where(np.arange(context) <= pos, 0, -1e9).astype(np.float32)[None, None, :]
        per_pos.append((np.cos(angle), np.sin(angle), write, mask))
    w = Workload("llama-style decoding, KV cache",
                 f"d {d}, {heads} heads, {layers} layers, context {context}, {tokens} tokens",
                 "float32", "tokens/s")
    w.scale = float(tokens)
    for F in frameworks:
        compiled = F.compile(decode_step(F, d, heads, layers))
        fparams = [F.array(p) for p in params]
        fpos = [tuple(F.array(a) for a in p) for p in per_pos]
        zeros = np.zeros((heads, context, hd), np.float32)
        start = F.array(np.array([1], np.int32))

        def unit(F=F, compiled=compiled, fparams=fparams, fpos=fpos, zeros=zeros, start=start):
            caches = [F.array(zeros) for _ in range(2 * layers)]
            token = start
            for cos, sin, write, mask in fpos:
                token, caches = compiled(fparams, token, caches, cos, sin, write, mask)
                F.sync(token)

        w.add(f"{F.name} compiled" if F.name in ("mxcore", "mlx") else F.name, unit)
    return w


# ------------------------------------------------------------------ first runs
FIRST_RUN_UNITS = 5
FIRST_RUN_SNIPPET = r"""
import json, sys, time
sys.path.insert(0, {here!r})
import frameworks as fw
import workloads_models as wm
F = [f for f in fw.available()[0] if f.name == {framework!r}][0]
(w,) = [w for w in wm.model_workloads([F], short=True) if w.name == {step!r}]
(unit,) = w.impls.values()
tic = time.perf_counter()
for _ in range({units}):
    unit()
print(json.dumps(time.perf_counter() - tic))
"""


def first_run_seconds(framework, step, units, warm_cache=False):
    """Seconds for the first `units` units of a step in a fresh process with
    empty kernel caches (imports and data set-up not timed). With warm_cache,
    a first process fills the disk caches and the second one is timed: what a
    program pays on every later start."""
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory(prefix="mxcore-bench-cache-") as cache:
        env = dict(os.environ, MXCORE_CACHE_DIR=os.path.join(cache, "mxcore"),
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(cache, "inductor"),
                   TRITON_CACHE_DIR=os.path.join(cache, "triton"))
        code = FIRST_RUN_SNIPPET.format(here=here, framework=framework, step=step, units=units)
        for _ in range(2 if warm_cache else 1):
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, timeout=900)
            if out.returncode != 0:
                raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
        return json.loads(out.stdout.strip().splitlines()[-1])


def first_run_workloads(frameworks, short):
    """The real steps' first runs: the first FIRST_RUN_UNITS units (steps, or
    decodes of the token sequence) in a fresh process, caches empty. Compare
    with FIRST_RUN_UNITS x the warm row of the same step (target: <= 2x)."""
    steps = ["MLP training step"] if short else [
        "MLP training step", "transformer LM training step", "CNN + batch norm training step",
        "llama-style decoding, KV cache"]
    out = []
    for step in steps:
        for warm in (False, True):
            caches = "warm disk caches" if warm else "empty caches"
            w = Workload(f"{step}, first {FIRST_RUN_UNITS} units", f"fresh process, {caches}",
                         "float32", caches)
            w.first_call = True
            w.self_timed = True
            for F in frameworks:
                if F.name == "numpy" or (F.value_and_grad is None and "training" in step):
                    continue
                if warm and F.name in ("mlx", "jax.jit", "torch eager"):
                    continue  # no disk cache of compiled kernels: the empty-cache row holds
                impl = f"{F.name} compiled" if F.name in ("mxcore", "mlx") else F.name
                w.add(impl, lambda name=F.name, step=step, warm=warm: first_run_seconds(
                    name, step, FIRST_RUN_UNITS, warm_cache=warm))
            out.append(w)
    return out
