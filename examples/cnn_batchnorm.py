"""Train a small convolutional network with batch normalization on
synthetic images.

Each of the 10 classes is a bright square at its own position in a 16x16
single-channel image (NHWC, as in MLX), under noise. BatchNorm's running
mean and variance live in ``model.state`` next to the parameters, so the
compiled train step, which takes and returns ``[model.state,
optimizer.state]``, updates them too; evaluation switches the model to
``eval()`` and normalizes with them.

    python examples/cnn_batchnorm.py --steps 100
"""

import argparse
import time
from functools import partial

import mxcore as mx
import mxcore.nn as nn
import mxcore.optimizers as optim

NUM_CLASSES = 10
SIZE = 16


class ConvNet(nn.Module):
    def __init__(self, channels: int = 8):
        super().__init__()
        self.conv1 = nn.Conv2d(1, channels, kernel_size=3, padding=1)
        self.norm1 = nn.BatchNorm(channels)
        self.conv2 = nn.Conv2d(channels, 2 * channels, kernel_size=3, padding=1)
        self.norm2 = nn.BatchNorm(2 * channels)
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.head = nn.Linear(2 * channels * (SIZE // 4) ** 2, NUM_CLASSES)

    def __call__(self, x):
        x = self.pool(nn.relu(self.norm1(self.conv1(x))))
        x = self.pool(nn.relu(self.norm2(self.conv2(x))))
        return self.head(mx.flatten(x, start_axis=1))


def synthetic_images(num_samples: int, key):
    """Images (num_samples, 16, 16, 1): a 4x4 square of 1s at the label's
    cell of a 5x2 grid, plus Gaussian noise."""
    label_key, noise_key = mx.random.split(key)
    labels = mx.random.randint(0, NUM_CLASSES, (num_samples,), key=label_key)
    rows = mx.arange(SIZE)
    top = 1 + 3 * (labels // 2)   # 5 rows of cells
    left = 2 + 8 * (labels % 2)   # 2 columns of cells
    in_rows = (rows[None, :] >= top[:, None]) & (rows[None, :] < top[:, None] + 4)
    in_cols = (rows[None, :] >= left[:, None]) & (rows[None, :] < left[:, None] + 4)
    squares = (in_rows[:, :, None] & in_cols[:, None, :]).astype(mx.float32)
    noise = 0.5 * mx.random.normal((num_samples, SIZE, SIZE), key=noise_key)
    return (squares + noise)[..., None], labels


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100, help="training steps")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--learning-rate", type=float, default=1e-2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    mx.random.seed(args.seed)
    train_key, test_key = mx.random.split(mx.random.key(args.seed))
    train_x, train_y = synthetic_images(2048, train_key)
    test_x, test_y = synthetic_images(256, test_key)

    model = ConvNet()
    mx.eval(model.parameters())
    optimizer = optim.Adam(learning_rate=args.learning_rate)

    def loss_fn(model, x, y):
        return nn.losses.cross_entropy(model(x), y, reduction="mean")

    loss_and_grad = nn.value_and_grad(model, loss_fn)
    state = [model.state, optimizer.state]

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
    running_mean = model.norm1.running_mean
    print(f"test accuracy {accuracy:.3f}; norm1 running mean {running_mean.tolist()[:3]}...")
    print(f"trained {args.steps} steps in {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
