"""The GPU's row fast paths against the CPU backend: gathers of whole rows
(take / x[idx] along any axis, every index dtype, aligned and unaligned row
sizes), concatenate and slice updates as row copies, scatter sums through
the hardware atomics; and the deferred bounds check (raised at the eval's
synchronize with the CPU's message, no wait per call)."""
import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(17)
DTYPES = [mx.bool_, mx.int8, mx.uint16, mx.int32, mx.int64, mx.float16, mx.bfloat16,
          mx.float32, mx.float64, mx.complex64]


def data(shape, dtype):
    x = rng.standard_normal(shape).astype(np.float32) * 3
    if dtype == mx.bool_:
        return mx.array(x > 0)
    return mx.array(x).astype(dtype)


def same(g, c):
    f = lambda a: np.array(a.astype(mx.float32) if a.dtype == mx.bfloat16 else a)
    np.testing.assert_array_equal(f(g), f(c))


def both(fn, *args):
    with mx.stream(mx.gpu):
        g = fn(*args)
        mx.eval(g)
    with mx.stream(mx.cpu):
        c = fn(*args)
    return g, c


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cols", [1024, 33, 100, 1001, 4096])
def test_gather_rows(dtype, cols):
    x = data((50, cols), dtype)
    for idx_dtype in (mx.int32, mx.uint8, mx.int64, mx.uint64, mx.int16):
        idx = mx.array(rng.integers(0, 50, (37,))).astype(idx_dtype)
        same(*both(lambda a, i: a[i], x, idx))
        same(*both(lambda a, i: mx.take(a, i, axis=0), x[1:], idx % 49))
    neg = mx.array(rng.integers(-50, 50, (5, 7)))
    same(*both(lambda a, i: a[i], x, neg))


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.int8])
def test_gather_rows_middle_axis(dtype):
    x = data((3, 20, 6, 64), dtype)
    idx = mx.array(rng.integers(-20, 20, (11,)))
    same(*both(lambda a, i: mx.take(a, i, axis=1), x, idx))
    same(*both(lambda a, i: mx.take(a, i, axis=2), x, mx.array([5, 0, -1])))
    same(*both(lambda a, i: a[:, i], x, idx))


def set_window(p, q):
    r = mx.array(p)
    r[5:30, 1000:1099] = q[:25]
    return r


def test_concatenate_and_slice_update_rows():
    for dtype in (mx.float32, mx.float16, mx.int8, mx.complex64):
        a, b = data((64, 4096), dtype), data((64, 99), dtype)
        same(*both(lambda p, q: mx.concatenate([p, q, p], axis=1), a, b))
        same(*both(lambda p: mx.concatenate([p, p], axis=0), a))
        same(*both(lambda p: mx.concatenate([p[:, 3:], p[:, :3]], axis=1), a))
        same(*both(lambda p: mx.stack([p, p], axis=1), a))
        same(*both(set_window, a, b))
        if dtype != mx.complex64:  # the dynamic form computes on the values
            same(*both(lambda p, q: mx.slice_update(p, q[:25], mx.array([5, 1000]), (0, 1)), a, b))
        if dtype != mx.complex64:  # pad casts its fill value: complex casts are CPU-only
            same(*both(lambda p: mx.pad(p, ((1, 2), (3, 4))), a))


@pytest.mark.parametrize("dtype", [mx.float32, mx.int32, mx.uint32, mx.int64, mx.float64])
def test_scatter_sum_hardware_atomics(dtype):
    x = data((300, 70), dtype)
    idx = mx.array(rng.integers(-300, 300, (2000,)))
    upd = mx.ones((2000, 70), dtype) if dtype != mx.float32 and dtype != mx.float64 else \
        data((2000, 70), dtype)
    g, c = both(lambda a, i, u: a.at[i].add(u), x, idx, upd)
    np.testing.assert_allclose(np.array(g), np.array(c), rtol=1e-4, atol=1e-3)
    for name in ("maximum", "minimum"):
        if dtype in (mx.float32, mx.float64):
            continue
        same(*both(lambda a, i, u: getattr(a.at[i], name)(u), x, idx, data((2000, 70), dtype)))


def cpu_message(fn, *args):
    with pytest.raises(IndexError) as e:
        with mx.stream(mx.cpu):
            mx.eval(fn(*args))
    return str(e.value)


@pytest.mark.parametrize("fn", [lambda a: a[mx.array([3, 50, 1])],
                                lambda a: mx.take(a, mx.array([-51, 0]), axis=0),
                                lambda a: a[:, mx.array([2, 9])],
                                lambda a: a[mx.array([1, 2]), mx.array([8, 3])],
                                lambda a: a.at[mx.array([0, 60])].add(1.0)])
def test_deferred_index_errors(fn):
    x = mx.arange(50 * 8, dtype=mx.float32).reshape(50, 8)
    expected = cpu_message(fn, x)
    with mx.stream(mx.gpu):
        y = fn(x)  # lazy: nothing is raised before the eval
        with pytest.raises(IndexError) as e:
            mx.eval(y)
    assert str(e.value) == expected
    # The library stays usable and a later good gather is right.
    with mx.stream(mx.gpu):
        ok = x[mx.array([49, 0])]
        mx.eval(ok)
    np.testing.assert_array_equal(np.array(ok), np.array(x)[[49, 0]])


def test_many_deferred_checks_in_one_eval():
    # More checks than one stream's records: the full set is read and reused.
    x = mx.arange(64 * 40, dtype=mx.float32).reshape(64, 40)
    with mx.stream(mx.gpu):
        outs = [x[mx.array([k % 64, (k * 7) % 64])] for k in range(5000)]
        mx.eval(outs)
        bad = [x[mx.array([1, 2])] for _ in range(4500)] + [x[mx.array([64])]]
        with pytest.raises(IndexError, match=r"\[gather\] Index 64 is out of bounds for axis 0"):
            mx.eval(bad)
    np.testing.assert_array_equal(np.array(outs[4999]), np.array(x)[[4999 % 64, (4999 * 7) % 64]])
