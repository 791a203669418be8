// Indexing ops built on Gather and Scatter: gather/scatter*, take,
// take_along_axis, put_along_axis, dynamic slices.
#include <numeric>

#include "ops/util.h"
#include "primitives/axis_index.h"
#include "primitives/indexing.h"

namespace mxcore {

namespace {

void check_index_dtypes(const char* op, const std::vector<array>& indices) {
  for (auto& idx : indices) {
    if (!is_integral(idx.dtype()) || idx.dtype() == bool_) {
      throw std::invalid_argument(std::string("[") + op +
                                  "] Got indices with invalid dtype. Indices must be integral.");
    }
  }
}

// Normalizes the axes (unsorted: they pair with the index arrays) and checks
// they are distinct.
std::vector<int> index_axes(const char* op, const std::vector<int>& axes, int ndim,
                            size_t n_indices) {
  if (axes.size() != n_indices) {
    throw std::invalid_argument(std::string("[") + op + "] Got " +
                                std::to_string(n_indices) + " index arrays for " +
                                std::to_string(axes.size()) + " axes.");
  }
  std::vector<int> out;
  for (int ax : axes) out.push_back(normalize_axis(ax, ndim, op));
  normalize_axes(out, ndim, op); // rejects duplicates
  return out;
}

// Broadcasts the index arrays to one shape.
std::vector<array> broadcast_indices(const std::vector<array>& indices, Stream s) {
  if (indices.size() <= 1) return indices;
  return broadcast_arrays(indices, s);
}

array scatter_impl(const char* op, Scatter::ReduceType reduce, const array& a,
                   const std::vector<array>& indices, const array& updates,
                   const std::vector<int>& axes, StreamOrDevice sd) {
  auto s = to_stream(sd);
  auto ax = index_axes(op, axes, a.ndim(), indices.size());
  check_index_dtypes(op, indices);
  if (a.dtype() == complex64 && (reduce == Scatter::Max || reduce == Scatter::Min)) {
    throw std::invalid_argument(std::string("[") + op + "] Not supported for complex64.");
  }
  auto idx = broadcast_indices(indices, s);
  Shape idx_shape = idx.empty() ? Shape{} : idx[0].shape();
  int expected = static_cast<int>(idx_shape.size()) + a.ndim();
  if (updates.ndim() > expected) {
    throw std::invalid_argument(std::string("[") + op + "] Updates with " +
                                std::to_string(updates.ndim()) +
                                " dimensions do not match the sum of the array (" +
                                std::to_string(a.ndim()) + ") and indices (" +
                                std::to_string(idx_shape.size()) + ") dimensions.");
  }
  // The window is the updates' trailing a.ndim() dims (missing ones are 1).
  Shape upd_shape = updates.shape();
  upd_shape.insert(upd_shape.begin(), expected - updates.ndim(), 1);
  Shape full = idx_shape;
  full.insert(full.end(), upd_shape.begin() + idx_shape.size(), upd_shape.end());
  for (int i = 0; i < a.ndim(); ++i) {
    if (full[idx_shape.size() + i] > a.shape(i)) {
      throw std::invalid_argument(std::string("[") + op + "] Updates with shape " +
                                  shape_str(updates.shape()) + " have a window larger than "
                                  "the array of shape " + shape_str(a.shape()) + ".");
    }
  }
  Shape target;
  try {
    target = broadcast_shapes(upd_shape, full);
  } catch (const std::invalid_argument&) {
  }
  if (target != full) {
    throw std::invalid_argument(std::string("[") + op + "] Cannot broadcast updates of shape " +
                                shape_str(updates.shape()) + " to " + shape_str(full) + ".");
  }
  // One broadcast (rank included) straight to the scatter: shapeless compile
  // lets it follow the indices of each call (compile/shapeless.cpp).
  array upd = broadcast_to(astype(updates, a.dtype(), s), full, s);
  std::vector<array> inputs{a};
  inputs.insert(inputs.end(), idx.begin(), idx.end());
  inputs.push_back(upd);
  return array(a.shape(), a.dtype(), std::make_shared<Scatter>(s, reduce, std::move(ax)),
               std::move(inputs));
}

// One 0-d index per entry of a 1-D (or 0-d) start array.
std::vector<array> start_indices(const char* op, const array& start, size_t n_axes, Stream s) {
  check_index_dtypes(op, {start});
  if (static_cast<size_t>(start.size()) != n_axes) {
    throw std::invalid_argument(std::string("[") + op + "] Number of starting indices " +
                                std::to_string(start.size()) +
                                " does not match number of axes " + std::to_string(n_axes) +
                                ".");
  }
  array flat = reshape(start, {static_cast<int>(start.size())}, s);
  std::vector<array> out;
  for (size_t k = 0; k < n_axes; ++k) {
    int i = static_cast<int>(k);
    out.push_back(reshape(slice(flat, {i}, {i + 1}, s), {}, s));
  }
  return out;
}

// take_along_axis / put_along_axis: the given indices on `axis`, an aranged
// index on every other axis, all broadcast together.
std::vector<array> along_axis_indices(const char* op, const array& a, const array& indices,
                                      int axis, Stream s) {
  if (indices.ndim() != a.ndim()) {
    throw std::invalid_argument(std::string("[") + op + "] Indices of dimension " +
                                std::to_string(indices.ndim()) +
                                " does not match array of dimension " +
                                std::to_string(a.ndim()) + ".");
  }
  std::vector<array> nd;
  for (int i = 0; i < a.ndim(); ++i) {
    if (i == axis) {
      nd.push_back(indices);
    } else {
      nd.push_back(axis_index(a, i, s));
    }
  }
  return broadcast_arrays(nd, s);
}

} // namespace

array gather(const array& a, const std::vector<array>& indices, const std::vector<int>& axes,
             const Shape& slice_sizes, StreamOrDevice sd) {
  auto s = to_stream(sd);
  if (a.ndim() == 0 && !indices.empty()) {
    throw std::invalid_argument("[gather] Cannot gather from a 0-dimensional array.");
  }
  auto ax = index_axes("gather", axes, a.ndim(), indices.size());
  check_index_dtypes("gather", indices);
  if (static_cast<int>(slice_sizes.size()) != a.ndim()) {
    throw std::invalid_argument("[gather] Got slice_sizes with size " +
                                std::to_string(slice_sizes.size()) + " for array with " +
                                std::to_string(a.ndim()) + " dimensions.");
  }
  for (int i = 0; i < a.ndim(); ++i) {
    if (slice_sizes[i] < 0 || slice_sizes[i] > a.shape(i)) {
      throw std::invalid_argument("[gather] Slice sizes must be in [0, a.shape(i)]; got " +
                                  shape_str(slice_sizes) + " for an array of shape " +
                                  shape_str(a.shape()) + ".");
    }
  }
  auto idx = broadcast_indices(indices, s);
  Shape out_shape = idx.empty() ? Shape{} : idx[0].shape();
  out_shape.insert(out_shape.end(), slice_sizes.begin(), slice_sizes.end());
  std::vector<array> inputs{a};
  inputs.insert(inputs.end(), idx.begin(), idx.end());
  return array(std::move(out_shape), a.dtype(),
               std::make_shared<Gather>(s, std::move(ax), slice_sizes), std::move(inputs));
}

array gather(const array& a, const array& indices, int axis, const Shape& slice_sizes,
             StreamOrDevice s) {
  return gather(a, std::vector<array>{indices}, std::vector<int>{axis}, slice_sizes, s);
}

#define MXCORE_SCATTER_OP(NAME, REDUCE)                                                     \
  array NAME(const array& a, const std::vector<array>& indices, const array& updates,      \
             const std::vector<int>& axes, StreamOrDevice s) {                             \
    return scatter_impl(#NAME, Scatter::REDUCE, a, indices, updates, axes, s);             \
  }                                                                                         \
  array NAME(const array& a, const array& indices, const array& updates, int axis,         \
             StreamOrDevice s) {                                                            \
    return NAME(a, std::vector<array>{indices}, updates, std::vector<int>{axis}, s);       \
  }
MXCORE_SCATTER_OP(scatter, None)
MXCORE_SCATTER_OP(scatter_add, Sum)
MXCORE_SCATTER_OP(scatter_prod, Prod)
MXCORE_SCATTER_OP(scatter_max, Max)
MXCORE_SCATTER_OP(scatter_min, Min)
#undef MXCORE_SCATTER_OP

array take(const array& a, const array& indices, int axis, StreamOrDevice sd) {
  auto s = to_stream(sd);
  axis = normalize_axis(axis, a.ndim(), "take");
  if (a.shape(axis) == 0 && indices.size() > 0) {
    throw std::invalid_argument("[take] Cannot do a non-empty take from an array with zero "
                                "elements.");
  }
  Shape slice_sizes = a.shape();
  slice_sizes[axis] = std::min(1, a.shape(axis));
  array out = gather(a, std::vector<array>{indices}, std::vector<int>{axis}, slice_sizes, s);
  // out: I + a.shape[:axis] + [1] + a.shape[axis+1:] → drop the 1, move I to `axis`.
  int ni = indices.ndim();
  Shape shape = indices.shape();
  shape.insert(shape.end(), a.shape().begin(), a.shape().begin() + axis);
  shape.insert(shape.end(), a.shape().begin() + axis + 1, a.shape().end());
  out = reshape(out, shape, s);
  if (axis == 0 || ni == 0) return out;
  std::vector<int> perm;
  for (int i = 0; i < axis; ++i) perm.push_back(ni + i);
  for (int i = 0; i < ni; ++i) perm.push_back(i);
  for (int i = ni + axis; i < static_cast<int>(shape.size()); ++i) perm.push_back(i);
  return transpose(out, perm, s);
}

array take(const array& a, int index, int axis, StreamOrDevice sd) {
  auto s = to_stream(sd);
  axis = normalize_axis(axis, a.ndim(), "take");
  int n = a.shape(axis);
  int i = index < 0 ? index + n : index;
  if (i < 0 || i >= n) {
    throw std::out_of_range("[take] Index " + std::to_string(index) +
                            " is out of bounds for axis " + std::to_string(axis) +
                            " with size " + std::to_string(n) + ".");
  }
  Shape start(a.ndim(), 0), stop = a.shape();
  start[axis] = i;
  stop[axis] = i + 1;
  return squeeze(slice(a, start, stop, s), axis, s);
}

array take(const array& a, const array& indices, StreamOrDevice s) {
  return take(flatten(a, s), indices, 0, s);
}

array take(const array& a, int index, StreamOrDevice s) {
  return take(flatten(a, s), index, 0, s);
}

array take_along_axis(const array& a, const array& indices, int axis, StreamOrDevice sd) {
  auto s = to_stream(sd);
  axis = normalize_axis(axis, a.ndim(), "take_along_axis");
  check_index_dtypes("take_along_axis", {indices});
  auto nd = along_axis_indices("take_along_axis", a, indices, axis, s);
  std::vector<int> dims(a.ndim());
  std::iota(dims.begin(), dims.end(), 0);
  Shape slice_sizes(a.ndim(), a.size() > 0 ? 1 : 0);
  array out = gather(a, nd, dims, slice_sizes, s);
  if (a.size() == 0) return reshape(out, nd[0].shape(), s);
  // The trailing size-1 slice axes merge into the last index axis: a flatten
  // follows the shapes of each call under shapeless compile, a reshape to the
  // traced shape would not.
  return flatten(out, a.ndim() - 1, 2 * a.ndim() - 1, s);
}

array put_along_axis(const array& a, const array& indices, const array& values, int axis,
                     StreamOrDevice sd) {
  auto s = to_stream(sd);
  axis = normalize_axis(axis, a.ndim(), "put_along_axis");
  check_index_dtypes("put_along_axis", {indices});
  auto nd = along_axis_indices("put_along_axis", a, indices, axis, s);
  std::vector<int> dims(a.ndim());
  std::iota(dims.begin(), dims.end(), 0);
  if (values.ndim() > a.ndim()) {
    throw std::invalid_argument("[put_along_axis] Values of shape " +
                                shape_str(values.shape()) + " have more dimensions than the "
                                "array of shape " + shape_str(a.shape()) + ".");
  }
  // The values broadcast together with the indices (as MLX), which only
  // grow where the values are larger.
  Shape idx_shape = broadcast_shapes(nd[0].shape(), values.shape());
  if (idx_shape != nd[0].shape()) {
    for (auto& x : nd) x = broadcast_to(x, idx_shape, s);
  }
  // The values get the window's 1s appended; the scatter broadcasts them to
  // the indices (a broadcast that shapeless compile lets follow each call).
  Shape upd_shape = values.shape();
  upd_shape.insert(upd_shape.end(), a.ndim(), 1);
  return scatter(a, nd, reshape(values, upd_shape, s), dims, s);
}

array dynamic_slice(const array& a, const array& start, std::vector<int> axes, Shape slice_size,
                    StreamOrDevice sd) {
  auto s = to_stream(sd);
  auto idx = start_indices("slice", start, axes.size(), s);
  return gather(a, idx, axes, slice_size, s);
}

array dynamic_slice_update(const array& src, const array& update, const array& start,
                           std::vector<int> axes, StreamOrDevice sd) {
  auto s = to_stream(sd);
  auto idx = start_indices("slice_update", start, axes.size(), s);
  if (update.ndim() > src.ndim()) {
    throw std::invalid_argument("[slice_update] Update with shape " + shape_str(update.shape()) +
                                " has more dimensions than the array of shape " +
                                shape_str(src.shape()) + ".");
  }
  return scatter(src, idx, update, axes, s);
}

} // namespace mxcore
