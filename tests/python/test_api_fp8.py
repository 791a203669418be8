"""to_fp8 / from_fp8 (e4m3) against ml_dtypes' float8_e4m3fn, plus MLX's
saturation of out-of-range values, inf and NaN to +-448."""

import numpy as np
import pytest

import mxcore as mx

ml_dtypes = pytest.importorskip("ml_dtypes")
E4M3 = ml_dtypes.float8_e4m3fn


def test_from_fp8_all_codes():
    codes = np.arange(256, dtype=np.uint8)
    want = codes.view(E4M3).astype(np.float32)
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
        np.arange(256, dtype=np.uint8).view(E4M3).astype(np.float64)]).astype(np.float32)
    vals = np.sort(np.unique(np.arange(127, dtype=np.uint8).view(E4M3).astype(np.float64)))
    mids = ((vals[1:] + vals[:-1]) / 2).astype(np.float32)
    x = np.concatenate([x, mids, -mids])
    x = x[np.isfinite(x)]
    xm = mx.array(x).astype(getattr(mx, dtype))
    x_in = np.array(xm.astype(mx.float32))  # the values after rounding to dtype
    got = np.array(mx.to_fp8(xm))
    assert mx.to_fp8(xm).dtype == mx.uint8
    want = x_in.astype(E4M3).view(np.uint8)
    np.testing.assert_array_equal(got, want)


def test_to_fp8_saturates_and_noncontiguous():
    x = mx.array([500.0, -1000.0, float("inf"), -float("inf"), float("nan"), 464.0, -0.0])
    assert mx.to_fp8(x).tolist() == [126, 254, 126, 254, 126, 126, 128]
    a = np.array([[0.5, 1.0], [2.0, -3.0]], np.float32)
    got = mx.to_fp8(mx.array(a).T)
    np.testing.assert_array_equal(np.array(got), a.T.astype(E4M3).view(np.uint8))
    back = mx.from_fp8(got, mx.float32)
    np.testing.assert_array_equal(np.array(back), a.T)


def test_fp8_errors_vmap_compile():
    with pytest.raises(ValueError, match="to_fp8"):
        mx.to_fp8(mx.array([1, 2]))
    with pytest.raises(ValueError, match="from_fp8"):
        mx.from_fp8(mx.array([1, 2]))
    a = np.array([[0.3, -7.5, 100.0], [1e-3, 2.0, -0.0]], np.float32)
    want = a.astype(E4M3).view(np.uint8)
    np.testing.assert_array_equal(np.array(mx.vmap(mx.to_fp8)(mx.array(a))), want)
    np.testing.assert_array_equal(np.array(mx.compile(mx.to_fp8)(mx.array(a))), want)
    rt = mx.compile(lambda v: mx.from_fp8(mx.to_fp8(v), mx.float32))(mx.array(a))
    np.testing.assert_array_equal(np.array(rt), want.view(E4M3).astype(np.float32))
