// mlx.core's wider API: the Array-API names, windows, search, unique, the
// Hadamard transform, fp8 conversion, and the extra fast/random functions.
// Most are compositions of the ops in ops.h (so grad, vmap and compile apply
// unchanged); hadamard_transform, searchsorted and the fp8 conversions are
// primitives, as in MLX.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mxcore/ops.h"

namespace mxcore {

// ---------------------------------------------------------------- shapes
// Reverses the order of elements along the axes (duplicates allowed; all axes
// without an argument).
array flip(const array& a, const std::vector<int>& axes, StreamOrDevice s = {});
array flip(const array& a, int axis, StreamOrDevice s = {});
array flip(const array& a, StreamOrDevice s = {});
// The slices of a along axis, with that axis removed.
std::vector<array> unstack(const array& a, int axis = 0, StreamOrDevice s = {});
// Swaps the last two axes (a needs at least two).
array matrix_transpose(const array& a, StreamOrDevice s = {});
// A row-contiguous copy of a; with allow_col_major, arrays of rank <= 1 are
// returned as they are.
array contiguous(const array& a, bool allow_col_major = false, StreamOrDevice s = {});
// The shape all the shapes broadcast to (at least one shape).
Shape broadcast_shapes(const std::vector<Shape>& shapes);

// ---------------------------------------------------------------- dtypes
// Whether dtype belongs to the Array-API kind: "bool", "signed integer",
// "unsigned integer", "integral", "real floating", "complex floating", "numeric".
bool isdtype(Dtype dtype, const std::string& kind);

// ---------------------------------------------------------------- creation
// MLX's empty arrays are zero-filled.
array empty(const Shape& shape, Dtype dtype = float32, StreamOrDevice s = {});
array empty_like(const array& a, std::optional<Dtype> dtype = std::nullopt, StreamOrDevice s = {});
// An array of a's shape broadcast with vals' shape (vals may widen it), filled
// with vals, of dtype (a's dtype by default).
array full_like(const array& a, const array& vals, std::optional<Dtype> dtype,
                StreamOrDevice s = {});
// NumPy's symmetric windows of length M, float32.
array hanning(int M, StreamOrDevice s = {});
array hamming(int M, StreamOrDevice s = {});
array bartlett(int M, StreamOrDevice s = {});
array blackman(int M, StreamOrDevice s = {});

// ---------------------------------------------------------------- elementwise
// Rounds towards zero (integers and bools unchanged; complex raises).
array trunc(const array& a, StreamOrDevice s = {});
// Unary plus: a copy of a.
array positive(const array& a, StreamOrDevice s = {});
array logical_xor(const array& a, const array& b, StreamOrDevice s = {});

// ---------------------------------------------------------------- reductions
// Number of non-zero elements, int32.
array count_nonzero(const array& a, const std::vector<int>& axes, bool keepdims = false,
                    StreamOrDevice s = {});
array count_nonzero(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array count_nonzero(const array& a, bool keepdims = false, StreamOrDevice s = {});
// (min, max) over the axes.
std::pair<array, array> minmax(const array& a, const std::vector<int>& axes,
                               bool keepdims = false, StreamOrDevice s = {});
std::pair<array, array> minmax(const array& a, bool keepdims = false, StreamOrDevice s = {});
// The median over the axes (integers give float32; a NaN gives NaN).
array median(const array& a, const std::vector<int>& axes, bool keepdims = false,
             StreamOrDevice s = {});
array median(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array median(const array& a, bool keepdims = false, StreamOrDevice s = {});
// sum(conj(a) * b) along axis; a and b have equal ranks.
array vecdot(const array& a, const array& b, int axis = -1, StreamOrDevice s = {});
// The n-th discrete difference along axis (not_equal for bool).
array diff(const array& a, int n = 1, int axis = -1, StreamOrDevice s = {});

// ---------------------------------------------------------------- search
// uint32 indices into the 1-D sorted_sequence at which values would be
// inserted to keep it sorted (NaN sorts last); side is "left" or "right".
array searchsorted(const array& sorted_sequence, const array& values,
                   const std::string& side = "left", StreamOrDevice s = {});
// The sorted unique elements of the flattened a, padded (with fill_value, or
// the smallest element) or truncated to `size`; then, as requested, the index
// of each one's first occurrence (uint32), the inverse indices in a's shape
// (uint32) and the counts (int32).
std::vector<array> unique(const array& a, int size, bool return_index = false,
                          bool return_inverse = false, bool return_counts = false,
                          const std::optional<array>& fill_value = std::nullopt,
                          StreamOrDevice s = {});

// ---------------------------------------------------------------- transforms
// The Walsh-Hadamard transform along the last axis, times scale (default
// 1/sqrt(n)); n = m * 2^k with m in (1, 12, 20, 28).
array hadamard_transform(const array& a, std::optional<float> scale = std::nullopt,
                         StreamOrDevice s = {});

// ---------------------------------------------------------------- fp8
// Floating point -> E4M3 float8 codes (uint8), rounding to nearest-even and
// saturating at +-448 (inf and NaN included).
array to_fp8(array x, StreamOrDevice s = {});
// E4M3 float8 codes (uint8) -> dtype (a real floating type).
array from_fp8(array x, Dtype dtype = bfloat16, StreamOrDevice s = {});

} // namespace mxcore

namespace mxcore::fast {

// logsumexp(logits) - logits[target] over the last axis, float32; targets are
// integer class indices of logits' shape without its last axis.
array cross_entropy(const array& logits, const array& targets, StreamOrDevice s = {});

} // namespace mxcore::fast

namespace mxcore::random {

// Laplace samples with mean loc and scale `scale` (a real floating dtype).
array laplace(const Shape& shape, Dtype dtype = float32, float loc = 0.0f, float scale = 1.0f,
              const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
// Jointly normal float32 samples with mean (..., n) and covariance (..., n, n);
// shape (when not empty) is the batch shape, which must hold the broadcast
// batch shapes of mean and cov. The result has shape batch + (n,).
array multivariate_normal(const array& mean, const array& cov, const Shape& shape = {},
                          Dtype dtype = float32,
                          const std::optional<array>& key = std::nullopt,
                          StreamOrDevice s = {});

} // namespace mxcore::random
