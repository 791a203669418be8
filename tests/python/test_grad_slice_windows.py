"""The cotangents of disjoint slices of one array (an RNN's per-step slices
of its input projection) accumulate as window updates of one buffer, not as
a sum of zero-filled arrays: values against NumPy, overlapping and strided
slices, other uses of the array, compiled == eager."""
import numpy as np
import pytest

import mxcore as mx


def np_grad_of_slices(shape, windows, weights):
    """d/dx of sum_i sum(x[window_i] * weights_i)."""
    g = np.zeros(shape)
    for w, c in zip(windows, weights):
        g[w] += c
    return g


@pytest.mark.parametrize("steps", [1, 2, 7, 32])
def test_per_step_slices_like_an_rnn(steps):
    rng = np.random.default_rng(steps)
    xn = rng.standard_normal((3, steps, 5)).astype(np.float32)
    cs = [rng.standard_normal((3, 5)).astype(np.float32) for _ in range(steps)]

    def loss(x):
        h = mx.zeros((3, 5))
        total = mx.array(0.0)
        for t in range(steps):
            h = mx.tanh(x[:, t, :] + 0.5 * h)
            total = total + mx.sum(h * mx.array(cs[t]))
        return total

    g = mx.grad(loss)(mx.array(xn))
    # Reference: the same recurrence differentiated by hand in float64.
    x64 = xn.astype(np.float64)
    hs, h = [], np.zeros((3, 5))
    for t in range(steps):
        h = np.tanh(x64[:, t, :] + 0.5 * h)
        hs.append(h)
    want = np.zeros_like(x64)
    dh = np.zeros((3, 5))
    for t in reversed(range(steps)):
        dh = dh + cs[t]
        da = dh * (1 - hs[t] ** 2)
        want[:, t, :] = da
        dh = 0.5 * da
    np.testing.assert_allclose(np.array(g), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(mx.compile(mx.grad(loss))(mx.array(xn))), np.array(g),
                               rtol=1e-6, atol=1e-7)


def test_disjoint_windows_write_one_buffer():
    x = mx.ones((4, 10))
    windows = [(slice(None), slice(2 * i, 2 * i + 2)) for i in range(5)]

    def loss(x):
        return sum(mx.sum(x[w] * (i + 1)) for i, w in enumerate(windows))

    g = mx.grad(loss)(x)
    names = mx._core._graph_primitive_names(g)
    assert "Add" not in names, names
    want = np_grad_of_slices((4, 10), windows, [i + 1.0 for i in range(5)])
    np.testing.assert_array_equal(np.array(g), want)


@pytest.mark.parametrize("windows", [
    # overlapping on every axis: summed
    [(slice(0, 3), slice(0, 4)), (slice(2, 4), slice(3, 6)), (slice(1, 2), slice(1, 5))],
    # strided windows that interleave (overlapping ranges, disjoint elements)
    [(slice(0, 4), slice(0, 6, 2)), (slice(0, 4), slice(1, 6, 2))],
    # disjoint on the first axis only, then one overlapping both
    [(slice(0, 2), slice(0, 6)), (slice(2, 4), slice(0, 6)), (slice(1, 3), slice(2, 3))],
    # reversed windows
    [(slice(3, None, -1), slice(0, 2)), (slice(None), slice(4, 6))],
    # a reversed window meeting a forward one on every axis (2 and 1 shared)
    [(slice(3, 1, -1), slice(4, 0, -1)), (slice(0, 3), slice(0, 2))],
    [(slice(None, None, -1), slice(None, None, -2)), (slice(1, 2), slice(1, 2))],
])
def test_overlapping_and_strided_windows(windows):
    rng = np.random.default_rng(0)
    xn = rng.standard_normal((4, 6)).astype(np.float32)
    cs = [rng.standard_normal(xn[w].shape).astype(np.float32) for w in windows]

    def loss(x):
        return sum(mx.sum(x[w] * mx.array(c)) for w, c in zip(windows, cs))

    g = mx.grad(loss)(mx.array(xn))
    np.testing.assert_allclose(np.array(g), np_grad_of_slices(xn.shape, windows, cs),
                               rtol=1e-6, atol=1e-6)


def test_slices_mixed_with_other_uses():
    rng = np.random.default_rng(1)
    xn = rng.standard_normal((6, 4)).astype(np.float32)

    def loss(x):
        # Whole-array use before, between and after the slices.
        return (mx.sum(x * 2.0) + mx.sum(x[:2] * 3.0) + mx.sum(mx.sin(x))
                + mx.sum(x[4:] * 5.0) + mx.sum(x[2:3]))

    g = np.array(mx.grad(loss)(mx.array(xn)))
    want = 2.0 + np.cos(xn.astype(np.float64))
    want[:2] += 3.0
    want[4:] += 5.0
    want[2:3] += 1.0
    np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-6)


def test_float16_windows_and_vmap():
    xn = np.arange(24, dtype=np.float16).reshape(2, 12)

    def loss(x):
        return mx.sum(x[:, :4] * 2) + mx.sum(x[:, 4:8] * 3) + mx.sum(x[:, 8:] * 4)

    g = mx.grad(loss)(mx.array(xn))
    assert g.dtype == mx.float16
    want = np.repeat(np.array([2.0, 3.0, 4.0]), 4)[None].repeat(2, 0)
    np.testing.assert_array_equal(np.array(g).astype(np.float64), want)
    per_row = mx.vmap(mx.grad(lambda r: mx.sum(r[:4] * 2) + mx.sum(r[4:] * 5)))(mx.array(xn))
    want = np.concatenate([np.full(4, 2.0), np.full(8, 5.0)])[None].repeat(2, 0)
    np.testing.assert_array_equal(np.array(per_row).astype(np.float64), want)
