// Docstrings: unary elementwise ops (see docstrings.h).
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
  };
}

} // namespace mxpy::docs
