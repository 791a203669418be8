// Concatenate (copies each input into its window of the output) and AsStrided
// (an arbitrary view of the row-major input).
#include "mxcore/ops.h"
#include "primitives/shape.h"

namespace mxcore {

// ---- Concatenate
std::vector<Shape> Concatenate::output_shapes(const std::vector<array>& inputs) {
  Shape shape = inputs[0].shape();
  for (size_t i = 1; i < inputs.size(); ++i) shape[axis_] += inputs[i].shape(axis_);
  return {shape};
}
std::vector<array> Concatenate::jvp(const std::vector<array>& primals,
                                    const std::vector<array>& tangents,
                                    const std::vector<int>& argnums) {
  std::vector<array> parts;
  for (auto& p : primals) parts.push_back(zeros_like(p, stream()));
  for (size_t i = 0; i < argnums.size(); ++i) parts[argnums[i]] = tangents[i];
  return {concatenate(parts, axis_, stream())};
}
std::vector<array> Concatenate::vjp(const std::vector<array>& primals,
                                    const std::vector<array>& cotangents,
                                    const std::vector<int>& argnums,
                                    const std::vector<array>&) {
  const array& cot = cotangents[0];
  std::vector<int> offsets = {0};
  for (auto& p : primals) offsets.push_back(offsets.back() + p.shape(axis_));
  std::vector<array> grads;
  Shape start(cot.ndim(), 0);
  Shape stop = cot.shape();
  for (int arg : argnums) {
    start[axis_] = offsets[arg];
    stop[axis_] = offsets[arg + 1];
    grads.push_back(slice(cot, start, stop, stream()));
  }
  return grads;
}
std::pair<std::vector<array>, std::vector<int>> Concatenate::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  int n = -1;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (axes[i] >= 0) n = inputs[i].shape(axes[i]);
  }
  if (n < 0) return {{concatenate(inputs, axis_, stream())}, {-1}};
  std::vector<array> parts;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (axes[i] >= 0) {
      parts.push_back(moveaxis(inputs[i], axes[i], 0, stream()));
    } else {
      Shape shape = inputs[i].shape();
      shape.insert(shape.begin(), n);
      parts.push_back(broadcast_to(expand_dims(inputs[i], 0, stream()), shape, stream()));
    }
  }
  return {{concatenate(parts, axis_ + 1, stream())}, {0}};
}

// ---- AsStrided
bool AsStrided::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const AsStrided&>(other);
  return shape_ == o.shape_ && strides_ == o.strides_ && offset_ == o.offset_;
}
std::vector<array> AsStrided::jvp(const std::vector<array>&,
                                  const std::vector<array>& tangents,
                                  const std::vector<int>&) {
  return {as_strided(tangents[0], shape_, strides_, offset_, stream())};
}
// Every element of the view adds its cotangent to the input element it
// reads (overlapping windows read one element several times): a scatter-add
// at the view's flat positions in the row-major input, as MLX.
std::vector<array> AsStrided::vjp(const std::vector<array>& primals,
                                  const std::vector<array>& cotangents,
                                  const std::vector<int>&, const std::vector<array>&) {
  const array& x = primals[0];
  const int size = static_cast<int>(x.size());
  const int count = static_cast<int>(cotangents[0].size());
  array positions = as_strided(arange(0.0, double(size), 1.0, int32, stream()), shape_, strides_, offset_,
                               stream());
  positions = reshape(positions, {count}, stream());
  array updates = reshape(astype(cotangents[0], x.dtype(), stream()), {count, 1}, stream());
  array grad = scatter_add(zeros({size}, x.dtype(), stream()), positions, updates, 0, stream());
  return {reshape(grad, x.shape(), stream())};
}

} // namespace mxcore
