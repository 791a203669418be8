"""Pooling and Upsample against NumPy and hand-computed values."""

import itertools

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, seed


def np_pool(x, kernel, stride, padding, op):
    n = x.ndim - 2
    pad_value = -np.inf if op is np.max else 0.0
    x = np.pad(x, [(0, 0)] + [(p, p) for p in padding] + [(0, 0)], constant_values=pad_value)
    out = [(x.shape[1 + i] - kernel[i]) // stride[i] + 1 for i in range(n)]
    y = np.zeros((x.shape[0], *out, x.shape[-1]), x.dtype)
    for pos in itertools.product(*(range(o) for o in out)):
        window = x[(slice(None),) + tuple(slice(p * s, p * s + k) for p, s, k in zip(pos, stride, kernel))]
        y[(slice(None),) + pos] = op(window, axis=tuple(range(1, n + 1)))
    return y


POOL_CASES = [
    ("MaxPool1d", 3, 2, 1, (2, 9, 3)),
    ("AvgPool1d", 2, None, 0, (2, 8, 3)),
    ("MaxPool2d", (2, 3), (1, 2), (1, 0), (2, 6, 7, 2)),
    ("AvgPool2d", 2, None, 0, (1, 4, 6, 2)),
    ("AvgPool2d", 3, 2, 1, (1, 5, 5, 1)),
    ("MaxPool3d", 2, 1, 0, (1, 3, 4, 3, 2)),
    ("AvgPool3d", 2, 2, 1, (1, 3, 4, 3, 2)),
]


@pytest.mark.parametrize("name,kernel,stride,padding,shape", POOL_CASES)
def test_pooling_against_numpy(name, kernel, stride, padding, shape):
    rng = seed(0)
    n = len(shape) - 2
    tup = lambda v: (v,) * n if isinstance(v, int) else v  # noqa: E731
    layer = getattr(nn, name)(kernel, stride=stride, padding=padding)
    x = rng.standard_normal(shape).astype(np.float32)
    op = np.max if name.startswith("Max") else np.mean
    expected = np_pool(x, tup(kernel), tup(stride if stride is not None else kernel), tup(padding), op)
    assert_close(layer(mx.array(x)), expected, atol=1e-5)


def test_pooling_bad_arguments():
    with pytest.raises(ValueError, match="kernel_size"):
        nn.MaxPool2d((2, 2, 2))
    with pytest.raises(ValueError, match="must be positive"):
        nn.AvgPool1d(0)
    with pytest.raises(ValueError, match="Expected an input with 4 dimensions"):
        nn.MaxPool2d(2)(mx.ones((2, 3, 4)))


def test_upsample_nearest():
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 3, 1)
    y = nn.Upsample(2)(mx.array(x))
    assert_close(y, x.repeat(2, axis=1).repeat(2, axis=2), atol=0)
    y = nn.Upsample((1, 2))(mx.array(x))
    assert_close(y, x.repeat(2, axis=2), atol=0)
    # Fractional factor: index round((i + 0.5) * n / m - 0.5) when upsampling.
    x1 = np.arange(4, dtype=np.float32).reshape(1, 4, 1)
    y = nn.Upsample(1.5)(mx.array(x1))
    idx = np.round((np.arange(6) + 0.5) * 4 / 6 - 0.5).astype(int)
    assert_close(y, x1[:, idx], atol=0)
    y = nn.Upsample(0.5)(mx.array(x1))  # downsampling: floor(i * n / m)
    assert_close(y, x1[:, [0, 2]], atol=0)


def np_linear_1d(v, scale, align_corners):
    n = v.shape[0]
    m = int(n * scale)
    if align_corners:
        pos = np.arange(m) * ((n - 1) / max(m - 1, 1))
    else:
        pos = (np.arange(m) + 0.5) / scale - 0.5
    pos = np.clip(pos, 0, n - 1)
    lo = np.floor(pos).astype(int)
    hi = np.ceil(pos).astype(int)
    w = pos - lo
    return v[lo] * (1 - w) + v[hi] * w


@pytest.mark.parametrize("align_corners", [False, True])
def test_upsample_linear_is_separable_interpolation(align_corners):
    rng = seed(1)
    x = rng.standard_normal((2, 3, 4, 2)).astype(np.float32)
    y = nn.Upsample((2.0, 1.5), mode="linear", align_corners=align_corners)(mx.array(x))
    expected = np.apply_along_axis(np_linear_1d, 1, x, 2.0, align_corners)
    expected = np.apply_along_axis(np_linear_1d, 2, expected, 1.5, align_corners)
    assert_close(y, expected, atol=1e-5)


def test_upsample_linear_hand_values():
    x = mx.array([[[0.0], [1.0]]])  # (1, 2, 1)
    assert_close(nn.Upsample(2, mode="linear")(x).reshape(-1), [0.0, 0.25, 0.75, 1.0])
    assert_close(nn.Upsample(2, mode="linear", align_corners=True)(x).reshape(-1), [0.0, 1 / 3, 2 / 3, 1.0])


def np_cubic_1d(v, scale, align_corners):
    a = -0.75
    n = v.shape[0]
    m = int(n * scale)
    if align_corners:
        pos = np.arange(m) * ((n - 1) / max(m - 1, 1))
    else:
        pos = (np.arange(m) + 0.5) / scale - 0.5
    out = np.zeros(m)
    for j, p in enumerate(pos):
        base = np.floor(p)
        for tap in (base - 1, base, base + 1, base + 2):
            d = abs(p - tap)
            w = ((a + 2) * d - (a + 3)) * d * d + 1 if d <= 1 else (((d - 5) * d + 8) * d - 4) * a
            out[j] += w * v[int(np.clip(tap, 0, n - 1))]
    return out


@pytest.mark.parametrize("align_corners", [False, True])
def test_upsample_cubic(align_corners):
    rng = seed(2)
    x = rng.standard_normal((1, 4, 3, 2)).astype(np.float32)
    y = nn.Upsample(2, mode="cubic", align_corners=align_corners)(mx.array(x))
    expected = np.apply_along_axis(np_cubic_1d, 1, x, 2.0, align_corners)
    expected = np.apply_along_axis(np_cubic_1d, 2, expected, 2.0, align_corners)
    assert_close(y, expected, atol=1e-4)


def test_upsample_antialiased_downsampling_hand_values():
    # Halving with a triangle filter widened to radius 2: output i sits at
    # 2i + 0.5; taps outside the input are dropped and weights renormalised.
    x = mx.arange(8, dtype=mx.float32).reshape(1, 8, 1)
    y = nn.Upsample(0.5, mode="linear", antialias=True)(x).reshape(-1)
    # Interior outputs of a ramp are its value at the sample position.
    # At the borders: (0*.75 + 1*.75 + 2*.25) / 1.75 and (5*.25 + 6*.75 + 7*.75) / 1.75.
    assert_close(y, [1.25 / 1.75, 2.5, 4.5, 11 / 1.75], atol=1e-5)
    # A constant stays constant whatever the filter (weights sum to one).
    ones = nn.Upsample((0.4, 0.75), mode="cubic", antialias=True)(mx.ones((1, 10, 8, 2)))
    assert ones.shape == (1, 4, 6, 2)
    assert_close(ones, np.ones((1, 4, 6, 2)), atol=1e-5)
    # Upsampling with antialias keeps the kernel width: linear matches plain
    # linear interpolation away from the borders.
    r = mx.arange(6, dtype=mx.float32).reshape(1, 6, 1)
    aa = np.array(nn.Upsample(2, mode="linear", antialias=True)(r)).ravel()
    plain = np.array(nn.Upsample(2, mode="linear")(r)).ravel()
    assert_close(aa[1:-1], plain[1:-1], atol=1e-5)


def test_upsample_bad_arguments():
    with pytest.raises(ValueError, match="not supported for nearest"):
        nn.Upsample(2, antialias=True)
    with pytest.raises(ValueError, match="antialias=True with align_corners=True"):
        nn.Upsample(2, mode="linear", antialias=True, align_corners=True)
    with pytest.raises(ValueError, match="unsupported upsampling algorithm"):
        nn.Upsample(2, mode="area")
    with pytest.raises(ValueError, match="One scale per spatial dimension"):
        nn.Upsample((2, 2))(mx.ones((1, 3, 1)))
    with pytest.raises(ValueError, match="at least 3D"):
        nn.Upsample(2)(mx.ones((3, 1)))
