"""Train a multi-layer perceptron on MNIST-shaped synthetic data.

Each of the 10 classes is a fixed random 28x28 "digit" prototype; a sample is
its class's prototype under noise, flattened to 784 values. The train step
(forward, backward, optimizer update) is one compiled function that carries
the model, the optimizer and the random state (Dropout samples) through
``mx.compile(..., inputs=state, outputs=state)``.

    python examples/mnist_mlp.py --steps 200
"""

import argparse
import time
from functools import partial

import mxcore as mx
import mxcore.nn as nn
import mxcore.optimizers as optim

NUM_CLASSES = 10
IMAGE_SIZE = 28 * 28


class MLP(nn.Module):
    def __init__(self, num_layers: int, input_dim: int, hidden_dim: int, output_dim: int):
        super().__init__()
        dims = [input_dim] + [hidden_dim] * num_layers + [output_dim]
        self.layers = [nn.Linear(i, o) for i, o in zip(dims[:-1], dims[1:])]
        self.dropout = nn.Dropout(0.1)

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = self.dropout(nn.relu(layer(x)))
        return self.layers[-1](x)


def synthetic_mnist(prototypes, num_samples: int, key):
    """Images in [0, 1] of shape (num_samples, 784), each a noisy copy of
    one of ``prototypes``, and their labels in [0, 10)."""
    label_key, noise_key = mx.random.split(key)
    labels = mx.random.randint(0, NUM_CLASSES, (num_samples,), key=label_key)
    noise = 0.8 * mx.random.normal((num_samples, IMAGE_SIZE), key=noise_key)
    images = mx.clip(prototypes[labels] + noise, 0.0, 1.0)
    return images, labels


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200, help="training steps")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    mx.random.seed(args.seed)
    proto_key, train_key, test_key = mx.random.split(mx.random.key(args.seed), 3)
    prototypes = mx.random.uniform(shape=(NUM_CLASSES, IMAGE_SIZE), key=proto_key)
    train_x, train_y = synthetic_mnist(prototypes, 4096, train_key)
    test_x, test_y = synthetic_mnist(prototypes, 512, test_key)

    model = MLP(2, IMAGE_SIZE, args.hidden, NUM_CLASSES)
    mx.eval(model.parameters())
    optimizer = optim.SGD(learning_rate=args.learning_rate, momentum=0.9)

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    loss_and_grad = nn.value_and_grad(model, loss_fn)
    state = [model.state, optimizer.state, mx.random.state]

    @partial(mx.compile, inputs=state, outputs=state)
    def train_step(x, y):
        loss, grads = loss_and_grad(model, x, y)
        optimizer.update(model, grads)
        return loss

    num_batches = train_x.shape[0] // args.batch_size
    start = time.perf_counter()
    for step in range(args.steps):
        i = (step % num_batches) * args.batch_size
        loss = train_step(train_x[i : i + args.batch_size], train_y[i : i + args.batch_size])
        mx.eval(state)
        if step % 10 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.4f}", flush=True)

    model.eval()
    accuracy = mx.mean(mx.argmax(model(test_x), axis=1) == test_y).item()
    print(f"test accuracy {accuracy:.3f} in {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
