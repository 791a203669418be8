// Docstrings: indexing, gather and scatter (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> indexing_entries() {
  return {
      {"take", R"(Take elements of an array at the given indices along an axis.

Negative indices count from the end of the axis. The output shape is
``a.shape[:axis] + indices.shape + a.shape[axis+1:]``.

Args:
    a (array): The input array.
    indices (int or array): The integer indices.
    axis (int, optional): The axis to index. Default: ``None`` (index the
        flattened array).

Returns:
    array: The gathered elements.)"},
      {"take_along_axis", R"(Take values along an axis at indices of the same rank.

``indices`` has the rank of ``a`` and broadcasts with it on every axis but
``axis``, as NumPy's ``take_along_axis``; it pairs with :func:`argsort` and
:func:`argpartition`.

Args:
    a (array): The input array.
    indices (array): The integer indices.
    axis (int or None, optional): The axis to index; ``None`` uses the flattened
        array. Default: ``-1``.

Returns:
    array: The gathered values, of the broadcast shape.)"},
      {"put_along_axis", R"(Write values along an axis at indices of the same rank.

The out-of-place counterpart of :func:`take_along_axis`: ``a`` is not modified.

Args:
    a (array): The input array.
    indices (array): The integer indices, of the rank of ``a``.
    values (array or scalar): The values to write, broadcast to the indices.
    axis (int, optional): The axis to index. Default: ``None`` (the flattened
        array).

Returns:
    array: A copy of ``a`` with the values written.)"},
      {"slice", R"(Extract a sub-array that may start at positions known only at run time.

``start_indices`` is an array, so the start can be the result of another
computation; the size is static. Axes not in ``axes`` start at 0.

Args:
    a (array): The input array.
    start_indices (array): The start position on each axis of ``axes``.
    axes (list(int)): The axes that ``start_indices`` refers to.
    slice_size (list(int)): The shape of the result, one size per axis of ``a``.

Returns:
    array: The sub-array.)"},
      {"slice_update", R"(Write ``update`` into ``a`` at positions that may be known only at run time.

Args:
    a (array): The input array.
    update (array): The values to write; its shape is the size of the slice.
    start_indices (array): The start position on each axis of ``axes``.
    axes (list(int)): The axes that ``start_indices`` refers to.

Returns:
    array: A copy of ``a`` with the slice replaced.)"},
      {"masked_scatter", R"(Write consecutive elements of ``value`` at the positions where ``mask`` is true.

The out-of-place form of ``a[mask] = value``: positions are visited in row-major
order and take ``value``'s elements (flattened) in order. ``mask`` broadcasts to
``a``.

Args:
    a (array): The input array.
    mask (array): A boolean mask.
    value (array): The source values; it needs at least as many elements as
        ``mask`` has true entries.

Returns:
    array: A copy of ``a`` with the masked positions replaced.)"},
      {"searchsorted", R"(The indices at which to insert values to keep a sorted array sorted.

Args:
    sorted_sequence (array): A 1-D array sorted in ascending order.
    values (array or scalar): The values to insert.
    side (str, optional): ``'left'`` gives the first suitable index, ``'right'``
        the last. Default: ``'left'``.

Returns:
    array: The insertion indices, as ``uint32``, of the shape of ``values``.)"},
      {"unique", R"(The sorted unique elements of the flattened array, with a static result size.

Because array shapes are static under :func:`compile`, the result has exactly
``size`` entries: extra unique values are dropped and missing ones are padded
with ``fill_value`` (counts of padded entries are 0).

Args:
    a (array): The input array.
    size (int): The number of entries of the result.
    return_index (bool, optional): Also return the index of the first occurrence
        of each unique value. Default: ``False``.
    return_inverse (bool, optional): Also return, for each input element, the
        index of its unique value. Default: ``False``.
    return_counts (bool, optional): Also return how often each unique value
        occurs. Default: ``False``.
    fill_value (scalar, optional): The padding value. Default: ``None`` (the
        smallest unique value).

Returns:
    array or tuple(array): The unique values, followed by the requested index,
        inverse and count arrays.)"},
  };
}

} // namespace mxpy::docs
