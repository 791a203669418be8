// Docstrings: binary elementwise ops, comparisons, logical and bitwise ops,
// where/clip/round/nan_to_num (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> binary_entries() {
  return {
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
