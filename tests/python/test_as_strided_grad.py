"""mx.as_strided differentiates as MLX's does: each element of the view adds
its cotangent to the input element it reads, so overlapping windows
accumulate. Checked against NumPy's sliding windows and against the same
pooling written with slices; scatter_add of one element a window (what the
gradient runs) against np.add.at."""
import numpy as np
import pytest

import mxcore as mx


def test_overlapping_windows_accumulate():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(10).astype(np.float32)
    w = rng.standard_normal((4, 4)).astype(np.float32)
    # Windows of 4 values starting every 2: (4, 4) reading x[2 i + j].
    f = lambda x: (mx.as_strided(x, (4, 4), (2, 1)) * mx.array(w)).sum()
    got = np.array(mx.grad(f)(mx.array(x)))
    expected = np.zeros(10, np.float32)
    for i in range(4):
        for j in range(4):
            expected[2 * i + j] += w[i, j]
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    # The forward against NumPy's strided view.
    view = np.lib.stride_tricks.as_strided(x, (4, 4), (8, 4))
    np.testing.assert_array_equal(np.array(mx.as_strided(mx.array(x), (4, 4), (2, 1))), view)


@pytest.mark.parametrize("reduce", ["max", "mean"])
def test_pooling_through_as_strided_matches_slices(reduce):
    rng = np.random.default_rng(1)
    x = mx.array(rng.standard_normal((2, 9, 9, 3)).astype(np.float32))

    def strided(x):
        n, h, w, c = x.shape
        v = mx.as_strided(x, (n, 4, 4, 3, 3, c), (h * w * c, 2 * w * c, 2 * c, w * c, c, 1))
        return getattr(mx, reduce)(v, axis=(3, 4))

    def sliced(x):
        parts = [x[:, i:i + 7:2, j:j + 7:2, :] for i in range(3) for j in range(3)]
        return getattr(mx, reduce)(mx.stack(parts, axis=-1), axis=-1)

    np.testing.assert_allclose(np.array(strided(x)), np.array(sliced(x)), rtol=1e-6)
    g1 = mx.grad(lambda x: (strided(x) ** 2).sum())(x)
    g2 = mx.grad(lambda x: (sliced(x) ** 2).sum())(x)
    np.testing.assert_allclose(np.array(g1), np.array(g2), rtol=1e-5, atol=1e-6)


def test_as_strided_of_a_transposed_input_and_jvp():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((4, 5)).astype(np.float32)
    x = mx.array(a).T  # strides refer to the row-major layout of x (5, 4)
    f = lambda x: mx.as_strided(x, (3, 2), (4, 1), 2).sum()
    got = np.array(mx.grad(f)(x))
    expected = np.zeros(20, np.float32)
    for i in range(3):
        for j in range(2):
            expected[2 + 4 * i + j] += 1
    np.testing.assert_array_equal(got, expected.reshape(5, 4))
    t = mx.array(rng.standard_normal((5, 4)).astype(np.float32))
    _, jv = mx.jvp(lambda x: mx.as_strided(x, (3, 2), (4, 1), 2), [x], [t])
    np.testing.assert_array_equal(np.array(jv[0]),
                                  np.array(t).reshape(-1)[[2, 3, 6, 7, 10, 11]].reshape(3, 2))


@pytest.mark.parametrize("broadcast_updates", [False, True])
def test_scatter_add_one_element_windows(broadcast_updates):
    rng = np.random.default_rng(3)
    idx = rng.integers(0, 50, 3000).astype(np.int32)
    if broadcast_updates:
        upd = mx.broadcast_to(mx.array(np.float32(0.5)), (3000, 1))
        upd_np = np.full(3000, 0.5, np.float32)
    else:
        upd_np = rng.standard_normal(3000).astype(np.float32)
        upd = mx.array(upd_np).reshape(3000, 1)
    got = np.array(mx.zeros((50,)).at[mx.array(idx)].add(upd.reshape(3000)))
    expected = np.zeros(50, np.float32)
    np.add.at(expected, idx, upd_np)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
