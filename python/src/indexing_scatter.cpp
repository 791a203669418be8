// Writing through an index: a[idx] = v and the a.at[idx] updates, as one
// scatter (or a slice_update for basic indices).
#include <sstream>

#include "indexing_scatter.h"
#include "ops/util.h"

using namespace mxcore;

namespace mxpy::indexing {

namespace {

// The value broadcast to `shape` (extra leading size-1 dims dropped, NumPy's rule).
array broadcast_value(const array& value, const Shape& shape, const char* op) {
  array upd = value;
  while (upd.ndim() > static_cast<int>(shape.size()) && upd.shape(0) == 1) upd = squeeze(upd, 0);
  Shape bshape;
  try {
    bshape = broadcast_shapes(upd.shape(), shape);
  } catch (const std::invalid_argument&) {
  }
  if (bshape != shape) {
    std::ostringstream msg;
    msg << "[" << op << "] Cannot broadcast a value of shape " << shape_str(value.shape())
        << " to the indexed shape " << shape_str(shape) << ".";
    throw std::invalid_argument(msg.str());
  }
  return broadcast_to(upd, shape);
}

} // namespace

ScatterArgs scatter_args(const array& a, const py::object& idx, const array& value,
                         const char* op) {
  auto p = parse_items(a, idx);
  std::vector<int> axes;
  auto arrays = advanced_arrays(p, axes);
  Shape B = broadcast_all(arrays);
  int nb = static_cast<int>(B.size());
  // Slices in item order: length, whether partial, the aranged indices.
  Shape slice_dims;
  std::vector<int> partial_pos, full_pos; // positions among slice dims
  std::vector<array> partial_idx;
  std::vector<int> partial_axes, int_axes;
  std::vector<array> int_idx;
  Shape window(a.ndim(), 1);
  for (size_t k = 0; k < p.items.size(); ++k) {
    int ax = p.axis_of[k];
    const Item& it = p.items[k];
    if (it.kind == Kind::integer) {
      int_idx.push_back(array(int_window(it.obj, ax, a.shape(ax)).start, int32));
      int_axes.push_back(ax);
    } else if (it.kind == Kind::slice) {
      AxisWindow w = slice_window(it.obj, a.shape(ax));
      int s = static_cast<int>(slice_dims.size());
      slice_dims.push_back(w.length);
      if (w.start == 0 && w.stride == 1 && w.length == a.shape(ax)) {
        full_pos.push_back(s);
        window[ax] = a.shape(ax);
      } else {
        partial_pos.push_back(s);
        partial_axes.push_back(ax);
        partial_idx.push_back(w.length == 0 ? array(allocator::malloc(0), Shape{0}, int32)
                                            : arange(w.start, w.start + w.length * w.stride,
                                                     w.stride));
      }
    }
  }
  int np_ = static_cast<int>(partial_pos.size());
  // Value → result layout → B + slice dims → B + partial + full → + window 1s.
  array upd = broadcast_value(value, result_shape(p, B, slice_dims), op);
  Shape g_shape = B;
  g_shape.insert(g_shape.end(), slice_dims.begin(), slice_dims.end());
  int pos = std::max(0, advanced_position(p));
  if (pos > 0 && nb > 0) {
    Shape t_shape(slice_dims.begin(), slice_dims.begin() + pos);
    t_shape.insert(t_shape.end(), B.begin(), B.end());
    t_shape.insert(t_shape.end(), slice_dims.begin() + pos, slice_dims.end());
    upd = reshape(upd, t_shape);
    std::vector<int> perm;
    for (int i = 0; i < nb; ++i) perm.push_back(pos + i);
    for (int i = 0; i < pos; ++i) perm.push_back(i);
    for (int i = pos + nb; i < upd.ndim(); ++i) perm.push_back(i);
    upd = transpose(upd, perm);
  } else {
    upd = reshape(upd, g_shape);
  }
  std::vector<int> perm;
  for (int i = 0; i < nb; ++i) perm.push_back(i);
  for (int s : partial_pos) perm.push_back(nb + s);
  for (int s : full_pos) perm.push_back(nb + s);
  upd = transpose(upd, perm);
  Shape u_shape(upd.shape().begin(), upd.shape().begin() + nb + np_);
  u_shape.insert(u_shape.end(), window.begin(), window.end());
  upd = reshape(upd, u_shape);

  ScatterArgs out{{}, {}, upd};
  for (size_t k = 0; k < arrays.size(); ++k) {
    Shape shape = arrays[k].shape();
    shape.insert(shape.end(), np_, 1);
    out.indices.push_back(reshape(arrays[k], shape));
    out.axes.push_back(axes[k]);
  }
  for (int j = 0; j < np_; ++j) {
    Shape shape(nb + np_, 1);
    shape[nb + j] = partial_idx[j].size();
    out.indices.push_back(reshape(partial_idx[j], shape));
    out.axes.push_back(partial_axes[j]);
  }
  for (size_t k = 0; k < int_idx.size(); ++k) {
    out.indices.push_back(int_idx[k]);
    out.axes.push_back(int_axes[k]);
  }
  return out;
}

void set_item(array& a, const py::object& idx, const py::object& val) {
  if (auto mask = boolean_mask(idx)) {
    a = masked_scatter(a, *mask, mxpy::to_array(val, a.dtype()));
    return;
  }
  auto p = parse_items(a, idx);
  array value = mxpy::to_array(val, a.dtype());
  if (p.has_array) {
    auto args = scatter_args(a, idx, value, "setitem");
    a = scatter(a, args.indices, args.updates, args.axes);
    return;
  }
  auto index = basic_index(a, p);
  Shape start, stop, strides;
  window_params(index, start, stop, strides);
  // The value broadcasts against the indexed shape (NumPy's rule), then is laid
  // out in the window's shape (int-indexed axes kept with size 1).
  array upd = broadcast_value(value, index.result_shape, "setitem");
  Shape window_shape;
  for (auto& w : index.windows) window_shape.push_back(w.length);
  upd = reshape(upd, window_shape);
  a = slice_update(a, upd, start, stop, strides);
}

} // namespace mxpy::indexing
