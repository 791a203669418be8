// Docstrings: elementwise ops (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> elementwise_entries() {
  return {
      {"abs", R"(Element-wise absolute value.

Args:
    a (array): The input array.

Returns:
    array: The absolute value of ``a``, of the same dtype (the magnitude, as a
        real dtype, for complex inputs).)"},
      {"arccos", R"(Element-wise inverse cosine.

Integer and boolean inputs are computed in ``float32``. ``acos`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse cosine of ``a`` for ``a`` in ``[-1, 1]`` (NaN outside the
        domain).)"},
      {"arcsin", R"(Element-wise inverse sine.

Integer and boolean inputs are computed in ``float32``. ``asin`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse sine of ``a`` for ``a`` in ``[-1, 1]`` (NaN outside the
        domain).)"},
      {"arctan", R"(Element-wise inverse tangent.

Integer and boolean inputs are computed in ``float32``. ``atan`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse tangent of ``a``.)"},
      {"arccosh", R"(Element-wise inverse hyperbolic cosine.

Integer and boolean inputs are computed in ``float32``. ``acosh`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse hyperbolic cosine of ``a`` for ``a >= 1`` (NaN outside
        the domain).)"},
      {"arcsinh", R"(Element-wise inverse hyperbolic sine.

Integer and boolean inputs are computed in ``float32``. ``asinh`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse hyperbolic sine of ``a``.)"},
      {"arctanh", R"(Element-wise inverse hyperbolic tangent.

Integer and boolean inputs are computed in ``float32``. ``atanh`` is the same
function.

Args:
    a (array): The input array.

Returns:
    array: The inverse hyperbolic tangent of ``a`` for ``a`` in ``(-1, 1)`` (NaN
        outside the domain).)"},
      {"cos", R"(Element-wise cosine (angles in radians).

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The cosine of ``a``.)"},
      {"sin", R"(Element-wise sine (angles in radians).

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The sine of ``a``.)"},
      {"tan", R"(Element-wise tangent (angles in radians).

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The tangent of ``a``.)"},
      {"cosh", R"(Element-wise hyperbolic cosine.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The hyperbolic cosine of ``a``.)"},
      {"sinh", R"(Element-wise hyperbolic sine.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The hyperbolic sine of ``a``.)"},
      {"tanh", R"(Element-wise hyperbolic tangent.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The hyperbolic tangent of ``a``.)"},
      {"ceil", R"(Element-wise ceiling: the smallest integer not less than each element.

Args:
    a (array): The input array.

Returns:
    array: The ceiling of ``a`` (integer inputs are returned unchanged).)"},
      {"floor", R"(Element-wise floor: the largest integer not greater than each element.

Args:
    a (array): The input array.

Returns:
    array: The floor of ``a`` (integer inputs are returned unchanged).)"},
      {"trunc", R"(Element-wise truncation towards zero.

Args:
    a (array): The input array.

Returns:
    array: ``a`` with its fractional part removed.)"},
      {"conj", R"(Element-wise complex conjugate.

``conj`` and ``conjugate`` are the same function.

Args:
    a (array): The input array.

Returns:
    array: The conjugate of ``a``; real inputs are returned unchanged.)"},
      {"conjugate", R"(Element-wise complex conjugate.

``conj`` and ``conjugate`` are the same function.

Args:
    a (array): The input array.

Returns:
    array: The conjugate of ``a``; real inputs are returned unchanged.)"},
      {"real", R"(The real part of a complex array.

Args:
    a (array): The input array.

Returns:
    array: The real part, of the matching real dtype (a real input is returned
        as it is).)"},
      {"imag", R"(The imaginary part of a complex array.

Args:
    a (array): The input array.

Returns:
    array: The imaginary part, of the matching real dtype (zeros for a real
        input).)"},
      {"erf", R"(Element-wise Gauss error function.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``erf(a) = 2 / sqrt(pi) * integral(exp(-t**2), 0, a)``.)"},
      {"erfinv", R"(Element-wise inverse of the error function.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The value ``x`` with ``erf(x) == a`` for ``a`` in ``(-1, 1)``.)"},
      {"exp", R"(Element-wise exponential.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``e ** a``.)"},
      {"expm1", R"(Element-wise ``exp(a) - 1``, accurate for small ``a``.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``exp(a) - 1``.)"},
      {"log", R"(Element-wise natural logarithm.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The natural logarithm of ``a`` (``-inf`` at 0, NaN for negative
        values).)"},
      {"log2", R"(Element-wise base-2 logarithm.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The base-2 logarithm of ``a``.)"},
      {"log10", R"(Element-wise base-10 logarithm.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The base-10 logarithm of ``a``.)"},
      {"log1p", R"(Element-wise ``log(1 + a)``, accurate for small ``a``.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The natural logarithm of ``1 + a``.)"},
      {"isfinite", R"(Element-wise test for finite values (neither infinite nor NaN).

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is finite.)"},
      {"isinf", R"(Element-wise test for positive or negative infinity.

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is ``+inf`` or ``-inf``.)"},
      {"isnan", R"(Element-wise test for NaN (Not a Number).

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is NaN.)"},
      {"isneginf", R"(Element-wise test for negative infinity.

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is ``-inf``.)"},
      {"isposinf", R"(Element-wise test for positive infinity.

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is ``+inf``.)"},
      {"logical_not", R"(Element-wise logical not.

Args:
    a (array): The input array.

Returns:
    array: A boolean array, ``True`` where ``a`` is zero or ``False``.)"},
      {"negative", R"(Element-wise negation.

Raises ``ValueError`` for boolean inputs, as NumPy does.

Args:
    a (array): The input array.

Returns:
    array: ``-a``.)"},
      {"positive", R"(Element-wise unary plus.

Args:
    a (array): The input array.

Returns:
    array: A copy of ``a``.)"},
      {"reciprocal", R"(Element-wise reciprocal.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``1 / a``.)"},
      {"rsqrt", R"(Element-wise reciprocal square root.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``1 / sqrt(a)``.)"},
      {"sqrt", R"(Element-wise square root.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The square root of ``a`` (NaN for negative real values).)"},
      {"square", R"(Element-wise square.

Args:
    a (array): The input array.

Returns:
    array: ``a * a``, of the dtype of ``a``.)"},
      {"sigmoid", R"(Element-wise logistic sigmoid ``1 / (1 + exp(-a))``.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: The sigmoid of ``a``.)"},
      {"sign", R"(Element-wise sign.

Args:
    a (array): The input array.

Returns:
    array: ``-1`` where ``a < 0``, ``0`` where ``a == 0`` and ``1`` where ``a >
        0``, of the dtype of ``a``.)"},
      {"bitwise_invert", R"(Element-wise bitwise not of an integer or boolean array.

Args:
    a (array): The input array.

Returns:
    array: ``~a``, of the dtype of ``a``.)"},
      {"degrees", R"(Convert angles from radians to degrees.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``a * 180 / pi``.)"},
      {"radians", R"(Convert angles from degrees to radians.

Integer and boolean inputs are computed in ``float32``.

Args:
    a (array): The input array.

Returns:
    array: ``a * pi / 180``.)"},
      {"add", R"(Element-wise addition.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The sum ``a + b``.)"},
      {"subtract", R"(Element-wise subtraction.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The difference ``a - b``.)"},
      {"multiply", R"(Element-wise multiplication.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The product ``a * b``.)"},
      {"divide", R"(Element-wise true division.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The quotient ``a / b``; integer inputs give a ``float32`` result.)"},
      {"floor_divide", R"(Element-wise division rounded down.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``floor(a / b)``: integer for integer inputs, rounded float for
        floats.)"},
      {"remainder", R"(Element-wise remainder of floor division.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a - floor(a / b) * b``; the result takes the sign of ``b``, as in
        NumPy.)"},
      {"divmod", R"(Element-wise quotient and remainder of floor division.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    list(array): ``[floor_divide(a, b), remainder(a, b)]``.)"},
      {"power", R"(Element-wise power: ``a`` raised to ``b``.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits). ``pow`` is the same function.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a ** b``.)"},
      {"maximum", R"(Element-wise maximum of two arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The larger of ``a`` and ``b`` at each position (NaN if either is
        NaN).)"},
      {"minimum", R"(Element-wise minimum of two arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The smaller of ``a`` and ``b`` at each position (NaN if either is
        NaN).)"},
      {"logaddexp", R"(Element-wise ``log(exp(a) + exp(b))``, computed stably.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The log of the sum of exponentials.)"},
      {"arctan2", R"(Element-wise inverse tangent of ``a / b`` using the signs of both to pick the quadrant.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits). ``atan2`` is the same function.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: The angle in radians, in ``[-pi, pi]``.)"},
      {"equal", R"(Element-wise equality comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a == b``.)"},
      {"not_equal", R"(Element-wise inequality comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a != b``.)"},
      {"greater", R"(Element-wise greater than comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a > b``.)"},
      {"greater_equal", R"(Element-wise greater than or equal comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a >= b``.)"},
      {"less", R"(Element-wise less than comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a < b``.)"},
      {"less_equal", R"(Element-wise less than or equal comparison.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, ``a <= b``.)"},
      {"logical_and", R"(Element-wise logical and; non-zero values count as ``True``.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, the logical and of ``a`` and ``b``.)"},
      {"logical_or", R"(Element-wise logical or; non-zero values count as ``True``.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, the logical or of ``a`` and ``b``.)"},
      {"logical_xor", R"(Element-wise logical exclusive or; non-zero values count as ``True``.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: A boolean array, the logical exclusive or of ``a`` and ``b``.)"},
      {"bitwise_and", R"(Element-wise bitwise and of integer or boolean arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a & b``.)"},
      {"bitwise_or", R"(Element-wise bitwise or of integer or boolean arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a | b``.)"},
      {"bitwise_xor", R"(Element-wise bitwise xor of integer or boolean arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits).

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a ^ b``.)"},
      {"left_shift", R"(Element-wise left shift of integer arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits). ``bitwise_left_shift`` is the same function.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a << b``.)"},
      {"right_shift", R"(Element-wise right shift of integer arrays.

Both inputs may be arrays or Python scalars; they are broadcast against each
other and promoted to a common dtype (a Python scalar takes the dtype of the
array operand where it fits). ``bitwise_right_shift`` is the same function.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.

Returns:
    array: ``a >> b`` (arithmetic for signed types).)"},
      {"isclose", R"(Element-wise test of whether two arrays are equal within a tolerance.

Positions count as close when ``abs(a - b) <= atol + rtol * abs(b)``; infinities
are close only to the same infinity. The inputs are broadcast.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.
    rtol (float, optional): Relative tolerance. Default: ``1e-05``.
    atol (float, optional): Absolute tolerance. Default: ``1e-08``.
    equal_nan (bool, optional): Whether NaNs in the same position count as
        equal. Default: ``False``.

Returns:
    array: A boolean array.)"},
      {"allclose", R"(Whether two arrays are equal within a tolerance at every position.

The same test as :func:`isclose`, reduced with ``all``.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.
    rtol (float, optional): Relative tolerance. Default: ``1e-05``.
    atol (float, optional): Absolute tolerance. Default: ``1e-08``.
    equal_nan (bool, optional): Whether NaNs in the same position count as
        equal. Default: ``False``.

Returns:
    array: A scalar boolean array.)"},
      {"array_equal", R"(Whether two arrays have the same shape and equal values.

The dtypes need not match: ``array_equal(mx.array([1, 2]), mx.array([1.0,
2.0]))`` is ``True``.

Args:
    a (array or scalar): The first input.
    b (array or scalar): The second input.
    equal_nan (bool, optional): Whether NaNs compare equal. Default: ``False``.

Returns:
    array: A scalar boolean array.)"},
      {"where", R"(Select elements from ``x`` or ``y`` according to ``condition``.

The three inputs are broadcast together; ``x`` and ``y`` are promoted to a
common dtype.

Args:
    condition (array): Where ``True``, take ``x``, otherwise ``y``.
    x (array or scalar): Values where ``condition`` holds.
    y (array or scalar): Values elsewhere.

Returns:
    array: The selected values.)"},
      {"clip", R"(Clip the values of an array to the interval ``[a_min, a_max]``.

Either bound may be ``None`` (no bound on that side), but not both. The bounds
broadcast against ``a``.

Args:
    a (array): The input array.
    a_min (scalar, array or None): The lower bound.
    a_max (scalar, array or None): The upper bound.

Returns:
    array: The clipped array.)"},
      {"round", R"(Round to the given number of decimals.

Halves round to the nearest even value, as in NumPy (``round(2.5) == 2``). With
``decimals >= 0`` integer inputs are returned unchanged.

Args:
    a (array): The input array.
    decimals (int, optional): Number of decimal places; may be negative.
        Default: ``0``.

Returns:
    array: The rounded array, of the dtype of ``a``.)"},
      {"nan_to_num", R"(Replace NaN and infinite values with finite numbers.

Args:
    a (array): The input array.
    nan (float, optional): The value that replaces NaN. Default: ``0.0``.
    posinf (float, optional): The value that replaces ``+inf``. Default: the
        largest finite value of the dtype.
    neginf (float, optional): The value that replaces ``-inf``. Default: the
        lowest finite value of the dtype.

Returns:
    array: ``a`` with the replacements.)"},
  };
}

} // namespace mxpy::docs
