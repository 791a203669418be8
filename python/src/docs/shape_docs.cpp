// Docstrings: shape manipulation (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> shape_entries() {
  return {
      {"reshape", R"(Reshape an array, keeping its elements and their order.

One entry of ``shape`` may be ``-1``; it is inferred from the size. The result
is a view when the strides allow it and a copy otherwise. Raises ``ValueError``
when the sizes differ.

Args:
    a (array): The input array.
    shape (list(int)): The new shape.

Returns:
    array: The reshaped array.)"},
      {"flatten", R"(Flatten the axes ``start_axis`` through ``end_axis`` into one.

Args:
    a (array): The input array.
    start_axis (int, optional): The first axis to flatten. Default: ``0``.
    end_axis (int, optional): The last axis to flatten (included). Default:
        ``-1``.

Returns:
    array: The array with the axes merged (a 0-d input gives a 1-element 1-D
        array).)"},
      {"unflatten", R"(Split one axis into several, the inverse of :func:`flatten`.

Args:
    a (array): The input array.
    axis (int): The axis to split.
    shape (list(int)): The shape it becomes; one entry may be ``-1``.

Returns:
    array: The array with ``axis`` replaced by ``shape``.)"},
      {"squeeze", R"(Remove axes of size 1.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axes to remove; each must have size 1
        (``ValueError`` otherwise). Default: ``None`` (every axis of size 1).

Returns:
    array: The squeezed array.)"},
      {"expand_dims", R"(Insert axes of size 1.

Args:
    a (array): The input array.
    axis (int or list(int)): The positions of the new axes in the output.

Returns:
    array: The array with the new axes.)"},
      {"transpose", R"(Permute the axes of an array.

Args:
    a (array): The input array.
    axes (list(int), optional): The permutation: output axis ``i`` is input axis
        ``axes[i]``. Default: ``None`` (reverse the axes).

Returns:
    array: The transposed view.)"},
      {"permute_dims", R"(The array-API name of :func:`transpose`.

Args:
    a (array): The input array.
    axes (list(int), optional): The permutation. Default: ``None`` (reverse the
        axes).

Returns:
    array: The transposed view.)"},
      {"matrix_transpose", R"(Swap the last two axes of an array.

The input needs at least two dimensions.

Args:
    a (array): The input array.

Returns:
    array: The array with its last two axes swapped.)"},
      {"swapaxes", R"(Swap two axes of an array.

Args:
    a (array): The input array.
    axis1 (int): The first axis.
    axis2 (int): The second axis.

Returns:
    array: The array with the two axes swapped.)"},
      {"moveaxis", R"(Move one axis to a new position, keeping the order of the others.

Args:
    a (array): The input array.
    source (int): The axis to move.
    destination (int): Its position in the output.

Returns:
    array: The array with the axis moved.)"},
      {"broadcast_to", R"(Broadcast an array to a shape.

Follows NumPy broadcasting: trailing dimensions must match or be 1.

Args:
    a (array or scalar): The input.
    shape (list(int)): The target shape.

Returns:
    array: A broadcast view of ``a``.)"},
      {"broadcast_arrays", R"(Broadcast arrays against one another.

Args:
    *arrays (array): The arrays to broadcast.

Returns:
    list(array): The inputs broadcast to their common shape.)"},
      {"broadcast_shapes", R"(The shape that results from broadcasting shapes together.

Raises ``ValueError`` when the shapes do not broadcast.

Args:
    *shapes (tuple(int)): The shapes.

Returns:
    tuple(int): The broadcast shape.)"},
      {"concatenate", R"(Join arrays along an existing axis.

The inputs are promoted to a common dtype.

Args:
    arrays (list(array)): The arrays; they must agree in every dimension except
        ``axis``.
    axis (int or None, optional): The axis to join along; ``None`` flattens the
        inputs first. Default: ``0``.

Returns:
    array: The joined array.)"},
      {"concat", R"(Join arrays along an existing axis; the same function as :func:`concatenate`.

Args:
    arrays (list(array)): The arrays; they must agree in every dimension except
        ``axis``.
    axis (int or None, optional): The axis to join along; ``None`` flattens the
        inputs first. Default: ``0``.

Returns:
    array: The joined array.)"},
      {"stack", R"(Join arrays of the same shape along a new axis.

Args:
    arrays (list(array)): The arrays, all of the same shape.
    axis (int, optional): The position of the new axis in the output. Default:
        ``0``.

Returns:
    array: The stacked array, one dimension more than the inputs.)"},
      {"unstack", R"(Split an array into the slices along an axis, removing that axis.

Args:
    x (array): The input array.
    axis (int, optional): The axis to split along. Default: ``0``.

Returns:
    tuple(array): One array per index of ``axis``.)"},
      {"split", R"(Split an array into several along an axis.

Args:
    a (array): The input array.
    indices_or_sections (int or list(int)): The number of equal parts (it must
        divide the axis), or the indices at which to split.
    axis (int, optional): The axis to split. Default: ``0``.

Returns:
    list(array): The parts.)"},
      {"atleast_1d", R"(View the inputs as arrays of at least 1 dimension.

Missing axes are added with size 1: ``()`` becomes ``(1,)``.

Args:
    *arys (array): One or more arrays.

Returns:
    array or list(array): The array for a single input, a list for several.)"},
      {"atleast_2d", R"(View the inputs as arrays of at least 2 dimensions.

Missing axes are added with size 1: ``(n,)`` becomes ``(1, n)``.

Args:
    *arys (array): One or more arrays.

Returns:
    array or list(array): The array for a single input, a list for several.)"},
      {"atleast_3d", R"(View the inputs as arrays of at least 3 dimensions.

Missing axes are added with size 1: ``(n,)`` becomes ``(1, n, 1)`` and ``(m,
n)`` becomes ``(m, n, 1)``.

Args:
    *arys (array): One or more arrays.

Returns:
    array or list(array): The array for a single input, a list for several.)"},
      {"as_strided", R"(A view of the elements of ``a`` with the given shape, strides and offset.

Strides and offset count elements, not bytes, into the row-contiguous data of
``a``. A view that reaches outside the data of ``a`` raises ``ValueError``.

Args:
    a (array): The input array.
    shape (list(int), optional): The shape of the view. Default: the shape of
        ``a``.
    strides (list(int), optional): The stride of each axis in elements. Default:
        row-contiguous strides for ``shape``.
    offset (int, optional): The element at which the view starts. Default:
        ``0``.

Returns:
    array: The strided view.)"},
      {"contiguous", R"(A row-contiguous copy of an array.

Args:
    a (array): The input array.
    allow_col_major (bool, optional): Accept a column-major (transposed
        contiguous) array as it is. Default: ``False``.

Returns:
    array: The contiguous array.)"},
      {"repeat", R"(Repeat each element of an array.

Args:
    array (array): The input array.
    repeats (int): How many times each element is repeated.
    axis (int, optional): The axis along which to repeat. Default: ``None`` (the
        flattened array).

Returns:
    array: The array with repeated elements.)"},
      {"tile", R"(Construct an array by repeating ``a`` the number of times given by ``reps``.

Args:
    a (array): The input array.
    reps (int or list(int)): The number of repetitions along each axis; shorter
        of ``a`` and ``reps`` is padded with leading ones.

Returns:
    array: The tiled array.)"},
      {"pad", R"(Pad an array along its axes.

Args:
    a (array): The input array.
    pad_width (int, tuple(int, int) or list(tuple(int, int))): The ``(before,
        after)`` amounts per axis; a single pair or int applies to every axis.
    mode (str, optional): ``'constant'`` (fill with ``constant_values``),
        ``'edge'`` (repeat the edge value), ``'reflect'`` (mirror without the
        edge) or ``'symmetric'`` (mirror with the edge). Default:
        ``'constant'``.
    constant_values (scalar or array, optional): The fill value for
        ``'constant'``. Default: ``0``.

Returns:
    array: The padded array.)"},
      {"roll", R"(Roll the elements of an array along the given axes.

Elements pushed past the end come back at the start.

Args:
    a (array): The input array.
    shift (int or list(int)): How far to roll; one per axis when ``axis`` is a
        list.
    axis (int or list(int), optional): The axes to roll. Default: ``None`` (the
        flattened array, reshaped back).

Returns:
    array: The rolled array.)"},
      {"flip", R"(Reverse the order of elements along the given axes.

Args:
    a (array): The input array.
    axis (int or list(int), optional): The axes to reverse. Default: ``None``
        (every axis).

Returns:
    array: The flipped array.)"},
      {"diag", R"(Extract a diagonal of a 2-D array or build a 2-D array from a diagonal.

Args:
    a (array): A 1-D array (the diagonal to place) or a 2-D array (to read
        from).
    k (int, optional): The diagonal offset; positive is above the main diagonal.
        Default: ``0``.

Returns:
    array: The diagonal (1-D) or the square matrix (2-D).)"},
      {"diagonal", R"(The diagonals of the 2-D planes given by ``axis1`` and ``axis2``.

Args:
    a (array): The input array.
    offset (int, optional): The diagonal offset; positive is above the main
        diagonal. Default: ``0``.
    axis1 (int, optional): The first axis of the 2-D planes. Default: ``0``.
    axis2 (int, optional): The second axis of the 2-D planes. Default: ``1``.

Returns:
    array: The two axes are removed and the diagonal is the new last axis.)"},
      {"trace", R"(The sum along a diagonal of the 2-D planes given by ``axis1`` and ``axis2``.

Args:
    a (array): The input array.
    offset (int, optional): The diagonal offset; positive is above the main
        diagonal. Default: ``0``.
    axis1 (int, optional): The first axis of the 2-D planes. Default: ``0``.
    axis2 (int, optional): The second axis of the 2-D planes. Default: ``1``.
    dtype (Dtype, optional): The dtype of the result. Default: ``None`` (as
        :func:`sum` gives: narrow integers and booleans sum as ``int32``).

Returns:
    array: The diagonal sums.)"},
      {"tril", R"(Zero the elements above the ``k``-th diagonal.

Args:
    x (array): The input array.
    k (int, optional): The diagonal: elements at or below it are kept. Default:
        ``0``.

Returns:
    array: The lower-triangular part of ``x`` (applies to the last two axes).)"},
      {"triu", R"(Zero the elements below the ``k``-th diagonal.

Args:
    x (array): The input array.
    k (int, optional): The diagonal: elements at or above it are kept. Default:
        ``0``.

Returns:
    array: The upper-triangular part of ``x`` (applies to the last two axes).)"},
      {"diff", R"(The ``n``-th discrete difference along an axis.

For boolean inputs the difference is ``not_equal``, as in NumPy.

Args:
    a (array): The input array.
    n (int, optional): How many times to take the difference; ``0`` returns
        ``a``. Default: ``1``.
    axis (int, optional): The axis along which to take it. Default: ``-1``.

Returns:
    array: The differences; ``axis`` is ``n`` shorter.)"},
      {"view", R"(View the bytes of an array as another dtype.

The last axis scales by the ratio of the item sizes (it must divide when the new
type is wider). No values are converted.

Args:
    a (array): The input array.
    dtype (Dtype): The new dtype.

Returns:
    array: The reinterpreted array.)"},
  };
}

} // namespace mxpy::docs
