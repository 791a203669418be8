#include "primitives/axis_index.h"

#include <numeric>

#include "mxcore/ops.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {
Shape index_shape(const Shape& shape, int axis) {
  // The axis comes validated from the op, but also from imported files.
  if (axis < 0 || axis >= static_cast<int>(shape.size())) {
    throw std::invalid_argument("[AxisIndex] Axis out of range for the input.");
  }
  Shape out(shape.size(), 1);
  out[axis] = shape[axis];
  return out;
}
} // namespace

std::vector<Shape> AxisIndex::output_shapes(const std::vector<array>& inputs) {
  return {index_shape(inputs[0].shape(), axis_)};
}

void AxisIndex::eval_cpu(const std::vector<array>& inputs, array& out) {
  index_shape(inputs[0].shape(), axis_);
  out.set_data(allocator::malloc(out.nbytes()));
  int32_t* p = out.data<int32_t>();
  std::iota(p, p + out.size(), int32_t(0));
}

// Positions do not vary with the input's values.
std::vector<array> AxisIndex::jvp(const std::vector<array>& primals, const std::vector<array>&,
                                  const std::vector<int>&) {
  return {zeros(index_shape(primals[0].shape(), axis_), int32, stream())};
}

std::vector<array> AxisIndex::vjp(const std::vector<array>& primals, const std::vector<array>&,
                                  const std::vector<int>& argnums, const std::vector<array>&) {
  std::vector<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) out.push_back(zeros_like(primals[0], stream()));
  return out;
}

// The same positions for every example: index the batched input on the
// shifted axis, then drop its size-1 batch axis (the result is unbatched).
std::pair<std::vector<array>, std::vector<int>> AxisIndex::vmap(const std::vector<array>& inputs,
                                                                const std::vector<int>& axes) {
  if (axes[0] < 0) return {{axis_index(inputs[0], axis_, stream())}, {-1}};
  int shifted = axis_ + (axis_ >= axes[0]);
  array batched(index_shape(inputs[0].shape(), shifted), int32,
                std::make_shared<AxisIndex>(stream(), shifted), {inputs[0]});
  return {{squeeze(batched, {axes[0]}, stream())}, {-1}};
}

array axis_index(const array& a, int axis, StreamOrDevice s) {
  Shape shape = index_shape(a.shape(), axis);
  if (!detail::in_dynamic_tracing()) {
    return reshape(arange(0, a.shape(axis), 1, s), shape, s);
  }
  return array(std::move(shape), int32, std::make_shared<AxisIndex>(to_stream(s), axis), {a});
}

} // namespace mxcore
