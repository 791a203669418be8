"""MLX parity found by scripts/mlx_diff_fuzz.py: logsumexp and logcumsumexp of
integer and bool inputs compute in float32. Expected values from NumPy."""
import numpy as np
import pytest

import mxcore as mx


def np_logsumexp(x, axis=None):
    x = np.asarray(x, np.float64)
    m = np.max(x, axis=axis, keepdims=True)
    return np.squeeze(m, axis=axis) + np.log(np.sum(np.exp(x - m), axis=axis))


@pytest.mark.parametrize("dtype", [mx.int8, mx.uint8, mx.int16, mx.uint16, mx.int32, mx.uint32, mx.int64])
def test_logsumexp_of_integers_does_not_wrap(dtype):
    # In int8, x - max(x) for 120 and -100 wraps; the result must be the float one.
    values = [120, 110, 0] if dtype in (mx.uint8, mx.uint16, mx.uint32) else [120, 110, -100]
    got = mx.logsumexp(mx.array(values, dtype))
    assert got.dtype == mx.float32
    np.testing.assert_allclose(got.item(), np_logsumexp(values), rtol=1e-6)


def test_logsumexp_of_integers_along_axis_and_keepdims():
    x = np.array([[100, -100, 5], [-7, 120, 119]], np.int8)
    got = mx.logsumexp(mx.array(x), axis=1, keepdims=True)
    assert got.shape == (2, 1) and got.dtype == mx.float32
    np.testing.assert_allclose(np.array(got)[:, 0], np_logsumexp(x, axis=1), rtol=1e-6)


def test_logsumexp_of_bools():
    got = mx.logsumexp(mx.array([True, False, True]))
    np.testing.assert_allclose(got.item(), np.log(2 * np.e + 1), rtol=1e-6)


def test_logcumsumexp_of_bools():
    got = mx.logcumsumexp(mx.array([True, False, True]))
    assert got.dtype == mx.float32
    np.testing.assert_allclose(np.array(got), np.logaddexp.accumulate([1.0, 0.0, 1.0]), rtol=1e-6)


def test_logcumsumexp_of_bools_reverse_exclusive():
    x = np.array([[True, False], [True, True]])
    got = mx.logcumsumexp(mx.array(x), axis=1, reverse=True, inclusive=False)
    # Exclusive reverse: each entry is logaddexp of the entries after it; the last is -inf.
    np.testing.assert_allclose(np.array(got), [[0.0, -np.inf], [1.0, -np.inf]], rtol=1e-6)
