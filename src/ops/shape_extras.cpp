// Shape extras composed from existing ops: repeat, tile, pad, roll, diag,
// diagonal, trace, tri, tril, triu, meshgrid; and view (the View primitive).
#include <numeric>

#include "ops/util.h"
#include "primitives/view.h"
#include "transforms_impl.h"

namespace mxcore {

array repeat(const array& a, int repeats, int axis, StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), "repeat");
  if (repeats < 0) {
    throw std::invalid_argument("[repeat] Number of repeats cannot be negative.");
  }
  // Insert a new axis after `ax`, broadcast it to `repeats`, merge the two.
  Shape bshape = a.shape();
  bshape.insert(bshape.begin() + ax + 1, repeats);
  Shape out_shape = a.shape();
  out_shape[ax] *= repeats;
  if (detail::in_dynamic_tracing() && repeats > 0) {
    // Shapeless compile: the new axis broadcasts against a constant of shape
    // (1, .., repeats, .., 1) and merges by a flatten, so the other dims
    // follow each call.
    Shape unit(a.ndim() + 1, 1);
    unit[ax + 1] = repeats;
    array b = broadcast_arrays_following({expand_dims(a, ax + 1, s), zeros(unit, a.dtype(), s)},
                                         s)[0];
    return flatten(b, ax, ax + 1, s);
  }
  array b = broadcast_to(expand_dims(a, ax + 1, s), bshape, s);
  return reshape(b, out_shape, s);
}

array repeat(const array& a, int repeats, StreamOrDevice s) {
  return repeat(reshape(a, {-1}, s), repeats, 0, s);
}

array tile(const array& a, std::vector<int> reps, StreamOrDevice s) {
  for (int r : reps) {
    if (r < 0) throw std::invalid_argument("[tile] Number of repetitions cannot be negative.");
  }
  Shape shape = a.shape();
  // Prepend ones to whichever of shape and reps is shorter (NumPy's rule).
  while (shape.size() < reps.size()) shape.insert(shape.begin(), 1);
  while (reps.size() < shape.size()) reps.insert(reps.begin(), 1);
  Shape expanded, broadcast_shape, out_shape;
  for (size_t d = 0; d < shape.size(); ++d) {
    expanded.insert(expanded.end(), {1, shape[d]});
    broadcast_shape.insert(broadcast_shape.end(), {reps[d], shape[d]});
    out_shape.push_back(reps[d] * shape[d]);
  }
  array b = broadcast_to(reshape(a, expanded, s), broadcast_shape, s);
  return reshape(b, out_shape, s);
}

namespace {

// "reflect" (mirror without repeating the edge, NumPy's rule) and "symmetric"
// (mirror repeating it): each padded axis gathers its source positions.
array pad_mirrored(const array& a, const std::vector<std::pair<int, int>>& pad_width,
                   bool symmetric, StreamOrDevice s) {
  array out = a;
  for (int d = 0; d < a.ndim(); ++d) {
    auto [lo, hi] = pad_width[d];
    if (lo == 0 && hi == 0) continue;
    const int64_t n = a.shape(d);
    if (n == 0) throw std::invalid_argument("[pad] Cannot pad an empty axis.");
    const int64_t period = symmetric ? 2 * n : 2 * (n - 1);
    std::vector<int32_t> src;
    for (int64_t j = -lo; j < n + hi; ++j) {
      if (period == 0) {
        src.push_back(0);
        continue;
      }
      int64_t m = ((j % period) + period) % period;
      if (symmetric) m = m < n ? m : period - 1 - m;
      else m = m < n ? m : period - m;
      src.push_back(static_cast<int32_t>(m));
    }
    array idx(src.data(), Shape{static_cast<int>(src.size())}, int32);
    out = take(out, idx, d, s);
  }
  return out;
}

} // namespace

array pad(const array& a, const std::vector<std::pair<int, int>>& pad_width,
          const array& pad_value, const std::string& mode, StreamOrDevice s) {
  if (mode != "constant" && mode != "edge" && mode != "reflect" && mode != "symmetric") {
    throw std::invalid_argument("[pad] Invalid padding mode '" + mode +
                                "'; expected 'constant', 'edge', 'reflect' or 'symmetric'.");
  }
  if (pad_width.size() != static_cast<size_t>(a.ndim())) {
    throw std::invalid_argument("[pad] Invalid number of padding sizes passed to pad with "
                                "array of shape " + shape_str(a.shape()) + ".");
  }
  for (auto [lo, hi] : pad_width) {
    if (lo < 0 || hi < 0) {
      throw std::invalid_argument("[pad] Invalid padding size: padding sizes must be "
                                  "non-negative.");
    }
  }
  if (mode == "constant") {
    if (pad_value.size() != 1) {
      throw std::invalid_argument("[pad] The padding value must be a scalar.");
    }
    Shape out_shape = a.shape(), start(a.ndim()), stop(a.ndim());
    for (int d = 0; d < a.ndim(); ++d) {
      out_shape[d] += pad_width[d].first + pad_width[d].second;
      start[d] = pad_width[d].first;
      stop[d] = pad_width[d].first + a.shape(d);
    }
    array filled = full(out_shape, astype(reshape(pad_value, {}, s), a.dtype(), s), s);
    return slice_update(filled, a, start, stop, s);
  }
  if (mode == "reflect" || mode == "symmetric") {
    return pad_mirrored(a, pad_width, mode == "symmetric", s);
  }
  // Edge: repeat the first and last slice of each axis.
  array out = a;
  for (int d = 0; d < a.ndim(); ++d) {
    auto [lo, hi] = pad_width[d];
    if (lo == 0 && hi == 0) continue;
    int n = out.shape(d);
    if (n == 0) {
      throw std::invalid_argument("[pad] Cannot edge-pad an empty axis.");
    }
    std::vector<array> parts;
    auto edge = [&](int at, int count) {
      Shape start(out.ndim(), 0), stop = out.shape();
      start[d] = at;
      stop[d] = at + 1;
      Shape shape = out.shape();
      shape[d] = count;
      return broadcast_to(slice(out, start, stop, s), shape, s);
    };
    if (lo > 0) parts.push_back(edge(0, lo));
    parts.push_back(out);
    if (hi > 0) parts.push_back(edge(n - 1, hi));
    out = concatenate(parts, d, s);
  }
  return out;
}

array roll(const array& a, const std::vector<int>& shift, const std::vector<int>& axes,
           StreamOrDevice s) {
  if (shift.size() != axes.size() && shift.size() != 1) {
    throw std::invalid_argument("[roll] The shift and axes must have the same size.");
  }
  array out = a;
  for (size_t i = 0; i < axes.size(); ++i) {
    int ax = normalize_axis(axes[i], a.ndim(), "roll");
    int n = a.shape(ax);
    if (n == 0) continue;
    int k = (shift.size() == 1 ? shift[0] : shift[i]) % n;
    if (k < 0) k += n;
    if (k == 0) continue;
    Shape start(a.ndim(), 0), stop = out.shape();
    Shape mid_start = start, mid_stop = stop;
    start[ax] = n - k;            // the tail moves to the front
    mid_stop[ax] = n - k;
    out = concatenate({slice(out, start, stop, s), slice(out, mid_start, mid_stop, s)}, ax, s);
  }
  return out;
}

array roll(const array& a, int shift, StreamOrDevice s) {
  return reshape(roll(reshape(a, {-1}, s), {shift}, {0}, s), a.shape(), s);
}

array diagonal(const array& a, int offset, int axis1, int axis2, StreamOrDevice s) {
  if (a.ndim() < 2) {
    throw std::invalid_argument("[diagonal] Array must have at least two dimensions.");
  }
  int ax1 = normalize_axis(axis1, a.ndim(), "diagonal");
  int ax2 = normalize_axis(axis2, a.ndim(), "diagonal");
  if (ax1 == ax2) {
    throw std::invalid_argument("[diagonal] axis1 and axis2 cannot be the same axis.");
  }
  // Move the two axes last, flatten them, and take every (m + 1)-th element.
  std::vector<int> perm;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d != ax1 && d != ax2) perm.push_back(d);
  }
  perm.push_back(ax1);
  perm.push_back(ax2);
  array t = transpose(a, perm, s);
  int64_t n = a.shape(ax1), m = a.shape(ax2);
  int64_t len = offset >= 0 ? std::max<int64_t>(0, std::min<int64_t>(n, m - offset))
                            : std::max<int64_t>(0, std::min<int64_t>(n + offset, m));
  Shape batch(t.shape().begin(), t.shape().end() - 2);
  Shape flat_shape = batch;
  flat_shape.push_back(static_cast<int>(n * m));
  Shape out_shape = batch;
  out_shape.push_back(static_cast<int>(len));
  if (len == 0) return zeros(out_shape, a.dtype(), s);
  array flat = reshape(t, flat_shape, s);
  int64_t first = offset >= 0 ? offset : -offset * m;
  Shape start(flat.ndim(), 0), stop = flat.shape(), strides(flat.ndim(), 1);
  start.back() = static_cast<int>(first);
  stop.back() = static_cast<int>(first + (len - 1) * (m + 1) + 1);
  strides.back() = static_cast<int>(m + 1);
  return slice(flat, start, stop, strides, s);
}

array diag(const array& a, int k, StreamOrDevice s) {
  if (a.ndim() == 2) return diagonal(a, k, 0, 1, s);
  if (a.ndim() != 1) {
    throw std::invalid_argument("[diag] array must be 1-D or 2-D.");
  }
  int n = a.shape(0) + std::abs(k);
  // Value at (i, i + k) is a[i] (k >= 0) or at (i - k, i) is a[i] (k < 0):
  // a padded to n and laid along rows or columns, masked by the diagonal.
  array padded = pad(a, {{0, std::abs(k)}}, array(0, a.dtype()), "constant", s);
  array values = k >= 0 ? reshape(padded, {n, 1}, s) : reshape(padded, {1, n}, s);
  array mask = astype(eye(n, n, k, float32, s), bool_, s);
  return where(mask, values, zeros({n, n}, a.dtype(), s), s);
}

array trace(const array& a, int offset, int axis1, int axis2, Dtype dtype, StreamOrDevice s) {
  if (a.ndim() < 2) {
    throw std::invalid_argument("[trace] Array must have at least two dimensions.");
  }
  return sum(astype(diagonal(a, offset, axis1, axis2, s), dtype, s), -1, false, s);
}

array trace(const array& a, int offset, int axis1, int axis2, StreamOrDevice s) {
  return trace(a, offset, axis1, axis2, a.dtype(), s);
}

array tri(int n, int m, int k, Dtype dtype, StreamOrDevice s) {
  if (n < 0 || m < 0) throw std::invalid_argument("[tri] Negative dimensions.");
  array rows = reshape(arange(0, n, 1, s), {n, 1}, s);
  array cols = reshape(arange(-k, m - k, 1, s), {1, m}, s);
  return astype(greater_equal(rows, cols, s), dtype, s);
}

array tri(int n, Dtype dtype, StreamOrDevice s) { return tri(n, n, 0, dtype, s); }

array tril(const array& x, int k, StreamOrDevice s) {
  if (x.ndim() < 2) throw std::invalid_argument("[tril] array must be at least 2-D.");
  array mask = tri(x.shape(-2), x.shape(-1), k, bool_, s);
  return where(mask, x, zeros_like(x, s), s);
}

array triu(const array& x, int k, StreamOrDevice s) {
  if (x.ndim() < 2) throw std::invalid_argument("[triu] array must be at least 2-D.");
  array mask = tri(x.shape(-2), x.shape(-1), k - 1, bool_, s);
  return where(mask, zeros_like(x, s), x, s);
}

std::vector<array> meshgrid(const std::vector<array>& arrays, bool sparse,
                            const std::string& indexing, StreamOrDevice s) {
  if (indexing != "xy" && indexing != "ij") {
    throw std::invalid_argument(
        "[meshgrid] Invalid indexing value. Valid values are 'xy' and 'ij'.");
  }
  int nd = static_cast<int>(arrays.size());
  std::vector<array> out;
  for (int i = 0; i < nd; ++i) {
    Shape shape(nd, 1);
    // 'xy' swaps the roles of the first two inputs (Cartesian indexing).
    int pos = (indexing == "xy" && nd > 1 && i < 2) ? 1 - i : i;
    shape[pos] = -1;
    out.push_back(reshape(arrays[i], shape, s));
  }
  if (!sparse && nd > 0) out = broadcast_arrays(out, s);
  return out;
}

array view(const array& a, Dtype dtype, StreamOrDevice s) {
  if (a.dtype() == dtype) return a;
  Shape shape = view_shape(a.shape(), a.dtype(), dtype);
  return array(shape, dtype, std::make_shared<View>(to_stream(s), dtype), {a});
}

} // namespace mxcore
