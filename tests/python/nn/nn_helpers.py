"""NumPy references shared by the mxcore.nn tests (channels-last layouts)."""

import itertools

import numpy as np

import mxcore as mx


def np_of(a):
    return np.array(a)


def assert_close(actual, expected, atol=1e-5, rtol=1e-5):
    np.testing.assert_allclose(np.array(actual), np.asarray(expected), atol=atol, rtol=rtol)


def np_conv(x, w, stride, padding, dilation, groups=1):
    """Channels-last N-d cross-correlation: x (N, *S, Ci), w (Co, *K, Ci/g)."""
    n = x.ndim - 2
    stride, padding, dilation = ([v] * n if isinstance(v, int) else list(v) for v in (stride, padding, dilation))
    x = np.pad(x, [(0, 0)] + [(p, p) for p in padding] + [(0, 0)])
    kernel = w.shape[1:-1]
    out_sp = [(x.shape[1 + i] - dilation[i] * (kernel[i] - 1) - 1) // stride[i] + 1 for i in range(n)]
    co, ci_g = w.shape[0], w.shape[-1]
    co_g = co // groups
    y = np.zeros((x.shape[0], *out_sp, co), np.float64)
    for pos in itertools.product(*(range(o) for o in out_sp)):
        for g in range(groups):
            acc = np.zeros((x.shape[0], co_g))
            for k in itertools.product(*(range(kk) for kk in kernel)):
                idx = tuple(pos[i] * stride[i] + k[i] * dilation[i] for i in range(n))
                patch = x[(slice(None),) + idx + (slice(g * ci_g, (g + 1) * ci_g),)]
                acc += patch @ w[(slice(g * co_g, (g + 1) * co_g),) + k].T
            y[(slice(None),) + pos + (slice(g * co_g, (g + 1) * co_g),)] = acc
    return y


def np_conv_transpose(x, w, stride, padding, dilation, output_padding):
    """Channels-last transposed convolution: every input position scatters
    ``x[pos] @ w[:, k, :].T`` to ``pos * stride + k * dilation - padding``."""
    n = x.ndim - 2
    stride, padding, dilation, output_padding = (
        [v] * n if isinstance(v, int) else list(v) for v in (stride, padding, dilation, output_padding))
    kernel = w.shape[1:-1]
    full = [(x.shape[1 + i] - 1) * stride[i] + dilation[i] * (kernel[i] - 1) + 1 + output_padding[i] for i in range(n)]
    y = np.zeros((x.shape[0], *full, w.shape[0]))
    for pos in itertools.product(*(range(s) for s in x.shape[1:-1])):
        for k in itertools.product(*(range(kk) for kk in kernel)):
            idx = tuple(pos[i] * stride[i] + k[i] * dilation[i] for i in range(n))
            y[(slice(None),) + idx] += x[(slice(None),) + pos] @ w[(slice(None),) + k].T
    crop = tuple(slice(padding[i], full[i] - padding[i]) for i in range(n))
    return y[(slice(None),) + crop]


def numeric_grad(f, x, eps=1e-3):
    """Central finite differences of the scalar f at the float64 array x."""
    g = np.zeros_like(x)
    for i in np.ndindex(*x.shape):
        xp, xm = x.copy(), x.copy()
        xp[i] += eps
        xm[i] -= eps
        g[i] = (f(xp) - f(xm)) / (2 * eps)
    return g


def flat_keys(tree):
    from mxcore.utils import tree_flatten

    return sorted(k for k, _ in tree_flatten(tree))


def flat_shapes(tree):
    from mxcore.utils import tree_flatten

    return {k: tuple(v.shape) for k, v in tree_flatten(tree)}


def seed(s=0):
    mx.random.seed(s)
    return np.random.default_rng(s)
