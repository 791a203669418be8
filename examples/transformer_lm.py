"""Train a small transformer language model on a synthetic token stream.

The stream follows a hidden rule: after token ``t`` comes ``successor[t]``
(a fixed random permutation) nine times in ten, otherwise a random token. A
causal transformer learns the rule, so its loss falls from ``log(vocab)``
towards the entropy of the noise. The train step (forward, backward,
gradient clipping, AdamW with a warm-up then cosine schedule) is compiled
with the model and optimizer state as inputs and outputs.

    python examples/transformer_lm.py --steps 100
"""

import argparse
import math
import time
from functools import partial

import mxcore as mx
import mxcore.nn as nn
import mxcore.optimizers as optim


class TransformerLM(nn.Module):
    def __init__(self, vocab_size: int, context: int, num_layers: int, dims: int, num_heads: int):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, dims)
        self.positions = nn.Embedding(context, dims)
        self.transformer = nn.TransformerEncoder(num_layers, dims, num_heads, norm_first=True)
        self.out_proj = nn.Linear(dims, vocab_size)

    def __call__(self, tokens):
        length = tokens.shape[1]
        mask = nn.MultiHeadAttention.create_additive_causal_mask(length)
        x = self.embedding(tokens) + self.positions(mx.arange(length))
        return self.out_proj(self.transformer(x, mask))


def token_stream(length: int, vocab_size: int, key):
    """``length`` tokens following the successor rule (kept on the host: the
    stream is a sequential recurrence)."""
    perm_key, noise_key, random_key = mx.random.split(key, 3)
    successor = mx.random.permutation(vocab_size, key=perm_key).tolist()
    keep = (mx.random.uniform(shape=(length,), key=noise_key) < 0.9).tolist()
    random_tokens = mx.random.randint(0, vocab_size, (length,), key=random_key).tolist()
    tokens = [random_tokens[0]]
    for i in range(1, length):
        tokens.append(successor[tokens[-1]] if keep[i] else random_tokens[i])
    return mx.array(tokens, dtype=mx.int32)


def batches(stream, batch_size: int, context: int, key):
    """Random windows of the stream: inputs and the next tokens."""
    starts = mx.random.randint(0, stream.shape[0] - context - 1, (batch_size,), key=key)
    index = starts[:, None] + mx.arange(context + 1)
    windows = stream[index]
    return windows[:, :-1], windows[:, 1:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100, help="training steps")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--context", type=int, default=32)
    parser.add_argument("--vocab", type=int, default=32)
    parser.add_argument("--dims", type=int, default=64)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    mx.random.seed(args.seed)
    stream_key, batch_key = mx.random.split(mx.random.key(args.seed))
    stream = token_stream(20_000, args.vocab, stream_key)

    model = TransformerLM(args.vocab, args.context, args.layers, args.dims, args.heads)
    mx.eval(model.parameters())
    warmup = max(1, min(20, args.steps // 5))
    schedule = optim.join_schedules(
        [optim.linear_schedule(1e-5, args.learning_rate, warmup),
         optim.cosine_decay(args.learning_rate, max(1, args.steps - warmup), end=args.learning_rate / 10)],
        [warmup],
    )
    optimizer = optim.AdamW(learning_rate=schedule, weight_decay=0.01)

    def loss_fn(model, inputs, targets):
        return nn.losses.cross_entropy(model(inputs), targets, reduction="mean")

    loss_and_grad = nn.value_and_grad(model, loss_fn)
    state = [model.state, optimizer.state]

    @partial(mx.compile, inputs=state, outputs=state)
    def train_step(inputs, targets):
        loss, grads = loss_and_grad(model, inputs, targets)
        grads, _ = optim.clip_grad_norm(grads, max_norm=1.0)
        optimizer.update(model, grads)
        return loss

    print(f"uniform-guess loss {math.log(args.vocab):.4f}")
    start = time.perf_counter()
    for step, key in enumerate(mx.random.split(batch_key, args.steps)):
        inputs, targets = batches(stream, args.batch_size, args.context, key)
        loss = train_step(inputs, targets)
        mx.eval(state)
        if step % 10 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.4f} lr {optimizer.learning_rate.item():.2e}", flush=True)
    print(f"trained {args.steps} steps in {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
