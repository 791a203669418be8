// Docstrings: reductions, scans and sorting (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> reduce_entries() {
  return {
      {"sum", R"(Sum the elements over the given axes.

Booleans and integers narrower than 32 bits are summed as ``int32`` (``uint32``
for unsigned); an empty reduction gives 0.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The sums.)"},
      {"prod", R"(Multiply the elements over the given axes.

Booleans and integers narrower than 32 bits are multiplied as ``int32``
(``uint32`` for unsigned); an empty reduction gives 1.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The products.)"},
      {"max", R"(The maximum over the given axes.

Raises ``ValueError`` for an empty reduction. NaNs propagate.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The maxima, of the dtype of ``a``.)"},
      {"min", R"(The minimum over the given axes.

Raises ``ValueError`` for an empty reduction. NaNs propagate.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The minima, of the dtype of ``a``.)"},
      {"all", R"(Whether every element over the given axes is true (non-zero).

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: A boolean array.)"},
      {"any", R"(Whether any element over the given axes is true (non-zero).

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: A boolean array.)"},
      {"mean", R"(The arithmetic mean over the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The means (``float32`` for integer inputs).)"},
      {"var", R"(The variance over the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.
    ddof (int, optional): Delta degrees of freedom: the divisor is ``N - ddof``.
        Default: ``0``.
    correction (int, optional): The array-API name of ``ddof``; overrides it
        when given. Default: ``None``.

Returns:
    array: The variances (``float32`` for integer inputs).)"},
      {"std", R"(The standard deviation over the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.
    ddof (int, optional): Delta degrees of freedom: the divisor is ``N - ddof``.
        Default: ``0``.
    correction (int, optional): The array-API name of ``ddof``; overrides it
        when given. Default: ``None``.

Returns:
    array: The standard deviations (``float32`` for integer inputs).)"},
      {"logsumexp", R"(The log of the sum of exponentials over the given axes, computed stably.

The maximum is subtracted before exponentiating, so large inputs do not
overflow.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: ``log(sum(exp(a), axis))``.)"},
      {"median", R"(The median over the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The medians; an even count averages the two middle values. NaN if a
        NaN is present.)"},
      {"minmax", R"(The minimum and the maximum over the given axes in one call.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    tuple(array, array): ``(min, max)``.)"},
      {"count_nonzero", R"(Count the non-zero elements over the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to reduce over. Default:
        ``None`` (every axis).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The counts, as ``int32``.)"},
      {"argmax", R"(The indices of the maximum values along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to reduce along. Default: ``None`` (the
        flattened array).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The indices, as ``uint32``; the first occurrence wins on ties.)"},
      {"argmin", R"(The indices of the minimum values along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to reduce along. Default: ``None`` (the
        flattened array).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The indices, as ``uint32``; the first occurrence wins on ties.)"},
      {"cumsum", R"(The cumulative sum along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one, starting with the identity. Default: ``True``.
    dtype (Dtype, optional): The accumulation and output dtype. Default: the
        dtype of ``a`` (``int32`` for booleans).

Returns:
    array: The running sums, of the shape of ``a`` (1-D when ``axis`` is
        ``None``).)"},
      {"cumprod", R"(The cumulative product along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one, starting with the identity. Default: ``True``.
    dtype (Dtype, optional): The accumulation and output dtype. Default: the
        dtype of ``a``.

Returns:
    array: The running products, of the shape of ``a`` (1-D when ``axis`` is
        ``None``).)"},
      {"cummax", R"(The cumulative maximum along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one, starting with the identity. Default: ``True``.
    dtype (Dtype, optional): The accumulation and output dtype. Default: the
        dtype of ``a``.

Returns:
    array: The running maximums, of the shape of ``a`` (1-D when ``axis`` is
        ``None``).)"},
      {"cummin", R"(The cumulative minimum along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one, starting with the identity. Default: ``True``.
    dtype (Dtype, optional): The accumulation and output dtype. Default: the
        dtype of ``a``.

Returns:
    array: The running minimums, of the shape of ``a`` (1-D when ``axis`` is
        ``None``).)"},
      {"logcumsumexp", R"(The cumulative log-sum-exp along an axis.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).
    reverse (bool, optional): Scan from the end of the axis towards its start.
        Default: ``False``.
    inclusive (bool, optional): Include the element at each position; ``False``
        shifts the scan by one, starting with the identity. Default: ``True``.
    dtype (Dtype, optional): The accumulation and output dtype. Default: the
        dtype of ``a``.

Returns:
    array: The running log-sum-exps, of the shape of ``a`` (1-D when ``axis`` is
        ``None``).)"},
      {"cumulative_sum", R"(The array-API name of :func:`cumsum`.

Keyword arguments (``reverse``, ``inclusive``, ``dtype``, ``stream``) are passed
on to :func:`cumsum`.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).

Returns:
    array: The result of :func:`cumsum`.)"},
      {"cumulative_prod", R"(The array-API name of :func:`cumprod`.

Keyword arguments (``reverse``, ``inclusive``, ``dtype``, ``stream``) are passed
on to :func:`cumprod`.

Args:
    a (array): The input array.
    axis (int, optional): The axis to scan along. Default: ``None`` (the
        flattened array).

Returns:
    array: The result of :func:`cumprod`.)"},
      {"softmax", R"(The softmax along the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axis or axes to normalize over.
        Default: ``None`` (every axis).
    precise (bool, optional): Accumulate half-precision inputs in ``float32``.
        Default: ``False``.

Returns:
    array: ``exp(a) / sum(exp(a), axis)``, computed stably.)"},
      {"sort", R"(A sorted copy of the array.

Args:
    a (array): The input array.
    axis (int or None, optional): The axis to sort along; ``None`` sorts the
        flattened array. Default: ``-1``.

Returns:
    array: The sorted values; NaNs are placed last.)"},
      {"argsort", R"(The indices that sort the array.

Args:
    a (array): The input array.
    axis (int or None, optional): The axis to sort along; ``None`` sorts the
        flattened array. Default: ``-1``.

Returns:
    array: The indices, as ``uint32``. The sort is stable.)"},
      {"partition", R"(A partially sorted copy of the array.

Args:
    a (array): The input array.
    kth (int): The position whose element ends up where a full sort would put
        it; smaller elements come before it and larger after, in no given order.
        Negative values count from the end.
    axis (int or None, optional): The axis to partition along; ``None`` uses the
        flattened array. Default: ``-1``.

Returns:
    array: The partitioned values.)"},
      {"argpartition", R"(The indices that partially sort the array.

Args:
    a (array): The input array.
    kth (int): The position whose element ends up where a full sort would put
        it; smaller elements come before it and larger after, in no given order.
        Negative values count from the end.
    axis (int or None, optional): The axis to partition along; ``None`` uses the
        flattened array. Default: ``-1``.

Returns:
    array: The indices, as ``uint32``.)"},
      {"topk", R"(The ``k`` largest elements along an axis, in no particular order.

Args:
    a (array): The input array.
    k (int): How many elements to keep; at most the size of ``axis``.
    axis (int or None, optional): The axis to select along; ``None`` uses the
        flattened array. Default: ``-1``.

Returns:
    array: The ``k`` largest values along ``axis``.)"},
  };
}

} // namespace mxpy::docs
