// Docstrings: linear algebra, matrix products and quantization (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> linalg_entries() {
  return {
      {"matmul", R"(Matrix product of two arrays.

Follows NumPy: a 1-D first operand is treated as a row vector and a 1-D second
operand as a column vector (the added axis is removed from the result);
dimensions before the last two broadcast as batch dimensions. The inputs are
promoted to a common dtype, which must be a floating point type (``ValueError``
otherwise).

Args:
    a (array): The left operand.
    b (array): The right operand.

Returns:
    array: The matrix product ``a @ b``.)"},
      {"addmm", R"(Matrix product with a scaled addition: ``alpha * (a @ b) + beta * c``.

Args:
    c (array): The addend; it broadcasts to the shape of ``a @ b``.
    a (array): The left operand of the product.
    b (array): The right operand of the product.
    alpha (float, optional): The scale of the product. Default: ``1.0``.
    beta (float, optional): The scale of ``c``. Default: ``1.0``.

Returns:
    array: The result.)"},
      {"inner", R"(Inner product of two arrays.

For 1-D inputs the ordinary inner product of vectors; in higher dimensions a sum
product over the last axes.

Args:
    a (array): The input array.
    b (array): The second input array.

Returns:
    array: The inner product, of shape ``a.shape[:-1] + b.shape[:-1]``.)"},
      {"outer", R"(Outer product of two vectors.

Inputs of more than one dimension are flattened first.

Args:
    a (array): The input array.
    b (array): The second input array.

Returns:
    array: An ``(a.size, b.size)`` array with ``out[i, j] = a[i] * b[j]``.)"},
      {"kron", R"(Kronecker product of two arrays.

Args:
    a (array): The input array.
    b (array): The second input array.

Returns:
    array: The Kronecker product: blocks ``a[i, j] * b``.)"},
      {"tensordot", R"(Tensor dot product along the given axes.

Args:
    a (array): The input array.
    b (array): The second input array.
    axes (int or list(list(int)), optional): An int ``n`` sums over the last
        ``n`` axes of ``a`` and the first ``n`` of ``b``; a pair of lists names
        the axes of each. Default: ``2``.

Returns:
    array: The tensor dot product.)"},
      {"vecdot", R"(Vector dot product ``sum(conj(a) * b)`` along an axis.

The inputs broadcast against each other.

Args:
    a (array): The input array.
    b (array): The second input array.
    axis (int, optional): The axis holding the vectors. Default: ``-1``.

Returns:
    array: The dot products, with ``axis`` removed.)"},
      {"einsum", R"(Einstein summation over the operands.

Each operand gets a comma-separated group of subscript letters; repeated letters
are multiplied along and letters missing from the output (after ``->``) are
summed over. Without ``->`` the output has the letters used once, in
alphabetical order. ``...`` stands for broadcast dimensions.

Args:
    subscripts (str): The subscripts, for example ``"ij,jk->ik"``.
    *operands (array): The input arrays.

Returns:
    array: The result.)"},
      {"linalg.norm", R"(Matrix or vector norm.

``mx.matrix_norm`` is the same function.

Args:
    a (array): The input array.
    ord (int, float or str, optional): The order: for vectors any number
        (``inf``, ``-inf``, ``0``, ...); for matrices ``"fro"``, ``"nuc"``,
        ``1``, ``-1``, ``2``, ``-2``, ``inf`` or ``-inf``. Default: ``None``
        (2-norm of vectors, Frobenius norm of matrices).
    axis (int or list(int), optional): One axis (vector norm) or two axes
        (matrix norm). Default: ``None`` (the whole array: flattened, or as a
        matrix when it is 2-D and ``ord`` is given).
    keepdims (bool, optional): Keep the reduced axes as dimensions of size 1.
        Default: ``False``.

Returns:
    array: The norm(s), with the reduced axes removed unless ``keepdims``.)"},
      {"linalg.inv", R"(The inverse of a square matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    array: The inverse; a singular matrix raises RuntimeError when the result is
        evaluated.)"},
      {"linalg.tri_inv", R"(The inverse of a triangular square matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    upper (bool, optional): Whether ``a`` is upper triangular (else lower).
        Default: ``False``.

Returns:
    array: The inverse, triangular like ``a``.)"},
      {"linalg.pinv", R"(The Moore-Penrose pseudo-inverse of a matrix.

Computed from the SVD on the CPU; ``a`` need not be square.

Args:
    a (array): The input matrix (or batch), of shape ``(..., M, N)``.

Returns:
    array: The pseudo-inverse, of shape ``(..., N, M)``.)"},
      {"linalg.det", R"(The determinant of a square matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    array: The determinants, one per matrix.)"},
      {"linalg.slogdet", R"(The sign and the log of the absolute determinant of a square matrix.

``det = sign * exp(logabsdet)``; stable where the determinant itself would
overflow or underflow. Computed on the CPU with ``float32`` (or ``float64``)
inputs; leading dimensions are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    tuple(array, array): ``(sign, logabsdet)``; a singular matrix gives ``sign
        == 0`` and ``logabsdet == -inf``.)"},
      {"linalg.cholesky", R"(The Cholesky factor of a symmetric positive definite matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions. Only the triangle named by ``upper`` is read.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    upper (bool, optional): Return the upper factor ``U`` (``a = U.T @ U``)
        instead of the lower ``L`` (``a = L @ L.T``). Default: ``False``.

Returns:
    array: The triangular factor.)"},
      {"linalg.cholesky_inv", R"(The inverse of a matrix from its Cholesky factor.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The triangular Cholesky factor of the matrix.
    upper (bool, optional): Whether ``a`` is the upper factor (else the lower).
        Default: ``False``.

Returns:
    array: The inverse of the matrix that ``a`` factors.)"},
      {"linalg.qr", R"(The QR factorization of a matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch), of shape ``(..., M, N)``.

Returns:
    tuple(array, array): ``(Q, R)`` with ``Q`` orthonormal and ``R`` upper
        triangular (reduced: ``K = min(M, N)`` columns of ``Q``).)"},
      {"linalg.svd", R"(The singular value decomposition of a matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch), of shape ``(..., M, N)``.
    compute_uv (bool, optional): Also return the singular vectors. Default:
        ``True``.

Returns:
    tuple(array, array, array) or array: ``(U, S, Vt)`` with ``a = U @ diag(S) @
        Vt``, or only ``S`` (descending) when ``compute_uv`` is ``False``.)"},
      {"linalg.eig", R"(Eigenvalues and right eigenvectors of a general square matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    tuple(array, array): ``(values, vectors)``, ``complex64``; column ``i`` of
        ``vectors`` belongs to ``values[i]``.)"},
      {"linalg.eigvals", R"(Eigenvalues of a general square matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    array: The eigenvalues, ``complex64``.)"},
      {"linalg.eigh", R"(Eigenvalues and eigenvectors of a real symmetric matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    UPLO (str, optional): ``'L'`` reads the lower triangle of ``a``, ``'U'`` the
        upper. Default: ``'L'``.

Returns:
    tuple(array, array): ``(values, vectors)``: the eigenvalues in ascending
        order and the eigenvectors as columns.)"},
      {"linalg.eigvalsh", R"(Eigenvalues of a real symmetric matrix.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    UPLO (str, optional): ``'L'`` reads the lower triangle of ``a``, ``'U'`` the
        upper. Default: ``'L'``.

Returns:
    array: The eigenvalues in ascending order.)"},
      {"linalg.lu", R"(The LU factorization of a square matrix with partial pivoting.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    tuple(array, array, array): ``(P, L, U)``: the row permutation ``P`` as
        ``uint32`` indices, ``L`` unit lower triangular and ``U`` upper
        triangular, with ``a == L[P] @ U``.)"},
      {"linalg.lu_factor", R"(The LU factorization of a square matrix in LAPACK's packed form.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.

Returns:
    tuple(array, array): ``(LU, pivots)``: ``L`` (unit diagonal, not stored) and
        ``U`` packed in one matrix, and the ``uint32`` row swaps.)"},
      {"linalg.solve", R"(Solve the linear system ``a @ x = b``.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    b (array): The right-hand side: a vector or a matrix of columns.

Returns:
    array: The solution ``x``.)"},
      {"linalg.solve_triangular", R"(Solve the linear system ``a @ x = b`` for a triangular ``a``.

Computed on the CPU with ``float32`` (or ``float64``) inputs; leading dimensions
are batch dimensions.

Args:
    a (array): The input matrix (or batch of matrices), square in its last two
        axes.
    b (array): The right-hand side.
    upper (bool, optional): Whether ``a`` is upper triangular (else lower).
        Default: ``False``.

Returns:
    array: The solution ``x``.)"},
      {"linalg.cross", R"(The cross product of two arrays of 3-vectors along an axis.

The inputs broadcast against each other.

Args:
    a (array): The input array.
    b (array): The second input array.
    axis (int, optional): The axis holding the vectors; it must have size 3.
        Default: ``-1``.

Returns:
    array: The cross products.)"},
      {"block_masked_mm", R"(Matrix product with blocks masked out.

The operands are tiled in ``block_size x block_size`` blocks; a block mask entry
of ``False`` (or a float factor) zeroes (or scales) that block of the operand or
of the output.

Args:
    a (array): The left operand.
    b (array): The right operand.
    block_size (int, optional): The edge of the square blocks. Default: ``64``.
    mask_out (array, optional): The output block mask, of shape ``(..., M /
        block_size, N / block_size)``. Default: ``None``.
    mask_lhs (array, optional): The block mask of ``a``. Default: ``None``.
    mask_rhs (array, optional): The block mask of ``b``. Default: ``None``.

Returns:
    array: The masked product.)"},
      {"gather_mm", R"(Matrix product with a matrix-level gather.

The matrices of ``a`` and ``b`` picked by ``lhs_indices`` and ``rhs_indices``
(which broadcast together) are multiplied pairwise, as in a mixture of experts.

Args:
    a (array): The left operands, of shape ``(..., M, K)``.
    b (array): The right operands, of shape ``(..., K, N)``.
    lhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``a``. Default: ``None`` (all, in order).
    rhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``w`` (or ``b``). Default: ``None`` (all, in order).
    sorted_indices (bool, optional): A hint that ``rhs_indices`` is sorted.
        Default: ``False``.

Returns:
    array: The products, of shape ``indices.shape + (M, N)``.)"},
      {"segmented_mm", R"(Matrix product over segments of the inner dimension.

Args:
    a (array): The left operand, of shape ``(M, K)``.
    b (array): The right operand, of shape ``(K, N)``.
    segments (array): ``(..., 2)`` integer ``[start, end)`` ranges of the inner
        dimension.

Returns:
    array: ``a[:, start:end] @ b[start:end]`` per segment, of shape ``(..., M,
        N)``.)"},
      {"quantize", R"(Quantize a matrix along its last axis.

Each group of ``group_size`` consecutive elements of the last axis is stored
with ``bits`` bits per element, packed into ``uint32`` words, and one scale
(plus one bias for ``affine``).

Args:
    w (array): The matrix to quantize; its last axis must be divisible by
        ``group_size``.
    group_size (int, optional): The number of elements sharing one scale (and
        bias). Default: ``None`` (64 for ``affine``, 32 for ``mxfp4`` and
        ``mxfp8``).
    bits (int, optional): The bits per element. Default: ``None`` (4 for
        ``affine`` and ``mxfp4``, 8 for ``mxfp8``).
    mode (str, optional): ``'affine'`` (per-group scale and bias; bits 1-6 or 8,
        group size 32, 64 or 128), ``'mxfp4'`` or ``'mxfp8'`` (microscaling
        floats, group size 32) or ``'nvfp4'`` (fp4 values with e4m3 scales,
        group size 16). Default: ``'affine'``.
    global_scale (array, optional): The float32 tensor-level scale of
        ``'nvfp4'`` (the one :func:`quantize` was given). Default: ``None``.
    scales (array): The scales from :func:`quantize`.
    biases (array, optional): The biases from :func:`quantize` (``'affine'``
        only). Default: ``None``.
    transpose (array): Multiply by ``w.T`` (``w`` of shape ``(N, K)``) rather
        than ``w`` (``(K, N)``).

Returns:
    tuple(array, ...): ``(w_q, scales, biases)`` for ``'affine'`` and ``(w_q,
        scales)`` for the microscaling modes.)"},
      {"dequantize", R"(Reconstruct a matrix from its quantized form.

Args:
    w (array): The packed quantized matrix.
    scales (array): The scales from :func:`quantize`.
    biases (array, optional): The biases from :func:`quantize` (``'affine'``
        only). Default: ``None``.
    group_size (int, optional): The number of elements sharing one scale (and
        bias). Default: ``None`` (64 for ``affine``, 32 for ``mxfp4`` and
        ``mxfp8``).
    bits (int, optional): The bits per element. Default: ``None`` (4 for
        ``affine`` and ``mxfp4``, 8 for ``mxfp8``).
    mode (str, optional): ``'affine'`` (per-group scale and bias; bits 1-6 or 8,
        group size 32, 64 or 128), ``'mxfp4'`` or ``'mxfp8'`` (microscaling
        floats, group size 32) or ``'nvfp4'`` (fp4 values with e4m3 scales,
        group size 16). Default: ``'affine'``.
    global_scale (array, optional): The float32 tensor-level scale of
        ``'nvfp4'`` (the one :func:`quantize` was given). Default: ``None``.
    dtype (Dtype, optional): The output dtype. Default: ``None`` (the dtype of
        ``scales``, ``bfloat16`` for the microscaling modes).
    transpose (array): Multiply by ``w.T`` (``w`` of shape ``(N, K)``) rather
        than ``w`` (``(K, N)``).

Returns:
    array: The dequantized matrix.)"},
      {"quantized_matmul", R"(Matrix product with a quantized matrix.

Computes ``x @ dequantize(w).T`` (or without the transpose) without
materializing the dequantized matrix.

Args:
    x (array): The input.
    w (array): The packed quantized matrix.
    scales (array): The scales from :func:`quantize`.
    biases (array, optional): The biases from :func:`quantize` (``'affine'``
        only). Default: ``None``.
    transpose (bool, optional): Multiply by ``w.T`` (``w`` of shape ``(N, K)``)
        rather than ``w`` (``(K, N)``). Default: ``True``.
    group_size (int, optional): The number of elements sharing one scale (and
        bias). Default: ``None`` (64 for ``affine``, 32 for ``mxfp4`` and
        ``mxfp8``).
    bits (int, optional): The bits per element. Default: ``None`` (4 for
        ``affine`` and ``mxfp4``, 8 for ``mxfp8``).
    mode (str, optional): ``'affine'`` (per-group scale and bias; bits 1-6 or 8,
        group size 32, 64 or 128), ``'mxfp4'`` or ``'mxfp8'`` (microscaling
        floats, group size 32) or ``'nvfp4'`` (fp4 values with e4m3 scales,
        group size 16). Default: ``'affine'``.
    global_scale (array, optional): The float32 tensor-level scale of
        ``'nvfp4'`` (the one :func:`quantize` was given). Default: ``None``.

Returns:
    array: The product.)"},
      {"gather_qmm", R"(Quantized matrix product with a matrix-level gather: the quantized :func:`gather_mm`.

Args:
    x (array): The inputs, of shape ``(..., M, K)``.
    w (array): The packed quantized matrices.
    scales (array): The scales from :func:`quantize`.
    biases (array, optional): The biases from :func:`quantize` (``'affine'``
        only). Default: ``None``.
    lhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``a``. Default: ``None`` (all, in order).
    rhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``w`` (or ``b``). Default: ``None`` (all, in order).
    transpose (bool, optional): Multiply by ``w.T`` (``w`` of shape ``(N, K)``)
        rather than ``w`` (``(K, N)``). Default: ``True``.
    group_size (int, optional): The number of elements sharing one scale (and
        bias). Default: ``None`` (64 for ``affine``, 32 for ``mxfp4`` and
        ``mxfp8``).
    bits (int, optional): The bits per element. Default: ``None`` (4 for
        ``affine`` and ``mxfp4``, 8 for ``mxfp8``).
    mode (str, optional): ``'affine'`` (per-group scale and bias; bits 1-6 or 8,
        group size 32, 64 or 128), ``'mxfp4'`` or ``'mxfp8'`` (microscaling
        floats, group size 32) or ``'nvfp4'`` (fp4 values with e4m3 scales,
        group size 16). Default: ``'affine'``.
    global_scale (array, optional): The float32 tensor-level scale of
        ``'nvfp4'`` (the one :func:`quantize` was given). Default: ``None``.
    sorted_indices (bool, optional): A hint that ``rhs_indices`` is sorted.
        Default: ``False``.

Returns:
    array: The products.)"},
      {"qqmm", R"(Matrix product ``x @ w.T`` with both operands quantized.

``x`` is quantized on the fly; ``w`` is either already quantized (packed
``uint32`` with ``scales`` from :func:`quantize`) or quantized on the fly.
The result equals dequantizing both operands and multiplying.

Args:
    x (array): The left operand, of shape ``(..., M, K)``.
    w (array): The right operand: packed quantized ``(N, K * bits / 32)`` with
        ``scales``, or a float ``(N, K)`` array.
    scales (array, optional): The scales of a packed ``w``. Default: ``None``.
    group_size (int, optional): Elements sharing one scale. Default: ``None``
        (16 for ``'nvfp4'``, 32 for ``'mxfp4'`` and ``'mxfp8'``).
    bits (int, optional): Bits per element. Default: ``None`` (the mode's).
    mode (str, optional): ``'nvfp4'``, ``'mxfp8'`` or ``'mxfp4'``
        (``'affine'`` raises ``ValueError``). Default: ``'nvfp4'``.
    global_scale_x (array, optional): The ``'nvfp4'`` tensor scale of ``x``.
        Default: ``None``.
    global_scale_w (array, optional): The ``'nvfp4'`` tensor scale of ``w``.
        Default: ``None``.

Returns:
    array: The product, of shape ``(..., M, N)``.)"},
      {"gather_qqmm", R"(:func:`qqmm` with a matrix-level gather, as :func:`gather_mm`.

Args:
    x (array): The left operands, of shape ``(..., M, K)``.
    w (array): The right operands (packed quantized with ``scales``, or float).
    scales (array, optional): The scales of a packed ``w``. Default: ``None``.
    lhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``x``. Default: ``None`` (all, in order).
    rhs_indices (array, optional): Indices into the flattened batch dimensions
        of ``w``. Default: ``None`` (all, in order).
    group_size (int, optional): Elements sharing one scale. Default: ``None``
        (the mode's).
    bits (int, optional): Bits per element. Default: ``None`` (the mode's).
    mode (str, optional): ``'nvfp4'``, ``'mxfp8'`` or ``'mxfp4'``.
        Default: ``'nvfp4'``.
    global_scale_x (array, optional): The ``'nvfp4'`` tensor scale of ``x``.
        Default: ``None``.
    global_scale_w (array, optional): The ``'nvfp4'`` tensor scale of ``w``.
        Default: ``None``.
    sorted_indices (bool, optional): A hint that ``rhs_indices`` is sorted.
        Default: ``False``.

Returns:
    array: The gathered products.)"},
  };
}

} // namespace mxpy::docs
