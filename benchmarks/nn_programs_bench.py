"""nn_programs_bench: small programs written the way MLX programs are (nn
layers, an optimizer, `mx.compile` with the model and optimizer state), run
on mxcore and on MLX's CPU backend from the same source, interleaved.

    python benchmarks/nn_programs_bench.py [--rounds 7] [--only CNN,LSTM]

Training steps are compiled with `partial(mx.compile, inputs=state,
outputs=state)`; generation runs eagerly, token by token, with a KV cache
grown by concatenation (as the simple llama example does). MLX is optional
(pip install 'mlx[cpu]'); without it mxcore runs alone. Results go to
results/nn_programs.md and .json.
"""
import argparse
import importlib
import os
import sys
import time
from functools import partial

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from harness import Results, Workload, time_interleaved  # noqa: E402
from run_suite import machine  # noqa: E402


def load(name):
    """(mx, nn, optim) of mxcore or mlx, or None when not installed."""
    try:
        core = importlib.import_module(f"{name}.core" if name == "mlx" else name)
        return core, importlib.import_module(f"{name}.nn"), importlib.import_module(
            f"{name}.optimizers")
    except Exception:
        return None


def train_step(mx, nn, model, opt, loss_fn, extra_state=()):
    state = [model.state, opt.state, *extra_state]
    value_and_grad = nn.value_and_grad(model, loss_fn)

    def step(*batch):
        loss, grads = value_and_grad(model, *batch)
        opt.update(model, grads)
        return loss

    compiled = partial(mx.compile, inputs=state, outputs=state)(step)

    def unit(batch):
        loss = compiled(*batch)
        mx.eval(loss, state)

    return unit


def mlp_program(mx, nn, optim, rng):
    class MLP(nn.Module):
        def __init__(self, dims):
            super().__init__()
            self.layers = [nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:])]

        def __call__(self, x):
            for layer in self.layers[:-1]:
                x = nn.relu(layer(x))
            return self.layers[-1](x)

    model = MLP([784, 512, 512, 10])
    mx.eval(model.parameters())

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    unit = train_step(mx, nn, model, optim.AdamW(learning_rate=1e-3), loss_fn)
    batch = (mx.array(rng.uniform(size=(128, 784)).astype(np.float32)),
             mx.array(rng.integers(0, 10, 128).astype(np.int32)))
    return lambda: unit(batch)


def cnn_program(mx, nn, optim, rng):
    class CNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm(16)
            self.c2, self.b2 = nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm(32)
            self.pool = nn.MaxPool2d(2, 2)
            self.fc = nn.Linear(32 * 7 * 7, 10)

        def __call__(self, x):
            x = nn.relu(self.b1(self.c1(x)))
            x = self.pool(nn.relu(self.b2(self.c2(x))))
            return self.fc(x.reshape(x.shape[0], -1))

    model = CNN()
    mx.eval(model.parameters())

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    unit = train_step(mx, nn, model, optim.Adam(learning_rate=1e-3), loss_fn)
    batch = (mx.array(rng.uniform(size=(32, 28, 28, 1)).astype(np.float32)),
             mx.array(rng.integers(0, 10, 32).astype(np.int32)))
    return lambda: unit(batch)


def transformer_program(mx, nn, optim, rng):
    class LM(nn.Module):
        def __init__(self, vocab, dims, heads, layers):
            super().__init__()
            self.embedding = nn.Embedding(vocab, dims)
            self.pe = nn.SinusoidalPositionalEncoding(dims)
            self.encoder = nn.TransformerEncoder(layers, dims, heads, norm_first=True)
            self.out = nn.Linear(dims, vocab)

        def __call__(self, x):
            length = x.shape[1]
            mask = nn.MultiHeadAttention.create_additive_causal_mask(length)
            h = self.embedding(x) + self.pe(mx.arange(length))
            return self.out(self.encoder(h, mask))

    model = LM(256, 128, 4, 2)
    mx.eval(model.parameters())

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    unit = train_step(mx, nn, model, optim.AdamW(learning_rate=1e-3), loss_fn)
    ids = rng.integers(0, 256, (8, 65)).astype(np.int32)
    batch = (mx.array(ids[:, :-1]), mx.array(ids[:, 1:]))
    return lambda: unit(batch)


def lstm_program(mx, nn, optim, rng):
    class LSTMLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(100, 64)
            self.rnn = nn.LSTM(64, 128)
            self.dropout = nn.Dropout(0.1)
            self.out = nn.Linear(128, 100)

        def __call__(self, x):
            h, _ = self.rnn(self.embedding(x))
            return self.out(self.dropout(h))

    model = LSTMLM()
    mx.eval(model.parameters())

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    unit = train_step(mx, nn, model, optim.AdamW(learning_rate=1e-3), loss_fn,
                      extra_state=[mx.random.state])
    ids = rng.integers(0, 100, (16, 33)).astype(np.int32)
    batch = (mx.array(ids[:, :-1]), mx.array(ids[:, 1:]))
    return lambda: unit(batch)


def llama_program(mx, nn, optim, rng, tokens, dtype=None, bits=None):
    class Attention(nn.Module):
        def __init__(self, dims, heads):
            super().__init__()
            self.heads = heads
            self.q, self.k, self.v, self.o = (nn.Linear(dims, dims, bias=False) for _ in range(4))
            self.rope = nn.RoPE(dims // heads, traditional=True)

        def __call__(self, x, mask=None, cache=None):
            b, length, dims = x.shape
            q, k, v = (t.reshape(b, length, self.heads, -1).transpose(0, 2, 1, 3)
                       for t in (self.q(x), self.k(x), self.v(x)))
            offset = cache[0].shape[2] if cache is not None else 0
            q, k = self.rope(q, offset=offset), self.rope(k, offset=offset)
            if cache is not None:
                k = mx.concatenate([cache[0], k], axis=2)
                v = mx.concatenate([cache[1], v], axis=2)
            scale = (dims // self.heads) ** -0.5
            o = mx.fast.scaled_dot_product_attention(q, k, v, scale=scale, mask=mask)
            return self.o(o.transpose(0, 2, 1, 3).reshape(b, length, dims)), (k, v)

    class Block(nn.Module):
        def __init__(self, dims, heads):
            super().__init__()
            self.attention = Attention(dims, heads)
            self.norm1, self.norm2 = nn.RMSNorm(dims), nn.RMSNorm(dims)
            self.w1 = nn.Linear(dims, 4 * dims, bias=False)
            self.w2 = nn.Linear(4 * dims, dims, bias=False)
            self.w3 = nn.Linear(dims, 4 * dims, bias=False)

        def __call__(self, x, mask=None, cache=None):
            r, cache = self.attention(self.norm1(x), mask, cache)
            h = x + r
            n = self.norm2(h)
            return h + self.w2(nn.silu(self.w1(n)) * self.w3(n)), cache

    class Llama(nn.Module):
        def __init__(self, vocab, dims, heads, layers):
            super().__init__()
            self.embedding = nn.Embedding(vocab, dims)
            self.layers = [Block(dims, heads) for _ in range(layers)]
            self.norm = nn.RMSNorm(dims)
            self.out = nn.Linear(dims, vocab, bias=False)

        def __call__(self, x, cache=None):
            h = self.embedding(x)
            mask = None
            if x.shape[1] > 1:  # in the activations' type, as MLX's SDPA requires
                mask = nn.MultiHeadAttention.create_additive_causal_mask(x.shape[1])
                mask = mask.astype(h.dtype)
            cache = cache or [None] * len(self.layers)
            for i, layer in enumerate(self.layers):
                h, cache[i] = layer(h, mask, cache[i])
            return self.out(self.norm(h)), cache

    model = Llama(512, 256, 8, 4)
    if dtype is not None:  # weights stored in a half type, as LLMs ship
        model.set_dtype(getattr(mx, dtype))
    if bits is not None:  # nn.QuantizedLinear / QuantizedEmbedding, as mlx-lm's 4-bit models
        nn.quantize(model, group_size=64, bits=bits)
    mx.eval(model.parameters())
    prompt = mx.array(rng.integers(0, 512, (1, 64)).astype(np.int32))

    def unit():
        logits, cache = model(prompt)
        y = mx.argmax(logits[:, -1], axis=-1)
        for _ in range(tokens):
            logits, cache = model(y[:, None], cache)
            y = mx.argmax(logits[:, -1], axis=-1)
            mx.eval(y)

    return unit


PROGRAMS = [
    ("MLP, nn.Linear + AdamW, compiled step", "128×784 → 512 → 512 → 10", mlp_program),
    ("CNN, Conv2d + BatchNorm + MaxPool2d + Adam, compiled step", "32×28×28×1", cnn_program),
    ("transformer LM, nn.TransformerEncoder + AdamW, compiled step",
     "batch 8, seq 64, d 128, 4 heads, 2 layers", transformer_program),
    ("LSTM LM, nn.LSTM + Dropout + AdamW, compiled step", "batch 16, seq 32, hidden 128",
     lstm_program),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=32, help="tokens generated a unit")
    parser.add_argument("--only", help="comma-separated substrings of program names")
    parser.add_argument("--frameworks", default="mxcore,mlx")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    frameworks = [(name, mods) for name in args.frameworks.split(",") if (mods := load(name))]
    if "mlx" in args.frameworks and len(frameworks) < 2:
        print("MLX is not installed (pip install 'mlx[cpu]'): mxcore runs alone")
    programs = PROGRAMS + [(
        "llama generation, eager, nn.RoPE + RMSNorm + fast SDPA, concatenated KV cache",
        f"d 256, 8 heads, 4 layers, prompt 64, {args.tokens} tokens",
        lambda mx, nn, optim, rng: llama_program(mx, nn, optim, rng, args.tokens)), (
        "llama generation, float16 weights",
        f"d 256, 8 heads, 4 layers, prompt 64, {args.tokens} tokens",
        lambda mx, nn, optim, rng: llama_program(mx, nn, optim, rng, args.tokens,
                                                 dtype="float16")), (
        "llama generation, 4-bit weights (nn.quantize)",
        f"d 256, 8 heads, 4 layers, prompt 64, {args.tokens} tokens",
        lambda mx, nn, optim, rng: llama_program(mx, nn, optim, rng, args.tokens, bits=4))]
    if args.only:
        wanted = args.only.split(",")
        programs = [p for p in programs if any(s in p[0] for s in wanted)]
    versions = {name: getattr(mods[0], "__version__", "?") for name, mods in frameworks}
    meta = {"mode": "nn programs", "rounds": args.rounds, "machine": machine(),
            "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
            "frameworks": ", ".join(name for name, _ in frameworks), "versions": versions}
    results = Results(meta)
    tic = time.perf_counter()
    for title, shape, make in programs:
        generation = title.startswith("llama")
        dtype = ("float16" if "float16" in title else
                 "4-bit weights, float32" if "4-bit" in title else "float32")
        w = Workload(title, shape, dtype, "tokens/s" if generation else "1 step",
                     reference="mxcore")
        if generation:
            w.scale = args.tokens
        for name, (mx, nn, optim) in frameworks:
            mx.random.seed(0)
            w.add(name, make(mx, nn, optim, np.random.default_rng(0)))
        times, failed = time_interleaved(w, args.rounds)
        results.add(w, times, failed)
    print(f"\n(total {time.perf_counter() - tic:.0f} s)\n")
    print(results.markdown())
    for path in results.write(args.out, "nn_programs"):
        print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
