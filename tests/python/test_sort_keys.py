"""Sorting types of at most 32 bits through 64-bit keys (value key above the
position) and topk's one-scan selection: the same orders as the comparator
(stable, NaN last, -0 equal to +0), checked against NumPy's stable sort."""
import numpy as np
import pytest

import mxcore as mx

KEYED = [np.bool_, np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.float16,
         np.float32]


def mx_dtype(dtype):
    return mx.bool_ if dtype == np.bool_ else getattr(mx, np.dtype(dtype).name)


def sample(rng, shape, dtype):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        # Few distinct values: many ties, and the extremes.
        x = rng.integers(-3, 4, shape).astype(np.int64)
        x = np.clip(x, info.min, info.max).astype(dtype)
        x.flat[:2] = [info.min, info.max]
        return x
    x = rng.integers(-4, 5, shape).astype(dtype) / 2
    x = x.astype(dtype)
    flat = x.reshape(-1)
    flat[: min(8, flat.size)] = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf, np.nan, -0.0, 1.5],
                                         dtype)[: min(8, flat.size)]
    return rng.permutation(flat).reshape(shape).astype(dtype)


def as_array(x, dtype):
    return mx.array(x, dtype=mx_dtype(dtype))


@pytest.mark.parametrize("dtype", KEYED)
@pytest.mark.parametrize("shape,axis", [((300,), 0), ((7, 129), -1), ((129, 7), 0),
                                        ((5, 64, 3), 1)])
def test_sort_and_argsort_stable_like_numpy(dtype, shape, axis):
    rng = np.random.default_rng(sum(shape))
    x = sample(rng, shape, dtype)
    a = as_array(x, dtype)
    expected_idx = np.argsort(x, axis=axis, kind="stable")
    np.testing.assert_array_equal(np.array(mx.argsort(a, axis=axis)), expected_idx)
    got = np.array(mx.sort(a, axis=axis))
    expected = np.take_along_axis(x, expected_idx, axis=axis)
    np.testing.assert_array_equal(got, expected)


def check_partition(x, values, idx, kth):
    """Per row: idx permutes it, values are x at idx, and position kth holds
    the kth smallest in NumPy's stable order, with only smaller ones (in that
    order) before it and larger ones after."""
    for line, i, v in zip(x, idx, values):
        assert sorted(i.tolist()) == list(range(len(line)))
        np.testing.assert_array_equal(v, line[i])
        rank = np.empty(len(line), np.int64)
        rank[np.argsort(line, kind="stable")] = np.arange(len(line))
        ranks = rank[i]
        assert ranks[kth] == kth
        assert (ranks[:kth] < kth).all() and (ranks[kth + 1:] > kth).all()


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.uint8, np.int16])
@pytest.mark.parametrize("kth", [0, 1, 100, 503, 504, 511])
def test_partition_and_argpartition(dtype, kth):
    rng = np.random.default_rng(kth)
    x = sample(rng, (6, 512), dtype)
    a = as_array(x, dtype)
    idx = np.array(mx.argpartition(a, kth, axis=-1))
    values = np.array(mx.partition(a, kth, axis=-1))
    check_partition(x, values, idx, kth)


@pytest.mark.parametrize("dtype", KEYED)
@pytest.mark.parametrize("k", [1, 3, 8, 64, 65, 200])
def test_topk_is_the_k_largest(dtype, k):
    rng = np.random.default_rng(k)
    x = sample(rng, (5, 700), dtype)
    got = np.array(mx.topk(as_array(x, dtype), k, axis=-1))
    expected = np.sort(x, axis=-1)[:, -k:]
    np.testing.assert_array_equal(np.sort(got, axis=-1), expected)


def test_topk_random_floats_along_each_axis():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 33, 40)).astype(np.float32)
    for axis in range(3):
        got = np.sort(np.array(mx.topk(mx.array(x), 4, axis=axis)), axis=axis)
        expected = np.take(np.sort(x, axis=axis), range(x.shape[axis] - 4, x.shape[axis]),
                           axis=axis)
        np.testing.assert_array_equal(got, expected)
