"""Elementwise semantics beyond the op x dtype table: weak Python scalars,
operators, special values, integer division rules, rounding and errors."""

import math

import numpy as np
import pytest

import mxcore as mx
from elementwise_helpers import FLOATS, INTS, SIGNED, check, make, mxd, to_mx, to_np


# ---------------------------------------------------------------- promotion
@pytest.mark.parametrize(
    "dtype,scalar,expected",
    [
        ("float16", 1.5, "float16"),
        ("bfloat16", 2, "bfloat16"),
        ("int8", 1, "int8"),
        ("uint8", 3, "uint8"),
        ("int16", 1.5, "float32"),
        ("int32", 1.5, "float32"),
        ("uint64", 2, "uint64"),
        ("float64", 2.5, "float64"),
        ("bool_", 1, "int32"),
        ("bool_", True, "bool_"),
        ("bool_", 1.5, "float32"),
        ("complex64", 2.0, "complex64"),
    ],
)
def test_python_scalars_are_weak(dtype, scalar, expected):
    a = to_mx(make(dtype, (3,), "pos", seed=11), dtype)
    for out in (a + scalar, scalar + a, mx.add(a, scalar), mx.multiply(scalar, a)):
        assert out.dtype == mxd(expected)


def test_scalar_operands_values():
    a = mx.array([1, 2, 3], dtype=mx.int8)
    np.testing.assert_array_equal(np.array(10 - a), [9, 8, 7])
    np.testing.assert_array_equal(np.array(7 // a), [7, 3, 2])
    np.testing.assert_array_equal(np.array(7 % a), [0, 1, 1])
    np.testing.assert_array_equal(np.array(2 ** a), [2, 4, 8])
    assert (2 ** a).dtype == mx.int8
    out = 3 / a
    assert out.dtype == mx.float32
    np.testing.assert_allclose(np.array(out), [3, 1.5, 1])
    h = mx.array([1.0, 2.0], dtype=mx.float16)
    assert (h * 1.5).dtype == mx.float16
    assert (h < 1.5).dtype == mx.bool_
    np.testing.assert_array_equal(np.array(h < 1.5), [True, False])


def test_mixed_array_promotion():
    a = mx.array([1, 2], dtype=mx.int8)
    b = mx.array([1, 2], dtype=mx.uint8)
    assert (a + b).dtype == mx.int16
    assert (a + mx.array([1.0, 2.0], dtype=mx.float16)).dtype == mx.float16
    assert (mx.array([1], mx.uint64) + mx.array([1], mx.int64)).dtype == mx.float32
    assert (mx.array([1.0], mx.bfloat16) + mx.array([1.0], mx.float16)).dtype == mx.float32
    assert mx.divide(mx.array([1], mx.int64), mx.array([2], mx.int64)).dtype == mx.float32


# ---------------------------------------------------------------- operators
def test_operators_match_functions():
    x = make("int32", (3, 4), "any", seed=12)
    y = make("int32", (3, 4), "nonzero", seed=13)
    s = make("int32", (3, 4), "small", seed=14)
    a, b, c = mx.array(x), mx.array(y), mx.array(s)
    pairs = [
        (a + b, x + y), (a - b, x - y), (a * b, x * y), (a // b, x // y), (a % b, x % y),
        (a ** c, x ** s), (a & b, x & y), (a | b, x | y), (a ^ b, x ^ y),
        (a << c, x << s), (a >> c, x >> s), (-a, -x), (~a, ~x), (abs(a), abs(x)),
        (a == b, x == y), (a != b, x != y), (a < b, x < y), (a <= b, x <= y),
        (a > b, x > y), (a >= b, x >= y),
    ]
    for got, expected in pairs:
        np.testing.assert_array_equal(np.array(got), expected)
    np.testing.assert_allclose(np.array(a / b), x / y, rtol=1e-6)
    q, r = divmod(a, b)
    np.testing.assert_array_equal(np.array(q), x // y)
    np.testing.assert_array_equal(np.array(r), x % y)


def test_reflected_operators():
    x = make("float32", (5,), "nonzero", seed=15)
    a = mx.array(x)
    np.testing.assert_allclose(np.array(2.0 - a), 2.0 - x, rtol=1e-6)
    np.testing.assert_allclose(np.array(2.0 / a), 2.0 / x, rtol=1e-6)
    np.testing.assert_allclose(np.array(2.0 ** a), 2.0 ** x, rtol=1e-6)
    np.testing.assert_allclose(np.array(2.0 // a), np.floor(2.0 / x), rtol=1e-6)
    np.testing.assert_allclose(np.array(2.0 % a), np.remainder(2.0, x), rtol=1e-5, atol=1e-6)
    i = mx.array([1, 2, 3])
    np.testing.assert_array_equal(np.array(6 & i), [0, 2, 2])
    np.testing.assert_array_equal(np.array(6 | i), [7, 6, 7])
    np.testing.assert_array_equal(np.array(6 ^ i), [7, 4, 5])
    np.testing.assert_array_equal(np.array(1 << i), [2, 4, 8])
    np.testing.assert_array_equal(np.array(16 >> i), [8, 4, 2])
    np.testing.assert_array_equal(np.array(2 < i), [False, False, True])


def test_inplace_operators_update_the_same_object():
    # MLX: an in-place operator replaces the array held by the Python object, so
    # aliases see the new value and id() is kept.
    a = mx.array([1.0, 2.0])
    b = a
    a += 1
    a *= 3
    assert a is b
    np.testing.assert_array_equal(np.array(b), [6.0, 9.0])
    for op, expected in [("__ifloordiv__", [2, 3]), ("__imod__", [1, 0]), ("__ipow__", [25, 36]),
                         ("__iand__", [0, 2]), ("__ior__", [7, 6]), ("__ixor__", [7, 4]),
                         ("__ilshift__", [20, 24]), ("__irshift__", [1, 1]),
                         ("__isub__", [3, 4])]:
        i = mx.array([5, 6])
        out = getattr(i, op)(2)
        assert out is i
        np.testing.assert_array_equal(np.array(i), expected)
    f = mx.array([5.0, 6.0])
    f /= 2
    np.testing.assert_array_equal(np.array(f), [2.5, 3.0])
    with pytest.raises(ValueError):  # in-place true division of an integer array
        i = mx.array([5, 6])
        i /= 2


def test_equality_with_unrelated_objects():
    a = mx.array([1, 2])
    assert (a == None) is False  # noqa: E711
    assert (a != None) is True  # noqa: E711
    assert (a == "x") is False
    with pytest.raises(ValueError):
        a + "x"
    with pytest.raises(TypeError):  # None matches no overload in MLX
        a < None
    # NumPy arrays compare elementwise; lists and tuples are unrelated objects in MLX.
    assert (a == [1, 2]) is False and (a != (1, 2)) is True
    with pytest.raises(ValueError):
        a < [1, 2]
    np.testing.assert_array_equal(np.array(a == np.array([0, 2])), [False, True])


def test_arrays_stay_hashable():
    a = mx.array([1])
    assert hash(a) == hash(a)
    assert len({a, mx.array([1])}) == 2


def test_array_methods_and_properties():
    x = make("float32", (2, 3), "pos", seed=16)
    a = mx.array(x)
    np.testing.assert_allclose(np.array(a.exp()), np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(np.array(a.sqrt()), np.sqrt(x), rtol=1e-6)
    np.testing.assert_allclose(np.array(a.log1p()), np.log1p(x), rtol=1e-6)
    np.testing.assert_allclose(np.array(a.reciprocal()), 1 / x, rtol=1e-6)
    np.testing.assert_allclose(np.array(a.round(1)), np.round(x, 1), rtol=1e-6)
    z = mx.array([1 + 2j, 3 - 4j])
    np.testing.assert_array_equal(np.array(z.real), [1, 3])
    np.testing.assert_array_equal(np.array(z.imag), [2, -4])
    np.testing.assert_array_equal(np.array(z.conj()), [1 - 2j, 3 + 4j])
    assert z.real.dtype == mx.float32


# ---------------------------------------------------------------- special values
SPECIAL = [0.0, -0.0, 1.5, -2.0, math.inf, -math.inf, math.nan]


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_and_inf_predicates(dtype):
    x = np.array(SPECIAL, dtype=np.float32)
    a = mx.array(x, dtype=mxd(dtype))
    for fn, ref in [(mx.isnan, np.isnan), (mx.isinf, np.isinf), (mx.isfinite, np.isfinite),
                    (mx.isposinf, np.isposinf), (mx.isneginf, np.isneginf)]:
        check(fn(a), ref(x), "bool_")
    check(a == a, x == x, "bool_")
    check(a != a, x != x, "bool_")
    check(a < 1.0, x < 1.0, "bool_")
    y = np.array(SPECIAL[::-1], dtype=np.float32)
    b = mx.array(y, dtype=mxd(dtype))
    check(mx.maximum(a, b), np.maximum(x, y), dtype)
    check(mx.minimum(a, b), np.minimum(x, y), dtype)
    with np.errstate(all="ignore"):
        check(mx.logaddexp(a, b), np.logaddexp(x.astype(np.float64), y), dtype)
        check(mx.sign(a), np.sign(x), dtype)


def test_complex_predicates():
    z = np.array([1 + 1j, complex(math.inf, 0), complex(0, -math.inf), complex(math.nan, 1)],
                 dtype=np.complex64)
    a = mx.array(z)
    check(mx.isnan(a), np.isnan(z), "bool_")
    check(mx.isinf(a), np.isinf(z), "bool_")
    check(mx.isfinite(a), np.isfinite(z), "bool_")


@pytest.mark.parametrize("dtype", INTS + ["bool_"])
def test_integer_predicates_are_constant(dtype):
    a = to_mx(make(dtype, (2, 3), seed=17), dtype)
    assert not np.array(mx.isnan(a)).any()
    assert not np.array(mx.isinf(a)).any()
    assert np.array(mx.isfinite(a)).all()
    assert mx.isnan(a).shape == (2, 3)


# ---------------------------------------------------------------- integer rules
@pytest.mark.parametrize("dtype", SIGNED)
def test_signed_division_rounds_toward_minus_infinity(dtype):
    x = np.array([7, -7, 7, -7, 0, 5, -128 if dtype == "int8" else -9], dtype=dtype)
    y = np.array([2, 2, -2, -2, 3, -1, -1], dtype=dtype)
    a, b = mx.array(x), mx.array(y)
    with np.errstate(all="ignore"):
        check(a // b, np.floor_divide(x, y), dtype)
        check(a % b, np.remainder(x, y), dtype)
        q, r = mx.divmod(a, b)
        check(q, np.floor_divide(x, y), dtype)
        check(r, np.remainder(x, y), dtype)


@pytest.mark.parametrize("dtype", INTS)
def test_integer_division_by_zero_is_zero(dtype):
    # NumPy's result (with a warning); never a crash.
    a = mx.array([5, 0, 3], dtype=mxd(dtype))
    z = mx.zeros((3,), dtype=mxd(dtype))
    np.testing.assert_array_equal(np.array(a // z), [0, 0, 0])
    np.testing.assert_array_equal(np.array(a % z), [0, 0, 0])


def test_float_division_by_zero():
    a = mx.array([1.0, -1.0, 0.0])
    z = mx.array([0.0, 0.0, 0.0])
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(np.array(a / z), np.array([1.0, -1.0, 0.0]) / 0.0)
        np.testing.assert_array_equal(np.array(mx.remainder(a, z)), [math.nan] * 3)


def test_integer_power_with_negative_exponent_terminates():
    a = mx.array([1, -1, -1, 2, 0], dtype=mx.int32)
    b = mx.array([-3, -3, -2, -1, 2], dtype=mx.int32)
    # MLX's result: any negative integer exponent gives 0, even for a base of +-1.
    np.testing.assert_array_equal(np.array(a ** b), [0, 0, 0, 0, 0])


@pytest.mark.parametrize("dtype", INTS)
def test_shifts_by_bit_width_or_more(dtype):
    bits = np.dtype(dtype).itemsize * 8
    x = np.array([1, 3, 5], dtype=dtype)
    a = mx.array(x)
    n = mx.array([bits, bits + 1, bits - 1], dtype=mxd(dtype))
    expected = [0, 0, np.left_shift(x[2], bits - 1)]
    np.testing.assert_array_equal(np.array(a << n), np.array(expected, dtype=dtype))
    np.testing.assert_array_equal(np.array(a >> n), [0, 0, 0])
    if dtype in SIGNED:
        neg = mx.array([-5], dtype=mxd(dtype))
        np.testing.assert_array_equal(np.array(neg >> mx.array([bits], mxd(dtype))), [-1])


def test_unsigned_abs_sign_and_negative():
    x = np.array([0, 1, 200], dtype=np.uint8)
    a = mx.array(x)
    check(mx.abs(a), x, "uint8")
    check(mx.sign(a), np.sign(x), "uint8")
    check(-a, -x, "uint8")


def test_bool_ops():
    t = mx.array([True, False, True])
    f = mx.array([True, True, False])
    check(t & f, np.array([1, 0, 0], bool), "bool_")
    check(~t, np.array([0, 1, 0], bool), "bool_")
    check(mx.sign(t), np.array([1, 0, 1], bool), "bool_")
    check(mx.left_shift(t, f), np.left_shift(np.array([1, 0, 1], np.uint8), 1 * np.array([1, 1, 0], np.uint8)), "uint8")
    check(mx.logical_and(mx.array([1, 0, 2]), mx.array([0.5, 1.0, 0.0])), np.array([1, 0, 0], bool), "bool_")


# ---------------------------------------------------------------- rounding
@pytest.mark.parametrize("decimals", [0, 1, 2, -1])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "bfloat16"])
def test_round_decimals(decimals, dtype):
    a = to_mx(make(dtype, (10,), "any", seed=18) * 30, dtype)
    x = to_np(a)
    out = mx.round(a, decimals)
    assert out.dtype == mxd(dtype)
    expected = np.round(x.astype(np.float64), decimals)
    tol = {"float16": 0.05, "bfloat16": 0.3}.get(dtype, 1e-5)
    np.testing.assert_allclose(to_np(out), expected, atol=tol, rtol=0)


def test_round_half_to_even_and_integers():
    a = mx.array([0.5, 1.5, 2.5, -0.5, -1.5])
    np.testing.assert_array_equal(np.array(mx.round(a)), [0.0, 2.0, 2.0, -0.0, -2.0])
    i = mx.array([1, 25, -35])
    np.testing.assert_array_equal(np.array(mx.round(i)), [1, 25, -35])
    np.testing.assert_array_equal(np.array(mx.round(i, -1)), np.round(np.array([1, 25, -35]), -1))
    assert mx.round(i, -1).dtype == mx.int32


# ---------------------------------------------------------------- where
def test_where_scalars_and_promotion():
    c = mx.array([True, False, True])
    x = mx.array([1, 2, 3], dtype=mx.int8)
    out = mx.where(c, x, 0)
    assert out.dtype == mx.int8
    np.testing.assert_array_equal(np.array(out), [1, 0, 3])
    out = mx.where(c, 1.5, x)
    assert out.dtype == mx.float32
    np.testing.assert_array_equal(np.array(out), [1.5, 2, 1.5])
    out = mx.where(mx.array([1, 0, 2]), x, mx.array([7.0], dtype=mx.float16))
    assert out.dtype == mx.float16
    np.testing.assert_array_equal(np.array(out), [1, 7, 3])


# ---------------------------------------------------------------- errors
def test_bad_broadcast_raises_value_error():
    with pytest.raises(ValueError, match="broadcast"):
        mx.add(mx.ones((3,)), mx.ones((4,)))
    with pytest.raises(ValueError):
        mx.ones((2, 3)) * mx.ones((3, 2))
    with pytest.raises(ValueError):
        mx.where(mx.array([True, False]), mx.ones((3,)), 0.0)


@pytest.mark.parametrize("op", ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
                                "right_shift"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "bfloat16", "complex64"])
def test_bitwise_on_inexact_raises(op, dtype):
    a = to_mx(make(dtype, (2,), seed=19), dtype)
    with pytest.raises(RuntimeError, match=op):  # MLX raises RuntimeError here
        getattr(mx, op)(a, a)
    with pytest.raises(ValueError, match="bitwise_invert"):
        mx.bitwise_invert(a)


@pytest.mark.parametrize("op", ["erf", "erfinv", "expm1", "sigmoid", "floor", "ceil"])
def test_unary_without_complex_support_raises(op):
    with pytest.raises(ValueError, match=op):
        getattr(mx, op)(mx.array([1 + 1j]))


@pytest.mark.parametrize("op", ["remainder", "floor_divide", "arctan2", "divmod"])
def test_binary_without_complex_support_raises(op):
    z = mx.array([1 + 1j])
    with pytest.raises(ValueError, match=op):
        getattr(mx, op)(z, z)


def test_other_errors():
    with pytest.raises(ValueError, match="negative"):
        -mx.array([True])
    # bool // bool is a bool in MLX (tests/python/test_mlx_parity.py has the table).
    assert (mx.array([True]) // mx.array([True])).tolist() == [True]


def test_signatures_take_stream_keyword():
    a = mx.array([1.0, 4.0])
    np.testing.assert_array_equal(np.array(mx.sqrt(a, stream=mx.cpu)), [1.0, 2.0])
    np.testing.assert_array_equal(np.array(mx.add(a, 1.0, stream=mx.cpu)), [2.0, 5.0])
    # MLX's binary ops also take the stream positionally.
    np.testing.assert_array_equal(np.array(mx.add(a, a, mx.cpu)), [2.0, 8.0])
