"""Pooling whose windows tile the input (stride == kernel) reduces over axes
of a reshape: values and gradients against NumPy (ties in a max window share
the gradient equally, as mx.max's), odd sizes cropped, padding, every rank,
compiled == eager."""

import itertools

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, seed


def np_windows(x, kernel, padding, pad_value):
    """x padded and cropped to whole windows: (N, o1, k1, o2, k2, ..., C)."""
    n = x.ndim - 2
    x = np.pad(x, [(0, 0)] + [(p, p) for p in padding] + [(0, 0)], constant_values=pad_value)
    out = [x.shape[1 + i] // kernel[i] for i in range(n)]
    x = x[(slice(None),) + tuple(slice(0, o * k) for o, k in zip(out, kernel))]
    split = [x.shape[0]]
    for o, k in zip(out, kernel):
        split += [o, k]
    return x.reshape(split + [x.shape[-1]]), tuple(2 + 2 * i for i in range(n)), out


def np_pool_and_grad(x, kernel, padding, is_max, cot):
    """Forward and the gradient of sum(pool(x) * cot) with respect to x."""
    pad_value = -np.inf if is_max else 0.0
    w, axes, out = np_windows(x, kernel, padding, pad_value)
    if is_max:
        y = w.max(axis=axes, keepdims=True)
        mask = (w == y).astype(np.float64)
        g = mask / mask.sum(axis=axes, keepdims=True)
    else:
        y = w.mean(axis=axes, keepdims=True)
        g = np.full(w.shape, 1.0 / np.prod(kernel))
    g = g * cot.reshape(y.shape)
    # Back to the padded input's layout, then drop the padding.
    n = x.ndim - 2
    padded = [x.shape[1 + i] + 2 * padding[i] for i in range(n)]
    full = np.zeros([x.shape[0]] + padded + [x.shape[-1]])
    full[(slice(None),) + tuple(slice(0, o * k) for o, k in zip(out, kernel))] = g.reshape(
        [x.shape[0]] + [o * k for o, k in zip(out, kernel)] + [x.shape[-1]])
    grad = full[(slice(None),) + tuple(slice(p, p + s) for p, s in zip(padding, x.shape[1:-1]))]
    return y.reshape([x.shape[0]] + out + [x.shape[-1]]), grad


CASES = [
    ("MaxPool1d", 2, 0, (3, 9, 4)),
    ("AvgPool1d", 3, 1, (2, 8, 3)),
    ("MaxPool2d", 2, 0, (4, 14, 14, 32)),
    ("MaxPool2d", (2, 3), 0, (2, 7, 8, 5)),
    ("AvgPool2d", 2, 0, (2, 5, 7, 3)),
    ("MaxPool2d", 3, 1, (2, 7, 7, 2)),
    ("AvgPool2d", 3, 1, (1, 5, 5, 17)),
    ("MaxPool3d", 2, 0, (1, 4, 5, 4, 3)),
    ("AvgPool3d", 2, 1, (1, 3, 4, 3, 2)),
]


@pytest.mark.parametrize("name,kernel,padding,shape", CASES)
def test_tiling_windows_against_numpy(name, kernel, padding, shape):
    rng = seed(1)
    n = len(shape) - 2
    kernel = (kernel,) * n if isinstance(kernel, int) else kernel
    padding = (padding,) * n
    layer = getattr(nn, name)(kernel, padding=padding)  # stride defaults to kernel
    xn = rng.standard_normal(shape).astype(np.float32)
    if name.startswith("Max"):  # ties inside windows share the gradient
        xn = np.round(xn * 2) / 2
    is_max = name.startswith("Max")
    y = layer(mx.array(xn))
    cot = rng.standard_normal(y.shape).astype(np.float32)
    want_y, want_g = np_pool_and_grad(xn.astype(np.float64), kernel, padding, is_max,
                                      cot.astype(np.float64))
    assert_close(y, want_y, atol=1e-5)

    def loss(x):
        return mx.sum(layer(x) * mx.array(cot))

    g = mx.grad(loss)(mx.array(xn))
    assert_close(g, want_g, atol=1e-5)
    cg = mx.compile(mx.grad(loss))(mx.array(xn))
    assert_close(cg, np.array(g), atol=1e-6)


def test_max_pool_nan_and_infinities():
    x = np.array([[1, np.nan, 3, 4], [-np.inf, -np.inf, np.inf, 2]], np.float32).reshape(1, 8, 1)
    y = np.array(nn.MaxPool1d(2)(mx.array(x))).ravel()
    assert np.isnan(y[0]) and y[1] == 4 and y[2] == -np.inf and y[3] == np.inf


def test_explicit_stride_equal_to_kernel():
    rng = seed(2)
    xn = rng.standard_normal((2, 12, 10, 3)).astype(np.float32)
    a = nn.MaxPool2d(2, stride=2)(mx.array(xn))
    want = np.max(xn.reshape(2, 6, 2, 5, 2, 3), axis=(2, 4))
    np.testing.assert_array_equal(np.array(a), want)
    b = nn.AvgPool2d((2, 5), stride=(2, 5))(mx.array(xn))
    want = np.mean(xn.reshape(2, 6, 2, 2, 5, 3).astype(np.float64), axis=(2, 4))
    assert_close(b, want, atol=1e-6)
