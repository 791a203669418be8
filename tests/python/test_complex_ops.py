"""complex64 support of ordering ops, log1p, softmax/logsumexp and var/std,
against NumPy (which also orders complex numbers lexicographically: real part
first, then imaginary part) and, for NaN operands, against MLX's rule written
out by hand."""

import math

import numpy as np
import pytest

import mxcore as mx

NAN = float("nan")


def grid_complex(shape, seed):
    """Complex values on a small integer grid, so real parts often tie and the
    imaginary part decides the order."""
    rng = np.random.default_rng(seed)
    re = rng.integers(-2, 3, size=shape).astype(np.float32)
    im = rng.integers(-2, 3, size=shape).astype(np.float32)
    return (re + 1j * im).astype(np.complex64)


def normal_complex(shape, seed):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)


def layouts(x_np):
    """(mx input, NumPy equivalent) pairs: contiguous, transposed, sliced."""
    x = mx.array(x_np)
    yield x, x_np
    yield mx.transpose(mx.array(np.ascontiguousarray(x_np.T))), x_np
    wide = np.concatenate([x_np, x_np], axis=-1)
    yield mx.array(wide)[..., ::2], wide[..., ::2]


def assert_close(out, expected, rtol=1e-5, atol=1e-6):
    got = np.array(out)
    assert got.dtype == np.asarray(expected).dtype
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol)


# ------------------------------------------------------------------ binary ordering ops

BINARY = {
    "maximum": np.maximum,
    "minimum": np.minimum,
    "less": np.less,
    "less_equal": np.less_equal,
    "greater": np.greater,
    "greater_equal": np.greater_equal,
}


@pytest.mark.parametrize("op", sorted(BINARY))
def test_ordering_ops_match_numpy(op):
    x_np = grid_complex((3, 4), seed=1)
    y_np = grid_complex((3, 4), seed=2)
    for x, xn in layouts(x_np):
        for y, yn in layouts(y_np):
            out = getattr(mx, op)(x, y)
            np.testing.assert_array_equal(np.array(out), BINARY[op](xn, yn))


@pytest.mark.parametrize("op", sorted(BINARY))
def test_ordering_ops_broadcast_and_promotion(op):
    x_np = grid_complex((3, 1), seed=3)
    y_np = np.array([-1.0, 0.0, 1.0, 2.0], dtype=np.float32)
    out = getattr(mx, op)(mx.array(x_np), mx.array(y_np))
    expected = BINARY[op](x_np, y_np.astype(np.complex64))
    assert out.shape == (3, 4)
    np.testing.assert_array_equal(np.array(out), expected)
    # A broadcast (stride 0) operand and a weak Python scalar.
    xb = mx.broadcast_to(mx.array(x_np), (3, 4))
    out = getattr(mx, op)(xb, 1.0)
    np.testing.assert_array_equal(np.array(out), BINARY[op](np.broadcast_to(x_np, (3, 4)),
                                                            np.complex64(1.0)))


def mlx_maximum(x, y):
    # MLX: x if x has a NaN part, else the lexicographically larger operand.
    if math.isnan(x.real) or math.isnan(x.imag):
        return x
    return x if (x.real > y.real or (x.real == y.real and x.imag > y.imag)) else y


def mlx_minimum(x, y):
    if math.isnan(x.real) or math.isnan(x.imag):
        return x
    return x if (x.real < y.real or (x.real == y.real and x.imag < y.imag)) else y


def test_maximum_minimum_nan_rule():
    xs = [5 + 0j, 0j, complex(1, NAN), complex(NAN, 0), 5 + 0j, complex(NAN, 0), 1 + 1j]
    ys = [complex(1, NAN), complex(1, NAN), 0j, 5 + 0j, complex(NAN, 1), complex(NAN, 2), 1 + 2j]
    x = mx.array(np.array(xs, dtype=np.complex64))
    y = mx.array(np.array(ys, dtype=np.complex64))
    for fn, rule in [(mx.maximum, mlx_maximum), (mx.minimum, mlx_minimum)]:
        expected = np.array([rule(a, b) for a, b in zip(xs, ys)], dtype=np.complex64)
        np.testing.assert_array_equal(np.array(fn(x, y)), expected)


def test_comparisons_with_nan_are_false():
    x = mx.array(np.array([complex(NAN, 0), complex(1, NAN), 1 + 0j], dtype=np.complex64))
    y = mx.array(np.array([1 + 0j, 1 + 0j, complex(1, NAN)], dtype=np.complex64))
    for op in ["less", "less_equal", "greater", "greater_equal"]:
        assert not np.array(getattr(mx, op)(x, y)).any(), op


def test_comparison_ties_on_real_part():
    x = mx.array(np.array([1 + 1j, 1 + 2j, 1 + 2j], dtype=np.complex64))
    y = mx.array(np.array([1 + 2j, 1 + 1j, 1 + 2j], dtype=np.complex64))
    assert np.array(mx.less(x, y)).tolist() == [True, False, False]
    assert np.array(mx.less_equal(x, y)).tolist() == [True, False, True]
    assert np.array(mx.greater(x, y)).tolist() == [False, True, False]
    assert np.array(mx.greater_equal(x, y)).tolist() == [False, True, True]


# ------------------------------------------------------------------ log1p

def test_log1p_complex():
    x_np = normal_complex((3, 4), seed=4)
    for x, xn in layouts(x_np):
        out = mx.log1p(x)
        assert out.dtype == mx.complex64
        assert_close(out, np.log1p(xn).astype(np.complex64))
    # Near 0, where log(1 + z) would lose the real part's precision.
    tiny = (normal_complex((64,), seed=17) * np.float32(1e-4)).astype(np.complex64)
    expected = np.log1p(tiny.astype(np.complex128))
    got = np.array(mx.log1p(mx.array(tiny))).astype(np.complex128)
    np.testing.assert_allclose(got.real, expected.real, rtol=1e-4)
    np.testing.assert_allclose(got.imag, expected.imag, rtol=1e-4)


# ------------------------------------------------------------------ reductions and sort

@pytest.mark.parametrize("axis", [None, 0, 1])
def test_max_min_reductions(axis):
    x_np = grid_complex((4, 5), seed=5)
    for x, xn in layouts(x_np):
        np.testing.assert_array_equal(np.array(mx.max(x, axis=axis)), np.max(xn, axis=axis))
        np.testing.assert_array_equal(np.array(mx.min(x, axis=axis)), np.min(xn, axis=axis))


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_argmax_argmin(axis):
    # Distinct values, so the arg result is unique.
    x_np = normal_complex((4, 5), seed=6)
    x_np.real[1, :] = x_np.real[0, :]  # ties on the real part along axis 0
    for x, xn in layouts(x_np):
        np.testing.assert_array_equal(np.array(mx.argmax(x, axis=axis)), np.argmax(xn, axis=axis))
        np.testing.assert_array_equal(np.array(mx.argmin(x, axis=axis)), np.argmin(xn, axis=axis))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_sort_and_argsort(axis):
    x_np = normal_complex((4, 6), seed=7)
    x_np.real[:, 1] = x_np.real[:, 0]
    x_np.real[1, :] = x_np.real[0, :]
    for x, xn in layouts(x_np):
        np.testing.assert_array_equal(np.array(mx.sort(x, axis=axis)), np.sort(xn, axis=axis))
        np.testing.assert_array_equal(np.array(mx.argsort(x, axis=axis)),
                                      np.argsort(xn, axis=axis, kind="stable"))


def test_sort_puts_nan_last_in_original_order():
    vals = [complex(NAN, 0), 3 + 0j, complex(1, NAN), 0j, complex(NAN, -1), 1 - 1j]
    x = mx.array(np.array(vals, dtype=np.complex64))
    assert np.array(mx.argsort(x)).tolist() == [3, 5, 1, 0, 2, 4]
    got = np.array(mx.sort(x))
    np.testing.assert_array_equal(got[:3], np.array([0j, 1 - 1j, 3 + 0j], dtype=np.complex64))
    assert np.isnan(got[3:]).all()


def has_nan(z):
    return math.isnan(z.real) or math.isnan(z.imag)


def ref_arg_reduce(line, better):
    # MLX: move to x when it is lexicographically better, or when x has a NaN
    # part and the current best does not.
    best = 0
    for i in range(1, len(line)):
        if better(line[i], line[best]) or (has_nan(line[i]) and not has_nan(line[best])):
            best = i
    return best


def ref_fold(line, pick):
    # MLX folds each element x into the accumulator with maximum(x, acc).
    acc = line[0]
    for x in line[1:]:
        acc = pick(x, acc)
    return acc


NAN_GRID = np.array([0j, 1 + 0j, 1 + 1j, complex(1, NAN), complex(NAN, 0), complex(NAN, 2),
                     5 + 0j, -1j], dtype=np.complex64)


@pytest.mark.parametrize("axis", [0, 1])
def test_arg_and_value_reductions_with_nan(axis):
    rng = np.random.default_rng(16)
    x_np = rng.choice(NAN_GRID, (6, 7))
    gt = lambda a, b: a.real > b.real or (a.real == b.real and a.imag > b.imag)  # noqa: E731
    lt = lambda a, b: gt(b, a)  # noqa: E731
    lines = np.moveaxis(x_np, axis, -1)
    x = mx.array(x_np)
    np.testing.assert_array_equal(np.array(mx.argmax(x, axis=axis)),
                                  [ref_arg_reduce(l, gt) for l in lines])
    np.testing.assert_array_equal(np.array(mx.argmin(x, axis=axis)),
                                  [ref_arg_reduce(l, lt) for l in lines])
    # Which entries are NaN and the NaN-free values match MLX's fold (MLX may
    # rewrite a NaN result as nan+0j, so NaN payloads are not compared).
    for fn, pick in [(mx.max, mlx_maximum), (mx.min, mlx_minimum)]:
        expected = np.array([ref_fold(l, pick) for l in lines], dtype=np.complex64)
        np.testing.assert_array_equal(np.isnan(np.array(fn(x, axis=axis))), np.isnan(expected))
        got = np.array(fn(x, axis=axis))
        ok = ~np.isnan(expected)
        np.testing.assert_array_equal(got[ok], expected[ok])


# ------------------------------------------------------------------ softmax / logsumexp

def lex_max(x, axis):
    """Lexicographic max along axis, kept as a size-1 axis (NumPy's max)."""
    return np.max(x, axis=axis, keepdims=True)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_softmax_complex(axis):
    x_np = normal_complex((3, 5), seed=8)
    def expected(xn):
        e = np.exp(xn - lex_max(xn, axis))
        return (e / e.sum(axis=axis, keepdims=True)).astype(np.complex64)

    for x, xn in layouts(x_np):
        out = mx.softmax(x, axis=axis)
        assert out.dtype == mx.complex64
        assert_close(out, expected(xn), rtol=1e-4, atol=1e-5)
    out = mx.softmax(mx.array(x_np), axis=axis, precise=True)
    assert_close(out, expected(x_np), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_logsumexp_complex(axis):
    x_np = normal_complex((3, 5), seed=9)
    for x, xn in layouts(x_np):
        # The same shifted formula as MLX: log is multivalued, so the branch of
        # the imaginary part depends on the shift.
        m = np.max(xn, axis=axis, keepdims=True)
        expected = np.log(np.exp(xn - m).sum(axis=axis, keepdims=True)) + m
        expected = (expected.reshape(()) if axis is None else np.squeeze(expected, axis))
        out = mx.logsumexp(x, axis=axis)
        assert out.dtype == mx.complex64
        assert_close(out, expected.astype(np.complex64), rtol=1e-5, atol=1e-5)


def test_logsumexp_complex_infinite_max():
    x = mx.array(np.array([complex(math.inf, 0), 1j], dtype=np.complex64))
    assert complex(mx.logsumexp(x).item()) == complex(math.inf, 0)


def test_sigmoid_complex_raises():
    with pytest.raises(ValueError, match=r"\[sigmoid\] Not supported for complex64"):
        mx.sigmoid(mx.array([1 + 1j]))


# ------------------------------------------------------------------ var / std

@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("ddof", [0, 1])
def test_var_std_complex(axis, ddof):
    x_np = normal_complex((4, 5), seed=10)
    for x, xn in layouts(x_np):
        v = mx.var(x, axis=axis, ddof=ddof)
        s = mx.std(x, axis=axis, ddof=ddof)
        assert v.dtype == mx.float32 and s.dtype == mx.float32
        assert_close(v, np.var(xn, axis=axis, ddof=ddof).astype(np.float32), rtol=1e-5)
        assert_close(s, np.std(xn, axis=axis, ddof=ddof).astype(np.float32), rtol=1e-5)


def test_var_complex_keepdims():
    x_np = normal_complex((2, 3), seed=11)
    out = mx.var(mx.array(x_np), axis=1, keepdims=True)
    assert out.shape == (2, 1)
    assert_close(out, np.var(x_np, axis=1, keepdims=True).astype(np.float32))


# ------------------------------------------------------------------ compile == eager

def complex_graph(x, y):
    hi = mx.maximum(x, y)
    lo = mx.minimum(x, y)
    picked = mx.where(mx.less(x, y), mx.log1p(hi), lo)
    flags = mx.logical_and(mx.greater_equal(x, y), mx.less_equal(lo, hi))
    return picked, flags, mx.greater(hi, lo)


def test_compile_matches_eager():
    x_np = grid_complex((3, 4), seed=12)
    y_np = grid_complex((3, 4), seed=13)
    x_np[0, 0] = complex(NAN, 1)
    y_np[1, 1] = complex(1, NAN)
    compiled = mx.compile(complex_graph)
    for x, _ in layouts(x_np):
        for y, _ in layouts(y_np):
            eager = complex_graph(x, y)
            fused = compiled(x, y)
            for e, f in zip(eager, fused):
                np.testing.assert_array_equal(np.array(f), np.array(e))
    # The eager results themselves are right (NaN-free entries against NumPy).
    picked, flags, gt = complex_graph(mx.array(x_np), mx.array(y_np))
    ok = ~(np.isnan(x_np) | np.isnan(y_np))
    hi, lo = np.maximum(x_np, y_np), np.minimum(x_np, y_np)
    with np.errstate(all="ignore"):
        expected = np.where(x_np < y_np, np.log1p(hi), lo)
    np.testing.assert_allclose(np.array(picked)[ok], expected[ok], rtol=1e-5, atol=1e-6)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(np.array(flags)[ok], (x_np >= y_np)[ok])
        np.testing.assert_array_equal(np.array(gt)[ok], (hi > lo)[ok])


def test_compile_broadcast_matches_eager():
    x = mx.array(grid_complex((3, 1), seed=14))
    y = mx.array(grid_complex((1, 4), seed=15))
    fn = lambda a, b: mx.maximum(a, b) + mx.log1p(mx.minimum(a, b) * 0.5)  # noqa: E731
    np.testing.assert_allclose(np.array(mx.compile(fn)(x, y)), np.array(fn(x, y)),
                               rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("axis", [0, -1])
def test_compiled_complex_reductions_match_eager(axis):
    x = mx.array(normal_complex((4, 6), seed=18))
    fn = lambda a: (mx.max(mx.exp(a) * 0.5, axis=axis), mx.min(a + 1j, axis=axis))  # noqa: E731
    for e, f in zip(fn(x), mx.compile(fn)(x)):
        np.testing.assert_array_equal(np.array(f), np.array(e))
    np.testing.assert_allclose(np.array(fn(x)[0]),
                               np.max(np.exp(np.array(x)) * 0.5, axis=axis), rtol=1e-5)
