// Docstrings: array methods (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> array_method_entries() {
  return {
      {"array.abs", R"(See :func:`abs`.

Returns:
    array: The absolute values.)"},
      {"array.conj", R"(See :func:`conj`.

Returns:
    array: The complex conjugate.)"},
      {"array.cos", R"(See :func:`cos`.

Returns:
    array: The cosine.)"},
      {"array.sin", R"(See :func:`sin`.

Returns:
    array: The sine.)"},
      {"array.exp", R"(See :func:`exp`.

Returns:
    array: The exponential.)"},
      {"array.log", R"(See :func:`log`.

Returns:
    array: The natural logarithm.)"},
      {"array.log2", R"(See :func:`log2`.

Returns:
    array: The base-2 logarithm.)"},
      {"array.log10", R"(See :func:`log10`.

Returns:
    array: The base-10 logarithm.)"},
      {"array.log1p", R"(See :func:`log1p`.

Returns:
    array: ``log(1 + self)``.)"},
      {"array.reciprocal", R"(See :func:`reciprocal`.

Returns:
    array: ``1 / self``.)"},
      {"array.rsqrt", R"(See :func:`rsqrt`.

Returns:
    array: ``1 / sqrt(self)``.)"},
      {"array.sqrt", R"(See :func:`sqrt`.

Returns:
    array: The square root.)"},
      {"array.square", R"(See :func:`square`.

Returns:
    array: ``self * self``.)"},
      {"array.sum", R"(See :func:`sum`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The sums.)"},
      {"array.prod", R"(See :func:`prod`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The products.)"},
      {"array.max", R"(See :func:`max`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The maxima.)"},
      {"array.min", R"(See :func:`min`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The minima.)"},
      {"array.mean", R"(See :func:`mean`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The means.)"},
      {"array.all", R"(See :func:`all`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: A boolean array: whether every element is true.)"},
      {"array.any", R"(See :func:`any`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: A boolean array: whether any element is true.)"},
      {"array.logsumexp", R"(See :func:`logsumexp`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: ``log(sum(exp(self), axis))``.)"},
      {"array.var", R"(See :func:`var`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.
    ddof (int, optional): Delta degrees of freedom: the divisor is ``N - ddof``.
        Default: ``0``.
    correction (int, optional): The array-API name of ``ddof``; overrides it
        when given. Default: ``None``.

Returns:
    array: The variances.)"},
      {"array.std", R"(See :func:`std`.

Args:
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.
    ddof (int, optional): Delta degrees of freedom: the divisor is ``N - ddof``.
        Default: ``0``.
    correction (int, optional): The array-API name of ``ddof``; overrides it
        when given. Default: ``None``.

Returns:
    array: The standard deviations.)"},
      {"array.argmax", R"(See :func:`argmax`.

Args:
    axis (int, optional): The axis to reduce along. Default: ``None`` (the
        flattened array).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The ``uint32`` indices.)"},
      {"array.argmin", R"(See :func:`argmin`.

Args:
    axis (int, optional): The axis to reduce along. Default: ``None`` (the
        flattened array).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The ``uint32`` indices.)"},
      {"array.cumsum", R"(See :func:`cumsum`.

Args:
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one. Default: ``True``.

Returns:
    array: The running results.)"},
      {"array.cumprod", R"(See :func:`cumprod`.

Args:
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one. Default: ``True``.

Returns:
    array: The running results.)"},
      {"array.cummax", R"(See :func:`cummax`.

Args:
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one. Default: ``True``.

Returns:
    array: The running results.)"},
      {"array.cummin", R"(See :func:`cummin`.

Args:
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one. Default: ``True``.

Returns:
    array: The running results.)"},
      {"array.logcumsumexp", R"(See :func:`logcumsumexp`.

Args:
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one. Default: ``True``.

Returns:
    array: The running results.)"},
      {"array.round", R"(See :func:`round`.

Args:
    decimals (int, optional): Number of decimal places; may be negative.
        Default: ``0``.

Returns:
    array: The rounded array.)"},
      {"array.astype", R"(Convert the array to another dtype.

Args:
    dtype (Dtype): The dtype to convert to.

Returns:
    array: The converted array (``self`` itself is unchanged).)"},
      {"array.view", R"(See :func:`view`.

Args:
    dtype (Dtype): The new dtype.

Returns:
    array: The reinterpreted array.)"},
      {"array.diag", R"(See :func:`diag`.

Args:
    k (int, optional): The diagonal offset; positive is above the main diagonal.
        Default: ``0``.

Returns:
    array: The diagonal (1-D) or the square matrix (2-D).)"},
      {"array.diagonal", R"(See :func:`diagonal`.

Args:
    offset (int, optional): The diagonal offset. Default: ``0``.
    axis1 (int, optional): The first axis of the 2-D planes. Default: ``0``.
    axis2 (int, optional): The second axis of the 2-D planes. Default: ``1``.

Returns:
    array: The diagonals, as the new last axis.)"},
      {"array.flatten", R"(See :func:`flatten`.

Args:
    start_axis (int, optional): The first axis to flatten. Default: ``0``.
    end_axis (int, optional): The last axis to flatten (included). Default:
        ``-1``.

Returns:
    array: The array with the axes merged.)"},
      {"array.moveaxis", R"(See :func:`moveaxis`.

Args:
    source (int): The axis to move.
    destination (int): Its position in the output.

Returns:
    array: The array with the axis moved.)"},
      {"array.swapaxes", R"(See :func:`swapaxes`.

Args:
    axis1 (int): The first axis.
    axis2 (int): The second axis.

Returns:
    array: The array with the two axes swapped.)"},
      {"array.squeeze", R"(See :func:`squeeze`.

Args:
    axis (int or list(int), optional): The axes of size 1 to remove. Default:
        ``None`` (every axis of size 1).

Returns:
    array: The squeezed array.)"},
      {"array.split", R"(See :func:`split`.

Args:
    indices_or_sections (int or list(int)): The number of equal parts, or the
        indices at which to split.
    axis (int, optional): The axis to split. Default: ``0``.

Returns:
    list(array): The parts.)"},
      {"array.reshape", R"(Reshape the array; see :func:`reshape`.

Args:
    *shape (int or tuple(int)): The new shape, as one tuple or as separate ints
        (``a.reshape(2, 3)``); one entry may be ``-1``.

Returns:
    array: The reshaped array.)"},
      {"array.transpose", R"(Permute the axes of the array; see :func:`transpose`.

Args:
    *axes (int or tuple(int)): The permutation, as one tuple or as separate
        ints; none reverses the axes.

Returns:
    array: The transposed view.)"},
      {"array.item", R"(The value of a one-element array as a Python scalar.

Returns:
    bool, int, float or complex: The value; ``ValueError`` is raised when the
        array has more than one element.)"},
      {"array.tolist", R"(Convert the array to a nested Python list.

Returns:
    list or scalar: Nested lists of Python scalars (a scalar for a 0-d array).)"},
  };
}

} // namespace mxpy::docs
