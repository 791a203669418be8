"""Float max and min fold whole vectors of lanes (a select per lane): every
layout gives the bits of the per-element fold in the documented order, NaN
propagating (the first NaN met in a lane wins), signed zeros included."""
import numpy as np
import pytest

import mxcore as mx


def fold(acc, x, is_max):
    if np.isnan(acc):
        return acc
    if np.isnan(x):
        return x
    return x if (x > acc if is_max else x < acc) else acc


def ref_row(xs, is_max):
    """reducer.h's fold_run on a contiguous row: 32 lanes from 64 elements,
    8 from 16, else in order; lanes then fold in order, then the tail."""
    init = np.float32(-np.inf if is_max else np.inf)
    n = len(xs)
    lanes = 32 if n >= 64 else 8 if n >= 16 else 1
    if lanes == 1:
        acc = init
        for x in xs:
            acc = fold(acc, x, is_max)
        return acc
    part = [init] * lanes
    body = n - n % lanes
    for i in range(body):
        part[i % lanes] = fold(part[i % lanes], xs[i], is_max)
    acc = init
    for p in part:
        acc = fold(acc, p, is_max)
    for x in xs[body:]:
        acc = fold(acc, x, is_max)
    return acc


def special_values(rng, shape):
    x = rng.standard_normal(shape).astype(np.float32)
    flat = x.reshape(-1)
    picks = rng.integers(0, flat.size, max(1, flat.size // 5))
    choices = np.array([0.0, -0.0, np.inf, -np.inf], np.float32)
    flat[picks] = choices[rng.integers(0, 4, picks.size)]
    return x


def bits(a):
    return np.asarray(a, np.float32).view(np.uint32)


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("n", [1, 7, 8, 15, 16, 17, 31, 63, 64, 65, 96, 130, 1000])
def test_rows_match_the_lane_order(op, n):
    rng = np.random.default_rng(n)
    x = special_values(rng, (5, n))
    x[1, rng.integers(0, n)] = np.nan
    x[2] = -0.0
    x[2, n // 2] = 0.0
    got = np.array(getattr(mx, op)(mx.array(x), axis=-1))
    want = np.array([ref_row(list(r), op == "max") for r in x], np.float32)
    np.testing.assert_array_equal(bits(got), bits(want))
    # Against NumPy where zeros' signs do not matter.
    np.testing.assert_array_equal(got, getattr(np, op)(x, axis=-1))


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("m", [1, 3, 8, 15, 16, 17, 32, 33, 40])
@pytest.mark.parametrize("rows", [1, 2, 5, 300])
def test_columns_fold_rows_in_order(op, m, rows):
    rng = np.random.default_rng(m * 1000 + rows)
    x = special_values(rng, (rows, m))
    x[rng.integers(0, rows), rng.integers(0, m)] = np.nan
    got = np.array(getattr(mx, op)(mx.array(x), axis=0))
    want = []
    for j in range(m):
        acc = np.float32(-np.inf if op == "max" else np.inf)
        for k in range(rows):
            acc = fold(acc, x[k, j], op == "max")
        want.append(acc)
    np.testing.assert_array_equal(bits(got), bits(np.array(want, np.float32)))


@pytest.mark.parametrize("op", ["max", "min"])
def test_middle_axes_and_strided_inputs(op):
    rng = np.random.default_rng(9)
    x = special_values(rng, (6, 7, 2, 7, 2, 33))
    x[3, 1, 0, 2, 1, 5] = np.nan
    a = mx.array(x)
    np.testing.assert_array_equal(np.array(getattr(mx, op)(a, axis=(2, 4))),
                                  getattr(np, op)(x, axis=(2, 4)))
    t = mx.array(x.reshape(-1, 33)).T  # reduced run not contiguous
    np.testing.assert_array_equal(np.array(getattr(mx, op)(t, axis=1)),
                                  getattr(np, op)(x.reshape(-1, 33).T, axis=1))
    np.testing.assert_array_equal(np.array(getattr(mx, op)(a)), getattr(np, op)(x))


def test_compiled_rows_equal_eager_bits():
    rng = np.random.default_rng(4)
    x = special_values(rng, (9, 200))
    x[4, 77] = np.nan
    a = mx.array(x)
    for op in (mx.max, mx.min):
        f = lambda t, op=op: op(t, axis=-1, keepdims=True) + t  # noqa: E731 (a row kernel)
        np.testing.assert_array_equal(bits(mx.compile(f)(a)), bits(f(a)))


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("n", [1, 2, 9, 15])
@pytest.mark.parametrize("transposed", [False, True])
def test_many_short_rows_eight_at_a_time(op, n, transposed):
    # A pooling window's values: many rows shorter than 16, folded eight rows
    # at a time (rows 0..36: whole blocks of eight and a tail), in order.
    rng = np.random.default_rng(n + 100 * transposed)
    x = special_values(rng, (37, n))
    x[5, rng.integers(0, n)] = np.nan
    x[17] = -0.0
    x[17, n // 2] = 0.0
    a = mx.array(x.T.copy()).T if transposed else mx.array(x)  # a strided reduced run
    got = np.array(getattr(mx, op)(a, axis=-1))
    want = np.array([ref_row(list(r), op == "max") for r in x], np.float32)
    np.testing.assert_array_equal(bits(got), bits(want))
