"""Batched FFTs run kFFTLanes lines at once in split real/imaginary layout
(fft_plan.h, forward_lanes); one line alone runs the one-line passes. Both
spell the same butterflies, so a line gives the same bits either way, and
both match NumPy."""
import numpy as np
import pytest

import mxcore as mx

LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 16, 17, 30, 64, 100, 1000, 1024]
BATCHES = [4, 7, 8, 9, 17, 33]


def complex_lines(batch, n, seed):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((batch, n)) + 1j * rng.standard_normal((batch, n))).astype(
        np.complex64)


def one_by_one(fn, x, axis=-1):
    """fn applied to each line alone (the one-line path), stacked."""
    lines = [np.array(fn(mx.array(np.take(x, [i], axis=0)))) for i in range(x.shape[0])]
    return np.concatenate(lines, axis=0)


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("batch", BATCHES)
def test_complex_lines_same_bits_as_one_line(n, batch):
    x = complex_lines(batch, n, n * 100 + batch)
    for fn in (mx.fft.fft, mx.fft.ifft):
        got = np.array(fn(mx.array(x)))
        np.testing.assert_array_equal(got, one_by_one(fn, x))
    want = np.fft.fft(x.astype(np.complex128))
    tol = 1e-4 * np.sqrt(n) * np.abs(want).max()
    np.testing.assert_allclose(np.array(mx.fft.fft(mx.array(x))), want, atol=tol, rtol=0)


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("batch", [4, 9, 33])
def test_real_lines_same_bits_as_one_line(n, batch):
    rng = np.random.default_rng(n + batch)
    x = rng.standard_normal((batch, n)).astype(np.float32)
    got = np.array(mx.fft.rfft(mx.array(x)))
    np.testing.assert_array_equal(got, one_by_one(mx.fft.rfft, x))
    want = np.fft.rfft(x.astype(np.float64))
    np.testing.assert_allclose(got, want, atol=1e-4 * np.sqrt(n) * np.abs(want).max(), rtol=0)
    spectrum = mx.array(want.astype(np.complex64))
    back = np.array(mx.fft.irfft(spectrum, n=n))
    np.testing.assert_array_equal(back, one_by_one(lambda s: mx.fft.irfft(s, n=n),
                                                   want.astype(np.complex64)))
    np.testing.assert_allclose(back, np.fft.irfft(want, n=n), atol=1e-4 * np.sqrt(n), rtol=0)


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_lines_along_every_axis(axis):
    rng = np.random.default_rng(axis)
    x = (rng.standard_normal((6, 20, 12)) + 1j * rng.standard_normal((6, 20, 12))).astype(
        np.complex64)
    got = np.array(mx.fft.fft(mx.array(x), axis=axis))
    want = np.fft.fft(x.astype(np.complex128), axis=axis)
    np.testing.assert_allclose(got, want, atol=2e-4 * np.abs(want).max(), rtol=0)
    xr = x.real.copy()
    got = np.array(mx.fft.rfft(mx.array(xr), axis=axis))
    want = np.fft.rfft(xr.astype(np.float64), axis=axis)
    np.testing.assert_allclose(got, want, atol=2e-4 * np.abs(want).max(), rtol=0)


def test_two_dimensional_and_non_contiguous():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((64, 96)).astype(np.float32)
    for fn, nfn in ((mx.fft.fft2, np.fft.fft2), (mx.fft.rfft2, np.fft.rfft2)):
        got = np.array(fn(mx.array(x)))
        want = nfn(x.astype(np.float64))
        np.testing.assert_allclose(got, want, atol=2e-4 * np.abs(want).max(), rtol=0)
    xt = mx.array(x).T  # lines read across rows
    want = np.fft.fft(x.T.astype(np.float64))
    got = np.array(mx.fft.fft(xt))
    np.testing.assert_allclose(got, want, atol=2e-4 * np.abs(want).max(), rtol=0)
    back = np.array(mx.fft.irfft2(mx.fft.rfft2(mx.array(x)), s=x.shape))
    np.testing.assert_allclose(back, x, atol=1e-4)


# Long smooth lengths (from 2^16) run the four-step algorithm: the columns
# and rows of an n2 x n1 matrix as lane transforms, twiddled between them.
@pytest.mark.parametrize("n", [1 << 16, 1 << 17, 3 << 16, 78125, 65537, 1 << 20])
def test_long_lines_four_step(n):
    rng = np.random.default_rng(n % 1000)
    x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    want = np.fft.fft(x.astype(np.complex128))
    got = np.array(mx.fft.fft(mx.array(x)))
    err = np.abs(got - want).max() / np.abs(want).max()
    assert err < 2e-6, err
    back = np.array(mx.fft.ifft(mx.fft.fft(mx.array(x))))
    assert np.abs(back - x).max() < 1e-5 * np.abs(x).max()


def test_long_real_lines_and_batches():
    rng = np.random.default_rng(7)
    n = 1 << 18  # rfft's complex transform of 2^17 runs four-step
    x = rng.standard_normal((3, n)).astype(np.float32)
    want = np.fft.rfft(x.astype(np.float64))
    got = np.array(mx.fft.rfft(mx.array(x)))
    assert np.abs(got - want).max() / np.abs(want).max() < 2e-6
    back = np.array(mx.fft.irfft(mx.array(want.astype(np.complex64)), n=n))
    assert np.abs(back - x).max() < 1e-5 * np.abs(x).max()
    # Lines along the first axis (not contiguous), several at once.
    xc = (rng.standard_normal((1 << 16, 3)) + 1j * rng.standard_normal((1 << 16, 3))).astype(
        np.complex64)
    want = np.fft.fft(xc.astype(np.complex128), axis=0)
    got = np.array(mx.fft.fft(mx.array(xc), axis=0))
    assert np.abs(got - want).max() / np.abs(want).max() < 2e-6
