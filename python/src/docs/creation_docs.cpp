// Docstrings: creation (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> creation_entries() {
  return {
      {"zeros", R"(Create an array filled with zeros.

Args:
    shape (int or list(int)): The shape of the output array.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: The array of zeros with the given shape and dtype.)"},
      {"ones", R"(Create an array filled with ones.

Args:
    shape (int or list(int)): The shape of the output array.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: The array of ones with the given shape and dtype.)"},
      {"zeros_like", R"(An array of zeros with the shape of ``a``.

Args:
    a (array): The input array.
    dtype (Dtype, optional): The data type of the output. Default: ``a``'s
        dtype.

Returns:
    array: Zeros with ``a``'s shape.)"},
      {"ones_like", R"(An array of ones with the shape of ``a``.

Args:
    a (array): The input array.
    dtype (Dtype, optional): The data type of the output. Default: ``a``'s
        dtype.

Returns:
    array: Ones with ``a``'s shape.)"},
      {"empty", R"(Create an array of the given shape without meaningful contents.

mxcore always fills the new array with zeros, so its values are defined; code
written for NumPy should not rely on that.

Args:
    shape (int or list(int)): The shape of the output array.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: The new array (zero-filled).)"},
      {"empty_like", R"(An array with the shape of ``a`` and no meaningful contents (zero-filled).

Args:
    a (array): The input array.
    dtype (Dtype, optional): The data type of the output. Default: ``a``'s
        dtype.

Returns:
    array: The new array with ``a``'s shape.)"},
      {"full", R"(Create an array of the given shape filled with ``vals``.

``vals`` is broadcast to ``shape``, so it may be a scalar or any array whose
shape broadcasts to it.

Args:
    shape (int or list(int)): The shape of the output array.
    vals (scalar or array): The fill value(s).
    dtype (Dtype, optional): The data type of the output. Default: the dtype of
        ``vals`` (``int32`` for a Python int, ``float32`` for a float).

Returns:
    array: The filled array.)"},
      {"full_like", R"(An array with the shape of ``a`` filled with ``vals``.

``vals`` is broadcast to the shape of ``a``.

Args:
    a (array): The input array.
    vals (scalar or array): The fill value(s).
    dtype (Dtype, optional): The data type of the output. Default: ``a``'s
        dtype.

Returns:
    array: The filled array with ``a``'s shape.)"},
      {"arange", R"(Evenly spaced values in the half-open interval ``[start, stop)``.

With a single argument it is ``stop`` and ``start`` is ``0``. The number of
values is ``ceil((stop - start) / step)``. The dtype is ``int32`` when every
given bound is an int and ``float32`` otherwise, unless ``dtype`` is given.

Args:
    start (int or float, optional): The first value. Default: ``0``.
    stop (int or float): The end of the interval (excluded).
    step (int or float, optional): The spacing between values. Default: ``1``.
    dtype (Dtype, optional): The data type of the output. Default: inferred from
        the bounds.

Returns:
    array: A 1-D array of the values.)"},
      {"linspace", R"(``num`` evenly spaced values over the interval ``[start, stop]``.

Args:
    start (float): The first value.
    stop (float): The last value (included when ``endpoint`` is ``True``).
    num (int, optional): Number of values. Default: ``50``.
    endpoint (bool, optional): Whether ``stop`` is the last value; if ``False``
        the interval is ``[start, stop)``. Default: ``True``.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: A 1-D array of ``num`` values.)"},
      {"eye", R"(A 2-D array with ones on the ``k``-th diagonal and zeros elsewhere.

Args:
    n (int): Number of rows of the output.
    m (int, optional): Number of columns of the output. Default: ``n``.
    k (int, optional): The diagonal: ``0`` is the main diagonal, positive values
        are above it, negative below. Default: ``0``.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: An ``(n, m)`` array.)"},
      {"identity", R"(The square identity matrix of size ``n``.

Args:
    n (int): The number of rows and columns.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: An ``(n, n)`` array with ones on the main diagonal.)"},
      {"tri", R"(A 2-D array with ones at and below the ``k``-th diagonal and zeros elsewhere.

Args:
    n (int): Number of rows of the output.
    m (int, optional): Number of columns of the output. Default: ``n``.
    k (int, optional): The diagonal: ``0`` is the main diagonal, positive values
        are above it, negative below. Default: ``0``.
    dtype (Dtype, optional): The data type of the output. Default: ``float32``.

Returns:
    array: An ``(n, m)`` lower-triangular array of ones.)"},
      {"asarray", R"(Convert the input to an :class:`array`.

An :class:`array` input is returned as it is when no dtype change or copy is
requested. Python scalars, nested lists and buffer-protocol objects (such as
NumPy arrays) are converted.

Args:
    a (array, scalar, list or buffer): The input.
    dtype (Dtype, optional): The data type of the result. Default: inferred from
        ``a``.
    copy (bool, optional): ``True`` always copies; ``False`` raises
        ``ValueError`` if a copy would be needed; ``None`` copies only when
        needed. Default: ``None``.

Returns:
    array: The converted array.)"},
      {"meshgrid", R"(Coordinate grids built from 1-D coordinate arrays.

Args:
    sparse (bool, optional): If ``True`` each output keeps size 1 along the
        other axes instead of being broadcast. Default: ``False``.
    indexing (str, optional): ``'xy'`` (Cartesian: for inputs of sizes ``n`` and
        ``m`` the grids have shape ``(m, n)``) or ``'ij'`` (matrix indexing:
        shape ``(n, m)``). Default: ``'xy'``.
    *arrays (array): The 1-D coordinate arrays.

Returns:
    tuple(array): One grid per input.)"},
      {"bartlett", R"(The Bartlett window of length ``M``, as NumPy's ``bartlett``.

The window is symmetric: ``w[n] = 1 - |2n / (M - 1) - 1|`` for ``n`` in ``0 ..
M-1``. ``M == 1`` gives ``[1.0]``.

Args:
    M (int): Number of points in the window; ``0`` gives an empty array.

Returns:
    array: A 1-D ``float32`` array of ``M`` values.)"},
      {"blackman", R"(The Blackman window of length ``M``, as NumPy's ``blackman``.

The window is symmetric: ``w[n] = 0.42 - 0.5 cos(2 pi n / (M - 1)) + 0.08 cos(4
pi n / (M - 1))`` for ``n`` in ``0 .. M-1``. ``M == 1`` gives ``[1.0]``.

Args:
    M (int): Number of points in the window; ``0`` gives an empty array.

Returns:
    array: A 1-D ``float32`` array of ``M`` values.)"},
      {"hamming", R"(The Hamming window of length ``M``, as NumPy's ``hamming``.

The window is symmetric: ``w[n] = 0.54 - 0.46 cos(2 pi n / (M - 1))`` for ``n``
in ``0 .. M-1``. ``M == 1`` gives ``[1.0]``.

Args:
    M (int): Number of points in the window; ``0`` gives an empty array.

Returns:
    array: A 1-D ``float32`` array of ``M`` values.)"},
      {"hanning", R"(The Hanning window of length ``M``, as NumPy's ``hanning``.

The window is symmetric: ``w[n] = 0.5 - 0.5 cos(2 pi n / (M - 1))`` for ``n`` in
``0 .. M-1``. ``M == 1`` gives ``[1.0]``.

Args:
    M (int): Number of points in the window; ``0`` gives an empty array.

Returns:
    array: A 1-D ``float32`` array of ``M`` values.)"},
  };
}

} // namespace mxpy::docs
