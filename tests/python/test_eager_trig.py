"""sin, cos and tan without library calls (src/backend/cpu/kernel_trig.h):
the argument reduced in double through a table of 2^k mod 2 pi, the series
in double. Within 0.51 ulp of float64 references over every float32
magnitude, NumPy's special values and signs, eager (blocks of small
arguments take the table-free variant) equal to compiled bit for bit, the
half dtypes, strided inputs, and blocks that mix small and huge arguments.
arctan, arcsin, arccos, sinh, cosh, arcsinh, arccosh and arctanh likewise
in double (kernel_trig.h; kernel_math.h's exp_wide and log1p_wide)."""

import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(11)
OPS = [("sin", mx.sin, np.sin), ("cos", mx.cos, np.cos), ("tan", mx.tan, np.tan)]


def ulps(got, ref):
    spacing = np.spacing(np.abs(ref.astype(np.float32))).astype(np.float64)
    return np.abs(got.astype(np.float64) - ref) / spacing


def every_magnitude():
    mags = np.exp2(RNG.uniform(-30, 127.9, 60000))
    xs = mags * np.where(RNG.uniform(size=mags.size) < 0.5, -1, 1)
    near = (np.arange(-2000, 2000) * (np.pi / 2)).astype(np.float32)  # near multiples of pi/2
    return np.concatenate([xs.astype(np.float32), RNG.uniform(-10, 10, 20000).astype(np.float32),
                           near, np.nextafter(near, np.float32(np.inf))])


@pytest.mark.parametrize("name,fn,ref", OPS)
def test_within_half_an_ulp_and_a_bit_of_float64(name, fn, ref):
    xs = every_magnitude()
    got = np.array(fn(mx.array(xs)))
    err = ulps(got, ref(xs.astype(np.float64)))
    assert err.max() <= 0.51, (name, float(err.max()), xs[np.argmax(err)])


@pytest.mark.parametrize("name,fn,ref", OPS)
def test_special_values_and_signs_as_numpy(name, fn, ref):
    sp = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-30, -1e-30,
                   3.4028235e38, -3.4028235e38, 16777216.0, -16777216.0, 16777215.0,
                   np.pi, np.pi / 2, -np.pi / 2], np.float32)
    got = np.array(fn(mx.array(sp)))
    with np.errstate(invalid="ignore"):
        expect = ref(sp.astype(np.float64)).astype(np.float32)
    assert np.array_equal(np.isnan(got), np.isnan(expect))
    finite = ~np.isnan(expect)
    assert np.array_equal(np.signbit(got[finite]), np.signbit(expect[finite]))
    assert ulps(got[finite], ref(sp[finite].astype(np.float64))).max() <= 0.51


@pytest.mark.parametrize("name,fn,ref", OPS)
def test_eager_equals_compiled_and_blocks_mixing_magnitudes(name, fn, ref):
    # Eager blocks of 256: one huge argument sends its block to the table's
    # variant; both variants and the JIT give the same bits.
    xs = RNG.uniform(-50, 50, 5000).astype(np.float32)
    xs[700] = 3e30
    xs[2600] = np.inf
    xs[4999] = -2.0e7
    x = mx.array(xs)
    eager = np.array(fn(x))
    compiled = np.array(mx.compile(fn)(x))
    assert np.array_equal(eager, compiled, equal_nan=True)
    with np.errstate(invalid="ignore"):
        reference = ref(xs.astype(np.float64))
    ok = np.isfinite(xs)
    assert ulps(eager[ok], reference[ok]).max() <= 0.51
    assert np.isnan(eager[2600])
    # The same values one at a time take the other variant for most of them.
    singles = np.array([np.array(fn(mx.array(xs[i:i + 1])))[0] for i in range(0, 5000, 97)])
    assert np.array_equal(singles, eager[::97], equal_nan=True)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
@pytest.mark.parametrize("name,fn,ref", OPS[:2])
def test_half_dtypes_computed_in_float(dtype, name, fn, ref):
    xs = mx.array(RNG.uniform(-30, 30, 3000).astype(np.float32)).astype(dtype)
    got = fn(xs)
    assert got.dtype == dtype
    x32 = np.array(xs.astype(mx.float32))
    expect = ref(x32.astype(np.float64)).astype(np.float32)
    assert np.array_equal(np.array(got.astype(mx.float32)),
                          np.array(mx.array(expect).astype(dtype).astype(mx.float32)))
    compiled = mx.compile(fn)(xs)
    assert np.array_equal(np.array(got.astype(mx.float32)), np.array(compiled.astype(mx.float32)))


def test_strided_and_double_inputs():
    base = RNG.uniform(-100, 100, (64, 48)).astype(np.float32)
    x = mx.array(base)[::2, ::3].T
    np.testing.assert_allclose(np.array(mx.sin(x)), np.sin(base[::2, ::3].T.astype(np.float64)),
                               rtol=2e-7, atol=1e-7)
    xd = mx.array(base.astype(np.float64), dtype=mx.float64)
    np.testing.assert_allclose(np.array(mx.cos(xd)), np.cos(base.astype(np.float64)),
                               rtol=1e-15, atol=1e-15)


def wide(lo, hi, n):
    return np.exp(RNG.uniform(lo, hi, n)) * np.where(RNG.uniform(size=n) < 0.5, -1, 1)


INVERSE_AND_HYPERBOLIC = [
    ("arctan", mx.arctan, np.arctan,
     np.concatenate([wide(-30, 88, 30000), RNG.uniform(-3, 3, 30000), [0.41421356, 1.0]])),
    ("arcsin", mx.arcsin, np.arcsin,
     np.concatenate([RNG.uniform(-1, 1, 30000), 1 - np.exp(RNG.uniform(-17, -1, 5000)),
                     wide(-40, -1, 5000), [1.0, -1.0]])),
    ("arccos", mx.arccos, np.arccos,
     np.concatenate([RNG.uniform(-1, 1, 30000), 1 - np.exp(RNG.uniform(-17, -1, 5000)),
                     -1 + np.exp(RNG.uniform(-17, -1, 5000)), [1.0, -1.0]])),
    ("sinh", mx.sinh, np.sinh,
     np.concatenate([RNG.uniform(-90, 90, 30000), RNG.uniform(-1.5, 1.5, 20000),
                     wide(-40, 0, 5000), [88.7, 89.4, 89.5, -89.41]])),
    ("cosh", mx.cosh, np.cosh,
     np.concatenate([RNG.uniform(-90, 90, 30000), RNG.uniform(-1.5, 1.5, 20000),
                     [88.7, 89.4, 89.5, -89.41]])),
    ("arcsinh", mx.arcsinh, np.arcsinh,
     np.concatenate([wide(-40, 88, 30000), RNG.uniform(-3, 3, 20000)])),
    ("arccosh", mx.arccosh, np.arccosh,
     np.concatenate([1 + np.exp(RNG.uniform(-17, 4, 20000)), np.exp(RNG.uniform(0, 88, 20000)),
                     [1.0]])),
    ("arctanh", mx.arctanh, np.arctanh,
     np.concatenate([RNG.uniform(-1, 1, 30000), 1 - np.exp(RNG.uniform(-17, -1, 5000)),
                     wide(-40, -1, 5000)])),
]


@pytest.mark.parametrize("name,fn,ref,xs", INVERSE_AND_HYPERBOLIC)
def test_inverse_trig_and_hyperbolic_within_half_an_ulp(name, fn, ref, xs):
    xs = xs.astype(np.float32)
    got = np.array(fn(mx.array(xs)))
    with np.errstate(over="ignore"):
        expect = ref(xs.astype(np.float64))
        expect32 = expect.astype(np.float32)
    finite = np.isfinite(expect32) & (expect32 != 0)
    assert ulps(got[finite], expect[finite]).max() <= 0.51
    assert np.array_equal(np.isinf(got), np.isinf(expect32))  # sinh/cosh overflow where float does
    assert np.array_equal(got, np.array(mx.compile(fn)(mx.array(xs))))
    sp = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.5, -1.5, 1e-45, -1e-45], np.float32)
    with np.errstate(all="ignore"):
        want = ref(sp)
    g = np.array(fn(mx.array(sp)))
    assert np.array_equal(g, want, equal_nan=True)
    numbers = ~np.isnan(want)
    assert np.array_equal(np.signbit(g[numbers]), np.signbit(want[numbers]))
    lo = 1.0 if name == "arccosh" else -0.9
    h = mx.array(RNG.uniform(lo, lo + 1.8, 500).astype(np.float32)).astype(mx.bfloat16)
    np.testing.assert_allclose(np.array(fn(h).astype(mx.float32)),
                               ref(np.array(h.astype(mx.float32)).astype(np.float64)),
                               rtol=8e-3, atol=1e-3)
