// Operations that build lazy graph nodes.
#pragma once

#include <optional>
#include <variant>

#include "mxcore/array.h"
#include "mxcore/device.h"
#include "mxcore/stream.h"

namespace mxcore {

// Where an op runs: the default stream, a given stream, or a device's default stream.
using StreamOrDevice = std::variant<std::monostate, Stream, Device>;
Stream to_stream(StreamOrDevice s);

// ---------------------------------------------------------------- creation
array arange(double start, double stop, double step, Dtype dtype, StreamOrDevice s = {});
array arange(double start, double stop, double step, StreamOrDevice s = {});
array arange(double start, double stop, Dtype dtype, StreamOrDevice s = {});
array arange(double stop, Dtype dtype, StreamOrDevice s = {});
array arange(int start, int stop, int step = 1, StreamOrDevice s = {});
array arange(int stop, StreamOrDevice s = {});
array linspace(double start, double stop, int num = 50, Dtype dtype = float32, StreamOrDevice s = {});
array astype(array a, Dtype dtype, StreamOrDevice s = {});
array as_strided(array a, Shape shape, Strides strides, size_t offset, StreamOrDevice s = {});
array copy(array a, StreamOrDevice s = {});
array full(Shape shape, array vals, Dtype dtype, StreamOrDevice s = {});
array full(Shape shape, array vals, StreamOrDevice s = {});
template <typename T>
array full(Shape shape, T val, Dtype dtype, StreamOrDevice s = {}) {
  return full(std::move(shape), array(val, dtype), s);
}
template <typename T>
array full(Shape shape, T val, StreamOrDevice s = {}) {
  return full(std::move(shape), array(val), s);
}
array zeros(const Shape& shape, Dtype dtype = float32, StreamOrDevice s = {});
array zeros_like(const array& a, StreamOrDevice s = {});
array ones(const Shape& shape, Dtype dtype = float32, StreamOrDevice s = {});
array ones_like(const array& a, StreamOrDevice s = {});
array full_like(const array& a, const array& vals, StreamOrDevice s = {});
array eye(int n, int m, int k, Dtype dtype = float32, StreamOrDevice s = {});
array eye(int n, Dtype dtype = float32, StreamOrDevice s = {});
array identity(int n, Dtype dtype = float32, StreamOrDevice s = {});

// ---------------------------------------------------------------- shape
array reshape(const array& a, Shape shape, StreamOrDevice s = {});
array flatten(const array& a, int start_axis, int end_axis = -1, StreamOrDevice s = {});
array flatten(const array& a, StreamOrDevice s = {});
array unflatten(const array& a, int axis, Shape shape, StreamOrDevice s = {});
array squeeze(const array& a, const std::vector<int>& axes, StreamOrDevice s = {});
array squeeze(const array& a, int axis, StreamOrDevice s = {});
array squeeze(const array& a, StreamOrDevice s = {});
array expand_dims(const array& a, const std::vector<int>& axes, StreamOrDevice s = {});
array expand_dims(const array& a, int axis, StreamOrDevice s = {});
array transpose(const array& a, std::vector<int> axes, StreamOrDevice s = {});
array transpose(const array& a, StreamOrDevice s = {});
array swapaxes(const array& a, int axis1, int axis2, StreamOrDevice s = {});
array moveaxis(const array& a, int source, int destination, StreamOrDevice s = {});
array broadcast_to(const array& a, const Shape& shape, StreamOrDevice s = {});
std::vector<array> broadcast_arrays(const std::vector<array>& inputs, StreamOrDevice s = {});
Shape broadcast_shapes(const Shape& s1, const Shape& s2);
array concatenate(std::vector<array> arrays, int axis, StreamOrDevice s = {});
array concatenate(std::vector<array> arrays, StreamOrDevice s = {});
array stack(const std::vector<array>& arrays, int axis, StreamOrDevice s = {});
array stack(const std::vector<array>& arrays, StreamOrDevice s = {});
std::vector<array> split(const array& a, int num_splits, int axis, StreamOrDevice s = {});
std::vector<array> split(const array& a, int num_splits, StreamOrDevice s = {});
std::vector<array> split(const array& a, const Shape& indices, int axis, StreamOrDevice s = {});
std::vector<array> split(const array& a, const Shape& indices, StreamOrDevice s = {});
array atleast_1d(const array& a, StreamOrDevice s = {});
array atleast_2d(const array& a, StreamOrDevice s = {});
array atleast_3d(const array& a, StreamOrDevice s = {});
// Basic slicing (used by indexing, split, ...). Negative start/stop count from
// the end; out-of-range bounds are clamped (NumPy's rules); strides may be negative.
array slice(const array& a, Shape start, Shape stop, Shape strides, StreamOrDevice s = {});
array slice(const array& a, Shape start, Shape stop, StreamOrDevice s = {});
array slice_update(const array& src, const array& update, Shape start, Shape stop,
                   Shape strides, StreamOrDevice s = {});
array slice_update(const array& src, const array& update, Shape start, Shape stop,
                   StreamOrDevice s = {});

// ---------------------------------------------------------------- unary
array abs(const array& a, StreamOrDevice s = {});
array negative(const array& a, StreamOrDevice s = {});
array operator-(const array& a);
array sign(const array& a, StreamOrDevice s = {});
array square(const array& a, StreamOrDevice s = {});
array sqrt(const array& a, StreamOrDevice s = {});
array rsqrt(const array& a, StreamOrDevice s = {});
array reciprocal(const array& a, StreamOrDevice s = {});
array exp(const array& a, StreamOrDevice s = {});
array expm1(const array& a, StreamOrDevice s = {});
array log(const array& a, StreamOrDevice s = {});
array log2(const array& a, StreamOrDevice s = {});
array log10(const array& a, StreamOrDevice s = {});
array log1p(const array& a, StreamOrDevice s = {});
array sin(const array& a, StreamOrDevice s = {});
array cos(const array& a, StreamOrDevice s = {});
array tan(const array& a, StreamOrDevice s = {});
array arcsin(const array& a, StreamOrDevice s = {});
array arccos(const array& a, StreamOrDevice s = {});
array arctan(const array& a, StreamOrDevice s = {});
array sinh(const array& a, StreamOrDevice s = {});
array cosh(const array& a, StreamOrDevice s = {});
array tanh(const array& a, StreamOrDevice s = {});
array arcsinh(const array& a, StreamOrDevice s = {});
array arccosh(const array& a, StreamOrDevice s = {});
array arctanh(const array& a, StreamOrDevice s = {});
array erf(const array& a, StreamOrDevice s = {});
array erfinv(const array& a, StreamOrDevice s = {});
array sigmoid(const array& a, StreamOrDevice s = {});
array floor(const array& a, StreamOrDevice s = {});
array ceil(const array& a, StreamOrDevice s = {});
array round(const array& a, int decimals = 0, StreamOrDevice s = {});
array logical_not(const array& a, StreamOrDevice s = {});
array bitwise_invert(const array& a, StreamOrDevice s = {});
array operator~(const array& a);
array conjugate(const array& a, StreamOrDevice s = {});
array real(const array& a, StreamOrDevice s = {});
array imag(const array& a, StreamOrDevice s = {});
array isnan(const array& a, StreamOrDevice s = {});
array isinf(const array& a, StreamOrDevice s = {});
array isfinite(const array& a, StreamOrDevice s = {});
array isposinf(const array& a, StreamOrDevice s = {});
array isneginf(const array& a, StreamOrDevice s = {});
array stop_gradient(const array& a, StreamOrDevice s = {});

// ---------------------------------------------------------------- binary
array add(const array& a, const array& b, StreamOrDevice s = {});
array subtract(const array& a, const array& b, StreamOrDevice s = {});
array multiply(const array& a, const array& b, StreamOrDevice s = {});
array divide(const array& a, const array& b, StreamOrDevice s = {});
array floor_divide(const array& a, const array& b, StreamOrDevice s = {});
array remainder(const array& a, const array& b, StreamOrDevice s = {});
std::vector<array> divmod(const array& a, const array& b, StreamOrDevice s = {});
array power(const array& a, const array& b, StreamOrDevice s = {});
array maximum(const array& a, const array& b, StreamOrDevice s = {});
array minimum(const array& a, const array& b, StreamOrDevice s = {});
array logaddexp(const array& a, const array& b, StreamOrDevice s = {});
array arctan2(const array& a, const array& b, StreamOrDevice s = {});
array equal(const array& a, const array& b, StreamOrDevice s = {});
array not_equal(const array& a, const array& b, StreamOrDevice s = {});
array less(const array& a, const array& b, StreamOrDevice s = {});
array less_equal(const array& a, const array& b, StreamOrDevice s = {});
array greater(const array& a, const array& b, StreamOrDevice s = {});
array greater_equal(const array& a, const array& b, StreamOrDevice s = {});
array logical_and(const array& a, const array& b, StreamOrDevice s = {});
array logical_or(const array& a, const array& b, StreamOrDevice s = {});
array bitwise_and(const array& a, const array& b, StreamOrDevice s = {});
array bitwise_or(const array& a, const array& b, StreamOrDevice s = {});
array bitwise_xor(const array& a, const array& b, StreamOrDevice s = {});
array left_shift(const array& a, const array& b, StreamOrDevice s = {});
array right_shift(const array& a, const array& b, StreamOrDevice s = {});
array where(const array& condition, const array& x, const array& y, StreamOrDevice s = {});

array operator+(const array& a, const array& b);
array operator-(const array& a, const array& b);
array operator*(const array& a, const array& b);
array operator/(const array& a, const array& b);
array operator%(const array& a, const array& b);
array operator<(const array& a, const array& b);
array operator<=(const array& a, const array& b);
array operator>(const array& a, const array& b);
array operator>=(const array& a, const array& b);
array operator&&(const array& a, const array& b);
array operator||(const array& a, const array& b);
array operator&(const array& a, const array& b);
array operator|(const array& a, const array& b);
array operator^(const array& a, const array& b);
array operator<<(const array& a, const array& b);
array operator>>(const array& a, const array& b);
// Scalars on one side are weakly typed: they take the array's dtype where it fits.
#define MXCORE_SCALAR_OPERATOR(OP)                                        \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>> \
  array operator OP(const array& a, T b) {                                \
    return a OP array(b, is_floating_point(a.dtype()) || !std::is_floating_point_v<T> ? a.dtype() : float32); \
  }                                                                       \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>> \
  array operator OP(T a, const array& b) {                                \
    return array(a, is_floating_point(b.dtype()) || !std::is_floating_point_v<T> ? b.dtype() : float32) OP b; \
  }
MXCORE_SCALAR_OPERATOR(+)
MXCORE_SCALAR_OPERATOR(-)
MXCORE_SCALAR_OPERATOR(*)
MXCORE_SCALAR_OPERATOR(/)
MXCORE_SCALAR_OPERATOR(<)
MXCORE_SCALAR_OPERATOR(<=)
MXCORE_SCALAR_OPERATOR(>)
MXCORE_SCALAR_OPERATOR(>=)
#undef MXCORE_SCALAR_OPERATOR

// ---------------------------------------------------------------- reductions
array sum(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array sum(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array sum(const array& a, bool keepdims = false, StreamOrDevice s = {});
array prod(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array prod(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array prod(const array& a, bool keepdims = false, StreamOrDevice s = {});
array max(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array max(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array max(const array& a, bool keepdims = false, StreamOrDevice s = {});
array min(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array min(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array min(const array& a, bool keepdims = false, StreamOrDevice s = {});
array mean(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array mean(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array mean(const array& a, bool keepdims = false, StreamOrDevice s = {});
array var(const array& a, const std::vector<int>& axes, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array var(const array& a, int axis, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array var(const array& a, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array std(const array& a, const std::vector<int>& axes, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array std(const array& a, int axis, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array std(const array& a, bool keepdims = false, int ddof = 0, StreamOrDevice s = {});
array all(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array all(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array all(const array& a, bool keepdims = false, StreamOrDevice s = {});
array any(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array any(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array any(const array& a, bool keepdims = false, StreamOrDevice s = {});
array argmax(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array argmax(const array& a, bool keepdims = false, StreamOrDevice s = {});
array argmin(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array argmin(const array& a, bool keepdims = false, StreamOrDevice s = {});
array logsumexp(const array& a, const std::vector<int>& axes, bool keepdims = false, StreamOrDevice s = {});
array logsumexp(const array& a, int axis, bool keepdims = false, StreamOrDevice s = {});
array logsumexp(const array& a, bool keepdims = false, StreamOrDevice s = {});

// ---------------------------------------------------------------- linear algebra
array matmul(const array& a, const array& b, StreamOrDevice s = {});
// alpha * (a @ b) + beta * c, with c broadcast to the product's shape.
array addmm(array c, array a, array b, const float& alpha = 1.0f, const float& beta = 1.0f,
            StreamOrDevice s = {});

// ---- indexing
// Gather: the indices broadcast to a shape I; the result (shape I + slice_sizes)
// holds, for each index position, the window of size slice_sizes that starts at
// the indexed position along `axes` (0 on the other axes). Negative indices
// wrap; windows that leave the array raise std::out_of_range when evaluated.
array gather(const array& a, const std::vector<array>& indices, const std::vector<int>& axes,
             const Shape& slice_sizes, StreamOrDevice s = {});
array gather(const array& a, const array& indices, int axis, const Shape& slice_sizes,
             StreamOrDevice s = {});
// Scatter: updates (shape I + window) written into a copy of a at the indexed
// windows; the _add/_prod/_max/_min forms combine with the existing values and
// accumulate duplicates. Updates are broadcast to I + window and cast to a's dtype.
array scatter(const array& a, const std::vector<array>& indices, const array& updates,
              const std::vector<int>& axes, StreamOrDevice s = {});
array scatter(const array& a, const array& indices, const array& updates, int axis,
              StreamOrDevice s = {});
array scatter_add(const array& a, const std::vector<array>& indices, const array& updates,
                  const std::vector<int>& axes, StreamOrDevice s = {});
array scatter_add(const array& a, const array& indices, const array& updates, int axis,
                  StreamOrDevice s = {});
array scatter_prod(const array& a, const std::vector<array>& indices, const array& updates,
                   const std::vector<int>& axes, StreamOrDevice s = {});
array scatter_prod(const array& a, const array& indices, const array& updates, int axis,
                   StreamOrDevice s = {});
array scatter_max(const array& a, const std::vector<array>& indices, const array& updates,
                  const std::vector<int>& axes, StreamOrDevice s = {});
array scatter_max(const array& a, const array& indices, const array& updates, int axis,
                  StreamOrDevice s = {});
array scatter_min(const array& a, const std::vector<array>& indices, const array& updates,
                  const std::vector<int>& axes, StreamOrDevice s = {});
array scatter_min(const array& a, const array& indices, const array& updates, int axis,
                  StreamOrDevice s = {});
// masked_scatter: a copy of a where the positions with mask true take, in
// row-major order, consecutive elements of value (a[mask] = value). mask is
// bool with a shape that is a prefix of a's (it covers the trailing axes
// whole); value has at most (a.ndim - mask.ndim + 1) dims, broadcast as MLX.
array masked_scatter(const array& a, const array& mask, const array& value,
                     StreamOrDevice s = {});
// take: a.shape[:axis] + indices.shape + a.shape[axis+1:]; without an axis, a is flattened.
array take(const array& a, const array& indices, int axis, StreamOrDevice s = {});
array take(const array& a, int index, int axis, StreamOrDevice s = {});
array take(const array& a, const array& indices, StreamOrDevice s = {});
array take(const array& a, int index, StreamOrDevice s = {});
array take_along_axis(const array& a, const array& indices, int axis, StreamOrDevice s = {});
array put_along_axis(const array& a, const array& indices, const array& values, int axis,
                     StreamOrDevice s = {});
// Slices whose start is an array (known only at run time): the window of
// shape slice_size starting at start[k] on axes[k] (0 on the other axes).
array dynamic_slice(const array& a, const array& start, std::vector<int> axes, Shape slice_size,
                    StreamOrDevice s = {});
array dynamic_slice_update(const array& src, const array& update, const array& start,
                           std::vector<int> axes, StreamOrDevice s = {});
// MLX's names for them; templates so that braced lists still pick the static
// slice(a, {start}, {stop}, {strides}).
template <typename A>
  requires std::is_same_v<A, array>
array slice(const array& a, const A& start, std::vector<int> axes, Shape slice_size,
            StreamOrDevice s = {}) {
  return dynamic_slice(a, start, std::move(axes), std::move(slice_size), s);
}
template <typename A>
  requires std::is_same_v<A, array>
array slice_update(const array& src, const array& update, const A& start, std::vector<int> axes,
                   StreamOrDevice s = {}) {
  return dynamic_slice_update(src, update, start, std::move(axes), s);
}

} // namespace mxcore

// ---- numerics, conv, quantization
#include <tuple>
#include <utility>

namespace mxcore {

// Element-wise clamp into [a_min, a_max]; either bound may be absent (not both).
array clip(const array& a, const std::optional<array>& a_min, const std::optional<array>& a_max,
           StreamOrDevice s = {});
// |a - b| <= atol + rtol * |b|, with infinities equal only to themselves.
array isclose(const array& a, const array& b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false, StreamOrDevice s = {});
// A scalar bool array: every element of isclose(a, b) holds.
array allclose(const array& a, const array& b, double rtol = 1e-5, double atol = 1e-8,
               bool equal_nan = false, StreamOrDevice s = {});
// A scalar bool array: same shape and equal elements (dtypes may differ).
array array_equal(const array& a, const array& b, bool equal_nan = false, StreamOrDevice s = {});
// NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (default: lowest).
array nan_to_num(const array& a, float nan = 0.0f, std::optional<float> posinf = std::nullopt,
                 std::optional<float> neginf = std::nullopt, StreamOrDevice s = {});
array softmax(const array& a, const std::vector<int>& axes, bool precise = false,
              StreamOrDevice s = {});
array softmax(const array& a, int axis, bool precise = false, StreamOrDevice s = {});
array softmax(const array& a, bool precise = false, StreamOrDevice s = {});
array degrees(const array& a, StreamOrDevice s = {});
array radians(const array& a, StreamOrDevice s = {});

// Channels-last convolutions: input (N, *spatial, C_in), weight (C_out, *kernel, C_in / groups).
array conv_general(array input, array weight, std::vector<int> stride = {},
                   std::vector<int> padding_lo = {}, std::vector<int> padding_hi = {},
                   std::vector<int> kernel_dilation = {}, std::vector<int> input_dilation = {},
                   int groups = 1, bool flip = false, StreamOrDevice s = {});
array conv1d(const array& input, const array& weight, int stride = 1, int padding = 0,
             int dilation = 1, int groups = 1, StreamOrDevice s = {});
array conv2d(const array& input, const array& weight, const std::pair<int, int>& stride = {1, 1},
             const std::pair<int, int>& padding = {0, 0},
             const std::pair<int, int>& dilation = {1, 1}, int groups = 1,
             StreamOrDevice s = {});
array conv3d(const array& input, const array& weight,
             const std::tuple<int, int, int>& stride = {1, 1, 1},
             const std::tuple<int, int, int>& padding = {0, 0, 0},
             const std::tuple<int, int, int>& dilation = {1, 1, 1}, int groups = 1,
             StreamOrDevice s = {});

// Transposed convolutions (weight (C_out, *kernel, C_in / groups)) and NumPy's 1-D convolve.
array conv_transpose_general(const array& input, const array& weight, std::vector<int> stride,
                             std::vector<int> padding, std::vector<int> dilation,
                             std::vector<int> output_padding, int groups = 1,
                             StreamOrDevice s = {});
array conv_transpose1d(const array& input, const array& weight, int stride = 1, int padding = 0,
                       int dilation = 1, int output_padding = 0, int groups = 1,
                       StreamOrDevice s = {});
array conv_transpose2d(const array& input, const array& weight,
                       const std::pair<int, int>& stride = {1, 1},
                       const std::pair<int, int>& padding = {0, 0},
                       const std::pair<int, int>& dilation = {1, 1},
                       const std::pair<int, int>& output_padding = {0, 0}, int groups = 1,
                       StreamOrDevice s = {});
array conv_transpose3d(const array& input, const array& weight,
                       const std::tuple<int, int, int>& stride = {1, 1, 1},
                       const std::tuple<int, int, int>& padding = {0, 0, 0},
                       const std::tuple<int, int, int>& dilation = {1, 1, 1},
                       const std::tuple<int, int, int>& output_padding = {0, 0, 0},
                       int groups = 1, StreamOrDevice s = {});
array convolve(const array& a, const array& v, const std::string& mode = "full",
               StreamOrDevice s = {});

// Group-wise affine quantization along the last axis: w ~= scale * q + bias with
// q in [0, 2^bits), packed little-endian into uint32 words. Returns (w_q, scales, biases).
std::tuple<array, array, array> quantize(const array& w, int group_size = 64, int bits = 4,
                                         StreamOrDevice s = {});
array dequantize(const array& w, const array& scales, const array& biases, int group_size = 64,
                 int bits = 4, StreamOrDevice s = {});
// x @ dequantize(w).T (transpose=true) or x @ dequantize(w).
array quantized_matmul(const array& x, const array& w, const array& scales, const array& biases,
                       bool transpose = true, int group_size = 64, int bits = 4,
                       StreamOrDevice s = {});

} // namespace mxcore

// ---- scans, sorting, shape extras
#include <string>

namespace mxcore {

// Cumulative ops along one axis (reverse: from the end; inclusive=false:
// each output excludes its own element). cumsum of bools counts in int32.
array cumsum(const array& a, int axis, bool reverse = false, bool inclusive = true, StreamOrDevice s = {});
array cumprod(const array& a, int axis, bool reverse = false, bool inclusive = true, StreamOrDevice s = {});
array cummax(const array& a, int axis, bool reverse = false, bool inclusive = true, StreamOrDevice s = {});
array cummin(const array& a, int axis, bool reverse = false, bool inclusive = true, StreamOrDevice s = {});
array logcumsumexp(const array& a, int axis, bool reverse = false, bool inclusive = true, StreamOrDevice s = {});

// Stable sorts with NaN last; argsort/argpartition return uint32. The
// overloads without an axis sort the flattened array.
array sort(const array& a, int axis, StreamOrDevice s = {});
array sort(const array& a, StreamOrDevice s = {});
array argsort(const array& a, int axis, StreamOrDevice s = {});
array argsort(const array& a, StreamOrDevice s = {});
array partition(const array& a, int kth, int axis, StreamOrDevice s = {});
array partition(const array& a, int kth, StreamOrDevice s = {});
array argpartition(const array& a, int kth, int axis, StreamOrDevice s = {});
array argpartition(const array& a, int kth, StreamOrDevice s = {});
// The k largest along axis, not sorted.
array topk(const array& a, int k, int axis, StreamOrDevice s = {});
array topk(const array& a, int k, StreamOrDevice s = {});

array repeat(const array& a, int repeats, int axis, StreamOrDevice s = {});
array repeat(const array& a, int repeats, StreamOrDevice s = {});
array tile(const array& a, std::vector<int> reps, StreamOrDevice s = {});
// mode: "constant" (pad_value) or "edge"; one (before, after) pair per axis.
array pad(const array& a, const std::vector<std::pair<int, int>>& pad_width,
          const array& pad_value, const std::string& mode = "constant", StreamOrDevice s = {});
array roll(const array& a, const std::vector<int>& shift, const std::vector<int>& axes,
           StreamOrDevice s = {});
array roll(const array& a, int shift, StreamOrDevice s = {});
array diagonal(const array& a, int offset = 0, int axis1 = 0, int axis2 = 1, StreamOrDevice s = {});
array diag(const array& a, int k = 0, StreamOrDevice s = {});
array trace(const array& a, int offset, int axis1, int axis2, Dtype dtype, StreamOrDevice s = {});
array trace(const array& a, int offset = 0, int axis1 = 0, int axis2 = 1, StreamOrDevice s = {});
array tri(int n, int m, int k, Dtype dtype = float32, StreamOrDevice s = {});
array tri(int n, Dtype dtype = float32, StreamOrDevice s = {});
array tril(const array& x, int k = 0, StreamOrDevice s = {});
array triu(const array& x, int k = 0, StreamOrDevice s = {});
std::vector<array> meshgrid(const std::vector<array>& arrays, bool sparse = false,
                            const std::string& indexing = "xy", StreamOrDevice s = {});
// Reinterprets the bytes as dtype; the last axis scales by the size ratio.
array view(const array& a, Dtype dtype, StreamOrDevice s = {});

// ---- linear algebra extras (src/ops/linalg_compose.cpp, src/ops/einsum.cpp;
// mx.linalg itself is in mxcore/linalg.h)
array inner(const array& a, const array& b, StreamOrDevice s = {});
array outer(const array& a, const array& b, StreamOrDevice s = {});
// Contracts the last `axes` dims of a with the first `axes` dims of b.
array tensordot(const array& a, const array& b, int axes = 2, StreamOrDevice s = {});
array tensordot(const array& a, const array& b, const std::vector<int>& axes_a,
                const std::vector<int>& axes_b, StreamOrDevice s = {});
array kron(const array& a, const array& b, StreamOrDevice s = {});
array einsum(const std::string& subscripts, const std::vector<array>& operands,
             StreamOrDevice s = {});

} // namespace mxcore
