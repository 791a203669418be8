"""Overlapping pooling windows (stride < kernel) are reduced over a strided
view of the padded input; the gradient and vmap are those of the stacked
strided slices (one per window offset). Forward values against NumPy, the
gradient against the stacked formulation and against finite differences."""
import itertools

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn


def stacked_pool(x, kernel, stride, padding, reduce, pad_value):
    """The reference formulation: one strided slice per window offset."""
    n = len(kernel)
    x = mx.pad(x, [(0, 0)] + [(p, p) for p in padding] + [(0, 0)], constant_values=pad_value)
    out = [(s - k) // st + 1 for s, k, st in zip(x.shape[1:-1], kernel, stride)]
    windows = []
    for offset in itertools.product(*(range(k) for k in kernel)):
        index = (slice(None),) + tuple(slice(o, o + (m - 1) * st + 1, st)
                                       for o, m, st in zip(offset, out, stride))
        windows.append(x[index])
    return reduce(mx.stack(windows, axis=-1), axis=-1)


CASES = [
    ("MaxPool1d", (3,), (2,), (1,), (2, 11, 3)),
    ("AvgPool1d", (4,), (1,), (2,), (2, 9, 2)),
    ("MaxPool2d", (3, 3), (2, 2), (1, 1), (2, 9, 8, 5)),
    ("AvgPool2d", (3, 2), (1, 1), (1, 0), (1, 6, 7, 3)),
    ("MaxPool3d", (2, 3, 2), (1, 2, 1), (0, 1, 1), (1, 4, 5, 3, 2)),
]


def layer_and_reference(name, kernel, stride, padding):
    layer = getattr(nn, name)(kernel, stride=stride, padding=padding)
    is_max = name.startswith("Max")
    reduce, pad_value = (mx.max, -np.inf) if is_max else (mx.mean, 0.0)
    return layer, lambda x: stacked_pool(x, kernel, stride, padding, reduce, pad_value)


@pytest.mark.parametrize("name,kernel,stride,padding,shape", CASES)
def test_values_and_gradient_match_stacked_slices(name, kernel, stride, padding, shape):
    layer, reference = layer_and_reference(name, kernel, stride, padding)
    rng = np.random.default_rng(len(shape))
    x = mx.array(rng.standard_normal(shape).astype(np.float32))
    got, want = layer(x), reference(x)
    if name.startswith("Max"):
        np.testing.assert_array_equal(np.array(got), np.array(want))
    else:
        np.testing.assert_allclose(np.array(got), np.array(want), rtol=1e-6, atol=1e-6)
    w = mx.array(rng.standard_normal(got.shape).astype(np.float32))
    g = mx.grad(lambda t: mx.sum(layer(t) * w))(x)
    gw = mx.grad(lambda t: mx.sum(reference(t) * w))(x)
    np.testing.assert_array_equal(np.array(g), np.array(gw))
    # Non-contiguous input (a transposed view), compiled, and vmapped.
    xt = mx.swapaxes(mx.array(rng.standard_normal(shape).astype(np.float32)), 0, -1)
    xt = mx.swapaxes(xt, 0, -1)
    np.testing.assert_allclose(np.array(layer(xt)), np.array(reference(xt)), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(np.array(mx.compile(layer)(x)), np.array(want), rtol=1e-6, atol=1e-6)
    batch = mx.stack([x, 2 * x])
    np.testing.assert_allclose(np.array(mx.vmap(layer)(batch)),
                               np.array(mx.stack([layer(x), layer(2 * x)])), rtol=1e-6, atol=1e-6)
    gv = mx.vmap(mx.grad(lambda t: mx.sum(layer(t) * w)))(batch)
    np.testing.assert_array_equal(np.array(gv[0]), np.array(g))


def test_max_pool_gradient_finite_differences():
    layer = nn.MaxPool2d(3, stride=2, padding=1)
    rng = np.random.default_rng(3)
    xn = rng.standard_normal((1, 7, 6, 2))
    x = mx.array(xn.astype(np.float32))
    g = np.array(mx.grad(lambda t: mx.sum(layer(t) ** 2))(x))
    eps = 1e-3
    for idx in [(0, 0, 0, 0), (0, 3, 2, 1), (0, 6, 5, 0), (0, 4, 4, 1)]:
        plus, minus = xn.copy(), xn.copy()
        plus[idx] += eps
        minus[idx] -= eps
        f = lambda a: float(mx.sum(layer(mx.array(a.astype(np.float32))) ** 2))  # noqa: E731
        assert abs((f(plus) - f(minus)) / (2 * eps) - g[idx]) < 2e-2


def test_half_types_and_jvp():
    layer = nn.MaxPool2d(3, stride=2, padding=1)
    rng = np.random.default_rng(4)
    x = mx.array(rng.standard_normal((2, 8, 8, 4)).astype(np.float32))
    for dt in (mx.float16, mx.bfloat16):
        got = layer(x.astype(dt))
        assert got.dtype == dt
        np.testing.assert_array_equal(np.array(got.astype(mx.float32)),
                                      np.array(layer(x.astype(dt).astype(mx.float32))))
    t = mx.array(rng.standard_normal(x.shape).astype(np.float32))
    out, tangent = mx.jvp(layer, [x], [t])
    eps = 1e-3
    fd = (layer(x + eps * t) - layer(x - eps * t)) / (2 * eps)
    np.testing.assert_allclose(np.array(tangent[0]), np.array(fd), atol=1e-2)
