"""MLX parity found by scripts/mlx_diff_fuzz.py: complex truth values, logical
ops with Python scalars, divmod of bools. Expected values come from NumPy or
are worked out by hand."""
import numpy as np
import pytest

import mxcore as mx

# Each value has exactly one nonzero part, or none: the real part alone is not
# the truth value of a complex number.
COMPLEX = np.array([0 + 3.5j, 0j, 1 + 0j, -0.0 - 1e-30j, 2 - 2j], dtype=np.complex64)


def test_complex_astype_bool_uses_both_parts():
    got = mx.array(COMPLEX).astype(mx.bool_)
    np.testing.assert_array_equal(np.array(got), COMPLEX.astype(bool))
    assert np.array(got).tolist() == [True, False, True, True, True]


def test_logical_not_of_complex():
    got = mx.logical_not(mx.array(COMPLEX))
    np.testing.assert_array_equal(np.array(got), np.logical_not(COMPLEX))


def test_where_with_complex_condition():
    got = mx.where(mx.array(COMPLEX), 1, 0)
    np.testing.assert_array_equal(np.array(got), [1, 0, 1, 1, 1])


@pytest.mark.parametrize("values", [COMPLEX[:2], COMPLEX[[0, 2, 3]], COMPLEX[[1]], COMPLEX])
def test_all_any_of_complex(values):
    a = mx.array(values)
    assert mx.all(a).item() == bool(np.all(values))
    assert mx.any(a).item() == bool(np.any(values))


def test_all_any_of_complex_along_axis():
    v = np.array([[3j, 0], [1, 1j]], dtype=np.complex64)
    np.testing.assert_array_equal(np.array(mx.any(mx.array(v), axis=1)), [True, True])
    np.testing.assert_array_equal(np.array(mx.all(mx.array(v), axis=0)), [True, False])


@pytest.mark.parametrize("dtype,scalar", [(mx.uint8, -3), (mx.uint8, 300), (mx.int8, 300),
                                          (mx.uint32, -1), (mx.int32, 2.5)])
def test_logical_ops_take_scalars_outside_the_array_dtype(dtype, scalar):
    # The scalar's truth value counts; it is never cast to the array's dtype.
    a = mx.array([0, 1, 2], dtype)
    np.testing.assert_array_equal(np.array(mx.logical_and(a, scalar)), [False, True, True])
    np.testing.assert_array_equal(np.array(mx.logical_and(scalar, a)), [False, True, True])
    np.testing.assert_array_equal(np.array(mx.logical_or(a, scalar)), [True, True, True])
    np.testing.assert_array_equal(np.array(mx.logical_or(a, 0)), [False, True, True])


def test_logical_ops_keep_rejecting_none():
    with pytest.raises(TypeError):
        mx.logical_and(mx.array([1]), None)


def test_divmod_of_bools():
    a, b = [True, False, True, False], [True, True, False, False]
    q, r = mx.divmod(mx.array(a), mx.array(b))
    assert q.dtype == mx.bool_ and r.dtype == mx.bool_
    # The quotient is a and b (x // False is 0), the remainder a and not b.
    np.testing.assert_array_equal(np.array(q), [True, False, False, False])
    np.testing.assert_array_equal(np.array(r), [False, False, True, False])
    np.testing.assert_array_equal(np.array(q), np.array(mx.floor_divide(mx.array(a), mx.array(b))))
    np.testing.assert_array_equal(np.array(r), np.array(mx.remainder(mx.array(a), mx.array(b))))


@pytest.mark.parametrize("scalar", [2, 2.5, True, 1j])
def test_matmul_with_a_python_number_is_a_type_error(scalar):
    a = mx.ones((2, 2))
    with pytest.raises(TypeError, match="unsupported operand type"):
        a @ scalar
    with pytest.raises(TypeError, match="unsupported operand type"):
        scalar @ a
    # Arrays and nested lists still multiply.
    np.testing.assert_array_equal(np.array(a @ [[1.0], [2.0]]), np.array([[3.0], [3.0]]))


def test_abs_of_negative_zero_is_positive_zero():
    for dtype in (mx.float32, mx.float16, mx.bfloat16, mx.float64):
        x = mx.array([-0.0, 0.0, -2.5, float("nan")], dtype=dtype)
        got = np.array(mx.abs(x).astype(mx.float32))
        assert not np.signbit(got[0]) and not np.signbit(got[1]), dtype
        assert got[2] == 2.5 and np.isnan(got[3])
        compiled = np.array(mx.compile(mx.abs)(x).astype(mx.float32))
        assert not np.signbit(compiled[0]), dtype
