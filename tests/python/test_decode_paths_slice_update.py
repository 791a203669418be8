"""Writing a row into a KV cache: slice_update (and x[...] = v) write into the
cache's buffer when nothing else refers to it, eager and compiled, so the peak
memory does not double; a cache that is still referenced is copied and stays
unchanged. Results equal the out-of-place ones and NumPy's."""
import numpy as np
import pytest

import mxcore as mx

HEADS, CONTEXT, HD = 4, 256, 64  # a 256 KiB float32 cache


def cache_bytes():
    return HEADS * CONTEXT * HD * 4


def write_row(cache, k, pos):
    return mx.slice_update(cache, k, pos, axes=(1,))


def setitem_row(cache, k, pos):
    cache[:, 7:8, :] = k
    return cache


def fresh(seed=0):
    rng = np.random.default_rng(seed)
    cache = rng.standard_normal((HEADS, CONTEXT, HD)).astype(np.float32)
    k = rng.standard_normal((HEADS, 1, HD)).astype(np.float32)
    return cache, k


def expected(cache, k, pos):
    out = cache.copy()
    out[:, pos:pos + 1, :] = k
    return out


@pytest.mark.parametrize("fn,pos", [(write_row, 5), (setitem_row, 7)])
@pytest.mark.parametrize("compiled", [False, True])
def test_donated_cache_is_updated_in_place(fn, pos, compiled):
    cache_np, k_np = fresh()
    run = mx.compile(fn) if compiled else fn
    cache, k, p = mx.array(cache_np), mx.array(k_np), mx.array([pos])
    mx.eval(cache, k, p)
    run(mx.array(cache_np), k, p)  # build the kernels first: their buffers are not the point
    mx.reset_peak_memory()
    before = mx.get_active_memory()
    cache = run(cache, k, p)  # the only handle to the old cache is the graph's
    mx.eval(cache)
    grown = mx.get_peak_memory() - before
    assert grown < cache_bytes() // 2, grown
    np.testing.assert_array_equal(np.array(cache), expected(cache_np, k_np, pos))


@pytest.mark.parametrize("compiled", [False, True])
def test_referenced_cache_is_copied_and_unchanged(compiled):
    cache_np, k_np = fresh(1)
    run = mx.compile(write_row) if compiled else write_row
    cache, k, p = mx.array(cache_np), mx.array(k_np), mx.array([3])
    mx.eval(cache, k, p)
    mx.reset_peak_memory()
    before = mx.get_active_memory()
    updated = run(cache, k, p)
    mx.eval(updated)
    assert mx.get_peak_memory() - before >= cache_bytes()  # a new buffer
    np.testing.assert_array_equal(np.array(cache), cache_np)  # the original is untouched
    np.testing.assert_array_equal(np.array(updated), expected(cache_np, k_np, 3))


def test_in_place_equals_out_of_place_over_a_decode_loop():
    cache_np, _ = fresh(2)
    rng = np.random.default_rng(3)
    rows = [rng.standard_normal((HEADS, 1, HD)).astype(np.float32) for _ in range(6)]
    step = mx.compile(write_row)
    donated = mx.array(cache_np)
    kept = [mx.array(cache_np)]  # every version stays referenced: copies
    want = cache_np.copy()
    for pos, row in enumerate(rows):
        k, p = mx.array(row), mx.array([pos])
        donated = step(donated, k, p)
        mx.eval(donated)
        kept.append(write_row(kept[-1], k, p))
        mx.eval(kept[-1])
        want[:, pos:pos + 1, :] = row
    np.testing.assert_array_equal(np.array(donated), want)
    np.testing.assert_array_equal(np.array(kept[-1]), want)
    np.testing.assert_array_equal(np.array(kept[0]), cache_np)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "int32"])
def test_in_place_update_other_dtypes(dtype):
    mdt = getattr(mx, dtype)
    # Small integers: exact in every dtype here.
    base = (np.arange(HEADS * 16 * 8) % 200).astype(np.float32).reshape(HEADS, 16, 8)
    row = -np.ones((HEADS, 1, 8), np.float32)
    step = mx.compile(write_row)
    cache = mx.array(base).astype(mdt)
    mx.eval(cache)
    cache = step(cache, mx.array(row).astype(mdt), mx.array([15]))  # the last row: a tail
    got = np.array(cache.astype(mx.float32))
    np.testing.assert_array_equal(got, expected(base, row, 15))
