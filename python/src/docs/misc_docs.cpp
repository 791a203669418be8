// Docstrings: dtypes, printing, fp8, Hadamard and convolutions (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> misc_entries() {
  return {
      {"astype", R"(Convert an array to another dtype.

Float to integer conversion truncates towards zero; conversion to ``bool`` tests
for non-zero.

Args:
    a (array): The input array.
    dtype (Dtype): The dtype to convert to.

Returns:
    array: The converted array.)"},
      {"result_type", R"(The dtype that type promotion gives for the inputs.

The same promotion binary ops apply.

Args:
    *arrays_and_dtypes (array or Dtype): The arrays and dtypes to promote.

Returns:
    Dtype: The promoted dtype.)"},
      {"can_cast", R"(Whether ``from_`` can be cast to ``to`` by type promotion.

True when promoting ``from_`` with ``to`` gives ``to``, so no information is
lost in the promotion lattice.

Args:
    from_ (Dtype or array): The source dtype, or an array of it.
    to (Dtype): The target dtype.

Returns:
    bool: Whether the cast is safe.)"},
      {"issubdtype", R"(Whether a dtype or dtype category is a sub-type of another.

Categories are ``mx.number``, ``mx.integer``, ``mx.signedinteger``,
``mx.unsignedinteger``, ``mx.inexact``, ``mx.floating``, ``mx.complexfloating``
and ``mx.generic``.

Args:
    arg1 (Dtype or DtypeCategory): The candidate.
    arg2 (Dtype or DtypeCategory): The dtype or category to test against.

Returns:
    bool: Whether ``arg1`` is ``arg2`` or belongs to it.)"},
      {"isdtype", R"(Whether a dtype belongs to one of the given kinds (the array-API test).

Args:
    dtype (Dtype): The dtype to test.
    kind (Dtype, str or tuple): A dtype, a kind string (``'bool'``, ``'signed
        integer'``, ``'unsigned integer'``, ``'integral'``, ``'real floating'``,
        ``'complex floating'``, ``'numeric'``) or a tuple of them.

Returns:
    bool: Whether ``dtype`` matches any of the kinds.)"},
      {"set_printoptions", R"(Set the precision used when arrays are printed.

Args:
    precision (int, optional): The number of digits after the decimal point;
        ``-1`` restores the default. Default: ``-1``.

Returns:
    None.)"},
      {"get_printoptions", R"(The options used when arrays are printed.

Returns:
    PrintOptions: An object whose ``precision`` attribute is the current
        precision.)"},
      {"printoptions", R"(A context manager that sets print options temporarily.

``with mx.printoptions(precision=2): print(a)``; the previous options are
restored on exit.

Args:
    precision (int, optional): The number of digits after the decimal point;
        ``-1`` restores the default. Default: ``-1``.

Returns:
    context manager: Restores the previous options when the ``with`` block ends.)"},
      {"to_fp8", R"(Convert a floating point array to 8-bit floats (e4m3), stored as ``uint8``.

Values are rounded to the nearest e4m3 value and saturate at its largest finite
magnitude (448).

Args:
    x (array): The input array.

Returns:
    array: The fp8 bit patterns, as ``uint8``.)"},
      {"from_fp8", R"(Convert 8-bit floats (e4m3) stored as ``uint8`` to a floating point dtype.

Args:
    x (array): The fp8 bit patterns, as ``uint8``.
    dtype (Dtype, optional): The output dtype. Default: ``bfloat16``.

Returns:
    array: The decoded values.)"},
      {"hadamard_transform", R"(The Walsh-Hadamard transform along the last axis.

The size ``n`` of the last axis must be ``m * 2**k`` with ``m`` one of 1, 12, 20
or 28.

Args:
    a (array): The input array.
    scale (float, optional): The scale of the result. Default: ``None`` (``1 /
        sqrt(n)``, which makes the transform orthonormal).

Returns:
    array: The transformed array.)"},
      {"conv1d", R"(1D convolution over an input with several channels.

The input is channels-last and the weight is ``(C_out, *kernel, C_in /
groups)``; this is a cross-correlation, as in MLX and PyTorch.

Args:
    input (array): The input, of shape ``(N, L, C_in)``.
    weight (array): The kernel, of shape ``(C_out, K, C_in / groups)``.
    stride (int, optional): The stride. Default: ``1``.
    padding (int, optional): Zero padding on both sides of each spatial axis.
        Default: ``0``.
    dilation (int, optional): The kernel dilation. Default: ``1``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The convolved array, channels-last.)"},
      {"conv_transpose1d", R"(1D transposed convolution over an input with several channels.

The gradient of the matching convolution with respect to its input. The input is
channels-last and the weight is ``(C_out, *kernel, C_in / groups)``.

Args:
    input (array): The input, of shape ``(N, L, C_in)``.
    weight (array): The kernel (laid out as for the forward convolution), of
        shape ``(C_out, K, C_in / groups)``.
    stride (int, optional): The stride. Default: ``1``.
    padding (int, optional): Zero padding on both sides of each spatial axis.
        Default: ``0``.
    dilation (int, optional): The kernel dilation. Default: ``1``.
    output_padding (int, optional): Extra size added to one side of each spatial
        output axis. Default: ``0``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The result, channels-last.)"},
      {"conv2d", R"(2D convolution over an input with several channels.

The input is channels-last and the weight is ``(C_out, *kernel, C_in /
groups)``; this is a cross-correlation, as in MLX and PyTorch.

Args:
    input (array): The input, of shape ``(N, H, W, C_in)``.
    weight (array): The kernel, of shape ``(C_out, KH, KW, C_in / groups)``.
    stride (int or tuple(int), optional): The stride. Default: ``1``.
    padding (int or tuple(int), optional): Zero padding on both sides of each
        spatial axis. Default: ``0``.
    dilation (int or tuple(int), optional): The kernel dilation. Default: ``1``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The convolved array, channels-last.)"},
      {"conv_transpose2d", R"(2D transposed convolution over an input with several channels.

The gradient of the matching convolution with respect to its input. The input is
channels-last and the weight is ``(C_out, *kernel, C_in / groups)``.

Args:
    input (array): The input, of shape ``(N, H, W, C_in)``.
    weight (array): The kernel (laid out as for the forward convolution), of
        shape ``(C_out, KH, KW, C_in / groups)``.
    stride (int or tuple(int), optional): The stride. Default: ``1``.
    padding (int or tuple(int), optional): Zero padding on both sides of each
        spatial axis. Default: ``0``.
    dilation (int or tuple(int), optional): The kernel dilation. Default: ``1``.
    output_padding (int or tuple(int), optional): Extra size added to one side
        of each spatial output axis. Default: ``0``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The result, channels-last.)"},
      {"conv3d", R"(3D convolution over an input with several channels.

The input is channels-last and the weight is ``(C_out, *kernel, C_in /
groups)``; this is a cross-correlation, as in MLX and PyTorch.

Args:
    input (array): The input, of shape ``(N, D, H, W, C_in)``.
    weight (array): The kernel, of shape ``(C_out, KD, KH, KW, C_in / groups)``.
    stride (int or tuple(int), optional): The stride. Default: ``1``.
    padding (int or tuple(int), optional): Zero padding on both sides of each
        spatial axis. Default: ``0``.
    dilation (int or tuple(int), optional): The kernel dilation. Default: ``1``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The convolved array, channels-last.)"},
      {"conv_transpose3d", R"(3D transposed convolution over an input with several channels.

The gradient of the matching convolution with respect to its input. The input is
channels-last and the weight is ``(C_out, *kernel, C_in / groups)``.

Args:
    input (array): The input, of shape ``(N, D, H, W, C_in)``.
    weight (array): The kernel (laid out as for the forward convolution), of
        shape ``(C_out, KD, KH, KW, C_in / groups)``.
    stride (int or tuple(int), optional): The stride. Default: ``1``.
    padding (int or tuple(int), optional): Zero padding on both sides of each
        spatial axis. Default: ``0``.
    dilation (int or tuple(int), optional): The kernel dilation. Default: ``1``.
    output_padding (int or tuple(int), optional): Extra size added to one side
        of each spatial output axis. Default: ``0``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.

Returns:
    array: The result, channels-last.)"},
      {"conv_general", R"(General N-dimensional convolution with strides, padding, kernel and input dilation.

Args:
    input (array): The input, channels-last: ``(N, *spatial, C_in)``.
    weight (array): The kernel, ``(C_out, *kernel, C_in / groups)``.
    stride (int or tuple(int), optional): The stride. Default: ``1``.
    padding (int, list(int) or tuple(list(int), list(int)), optional): Zero
        padding per spatial axis, or separate lists for the low and high sides.
        Default: ``0``.
    kernel_dilation (int or list(int), optional): The kernel dilation. Default:
        ``1``.
    input_dilation (int or list(int), optional): The input dilation (zeros
        inserted between input elements). Default: ``1``.
    groups (int, optional): The number of channel groups; it must divide
        ``C_in`` and ``C_out``. Default: ``1``.
    flip (bool, optional): Flip the kernel, which gives a true convolution
        instead of a cross-correlation. Default: ``False``.

Returns:
    array: The convolved array, channels-last.)"},
      {"convolve", R"(The discrete linear convolution of two 1-D arrays.

As NumPy's ``convolve``; if ``v`` is longer than ``a`` the two are swapped.

Args:
    a (array): The first 1-D input.
    v (array): The second 1-D input.
    mode (str, optional): ``'full'`` (every overlap, ``len(a) + len(v) - 1``
        values), ``'same'`` (``max(len(a), len(v))`` values, centred) or
        ``'valid'`` (complete overlaps only). Default: ``'full'``.

Returns:
    array: The convolution.)"},
  };
}

} // namespace mxpy::docs
