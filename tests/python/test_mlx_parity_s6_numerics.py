"""divmod equals (floor_divide, remainder), as in MLX: inf // x is +-inf where
NumPy's fmod-based divmod gives NaN; complex log2 of numbers with an
infinite part keeps the angle (log(z) / ln 2 per part), eager and compiled.
Expected values are hand-computed."""

import math

import numpy as np
import pytest

import mxcore as mx

INF = float("inf")


@pytest.mark.parametrize("dtype", [mx.float32, mx.float16, mx.bfloat16])
def test_divmod_quotient_is_floor_divide(dtype):
    a = [INF, -INF, INF, -INF, 5.0, -5.0, 7.0, -7.5, 3.0]
    b = [2.0, 2.0, -3.0, -1.0, INF, INF, -2.0, 2.0, 0.0]
    q, r = mx.divmod(mx.array(a, dtype=dtype), mx.array(b, dtype=dtype))
    expected_q = [INF, -INF, -INF, INF, 0.0, -0.0, -4.0, -4.0, INF]
    np.testing.assert_array_equal(np.array(q.astype(mx.float32)), expected_q)
    # -5 // inf is -0.0 (the floor of -0.0), not NumPy's -1.
    assert math.copysign(1.0, float(q[5])) == -1.0
    fd = mx.floor_divide(mx.array(a, dtype=dtype), mx.array(b, dtype=dtype))
    np.testing.assert_array_equal(np.array(q.astype(mx.float32)), np.array(fd.astype(mx.float32)))
    # Remainders are unchanged: NaN for an infinite dividend, the divisor's sign.
    rr = np.array(r.astype(mx.float32))
    assert np.isnan(rr[:4]).all()
    np.testing.assert_array_equal(rr[4:8], [5.0, INF, -1.0, 0.5])


def test_divmod_of_python_operator_on_infinite_arrays():
    q, r = divmod(mx.array([INF, 9.0]), 4.0)
    np.testing.assert_array_equal(np.array(q), [INF, 2.0])
    assert np.isnan(np.array(r)[0]) and float(r[1]) == 1.0


@pytest.mark.parametrize("compiled", [False, True])
def test_complex_log2_with_infinite_parts(compiled):
    z = mx.array([complex(INF, 1), complex(1, INF), complex(-INF, 0), complex(INF, INF),
                  complex(0, 0), complex(3, 4)])
    f = mx.compile(mx.log2) if compiled else mx.log2
    out = np.array(f(z))
    ln2 = math.log(2)
    expected = np.array([complex(INF, 0), complex(INF, math.pi / 2 / ln2),
                         complex(INF, math.pi / ln2), complex(INF, math.pi / 4 / ln2),
                         complex(-INF, 0), complex(math.log2(5), math.atan2(4, 3) / ln2)],
                        np.complex64)
    np.testing.assert_array_equal(out.real[:5], expected.real[:5])
    np.testing.assert_allclose(out.imag, expected.imag, rtol=1e-6)
    np.testing.assert_allclose(out.real[5], expected.real[5], rtol=1e-6)
