# Numerics and dtypes as MLX has them: arange inference and integer steps,
# integer powers, trig accuracy, fully masked attention rows, and random
# samplers that draw MLX's samples for a key (values recorded from mlx.core
# 0.32.4) with the right distributions and bounds.
import numpy as np
import pytest

import mxcore as mx


def test_arange_infers_int32_float32_and_int64():
    assert mx.arange(5).dtype == mx.int32
    assert mx.arange(0, 5, 1).dtype == mx.int32
    assert mx.arange(5.0).dtype == mx.float32
    assert mx.arange(0, 5, 0.5).dtype == mx.float32
    np.testing.assert_array_equal(np.array(mx.arange(1.5)), [0.0, 1.0])
    big = mx.arange(2**40, 2**40 + 3)
    assert big.dtype == mx.int64
    np.testing.assert_array_equal(np.array(big), np.arange(2**40, 2**40 + 3))
    wide_step = mx.arange(0, 2**31 + 2, 2**30)
    assert wide_step.dtype == mx.int64
    np.testing.assert_array_equal(np.array(wide_step), [0, 2**30, 2**31])
    low = mx.arange(-2**31 - 1, -2**31 + 1)
    assert low.dtype == mx.int64
    np.testing.assert_array_equal(np.array(low), [-2**31 - 1, -2**31])


def test_arange_with_integer_dtype_truncates_start_and_next():
    # MLX: step = T(start + step) - T(start).
    np.testing.assert_array_equal(np.array(mx.arange(0, 2.5, 0.5, dtype=mx.int32)), [0] * 5)
    np.testing.assert_array_equal(np.array(mx.arange(0.5, 5, 1.5, dtype=mx.int32)), [0, 2, 4])
    np.testing.assert_array_equal(np.array(mx.arange(5, 0, -1, dtype=mx.uint8)), [5, 4, 3, 2, 1])
    np.testing.assert_array_equal(np.array(mx.arange(0, 5, dtype=mx.uint8)), [0, 1, 2, 3, 4])
    a = mx.arange(0, 5, dtype=mx.float16)
    assert a.dtype == mx.float16
    np.testing.assert_array_equal(np.array(a), np.arange(5, dtype=np.float16))
    c = mx.arange(0, 3, 1, mx.complex64)
    np.testing.assert_array_equal(np.array(c), [0j, 1 + 0j, 2 + 0j])
    with pytest.raises(ValueError, match="arange"):
        mx.arange(0, 2, dtype=mx.bool_)


def test_integer_power_of_negative_exponent_is_zero_as_mlx():
    base = mx.array([2, -2, 1, -1, 0, 3])
    exp = mx.array([-1, -1, -1, -2, -1, -2])
    np.testing.assert_array_equal(np.array(mx.power(base, exp)), [0] * 6)
    np.testing.assert_array_equal(np.array(mx.power(mx.array([2, 1, 0], dtype=mx.uint8),
                                                    mx.array([0, 2, 3], dtype=mx.uint8))), [1, 1, 0])
    big = mx.power(mx.array([3], dtype=mx.int64), mx.array([39], dtype=mx.int64))
    assert big.item() == 3**39


@pytest.mark.parametrize("op", ["sin", "cos", "tan"])
def test_trig_of_large_arguments_within_a_few_ulp(op):
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(-1e4, 1e4, 500), rng.uniform(-1e8, 1e8, 500),
                        10.0 ** rng.uniform(8, 38, 500), [1e6, 1e10, 3e7, -1e8, 12345.678]])
    x = x.astype(np.float32)
    got = np.array(getattr(mx, op)(mx.array(x)))
    ref = getattr(np, op)(x.astype(np.float64))
    ulp = np.spacing(np.abs(ref).astype(np.float32)).astype(np.float64)
    err_ulp = np.abs(got.astype(np.float64) - ref) / np.maximum(ulp, np.spacing(np.float32(1e-30)))
    assert err_ulp.max() <= 4, (op, x[np.argmax(err_ulp)], err_ulp.max())


def attention_inputs():
    q = mx.ones((1, 1, 3, 4))
    k = mx.ones((1, 1, 2, 4))
    v = mx.arange(8).reshape(1, 1, 2, 4).astype(mx.float32)
    return q, k, v


def test_fully_masked_attention_row_attends_uniformly_as_mlx():
    q, k, v = attention_inputs()
    mask = mx.array([[True, False], [False, False], [True, True]])
    out = np.array(mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask=mask))
    np.testing.assert_allclose(out[0, 0], [[0, 1, 2, 3], [2, 3, 4, 5], [2, 3, 4, 5]], atol=1e-6)
    half = mx.fast.scaled_dot_product_attention(q.astype(mx.float16), k.astype(mx.float16),
                                                v.astype(mx.float16), scale=0.5, mask=mask)
    np.testing.assert_allclose(np.array(half)[0, 0], out[0, 0], atol=1e-3)
    # Causal with more queries than keys: the first query sees no key.
    causal = np.array(mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask="causal"))
    np.testing.assert_allclose(causal[0, 0], [[2, 3, 4, 5], [0, 1, 2, 3], [2, 3, 4, 5]], atol=1e-6)


def test_fully_masked_row_with_additive_minus_inf_is_nan_and_sinks_absorb_it():
    q, k, v = attention_inputs()
    additive = mx.array([[0.0, 0.0], [-np.inf, -np.inf], [0.0, -np.inf]])
    out = np.array(mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask=additive))
    assert np.isnan(out[0, 0, 1]).all()
    np.testing.assert_allclose(out[0, 0, 2], [0, 1, 2, 3], atol=1e-6)
    mask = mx.array([[True, False], [False, False], [True, True]])
    sunk = np.array(mx.fast.scaled_dot_product_attention(q, k, v, scale=0.5, mask=mask,
                                                         sinks=mx.array([0.0])))
    np.testing.assert_allclose(sunk[0, 0, 1], [0, 0, 0, 0], atol=1e-6)
    np.testing.assert_allclose(sunk[0, 0, 0], [0, 0.880797, 1.76159, 2.64239], atol=1e-5)


# ------------------------------------------------------------------ random

RECORDED = {
    "normal": [0.9573070406913757, -0.9699288010597229, 1.0070664882659912, 0.3661906123161316,
               0.17294861376285553, 0.29092249274253845],
    "normal_f16": [0.95703125, -0.97021484375, 1.0068359375, 0.3662109375, 0.1729736328125,
                   0.290771484375],
    "normal_loc_scale": [1.8570302724838257, -0.7891180515289307, 1.3262759447097778,
                         -2.2202959060668945],
    "laplace": [-1.0834904909133911, 1.1023736000061035, -1.1586718559265137, -0.3365602493286133,
                -0.14769776165485382, -0.25992345809936523],
    "uniform": [0.8307938575744629, 0.16604094207286835, 0.8430485725402832, 0.6428885459899902,
                0.5686540603637695, 0.6144446730613708],
    "uniform_ab": [0.5070164203643799, 4.5360941886901855, 2.669450283050537, 1.5478897094726562,
                   -0.819511890411377, 4.631136417388916],
}


def test_samplers_draw_mlx_samples_for_a_key():
    key = mx.random.key
    got = {
        "normal": mx.random.normal((6,), key=key(1)),
        "normal_f16": mx.random.normal((6,), dtype=mx.float16, key=key(1)),
        "normal_loc_scale": mx.random.normal((4,), loc=1.0, scale=2.0, key=key(2)),
        "laplace": mx.random.laplace((6,), key=key(1)),
        "uniform": mx.random.uniform(shape=(6,), key=key(1)),
        "uniform_ab": mx.random.uniform(-3.0, 5.0, (6,), key=key(2)),
    }
    for name, value in got.items():
        np.testing.assert_array_equal(np.array(value).astype(np.float64),
                                      np.array(RECORDED[name]), err_msg=name)
    assert got["normal_f16"].dtype == mx.float16


def test_randint_draws_mlx_samples_and_respects_bounds():
    key = mx.random.key
    np.testing.assert_array_equal(np.array(mx.random.randint(0, 10, (8,), key=key(1))),
                                  [2, 9, 0, 9, 8, 0, 0, 1])
    np.testing.assert_array_equal(np.array(mx.random.randint(-2**31, 2**31 - 1, (4,), key=key(1))),
                                  [294430976, -762545408, 1672158208, -121585024])
    u8 = mx.random.randint(0, 255, (4,), dtype=mx.uint8, key=key(1))
    assert u8.dtype == mx.uint8
    np.testing.assert_array_equal(np.array(u8), [144, 82, 226, 120])
    draws = np.array(mx.random.randint(-3, 4, (100000,), key=key(5)))
    assert draws.min() == -3 and draws.max() == 3
    counts = np.bincount(draws + 3, minlength=7) / draws.size
    np.testing.assert_allclose(counts, np.full(7, 1 / 7), atol=0.01)
    # An empty range gives low, as MLX.
    np.testing.assert_array_equal(np.array(mx.random.randint(5, 2, (4,), key=key(1))), [5] * 4)


def test_normal_and_laplace_distributions():
    key = mx.random.key
    z = np.array(mx.random.normal((400000,), key=key(11))).astype(np.float64)
    assert abs(z.mean()) < 0.01 and abs(z.std() - 1) < 0.01
    assert np.isfinite(z).all()
    # Standard normal quantiles.
    np.testing.assert_allclose(np.quantile(z, [0.1587, 0.5, 0.8413]), [-1, 0, 1], atol=0.02)
    lap = np.array(mx.random.laplace((400000,), loc=0.5, scale=2.0, key=key(12))).astype(np.float64)
    assert abs(np.median(lap) - 0.5) < 0.03
    np.testing.assert_allclose(np.mean(np.abs(lap - 0.5)), 2.0, atol=0.03)  # E|X - loc| = scale
    u = np.array(mx.random.uniform(shape=(400000,), key=key(13)))
    assert u.min() >= 0 and u.max() < 1
    h = np.array(mx.random.uniform(shape=(100000,), dtype=mx.float16, key=key(14)))
    assert h.min() >= 0 and h.max() < 1


CATEGORICAL_LOGITS_1D = [0.1, 0.5, 2.0, -1.0]
CATEGORICAL_LOGITS_2D = [[0.1, 0.5, 2.0, -1.0], [1.0, 1.0, 1.0, 1.0], [-2.0, 0.0, 3.0, 0.5]]


def test_categorical_draws_mlx_samples():
    key = mx.random.key
    lg1 = mx.array(CATEGORICAL_LOGITS_1D)
    lg2 = mx.array(CATEGORICAL_LOGITS_2D)
    cases = [
        (mx.random.categorical(lg1, num_samples=10, key=key(3)), [2, 2, 2, 0, 2, 0, 2, 2, 1, 0]),
        (mx.random.categorical(lg1, shape=(2, 5), key=key(4)), [[2, 2, 2, 2, 2], [1, 2, 2, 2, 2]]),
        (mx.random.categorical(lg1, key=key(5)), 2),
        (mx.random.categorical(lg2, key=key(6)), [2, 3, 2]),
        (mx.random.categorical(lg2, num_samples=5, key=key(7)),
         [[1, 2, 1, 2, 2], [2, 3, 1, 3, 0], [2, 2, 2, 2, 2]]),
        (mx.random.categorical(lg2, shape=(2, 3), key=key(8)), [[0, 1, 2], [2, 2, 2]]),
        (mx.random.categorical(lg2, axis=0, num_samples=3, key=key(9)),
         [[1, 0, 1], [1, 0, 2], [2, 0, 1], [1, 2, 1]]),
        (mx.random.categorical(lg2[1:2], num_samples=6, key=key(10)), [[1, 1, 0, 3, 2, 0]]),
    ]
    for got, expected in cases:
        assert got.dtype == mx.uint32
        np.testing.assert_array_equal(np.array(got), expected)


def test_categorical_frequencies_follow_softmax():
    logits = np.array([0.1, 0.5, 2.0, -1.0], dtype=np.float32)
    p = np.exp(logits) / np.exp(logits).sum()
    for draws in [mx.random.categorical(mx.array(logits), num_samples=100000, key=mx.random.key(1)),
                  mx.random.categorical(mx.broadcast_to(mx.array(logits), (50000, 4)),
                                        key=mx.random.key(2))]:
        freq = np.bincount(np.array(draws).ravel(), minlength=4) / draws.size
        np.testing.assert_allclose(freq, p, atol=0.01)
    # Zero-probability classes are never drawn.
    masked = np.array(mx.random.categorical(mx.array([0.0, -np.inf, 1.0]), num_samples=1000,
                                            key=mx.random.key(3)))
    assert 1 not in masked and set(masked.tolist()) == {0, 2}


def test_binary_ops_past_2_31_elements():
    # 2 * (2^30 + 8) uint8 elements (~2 GiB each): collapsed dims exceed int32.
    m = 2**30 + 8
    x = mx.ones((2, m), dtype=mx.uint8)
    y = x + mx.array([[0], [1]], dtype=mx.uint8)
    mx.eval(y)
    del x
    assert y[0, -1].item() == 1 and y[1, 0].item() == 2 and y[1, -1].item() == 2
    assert mx.sum(y[1, m - 1000:]).item() == 2000
    z = mx.greater(y, mx.array(1, dtype=mx.uint8))
    del y
    assert z[0, -1].item() is False and z[1, -1].item() is True
    assert mx.sum(z[1, m - 1000:]).item() == 1000
