"""Eager float math without library calls: log1p, expm1 and logaddexp run on
kernel_math.h's branch-free polynomials (an AVX2 + FMA clone where the CPU
has it), log too, and x ** 2 runs as x * x. Accuracy against float64
references and NumPy, the special values, every float dtype, strided and
broadcast operands, and the same bits as compiled (JIT) kernels."""

import numpy as np
import pytest

import mxcore as mx

RNG = np.random.default_rng(5)


def ulps(got, ref):
    ref32 = ref.astype(np.float32)
    spacing = np.spacing(np.abs(ref32)).astype(np.float64)
    return np.abs(got.astype(np.float64) - ref) / spacing


def wide_log1p_inputs():
    xs = np.concatenate([
        RNG.uniform(-0.999, 1, 20000),
        np.exp(RNG.uniform(-40, 80, 20000)),
        -np.exp(RNG.uniform(-40, -1e-4, 10000)),
        RNG.uniform(-1e-6, 1e-6, 2000),
    ]).astype(np.float32)
    return xs[xs > -1]


def test_log1p_within_3_ulp_of_float64():
    xs = wide_log1p_inputs()
    got = np.array(mx.log1p(mx.array(xs)))
    assert ulps(got, np.log1p(xs.astype(np.float64))).max() <= 3.0


def test_log1p_special_values_as_numpy():
    sp = np.array([0.0, -0.0, -1.0, -2.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3e38,
                   -0.9999999, 1e-8], np.float32)
    with np.errstate(all="ignore"):
        want = np.log1p(sp)
    got = np.array(mx.log1p(mx.array(sp)))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    ok = ~np.isnan(want)
    np.testing.assert_allclose(got[ok], want[ok], rtol=3e-7)
    assert np.signbit(got[1]) and not np.signbit(got[0])  # -0 stays -0


def test_expm1_within_3_ulp_of_float64_and_specials():
    xs = np.concatenate([RNG.uniform(-1, 1, 20000), RNG.uniform(-20, 88.7, 20000),
                         RNG.uniform(-1e-5, 1e-5, 2000),
                         np.exp(RNG.uniform(-80, 0, 2000))]).astype(np.float32)
    got = np.array(mx.expm1(mx.array(xs)))
    assert ulps(got, np.expm1(xs.astype(np.float64))).max() <= 3.0
    sp = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 88.73, 89.0, -17.4, -17.6, -100.0,
                   1e-30, -1e-30], np.float32)
    with np.errstate(all="ignore"):
        want = np.expm1(sp)
    got = np.array(mx.expm1(mx.array(sp)))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[~np.isnan(want)], want[~np.isnan(want)], rtol=3e-7)
    assert np.signbit(got[1])


@pytest.mark.parametrize("name,fn,ref", [("log2", mx.log2, np.log2),
                                          ("log10", mx.log10, np.log10)])
def test_log2_log10_within_an_ulp_exact_at_powers_and_specials(name, fn, ref):
    xs = np.concatenate([np.exp(RNG.uniform(-87, 88, 40000)), RNG.uniform(0.5, 2, 20000),
                         [1e-45, 1e-40, 2e-38, 3.4e38]]).astype(np.float32)
    got = np.array(fn(mx.array(xs)))
    assert ulps(got, ref(xs.astype(np.float64))).max() <= 0.75
    assert np.array_equal(got, np.array(mx.compile(fn)(mx.array(xs))))
    # Exact at powers of the base: log2 at every power of 2 (subnormals too),
    # log10 at every power of 10 a float holds to the nearest.
    k = np.arange(-149, 128) if name == "log2" else np.arange(-38, 39)
    powers = (np.float64(2 if name == "log2" else 10) ** k).astype(np.float32)
    expect = ref(powers.astype(np.float64)).astype(np.float32)
    assert np.array_equal(np.array(fn(mx.array(powers))), expect)
    sp = np.array([0.0, -0.0, -1.0, np.inf, -np.inf, np.nan, 1.0], np.float32)
    with np.errstate(all="ignore"):
        assert np.array_equal(np.array(fn(mx.array(sp))), ref(sp), equal_nan=True)
    for dtype in (mx.float16, mx.bfloat16, mx.float64):
        h = mx.array(RNG.uniform(0.01, 100, 500).astype(np.float32)).astype(dtype)
        np.testing.assert_allclose(np.array(fn(h).astype(mx.float32)),
                                   ref(np.array(h.astype(mx.float32)).astype(np.float64)),
                                   rtol=2e-2 if dtype == mx.bfloat16 else 2e-3, atol=1e-2)


def test_erfinv_on_the_branch_free_log_against_float64():
    # mx.random.normal's inverse erf: its log is log_float now (a vectorized
    # loop); the float64 erfinv (Newton-refined, libm) is the reference.
    xs = np.concatenate([RNG.uniform(-1, 1, 50000), 1 - np.exp(RNG.uniform(-16, -1, 5000)),
                         [0.0, -0.0, 1.0, -1.0, 1.5, np.nan]]).astype(np.float32)
    got = np.array(mx.erfinv(mx.array(xs)))
    ref = np.array(mx.erfinv(mx.array(xs.astype(np.float64), dtype=mx.float64)))
    finite = np.isfinite(ref) & (ref != 0)
    assert ulps(got[finite], ref[finite]).max() <= 5
    assert np.array_equal(got[~finite], ref[~finite].astype(np.float32), equal_nan=True)
    assert np.array_equal(got, np.array(mx.compile(mx.erfinv)(mx.array(xs))), equal_nan=True)


def test_logaddexp_against_float64_and_specials():
    a = (RNG.standard_normal(50000) * 20).astype(np.float32)
    b = (RNG.standard_normal(50000) * 20).astype(np.float32)
    ref = np.logaddexp(a.astype(np.float64), b.astype(np.float64))
    got = np.array(mx.logaddexp(mx.array(a), mx.array(b)))
    far = np.abs(ref) > 1  # nearer 0 the float32 result cancels (NumPy's as much)
    assert ulps(got[far], ref[far]).max() <= 3.0
    np.testing.assert_allclose(got, np.logaddexp(a, b), rtol=1e-5, atol=1e-6)
    sa = np.array([np.inf, -np.inf, np.nan, 1.0, -np.inf, np.inf, 0.0], np.float32)
    sb = np.array([np.inf, -np.inf, 1.0, np.nan, 3.0, -np.inf, -100.0], np.float32)
    with np.errstate(all="ignore"):
        want = np.logaddexp(sa, sb)
    got = np.array(mx.logaddexp(mx.array(sa), mx.array(sb)))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[~np.isnan(want)], want[~np.isnan(want)], rtol=1e-7)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16, mx.float64])
def test_other_float_dtypes(dtype):
    x = RNG.uniform(-0.9, 5, 3001).astype(np.float32)
    y = RNG.uniform(-5, 5, 3001).astype(np.float32)
    xm, ym = mx.array(x).astype(dtype), mx.array(y).astype(dtype)
    xr, yr = np.array(xm.astype(mx.float32)), np.array(ym.astype(mx.float32))
    rtol = {mx.float16: 1e-3, mx.bfloat16: 8e-3, mx.float64: 1e-6}[dtype]
    np.testing.assert_allclose(np.array(mx.log1p(xm).astype(mx.float32)), np.log1p(xr),
                               rtol=rtol, atol=rtol)
    np.testing.assert_allclose(np.array(mx.logaddexp(xm, ym).astype(mx.float32)),
                               np.logaddexp(xr, yr), rtol=rtol, atol=rtol)
    np.testing.assert_allclose(np.array(mx.log(mx.abs(xm) + 0.5).astype(mx.float32)),
                               np.log(np.abs(xr) + 0.5), rtol=rtol, atol=rtol)
    np.testing.assert_allclose(np.array(mx.expm1(ym).astype(mx.float32)), np.expm1(yr),
                               rtol=rtol, atol=rtol)


def test_strided_and_broadcast_operands():
    a = RNG.standard_normal((37, 45)).astype(np.float32)
    b = RNG.standard_normal((45,)).astype(np.float32)
    am, bm = mx.array(a), mx.array(b)
    np.testing.assert_allclose(np.array(mx.logaddexp(am.T, am.T[::-1])),
                               np.logaddexp(a.T, a.T[::-1]), rtol=2e-6, atol=1e-6)
    np.testing.assert_allclose(np.array(mx.logaddexp(am, bm)), np.logaddexp(a, b),
                               rtol=2e-6, atol=1e-6)
    np.testing.assert_allclose(np.array(mx.logaddexp(am[::2, 1::3], 0.5)),
                               np.logaddexp(a[::2, 1::3], np.float32(0.5)), rtol=2e-6, atol=1e-6)
    np.testing.assert_allclose(np.array(mx.log1p(mx.abs(am).T)), np.log1p(np.abs(a).T),
                               rtol=3e-7)


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16, mx.float64])
def test_square_power_is_x_times_x(dtype):
    x = np.concatenate([RNG.standard_normal(1000) * 100,
                        [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -3e19]]).astype(np.float32)
    xm = mx.array(x).astype(dtype)
    want = np.array((xm * xm).astype(mx.float32))
    for got in (xm ** 2, mx.power(xm, mx.array(2.0, dtype)),
                mx.power(xm, mx.broadcast_to(mx.array(2.0, dtype), xm.shape))):
        np.testing.assert_array_equal(np.array(got.astype(mx.float32)), want)
    # A full exponent array takes the same choice per element.
    full = np.array(mx.power(xm, mx.full(xm.shape, 2.0, dtype)).astype(mx.float32))
    np.testing.assert_array_equal(full, want)
    # Other exponents: within rounding of the power.
    small = mx.array(RNG.uniform(0, 4, 500).astype(np.float32)).astype(dtype)
    np.testing.assert_allclose(np.array((small ** 3).astype(mx.float32)),
                               np.array(small.astype(mx.float32)) ** 3,
                               rtol={mx.float16: 2e-3, mx.bfloat16: 1.6e-2}.get(dtype, 1e-6),
                               atol=1e-4)


def test_general_float_power_correctly_rounded_with_cs_special_values():
    # pow in double (kernel_math.h pow_float): exp(y log|x|), C's specials.
    xs = np.exp(RNG.uniform(-20, 20, 50000)).astype(np.float32)
    ys = RNG.uniform(-8, 8, 50000).astype(np.float32)
    got = np.array(mx.power(mx.array(xs), mx.array(ys)))
    ref = xs.astype(np.float64) ** ys.astype(np.float64)
    with np.errstate(all="ignore"):
        ref32 = ref.astype(np.float32)
    normal = np.isfinite(ref32) & (np.abs(ref32) >= np.finfo(np.float32).tiny)
    assert ulps(got[normal], ref[normal]).max() <= 0.5000001
    assert np.array_equal(np.isinf(got), np.isinf(ref32))
    assert np.array_equal(got, np.array(mx.compile(mx.power)(mx.array(xs), mx.array(ys))))
    base = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, np.inf, -np.inf, np.nan, 1e-45,
                     -3.0], np.float32)
    expo = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 5.0, -5.0, 7.0, np.inf, -np.inf, np.nan,
                     0.3, 1e10, 33.0], np.float32)
    bx, by = (g.ravel() for g in np.meshgrid(base, expo))
    with np.errstate(all="ignore"):
        want = np.power(bx, by)
    g = np.array(mx.power(mx.array(bx), mx.array(by)))
    assert np.array_equal(g, want, equal_nan=True)
    numbers = ~np.isnan(want)
    assert np.array_equal(np.signbit(g[numbers]), np.signbit(want[numbers]))
    # A scalar exponent runs its own eager loop: the same bits as compiled.
    x = mx.array(np.abs(RNG.standard_normal(5000)).astype(np.float32) * 3)
    for e in (2.2, -0.7, 1.5, 7.0):
        eager = np.array(x ** e)
        assert np.array_equal(eager, np.array(mx.compile(lambda a: a ** e)(x)))
        e32 = np.float64(np.float32(e))  # the exponent as the float32 array holds it
        assert ulps(eager, np.array(x).astype(np.float64) ** e32).max() <= 0.5000001


@pytest.mark.parametrize("n", [3, 4, -1, -2])
def test_small_integer_powers_of_floats_within_half_an_ulp(n):
    # In double and rounded to float (kernel_ops.h pow_small_int): x ** 3 of
    # gelu_approx and friends without a libm call per element.
    xs = np.concatenate([RNG.standard_normal(20000) * 10, np.exp(RNG.uniform(-60, 60, 20000)),
                         -np.exp(RNG.uniform(-30, 30, 5000))]).astype(np.float32)
    x = mx.array(xs)
    got = np.array(x ** n)
    ref = xs.astype(np.float64) ** n
    with np.errstate(all="ignore"):
        ref32 = ref.astype(np.float32)
    normal = np.isfinite(ref32) & (np.abs(ref32) >= np.finfo(np.float32).tiny)
    assert ulps(got[normal], ref[normal]).max() <= 0.5000001
    assert np.array_equal(np.isinf(got), np.isinf(ref32))
    sp = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3e38, -3e38, 1.0, -1.0],
                  np.float32)
    with np.errstate(all="ignore"):
        want = np.power(sp, np.float32(n))
    for g in (np.array(mx.array(sp) ** n), np.array(mx.compile(lambda a: a ** n)(mx.array(sp))),
              np.array(mx.power(mx.array(sp), mx.full(sp.shape, float(n))))):
        assert np.array_equal(g, want, equal_nan=True)
        assert np.array_equal(np.signbit(g), np.signbit(want))
    # Eager (its own loop) and compiled (the functor) agree bit for bit, and
    # the half dtypes round the float result.
    assert np.array_equal(got, np.array(mx.compile(lambda a: a ** n)(x)))
    h = mx.array(RNG.uniform(-8, 8, 2000).astype(np.float32)).astype(mx.float16)
    want_h = mx.array(np.array(h.astype(mx.float32)).astype(np.float64) ** n
                      ).astype(mx.float32).astype(mx.float16)
    np.testing.assert_array_equal(np.array((h ** n).astype(mx.float32)),
                                  np.array(want_h.astype(mx.float32)))


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16, mx.float64])
def test_square_root_power_is_sqrt_with_pows_special_values(dtype):
    x = np.concatenate([np.abs(RNG.standard_normal(1000)) * 100, RNG.uniform(0, 1e-3, 100),
                        [0.0, -0.0, np.inf, -np.inf, np.nan, -4.0, 1e-30]]).astype(np.float32)
    xm = mx.array(x).astype(dtype)
    xr = np.array(xm.astype(mx.float32)).astype(np.float64 if dtype == mx.float64 else np.float32)
    with np.errstate(all="ignore"):
        want = np.sqrt(xr)
    # C's pow (and MLX's, through std::pow): +0 at -0 and +inf at -inf, where
    # sqrt (and NumPy's x ** 0.5) give -0 and NaN.
    want[xr == 0] = 0.0
    want[xr == -np.inf] = np.inf
    for got in (xm ** 0.5, mx.power(xm, mx.full(xm.shape, 0.5, dtype)),
                mx.compile(lambda a: a ** 0.5)(xm)):
        g = np.array(got.astype(mx.float32)).astype(want.dtype)
        if dtype in (mx.float32, mx.float64):
            np.testing.assert_array_equal(g, want.astype(np.float32).astype(want.dtype))
        else:
            np.testing.assert_allclose(g, want, rtol=8e-3)
        assert not np.signbit(g[-6])  # pow(-0, 0.5) is +0, unlike sqrt(-0)
        assert g[-4] == np.inf and np.isnan(g[-3]) and np.isnan(g[-2])


def test_integer_power_unchanged():
    x = mx.arange(-5, 6, dtype=mx.int32)
    np.testing.assert_array_equal(np.array(x ** 2), np.arange(-5, 6) ** 2)


def test_eager_and_compiled_give_the_same_bits():
    a = mx.array(RNG.standard_normal((64, 33)).astype(np.float32) * 4)
    b = mx.array(RNG.standard_normal((64, 33)).astype(np.float32) * 4)
    fns = [lambda x, y: mx.log1p(mx.abs(x)) + y, lambda x, y: mx.logaddexp(x, y) * 1.5,
           lambda x, y: mx.log(mx.abs(x) + 1e-3) - y, lambda x, y: x ** 2 + y,
           lambda x, y: mx.expm1(x) * y, lambda x, y: mx.abs(x) ** 0.5 - y]
    for f in fns:
        np.testing.assert_array_equal(np.array(mx.compile(f)(a, b)), np.array(f(a, b)))
