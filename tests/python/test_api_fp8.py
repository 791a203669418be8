"""to_fp8 / from_fp8 (e4m3fn) against a NumPy reference written from the
format's definition, plus MLX's saturation of out-of-range values, inf and NaN
to +-448."""

import numpy as np
import pytest

import mxcore as mx


def e4m3_decode(codes):
    """float32 values of e4m3fn codes: 1 sign, 4 exponent (bias 7), 3 mantissa
    bits; exponent 0 is subnormal (m/8 * 2^-6); S.1111.111 is NaN; no inf."""
    codes = np.asarray(codes, np.uint8).astype(np.int64)
    sign = np.where(codes >> 7, -1.0, 1.0)
    e, m = (codes >> 3) & 0xF, codes & 7
    mag = np.where(e == 0, m / 8.0 * 2.0 ** -6, (1 + m / 8.0) * 2.0 ** (e - 7.0))
    mag = np.where((e == 15) & (m == 7), np.nan, mag)
    return (sign * mag).astype(np.float32)


_POS = e4m3_decode(np.arange(127)).astype(np.float64)  # codes 0..126, increasing


def e4m3_encode(x):
    """Round to nearest, ties to the even code, for finite |x| <= 448."""
    x = np.asarray(x, np.float64)
    ax = np.abs(x)
    hi = np.clip(np.searchsorted(_POS, ax), 1, 126)
    lo = hi - 1
    d_lo, d_hi = ax - _POS[lo], _POS[hi] - ax
    code = np.where(d_lo < d_hi, lo, np.where(d_hi < d_lo, hi, np.where(lo % 2 == 0, lo, hi)))
    code = np.where(ax >= _POS[126], 126, code)
    return (code | np.where(np.signbit(x), 128, 0)).astype(np.uint8)


def test_from_fp8_all_codes():
    codes = np.arange(256, dtype=np.uint8)
    want = e4m3_decode(codes)
    got = np.array(mx.from_fp8(mx.array(codes), mx.float32))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    ok = ~np.isnan(want)
    np.testing.assert_array_equal(got[ok], want[ok])
    np.testing.assert_array_equal(np.signbit(got[ok]), np.signbit(want[ok]))
    assert mx.from_fp8(mx.array(codes)).dtype == mx.bfloat16
    for dtype in (mx.float16, mx.float32, mx.bfloat16):
        out = mx.from_fp8(mx.array(codes[:127]), dtype)
        assert out.dtype == dtype
        np.testing.assert_array_equal(np.array(out.astype(mx.float32)), want[:127])


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
def test_to_fp8_rounds_to_nearest_even(dtype):
    rng = np.random.default_rng(0)
    x = np.concatenate([
        rng.uniform(-448, 448, 2000), rng.uniform(-1, 1, 2000) * 2.0 ** rng.integers(-12, 4, 2000),
        # Every representable value and every midpoint between neighbours (ties).
        e4m3_decode(np.arange(256)).astype(np.float64)]).astype(np.float32)
    vals = np.sort(np.unique(_POS))
    mids = ((vals[1:] + vals[:-1]) / 2).astype(np.float32)
    x = np.concatenate([x, mids, -mids])
    x = x[np.isfinite(x)]
    xm = mx.array(x).astype(getattr(mx, dtype))
    x_in = np.array(xm.astype(mx.float32))  # the values after rounding to dtype
    got = np.array(mx.to_fp8(xm))
    assert mx.to_fp8(xm).dtype == mx.uint8
    want = e4m3_encode(x_in)
    np.testing.assert_array_equal(got, want)


def test_to_fp8_saturates_and_noncontiguous():
    x = mx.array([500.0, -1000.0, float("inf"), -float("inf"), float("nan"), 464.0, -0.0])
    assert mx.to_fp8(x).tolist() == [126, 254, 126, 254, 126, 126, 128]
    a = np.array([[0.5, 1.0], [2.0, -3.0]], np.float32)
    got = mx.to_fp8(mx.array(a).T)
    np.testing.assert_array_equal(np.array(got), e4m3_encode(a.T))
    back = mx.from_fp8(got, mx.float32)
    np.testing.assert_array_equal(np.array(back), a.T)


def test_fp8_errors_vmap_compile():
    with pytest.raises(ValueError, match="to_fp8"):
        mx.to_fp8(mx.array([1, 2]))
    with pytest.raises(ValueError, match="from_fp8"):
        mx.from_fp8(mx.array([1, 2]))
    a = np.array([[0.3, -7.5, 100.0], [1e-3, 2.0, -0.0]], np.float32)
    want = e4m3_encode(a)
    np.testing.assert_array_equal(np.array(mx.vmap(mx.to_fp8)(mx.array(a))), want)
    np.testing.assert_array_equal(np.array(mx.compile(mx.to_fp8)(mx.array(a))), want)
    rt = mx.compile(lambda v: mx.from_fp8(mx.to_fp8(v), mx.float32))(mx.array(a))
    np.testing.assert_array_equal(np.array(rt), e4m3_decode(want))
