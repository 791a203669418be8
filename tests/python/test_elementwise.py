"""Every elementwise op over every dtype it supports and several layouts,
against NumPy (scipy.special for erf/erfinv)."""

import numpy as np
import pytest
import scipy.special

import mxcore as mx
from elementwise_helpers import (ALL, FLOATS, INTS, NUMERIC, REAL, SIGNED, at_least_float,
                                 check, make, mxd, np_dtype, to_mx, wide)

SAME = lambda d: d  # noqa: E731
FLOAT = at_least_float
BOOL = lambda d: "bool_"  # noqa: E731
REAL_PART = lambda d: "float32" if d == "complex64" else d  # noqa: E731

WITH_COMPLEX = REAL + ["complex64"]
NO_BOOL = [d for d in ALL if d != "bool_"]


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


# name: (mx function, NumPy oracle, input domain, dtypes, result dtype rule)
UNARY = {
    "abs": (mx.abs, np.abs, "any", ALL, REAL_PART),
    "negative": (mx.negative, np.negative, "any", NO_BOOL, SAME),
    "sign": (mx.sign, np.sign, "any", NO_BOOL, SAME),
    "square": (mx.square, np.square, "any", NO_BOOL, SAME),
    "sqrt": (mx.sqrt, np.sqrt, "pos", WITH_COMPLEX, FLOAT),
    "rsqrt": (mx.rsqrt, lambda x: 1 / np.sqrt(x), "pos", WITH_COMPLEX, FLOAT),
    "reciprocal": (mx.reciprocal, lambda x: 1 / x, "nonzero", WITH_COMPLEX, FLOAT),
    "exp": (mx.exp, np.exp, "any", WITH_COMPLEX, FLOAT),
    "expm1": (mx.expm1, np.expm1, "any", REAL, FLOAT),
    "log": (mx.log, np.log, "pos", WITH_COMPLEX, FLOAT),
    "log2": (mx.log2, np.log2, "pos", WITH_COMPLEX, FLOAT),
    "log10": (mx.log10, np.log10, "pos", WITH_COMPLEX, FLOAT),
    "log1p": (mx.log1p, np.log1p, "pos", REAL, FLOAT),
    "sin": (mx.sin, np.sin, "any", WITH_COMPLEX, FLOAT),
    "cos": (mx.cos, np.cos, "any", WITH_COMPLEX, FLOAT),
    "tan": (mx.tan, np.tan, "unit", WITH_COMPLEX, FLOAT),
    "arcsin": (mx.arcsin, np.arcsin, "unit", WITH_COMPLEX, FLOAT),
    "arccos": (mx.arccos, np.arccos, "unit", WITH_COMPLEX, FLOAT),
    "arctan": (mx.arctan, np.arctan, "any", WITH_COMPLEX, FLOAT),
    "sinh": (mx.sinh, np.sinh, "any", WITH_COMPLEX, FLOAT),
    "cosh": (mx.cosh, np.cosh, "any", WITH_COMPLEX, FLOAT),
    "tanh": (mx.tanh, np.tanh, "any", WITH_COMPLEX, FLOAT),
    "arcsinh": (mx.arcsinh, np.arcsinh, "any", WITH_COMPLEX, FLOAT),
    "arccosh": (mx.arccosh, np.arccosh, "ge1", WITH_COMPLEX, FLOAT),
    "arctanh": (mx.arctanh, np.arctanh, "unit", WITH_COMPLEX, FLOAT),
    "erf": (mx.erf, scipy.special.erf, "any", REAL, FLOAT),
    "erfinv": (mx.erfinv, scipy.special.erfinv, "unit", REAL, FLOAT),
    "sigmoid": (mx.sigmoid, sigmoid, "any", REAL, FLOAT),
    "floor": (mx.floor, np.floor, "any", REAL, SAME),
    "ceil": (mx.ceil, np.ceil, "any", REAL, SAME),
    "round": (mx.round, np.round, "any", ALL, SAME),
    "logical_not": (mx.logical_not, np.logical_not, "any", ALL, BOOL),
    "bitwise_invert": (mx.bitwise_invert, np.invert, "any", ["bool_"] + INTS, SAME),
    "conj": (mx.conj, np.conjugate, "any", NO_BOOL, SAME),
    "conjugate": (mx.conjugate, lambda x: x, "any", REAL, SAME),
    "real": (mx.real, np.real, "any", ALL, REAL_PART),
    "imag": (mx.imag, np.imag, "any", ALL, REAL_PART),
    "isnan": (mx.isnan, np.isnan, "any", ALL, BOOL),
    "isinf": (mx.isinf, np.isinf, "any", ALL, BOOL),
    "isfinite": (mx.isfinite, np.isfinite, "any", ALL, BOOL),
    "isposinf": (mx.isposinf, np.isposinf, "any", REAL, BOOL),
    "isneginf": (mx.isneginf, np.isneginf, "any", REAL, BOOL),
}


def oracle_input(x, dtype, out_dtype):
    """Exact ops see the data in its own dtype; inexact ones in double precision."""
    if out_dtype in FLOATS or out_dtype == "complex64" or dtype in FLOATS:
        return wide(x)
    return x


UNARY_CASES = [(op, d) for op, spec in UNARY.items() for d in spec[3]]


@pytest.mark.parametrize("layout", ["contiguous", "transposed", "broadcast", "scalar"])
@pytest.mark.parametrize("op,dtype", UNARY_CASES)
def test_unary(op, dtype, layout):
    fn, ref, domain, _, rule = UNARY[op]
    if layout == "contiguous":
        x = make(dtype, (3, 4), domain)
        a = to_mx(x, dtype)
    elif layout == "transposed":
        x = make(dtype, (4, 3), domain)
        a = mx.transpose(to_mx(x, dtype))
        x = x.T
    elif layout == "broadcast":
        x = make(dtype, (4,), domain)
        a = mx.broadcast_to(to_mx(x, dtype), (3, 4))
        x = np.broadcast_to(x, (3, 4))
    else:
        x = make(dtype, (), domain)
        a = to_mx(x, dtype)
    out_dtype = rule(dtype)
    with np.errstate(all="ignore"):
        expected = ref(oracle_input(np.asarray(x), dtype, out_dtype))
    check(fn(a), expected, out_dtype)


def floor_of_quotient(a, b, dtype):
    q = wide(a) / wide(b)
    # Divide rounds the quotient to the dtype before floor sees it.
    q = np.array(mx.array(q, dtype=mxd(dtype)).astype(mx.float64))
    return np.floor(q)


def exact_or_wide(np_fn):
    """Integers through NumPy in their own dtype, floats in double precision."""
    def f(a, b, dtype):
        if dtype in FLOATS or dtype == "complex64":
            return np_fn(wide(a), wide(b))
        return np_fn(a, b)
    return f


def wide_only(np_fn):
    return lambda a, b, dtype: np_fn(wide(a), wide(b))


def floor_divide_ref(a, b, dtype):
    if dtype in FLOATS:
        return floor_of_quotient(a, b, dtype)
    return np.floor_divide(a, b)


BITWISE = ["bool_"] + INTS

# name: (mx function, oracle(a, b, dtype), dtypes, result rule, a domain, b domain)
BINARY = {
    "add": (mx.add, exact_or_wide(np.add), ALL, SAME, "any", "any"),
    "subtract": (mx.subtract, exact_or_wide(np.subtract), NO_BOOL, SAME, "any", "any"),
    "multiply": (mx.multiply, exact_or_wide(np.multiply), ALL, SAME, "any", "any"),
    "divide": (mx.divide, wide_only(np.divide), ALL, FLOAT, "any", "nonzero"),
    "floor_divide": (mx.floor_divide, floor_divide_ref, NUMERIC, SAME, "any", "nonzero"),
    "remainder": (mx.remainder, exact_or_wide(np.remainder), NUMERIC, SAME, "any", "nonzero"),
    "power": (mx.power, exact_or_wide(np.power), NUMERIC + ["complex64"], SAME, "pos", "small"),
    "maximum": (mx.maximum, exact_or_wide(np.maximum), REAL, SAME, "any", "any"),
    "minimum": (mx.minimum, exact_or_wide(np.minimum), REAL, SAME, "any", "any"),
    "logaddexp": (mx.logaddexp, wide_only(np.logaddexp), REAL, FLOAT, "any", "any"),
    "arctan2": (mx.arctan2, wide_only(np.arctan2), REAL, FLOAT, "any", "any"),
    "equal": (mx.equal, exact_or_wide(np.equal), ALL, BOOL, "any", "any"),
    "not_equal": (mx.not_equal, exact_or_wide(np.not_equal), ALL, BOOL, "any", "any"),
    "less": (mx.less, exact_or_wide(np.less), REAL, BOOL, "any", "any"),
    "less_equal": (mx.less_equal, exact_or_wide(np.less_equal), REAL, BOOL, "any", "any"),
    "greater": (mx.greater, exact_or_wide(np.greater), REAL, BOOL, "any", "any"),
    "greater_equal": (mx.greater_equal, exact_or_wide(np.greater_equal), REAL, BOOL, "any",
                      "any"),
    "logical_and": (mx.logical_and, exact_or_wide(np.logical_and), ALL, BOOL, "any", "any"),
    "logical_or": (mx.logical_or, exact_or_wide(np.logical_or), ALL, BOOL, "any", "any"),
    "bitwise_and": (mx.bitwise_and, exact_or_wide(np.bitwise_and), BITWISE, SAME, "any", "any"),
    "bitwise_or": (mx.bitwise_or, exact_or_wide(np.bitwise_or), BITWISE, SAME, "any", "any"),
    "bitwise_xor": (mx.bitwise_xor, exact_or_wide(np.bitwise_xor), BITWISE, SAME, "any", "any"),
    "left_shift": (mx.left_shift, exact_or_wide(np.left_shift), INTS, SAME, "any", "small"),
    "right_shift": (mx.right_shift, exact_or_wide(np.right_shift), INTS, SAME, "any", "small"),
}

BINARY_CASES = [(op, d) for op, spec in BINARY.items() for d in spec[2]]

LAYOUTS = {
    # name: (a data shape, b data shape, mx view of a, mx view of b)
    "same": ((3, 4), (3, 4), None, None),
    "broadcast": ((3, 1), (1, 4), None, None),
    "transposed": ((4, 3), (3, 4), "T", None),
    "scalar": ((3, 4), (), None, None),
    "broadcast_to": ((3, 4), (4,), None, "B"),
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("op,dtype", BINARY_CASES)
def test_binary(op, dtype, layout):
    fn, ref, _, rule, a_domain, b_domain = BINARY[op]
    a_shape, b_shape, a_view, b_view = LAYOUTS[layout]
    if op == "power" and dtype in SIGNED:
        a_domain = "any"
    x = make(dtype, a_shape, a_domain, seed=1)
    y = make(dtype, b_shape, b_domain, seed=2)
    if BINARY[op][3] is BOOL and y.shape == x.shape:
        # Make about half of the pairs equal so comparisons see ties.
        y = np.where(make("bool_", x.shape, seed=3), x, y)
    a, b = to_mx(x, dtype), to_mx(y, dtype)
    if a_view == "T":
        a, x = mx.transpose(a), x.T
    if b_view == "B":
        b, y = mx.broadcast_to(b, (3, 4)), np.broadcast_to(y, (3, 4))
    with np.errstate(all="ignore"):
        expected = ref(np.asarray(x), np.asarray(y), dtype)
    check(fn(a, b), expected, rule(dtype))


@pytest.mark.parametrize("dtype", NUMERIC)
def test_divmod(dtype):
    x = make(dtype, (3, 4), "any", seed=4)
    y = make(dtype, (4,), "nonzero", seed=5)
    q, r = mx.divmod(to_mx(x, dtype), to_mx(y, dtype))
    if dtype in FLOATS:
        eq, er = np.divmod(wide(x), wide(y))
    else:
        eq, er = np.divmod(x, y)
    check(q, eq, dtype)
    check(r, er, dtype)


@pytest.mark.parametrize("dtype", WITH_COMPLEX)
@pytest.mark.parametrize("layout", ["same", "broadcast", "transposed"])
def test_where(dtype, layout):
    c = make("bool_", (3, 4), seed=6)
    x = make(dtype, (3, 4) if layout != "broadcast" else (1, 4), seed=7)
    y = make(dtype, (3, 4) if layout != "broadcast" else (3, 1), seed=8)
    cm, xm, ym = mx.array(c), to_mx(x, dtype), to_mx(y, dtype)
    if layout == "transposed":
        cm, xm = mx.transpose(mx.array(c.T.copy())), mx.transpose(to_mx(x.T.copy(), dtype))
    check(mx.where(cm, xm, ym), np.where(c, x, y), dtype)
