# Call forms MLX programs use: arange's optional stop/step, put_along_axis value
# dtypes, roll with several axes, grouped conv2d gradients, rope with per-batch offsets.
import numpy as np
import pytest

import mxcore as mx


def test_arange_positional_and_keyword_forms():
    assert mx.arange(5).tolist() == list(range(5))
    assert mx.arange(1, 5).tolist() == [1, 2, 3, 4]
    assert mx.arange(1, 5, 2).tolist() == [1, 3]
    assert mx.arange(5, None).tolist() == list(range(5))
    assert mx.arange(0, 3, None).tolist() == [0, 1, 2]
    assert mx.arange(5, step=2).tolist() == [0, 2, 4]
    assert mx.arange(start=1, stop=4).tolist() == [1, 2, 3]
    assert mx.arange(stop=3).tolist() == [0, 1, 2]
    assert mx.arange(start=1, stop=7, step=3).tolist() == [1, 4]
    out = mx.arange(3, dtype=mx.float32)
    assert out.dtype == mx.float32 and out.tolist() == [0.0, 1.0, 2.0]


def test_put_along_axis_with_values_of_another_dtype():
    a = np.zeros((2, 3), dtype=np.float32)
    idx = np.array([[0], [2]])
    vals = np.array([[1], [2]], dtype=np.int32)
    out = mx.put_along_axis(mx.array(a), mx.array(idx), mx.array(vals), axis=1)
    np.put_along_axis(a, idx, vals, axis=1)
    assert out.dtype == mx.float32
    np.testing.assert_array_equal(np.array(out), a)


def test_roll_with_a_scalar_shift_over_several_axes():
    x = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(np.array(mx.roll(mx.array(x), 1, axis=(0, 1))),
                                  np.roll(x, 1, axis=(0, 1)))
    np.testing.assert_array_equal(np.array(mx.roll(mx.array(x), (1, 2), axis=(0, 1))),
                                  np.roll(x, (1, 2), axis=(0, 1)))


def test_grouped_conv2d_gradients_match_finite_differences():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 5, 5, 4)).astype(np.float32)
    w = rng.standard_normal((4, 3, 3, 2)).astype(np.float32)
    r = rng.standard_normal((1, 3, 3, 4)).astype(np.float32)
    R = mx.array(r)

    def loss(x, w):
        return (mx.conv2d(x, w, groups=2) * R).sum()

    gx, gw = mx.grad(loss, argnums=(0, 1))(mx.array(x), mx.array(w))
    # The loss is linear in each argument, so a central difference is exact
    # up to rounding.
    def fd(arg, k):
        e = np.zeros(arg.size, np.float32)
        e[k] = 0.5
        e = e.reshape(arg.shape)
        if arg is x:
            hi, lo = loss(mx.array(x + e), mx.array(w)), loss(mx.array(x - e), mx.array(w))
        else:
            hi, lo = loss(mx.array(x), mx.array(w + e)), loss(mx.array(x), mx.array(w - e))
        return (hi.item() - lo.item()) / 1.0
    for k in rng.choice(x.size, 12, replace=False):
        assert np.isclose(np.array(gx).reshape(-1)[k], fd(x, k), atol=1e-3)
    for k in rng.choice(w.size, 12, replace=False):
        assert np.isclose(np.array(gw).reshape(-1)[k], fd(w, k), atol=1e-3)
    assert gw.shape == (4, 3, 3, 2)


def rope_reference(x, dims, base, offsets):
    # Non-traditional rope in NumPy: rotate halves of the first `dims` features.
    B, H, T, D = x.shape
    half = dims // 2
    inv = base ** (-np.arange(half) / half)
    out = x.astype(np.float64).copy()
    for b in range(B):
        theta = (offsets[b] + np.arange(T))[:, None] * inv[None, :]
        c, s = np.cos(theta), np.sin(theta)
        x1, x2 = x[b, :, :, :half], x[b, :, :, half:dims]
        out[b, :, :, :half] = x1 * c - x2 * s
        out[b, :, :, half:dims] = x1 * s + x2 * c
    return out


def test_rope_with_per_batch_array_offsets():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 2, 4, 8)).astype(np.float32)
    offsets = np.array([0, 5, 2])
    out = mx.fast.rope(mx.array(x), 6, traditional=False, base=10000.0, scale=1.0,
                       offset=mx.array(offsets))
    np.testing.assert_allclose(np.array(out), rope_reference(x, 6, 10000.0, offsets),
                               rtol=1e-4, atol=1e-5)
    # A 0-d array offset equals the int offset.
    a = mx.fast.rope(mx.array(x), 8, traditional=True, base=10.0, scale=0.5, offset=mx.array(3))
    b = mx.fast.rope(mx.array(x), 8, traditional=True, base=10.0, scale=0.5, offset=3)
    np.testing.assert_allclose(np.array(a), np.array(b), rtol=1e-6)
    with pytest.raises(ValueError, match=r"\[rope\] offset"):
        mx.fast.rope(mx.array(x), 8, traditional=False, base=10.0, scale=1.0,
                     offset=mx.array([1, 2]))
