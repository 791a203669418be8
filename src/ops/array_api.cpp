// The Array-API names of mlx.core that compose existing ops: shapes, dtype
// kinds, creation, elementwise and reductions. Being compositions of
// differentiable, vmappable primitives, they need no transform rules.
#include <algorithm>
#include <numeric>

#include "mxcore/errors.h"
#include "mxcore/ops_extra.h"
#include "ops/util.h"
#include "primitives/elementwise.h"
#include "primitives/shape.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {

std::vector<int> all_axes(int ndim) {
  std::vector<int> axes(ndim);
  std::iota(axes.begin(), axes.end(), 0);
  return axes;
}

// x[..., i] along the last axis, which is removed.
array last_axis_element(const array& x, int i, const Stream& s) {
  Shape start(x.ndim(), 0), stop = x.shape();
  start.back() = i;
  stop.back() = i + 1;
  return squeeze(slice(x, start, stop, s), -1, s);
}

// a[1:] and a[:-1] along axis.
std::pair<array, array> shifted_pair(const array& a, int axis, const Stream& s) {
  Shape start(a.ndim(), 0), stop = a.shape();
  start[axis] = 1;
  array head = slice(a, start, stop, s);
  start[axis] = 0;
  stop[axis] = a.shape(axis) - 1;
  return {head, slice(a, start, stop, s)};
}

} // namespace

// ---------------------------------------------------------------- shapes

array flip(const array& a, const std::vector<int>& axes, StreamOrDevice s) {
  std::vector<int> flipped;
  for (int ax : axes) flipped.push_back(normalize_axis(ax, a.ndim(), "flip"));
  if (flipped.empty()) return a;
  Shape start(a.ndim(), 0), stop = a.shape(), strides(a.ndim(), 1);
  for (int ax : flipped) {
    // start at the last element and run past the first (NumPy's a[::-1]).
    start[ax] = a.shape(ax) - 1;
    stop[ax] = -a.shape(ax) - 1;
    strides[ax] = -1;
  }
  return slice(a, start, stop, strides, s);
}

array flip(const array& a, int axis, StreamOrDevice s) {
  return flip(a, std::vector<int>{axis}, s);
}

array flip(const array& a, StreamOrDevice s) { return flip(a, all_axes(a.ndim()), s); }

std::vector<array> unstack(const array& a, int axis, StreamOrDevice s) {
  if (a.ndim() == 0 || axis < -a.ndim() || axis >= a.ndim()) {
    throw axis_error("[unstack] Axis " + std::to_string(axis) +
                            " is out of bounds for array with " + std::to_string(a.ndim()) +
                            " dimensions.");
  }
  auto stream = to_stream(s);
  axis = axis < 0 ? axis + a.ndim() : axis;
  std::vector<array> parts;
  Shape start(a.ndim(), 0), stop = a.shape();
  for (int i = 0; i < a.shape(axis); ++i) {
    start[axis] = i;
    stop[axis] = i + 1;
    parts.push_back(squeeze(slice(a, start, stop, stream), axis, stream));
  }
  return parts;
}

array matrix_transpose(const array& a, StreamOrDevice s) {
  if (a.ndim() < 2) {
    throw std::invalid_argument("[matrix_transpose] Input array must have at least 2 dimensions.");
  }
  return swapaxes(a, -1, -2, s);
}

array contiguous(const array& a, bool allow_col_major, StreamOrDevice s) {
  if (allow_col_major && a.ndim() <= 1) return a;
  // where() writes a fresh row-contiguous output.
  return where(array(true), a, a, s);
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  if (shapes.empty()) {
    throw std::invalid_argument("[broadcast_shapes] Must provide at least one shape.");
  }
  Shape out = shapes[0];
  for (size_t i = 1; i < shapes.size(); ++i) out = broadcast_shapes(out, shapes[i]);
  return out;
}

// ---------------------------------------------------------------- dtypes

bool isdtype(Dtype dtype, const std::string& kind) {
  if (kind == "bool") return dtype == bool_;
  if (kind == "signed integer") return issubdtype(dtype, signedinteger);
  if (kind == "unsigned integer") return issubdtype(dtype, unsignedinteger);
  if (kind == "integral") return issubdtype(dtype, integer);
  if (kind == "real floating") return issubdtype(dtype, floating);
  if (kind == "complex floating") return issubdtype(dtype, complexfloating);
  if (kind == "numeric") return dtype != bool_;
  throw std::invalid_argument("[isdtype] Unknown data type kind: '" + kind + "'.");
}

// ---------------------------------------------------------------- creation

array empty(const Shape& shape, Dtype dtype, StreamOrDevice s) { return zeros(shape, dtype, s); }

array empty_like(const array& a, std::optional<Dtype> dtype, StreamOrDevice s) {
  return zeros(a.shape(), dtype.value_or(a.dtype()), s);
}

array full_like(const array& a, const array& vals, std::optional<Dtype> dtype, StreamOrDevice s) {
  Shape shape = broadcast_shapes(a.shape(), vals.shape());
  if (!detail::in_dynamic_tracing()) return full(shape, vals, dtype.value_or(a.dtype()), s);
  // Shapeless compile: the broadcast takes `a` as a shape-only input so its
  // shape follows `a` on each call (Broadcast::output_shapes).
  auto stream = to_stream(s);
  Dtype t = dtype.value_or(a.dtype());
  array b(shape, t, std::make_shared<Broadcast>(stream, shape),
          {astype(vals, t, stream), a});
  return array(b.shape(), t, std::make_shared<AsType>(stream, t), {b});
}

// ---------------------------------------------------------------- elementwise

array trunc(const array& a, StreamOrDevice s) {
  if (a.dtype() == complex64) {
    throw std::invalid_argument("[trunc] Not supported for complex64.");
  }
  if (!issubdtype(a.dtype(), floating)) return a;
  auto stream = to_stream(s);
  return where(less(a, zeros({}, a.dtype(), stream), stream), ceil(a, stream), floor(a, stream),
               stream);
}

array positive(const array& a, StreamOrDevice s) { return where(array(true), a, a, s); }

array logical_xor(const array& a, const array& b, StreamOrDevice s) {
  auto stream = to_stream(s);
  return not_equal(astype(a, bool_, stream), astype(b, bool_, stream), stream);
}

// ---------------------------------------------------------------- reductions

array count_nonzero(const array& a, const std::vector<int>& axes, bool keepdims,
                    StreamOrDevice s) {
  auto stream = to_stream(s);
  array nonzero = not_equal(a, zeros({}, a.dtype(), stream), stream);
  return astype(sum(nonzero, axes, keepdims, stream), int32, stream);
}

array count_nonzero(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return count_nonzero(a, std::vector<int>{axis}, keepdims, s);
}

array count_nonzero(const array& a, bool keepdims, StreamOrDevice s) {
  return count_nonzero(a, all_axes(a.ndim()), keepdims, s);
}

std::pair<array, array> minmax(const array& a, const std::vector<int>& axes, bool keepdims,
                               StreamOrDevice s) {
  return {min(a, axes, keepdims, s), max(a, axes, keepdims, s)};
}

std::pair<array, array> minmax(const array& a, bool keepdims, StreamOrDevice s) {
  return minmax(a, all_axes(a.ndim()), keepdims, s);
}

array median(const array& a, const std::vector<int>& axes_in, bool keepdims, StreamOrDevice s) {
  auto stream = to_stream(s);
  std::vector<int> axes = normalize_axes(axes_in, a.ndim(), "median");
  // Move the reduced axes last and merge them into one of length n.
  std::vector<int> order;
  Shape kept;
  for (int d = 0; d < a.ndim(); ++d) {
    if (!std::binary_search(axes.begin(), axes.end(), d)) {
      order.push_back(d);
      kept.push_back(a.shape(d));
    }
  }
  int n = 1;
  for (int ax : axes) {
    order.push_back(ax);
    n *= a.shape(ax);
  }
  if (n == 0) throw std::invalid_argument("[median] Cannot take median along empty axis.");
  array x = a.ndim() > 0 ? transpose(a, order, stream) : a;
  Shape merged = kept;
  merged.push_back(n);
  x = reshape(x, merged, stream);
  if (!is_inexact(x.dtype())) x = astype(x, float32, stream);
  x = sort(x, -1, stream);
  array lo = last_axis_element(x, (n - 1) / 2, stream);
  array out = lo;
  if (n % 2 == 0) {
    array hi = last_axis_element(x, n / 2, stream);
    out = multiply(add(lo, hi, stream), array(0.5, lo.dtype()), stream);
  }
  // NaN sorts last: any NaN in the slice makes the median NaN.
  array largest = last_axis_element(x, n - 1, stream);
  out = where(isnan(largest, stream), largest, out, stream);
  if (keepdims) {
    Shape shape = a.shape();
    for (int ax : axes) shape[ax] = 1;
    out = reshape(out, shape, stream);
  }
  return out;
}

array median(const array& a, int axis, bool keepdims, StreamOrDevice s) {
  return median(a, std::vector<int>{axis}, keepdims, s);
}

array median(const array& a, bool keepdims, StreamOrDevice s) {
  return median(a, all_axes(a.ndim()), keepdims, s);
}

array vecdot(const array& a, const array& b, int axis, StreamOrDevice s) {
  // MLX requires equal ranks (the other axes broadcast, the summed one does not).
  if (a.ndim() == 0 || a.ndim() != b.ndim() || axis < -a.ndim() || axis >= a.ndim()) {
    throw std::invalid_argument("[vecdot] axis is out of bounds.");
  }
  if (a.shape(axis) != b.shape(axis)) {
    throw std::invalid_argument("[vecdot] a and b must have the same size along axis.");
  }
  auto stream = to_stream(s);
  bool is_complex_pair = a.dtype() == complex64 || b.dtype() == complex64;
  array lhs = is_complex_pair ? conjugate(a, stream) : a;
  return sum(multiply(lhs, b, stream), axis, false, stream);
}

array diff(const array& a, int n, int axis, StreamOrDevice s) {
  if (n < 0) throw std::invalid_argument("[diff] Order `n` must be non-negative.");
  if (a.ndim() == 0 || axis < -a.ndim() || axis >= a.ndim()) {
    throw axis_error("[diff] Axis " + std::to_string(axis) + " is out of bounds for array with " +
                     std::to_string(a.ndim()) + " dimensions.");
  }
  auto stream = to_stream(s);
  axis = axis < 0 ? axis + a.ndim() : axis;
  array out = a;
  for (int i = 0; i < n && out.shape(axis) > 0; ++i) {
    auto [head, tail] = shifted_pair(out, axis, stream);
    out = out.dtype() == bool_ ? not_equal(head, tail, stream) : subtract(head, tail, stream);
  }
  return out;
}

} // namespace mxcore
