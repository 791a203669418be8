"""Depthwise convolutions (one input channel a group) run as direct loops over
the taps, a line of outputs at a time; float32 with dense channels
accumulates four outputs of 16 channels in registers. Every layout, padding,
stride and dilation against the float64 NumPy reference."""
import numpy as np
import pytest

import mxcore as mx
from conv_helpers import arr, npa, ref_conv, rng

TOLS = {mx.float32: 1e-4, mx.float16: 2e-2, mx.bfloat16: 6e-2, mx.float64: 1e-10}


def run_depthwise(x, w, stride, padding, dilation, groups, dtype):
    nd = x.ndim - 2
    xa = arr(x).astype(dtype)
    wa = arr(w).astype(dtype)
    out = mx.conv_general(xa, wa, stride=stride, padding=padding, kernel_dilation=dilation,
                          groups=groups)
    # The reference takes the rounded inputs.
    expect = ref_conv(npa(xa), npa(wa), [stride] * nd, [padding] * nd, [padding] * nd,
                      [dilation] * nd, [1] * nd, groups)
    return npa(out), expect


@pytest.mark.parametrize("channels", [16, 32, 48, 64, 24, 5])
@pytest.mark.parametrize("stride,padding,dilation", [(1, 1, 1), (2, 1, 1), (1, 0, 1),
                                                     (1, 2, 2), (2, 3, 1)])
def test_depthwise_2d_float32(channels, stride, padding, dilation):
    x = rng(channels).standard_normal((2, 11, 13, channels)).astype(np.float32)
    w = rng(1).standard_normal((channels, 3, 3, 1)).astype(np.float32)
    got, expect = run_depthwise(x, w, stride, padding, dilation, channels, mx.float32)
    assert got.shape == expect.shape
    np.testing.assert_allclose(got, expect, rtol=TOLS[mx.float32], atol=TOLS[mx.float32])


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float64])
@pytest.mark.parametrize("channels", [16, 7])
def test_depthwise_2d_other_dtypes(dtype, channels):
    x = rng(2).standard_normal((2, 9, 10, channels))
    w = rng(3).standard_normal((channels, 3, 3, 1))
    got, expect = run_depthwise(x, w, 1, 1, 1, channels, dtype)
    np.testing.assert_allclose(got, expect, rtol=TOLS[dtype], atol=TOLS[dtype] * 4)


@pytest.mark.parametrize("kernel,length,channels", [(3, 40, 32), (5, 17, 16), (4, 9, 3),
                                                    (1, 12, 16)])
def test_depthwise_1d(kernel, length, channels):
    # A Mamba- or Whisper-style causal/same 1-d convolution over channels.
    x = rng(4).standard_normal((3, length, channels)).astype(np.float32)
    w = rng(5).standard_normal((channels, kernel, 1)).astype(np.float32)
    got, expect = run_depthwise(x, w, 1, kernel - 1, 1, channels, mx.float32)
    np.testing.assert_allclose(got, expect, rtol=1e-4, atol=1e-4)


def test_depthwise_3d_and_channel_multiplier():
    x = rng(6).standard_normal((1, 5, 6, 7, 16)).astype(np.float32)
    w = rng(7).standard_normal((16, 3, 3, 3, 1)).astype(np.float32)
    got, expect = run_depthwise(x, w, 1, 1, 1, 16, mx.float32)
    np.testing.assert_allclose(got, expect, rtol=1e-4, atol=1e-4)
    # Two outputs per input channel (C_out = 2 * groups).
    x = rng(8).standard_normal((2, 8, 9, 16)).astype(np.float32)
    w = rng(9).standard_normal((32, 3, 3, 1)).astype(np.float32)
    got, expect = run_depthwise(x, w, 1, 1, 1, 16, mx.float32)
    np.testing.assert_allclose(got, expect, rtol=1e-4, atol=1e-4)


def test_depthwise_strided_input_and_gradients():
    x_np = rng(10).standard_normal((2, 12, 12, 32)).astype(np.float32)
    w_np = rng(11).standard_normal((32, 3, 3, 1)).astype(np.float32)
    # A transposed (non-dense channel) input view.
    xt = mx.array(np.ascontiguousarray(x_np.transpose(0, 3, 1, 2))).transpose(0, 2, 3, 1)
    out = mx.conv2d(xt, mx.array(w_np), padding=1, groups=32)
    expect = ref_conv(x_np, w_np, [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], 32)
    np.testing.assert_allclose(np.array(out), expect, rtol=1e-4, atol=1e-4)

    def loss(x, w):
        return (mx.conv2d(x, w, padding=1, groups=32) ** 2).sum()

    gx, gw = mx.grad(loss, argnums=(0, 1))(mx.array(x_np), mx.array(w_np))
    # Against float64 finite differences along random directions.
    x64, w64 = x_np.astype(np.float64), w_np.astype(np.float64)

    def loss64(x, w):
        return (ref_conv(x, w, [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], 32) ** 2).sum()

    r = rng(12)
    dx, dw = r.standard_normal(x64.shape), r.standard_normal(w64.shape)
    eps = 1e-5
    fd_x = (loss64(x64 + eps * dx, w64) - loss64(x64 - eps * dx, w64)) / (2 * eps)
    fd_w = (loss64(x64, w64 + eps * dw) - loss64(x64, w64 - eps * dw)) / (2 * eps)
    np.testing.assert_allclose((np.array(gx) * dx).sum(), fd_x, rtol=1e-3)
    np.testing.assert_allclose((np.array(gw) * dw).sum(), fd_w, rtol=1e-3)
