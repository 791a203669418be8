#include "primitives/view.h"

#include "mxcore/ops.h"

namespace mxcore {

Shape view_shape(const Shape& shape, Dtype from, Dtype to) {
  Shape out = shape;
  int ib = from.size, ob = to.size;
  if (ib == ob) return out;
  if (shape.empty()) {
    throw std::invalid_argument(
        "[view] Changing the type of a scalar is only allowed for types with the same size.");
  }
  if (ib < ob) {
    if (out.back() % (ob / ib) != 0) {
      throw std::invalid_argument(
          "[view] When viewing as a larger dtype, the size in bytes of the last axis must be "
          "a multiple of the requested type size.");
    }
    out.back() /= ob / ib;
  } else {
    out.back() *= ib / ob;
  }
  return out;
}

std::vector<Shape> View::output_shapes(const std::vector<array>& inputs) {
  return {view_shape(inputs[0].shape(), inputs[0].dtype(), dtype_)};
}

std::pair<std::vector<array>, std::vector<int>> View::vmap(const std::vector<array>& inputs,
                                                           const std::vector<int>& axes) {
  // With the batch axis in front, the last axis is the input's own last axis.
  array in = axes[0] > 0 ? moveaxis(inputs[0], axes[0], 0, stream()) : inputs[0];
  return {{view(in, dtype_, stream())}, {axes[0] >= 0 ? 0 : -1}};
}

} // namespace mxcore
