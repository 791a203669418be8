// Creation ops: arange, linspace, eye, full, zeros, ones, and *_like forms.
#include <climits>
#include <cmath>

#include "mxcore/ops_extra.h"
#include "ops/util.h"
#include "primitives/creation.h"
#include "primitives/elementwise.h"

namespace mxcore {

array full(Shape shape, array vals, Dtype dtype, StreamOrDevice s) {
  for (auto d : shape) {
    if (d < 0) {
      throw std::invalid_argument("[full] Negative dimensions not allowed.");
    }
  }
  auto stream = to_stream(s);
  array b = broadcast_to(astype(std::move(vals), dtype, stream), shape, stream);
  if (b.size() <= 1) return b;
  // Materialized (row-major strides) as in MLX, not a zero-strided view: NumPy
  // views and memoryviews of zeros/ones/full see ordinary strides. A same-dtype
  // AsType copies a non-contiguous input to row-major.
  return array(b.shape(), dtype, std::make_shared<AsType>(stream, dtype), {b});
}

array full(Shape shape, array vals, StreamOrDevice s) {
  auto dtype = vals.dtype();
  return full(std::move(shape), std::move(vals), dtype, s);
}

array zeros(const Shape& shape, Dtype dtype, StreamOrDevice s) {
  return full(shape, array(false, dtype), s);
}
// The *_like ops go through full_like, whose shape follows `a` under shapeless compile.
array zeros_like(const array& a, StreamOrDevice s) {
  return full_like(a, array(0, a.dtype()), std::nullopt, s);
}
array ones(const Shape& shape, Dtype dtype, StreamOrDevice s) {
  return full(shape, array(true, dtype), s);
}
array ones_like(const array& a, StreamOrDevice s) {
  return full_like(a, array(true, a.dtype()), std::nullopt, s);
}
array full_like(const array& a, const array& vals, StreamOrDevice s) {
  return full_like(a, vals, std::nullopt, s);
}

array arange(double start, double stop, double step, Dtype dtype, StreamOrDevice s) {
  if (dtype == bool_) {
    throw std::invalid_argument("[arange] Cannot use bool dtype.");
  }
  if (std::isinf(start) || std::isinf(stop)) {
    throw std::invalid_argument("[arange] Cannot use infinity for start or stop.");
  }
  if (step == 0) {
    throw std::invalid_argument("[arange] Cannot use a step of zero.");
  }
  double real_size = std::ceil((stop - start) / step);
  if (std::isnan(real_size)) {
    throw std::invalid_argument("[arange] Cannot compute length.");
  }
  if (real_size > INT_MAX) {
    throw std::invalid_argument("[arange] Maximum size exceeded.");
  }
  int size = std::max(static_cast<int>(real_size), 0);
  return array(Shape{size}, dtype, std::make_shared<Arange>(to_stream(s), start, step, size),
               std::vector<array>{});
}

array arange(double start, double stop, double step, StreamOrDevice s) {
  return arange(start, stop, step, float32, s);
}
array arange(double start, double stop, Dtype dtype, StreamOrDevice s) {
  return arange(start, stop, 1.0, dtype, s);
}
array arange(double stop, Dtype dtype, StreamOrDevice s) {
  return arange(0.0, stop, 1.0, dtype, s);
}
array arange(int start, int stop, int step, StreamOrDevice s) {
  return arange(double(start), double(stop), double(step), int32, s);
}
array arange(int stop, StreamOrDevice s) { return arange(0, stop, 1, s); }

array linspace(double start, double stop, int num, Dtype dtype, StreamOrDevice s) {
  if (num < 0) {
    throw std::invalid_argument("[linspace] number of samples, " + std::to_string(num) +
                                ", must be non-negative.");
  }
  auto stream = to_stream(s);
  // Computed in double from the index; the last element is exactly stop.
  double step = num > 1 ? (stop - start) / (num - 1) : 0.0;
  Dtype compute = is_inexact(dtype) ? dtype : float64;
  array out(Shape{num}, compute, std::make_shared<Arange>(stream, start, step, num),
            std::vector<array>{});
  if (num > 1) {
    out = slice_update(out, array(stop, compute), {num - 1}, {num}, stream);
  }
  return astype(out, dtype, stream);
}

array eye(int n, int m, int k, Dtype dtype, StreamOrDevice s) {
  if (n < 0 || m < 0) {
    throw std::invalid_argument("[eye] N and M must be non-negative integers.");
  }
  auto stream = to_stream(s);
  array flat = zeros({n * m}, dtype, stream);
  // The k-th diagonal is every (m + 1)-th element of the flattened matrix.
  int count = k >= 0 ? std::min(n, m - k) : std::min(n + k, m);
  if (count > 0) {
    int first = k >= 0 ? k : -k * m;
    int last = first + (count - 1) * (m + 1);
    flat = slice_update(flat, array(true, dtype), {first}, {last + 1}, {m + 1}, stream);
  }
  return reshape(flat, {n, m}, stream);
}

array eye(int n, Dtype dtype, StreamOrDevice s) { return eye(n, n, 0, dtype, s); }
array identity(int n, Dtype dtype, StreamOrDevice s) { return eye(n, n, 0, dtype, s); }

} // namespace mxcore
