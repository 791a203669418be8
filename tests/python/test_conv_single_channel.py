"""Convolutions of one input channel (a CNN's first layer on grayscale
images) read their taps into registers (src/backend/cpu/conv_single_channel.h).
Results against a float64 NumPy reference, over strides, padding, dilation,
flips, 1-D/2-D/3-D, output channel counts around the vector width and odd
sizes; thread counts give the same bits."""

import numpy as np
import pytest

import mxcore as mx
from thread_helpers import stdout_per_thread_count


def reference_conv(x, w, stride, padding, dilation, flip=False):
    """x (N, *S, 1), w (O, *K, 1): cross-correlation in float64."""
    x = x.astype(np.float64)[..., 0]
    w = w.astype(np.float64)[..., 0]
    if flip:
        w = w[(slice(None),) + (slice(None, None, -1),) * (w.ndim - 1)]
    nd = x.ndim - 1
    x = np.pad(x, [(0, 0)] + [(p, p) for p in padding])
    out_sp = [(x.shape[1 + d] - dilation[d] * (w.shape[1 + d] - 1) - 1) // stride[d] + 1
              for d in range(nd)]
    out = np.zeros([x.shape[0]] + out_sp + [w.shape[0]])
    for tap in np.ndindex(*w.shape[1:]):
        sl = tuple(slice(tap[d] * dilation[d],
                         tap[d] * dilation[d] + stride[d] * (out_sp[d] - 1) + 1, stride[d])
                   for d in range(nd))
        out += x[(slice(None),) + sl][..., None] * w[(slice(None),) + tap]
    return out


CASES_2D = [
    ((32, 28, 28, 1), (16, 3, 3, 1), 1, 1, 1),
    ((4, 17, 13, 1), (8, 3, 3, 1), 1, 0, 1),
    ((3, 20, 20, 1), (24, 5, 5, 1), 1, 2, 1),
    ((2, 15, 16, 1), (40, 3, 3, 1), 2, 1, 1),
    ((2, 15, 16, 1), (64, 3, 3, 1), 1, 1, 1),
    ((2, 19, 18, 1), (16, 3, 3, 1), 1, 2, 2),
    ((5, 9, 9, 1), (3, 2, 2, 1), 1, 0, 1),
    ((2, 12, 12, 1), (17, 3, 3, 1), 3, 1, 1),
    ((1, 1, 1, 1), (16, 1, 1, 1), 1, 0, 1),
    # Interior stretches of 7, 2 and 1 positions; border stretches longer
    # than a block (a 70-wide first row).
    ((3, 6, 9, 1), (16, 3, 3, 1), 1, 1, 1),
    ((2, 5, 4, 1), (32, 3, 3, 1), 1, 1, 1),
    ((2, 40, 3, 1), (48, 3, 3, 1), 1, 1, 1),
    ((1, 3, 70, 1), (16, 3, 3, 1), 1, 1, 1),
]


@pytest.mark.parametrize("shape,wshape,stride,padding,dilation", CASES_2D)
def test_conv2d_one_channel(shape, wshape, stride, padding, dilation):
    rng = np.random.default_rng(shape[1] * 7 + wshape[0])
    x = rng.standard_normal(shape).astype(np.float32)
    w = rng.standard_normal(wshape).astype(np.float32)
    y = mx.conv2d(mx.array(x), mx.array(w), stride=stride, padding=padding, dilation=dilation)
    ref = reference_conv(x, w, (stride,) * 2, (padding,) * 2, (dilation,) * 2)
    assert y.shape == ref.shape
    np.testing.assert_allclose(np.array(y), ref, rtol=1e-5, atol=1e-5)


def reference_weight_grad(x, dy, wshape, stride, padding, dilation):
    """d sum(conv(x, w) * dy) / dw in float64: each tap's input window times dy."""
    x = np.pad(x.astype(np.float64)[..., 0], [(0, 0)] + [(p, p) for p in padding])
    dy = dy.astype(np.float64)
    nd = x.ndim - 1
    out_sp = dy.shape[1:-1]
    gw = np.zeros(wshape, np.float64)
    for tap in np.ndindex(*wshape[1:-1]):
        sl = tuple(slice(tap[d] * dilation[d],
                         tap[d] * dilation[d] + stride[d] * (out_sp[d] - 1) + 1, stride[d])
                   for d in range(nd))
        window = x[(slice(None),) + sl]
        gw[(slice(None),) + tap + (0,)] = np.tensordot(dy, window, axes=(list(range(nd + 1)),
                                                                         list(range(nd + 1))))
    return gw


@pytest.mark.parametrize("shape,wshape,stride,padding,dilation", CASES_2D)
def test_conv2d_one_channel_weight_grad(shape, wshape, stride, padding, dilation):
    # The weight gradient reads the taps where they lie (border rows gathered),
    # over 1 to 4 vectors of output channels and 1 to 25 taps.
    rng = np.random.default_rng(shape[2] * 5 + wshape[0])
    x = rng.standard_normal(shape).astype(np.float32)
    w = rng.standard_normal(wshape).astype(np.float32)
    conv = lambda w: mx.conv2d(mx.array(x), w, stride=stride, padding=padding, dilation=dilation)
    dy = rng.standard_normal(conv(mx.array(w)).shape).astype(np.float32)
    gw = mx.grad(lambda w: mx.sum(conv(w) * mx.array(dy)))(mx.array(w))
    ref = reference_weight_grad(x, dy, wshape, (stride,) * 2, (padding,) * 2, (dilation,) * 2)
    np.testing.assert_allclose(np.array(gw), ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


def test_weight_grad_flipped_and_1d():
    rng = np.random.default_rng(8)
    x = rng.standard_normal((3, 11, 10, 1)).astype(np.float32)
    w = rng.standard_normal((12, 3, 3, 1)).astype(np.float32)
    dy = rng.standard_normal((3, 11, 10, 12)).astype(np.float32)
    gw = mx.grad(lambda w: mx.sum(mx.conv_general(mx.array(x), w, padding=1, flip=True) *
                                  mx.array(dy)))(mx.array(w))
    ref = reference_weight_grad(x, dy, w.shape, (1, 1), (1, 1), (1, 1))[:, ::-1, ::-1]
    np.testing.assert_allclose(np.array(gw), ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())
    x = rng.standard_normal((4, 50, 1)).astype(np.float32)
    w = rng.standard_normal((16, 5, 1)).astype(np.float32)
    dy = rng.standard_normal((4, 25, 16)).astype(np.float32)
    gw = mx.grad(lambda w: mx.sum(mx.conv1d(mx.array(x), w, stride=2, padding=2) *
                                  mx.array(dy)))(mx.array(w))
    ref = reference_weight_grad(x, dy, w.shape, (2,), (2,), (1,))
    np.testing.assert_allclose(np.array(gw), ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


def test_conv1d_and_conv3d_one_channel():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 50, 1)).astype(np.float32)
    w = rng.standard_normal((16, 5, 1)).astype(np.float32)
    y = mx.conv1d(mx.array(x), mx.array(w), stride=2, padding=2)
    np.testing.assert_allclose(np.array(y), reference_conv(x, w, (2,), (2,), (1,)),
                               rtol=1e-5, atol=1e-5)
    x = rng.standard_normal((2, 6, 7, 8, 1)).astype(np.float32)
    w = rng.standard_normal((20, 3, 3, 3, 1)).astype(np.float32)
    y = mx.conv3d(mx.array(x), mx.array(w), padding=1)
    np.testing.assert_allclose(np.array(y), reference_conv(x, w, (1,) * 3, (1,) * 3, (1,) * 3),
                               rtol=1e-5, atol=1e-5)


def test_flipped_kernel_one_channel():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 11, 10, 1)).astype(np.float32)
    w = rng.standard_normal((12, 3, 3, 1)).astype(np.float32)
    y = mx.conv_general(mx.array(x), mx.array(w), padding=1, flip=True)
    np.testing.assert_allclose(np.array(y), reference_conv(x, w, (1, 1), (1, 1), (1, 1), True),
                               rtol=1e-5, atol=1e-5)


def test_non_contiguous_input_and_grads():
    rng = np.random.default_rng(3)
    big = rng.standard_normal((4, 12, 12, 3)).astype(np.float32)
    w = rng.standard_normal((16, 3, 3, 1)).astype(np.float32)
    x = mx.array(big)[..., 1:2]  # one channel of a wider input: strided
    y = mx.conv2d(x, mx.array(w), padding=1)
    np.testing.assert_allclose(np.array(y), reference_conv(big[..., 1:2], w, (1, 1), (1, 1), (1, 1)),
                               rtol=1e-5, atol=1e-5)
    # The gradients (their own kernels) against finite differences of a sum.
    f = lambda x, w: mx.sum(mx.conv2d(x, w, padding=1) ** 2)
    gx, gw = mx.grad(f, argnums=(0, 1))(mx.array(big[..., 1:2]), mx.array(w))
    e = 1e-2
    w2 = w.copy()
    w2[3, 1, 2, 0] += e
    up = float(f(mx.array(big[..., 1:2]), mx.array(w2)))
    w2[3, 1, 2, 0] -= 2 * e
    down = float(f(mx.array(big[..., 1:2]), mx.array(w2)))
    assert abs((up - down) / (2 * e) - float(gw[3, 1, 2, 0])) < 2e-2 * max(1, abs(up - down) / (2 * e))


def test_compiled_equals_eager_and_threads_agree():
    rng = np.random.default_rng(4)
    x = mx.array(rng.standard_normal((32, 28, 28, 1)).astype(np.float32))
    w = mx.array(rng.standard_normal((16, 3, 3, 1)).astype(np.float32))
    f = lambda x, w: mx.maximum(mx.conv2d(x, w, padding=1), 0)
    assert mx.array_equal(mx.compile(f)(x, w), f(x, w)).item()
    code = (
        "import numpy as np, mxcore as mx, hashlib\n"
        "rng = np.random.default_rng(4)\n"
        "x = mx.array(rng.standard_normal((32, 28, 28, 1)).astype(np.float32))\n"
        "w = mx.array(rng.standard_normal((16, 3, 3, 1)).astype(np.float32))\n"
        "print(hashlib.sha256(np.array(mx.conv2d(x, w, padding=1)).tobytes()).hexdigest())\n")
    assert len(set(stdout_per_thread_count(code))) == 1


def test_non_finite_weights_propagate_like_the_padding_zeros():
    # A padding tap multiplies its zero by the weight: inf * 0 is nan there.
    x = np.ones((1, 4, 4, 1), np.float32)
    w = np.zeros((16, 3, 3, 1), np.float32)
    w[0, 0, 0, 0] = np.inf
    y = np.array(mx.conv2d(mx.array(x), mx.array(w), padding=1))
    assert np.isnan(y[0, 0, 0, 0]) and np.isinf(y[0, 1, 1, 0]) and np.all(y[..., 1:] == 0)
