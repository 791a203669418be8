// Concatenate (copies each input into its window of the output) and AsStrided
// (an arbitrary view of the row-major input).
#include "backend/cpu/copy.h"
#include "mxcore/ops.h"
#include "primitives/shape.h"

namespace mxcore {

// ---- Concatenate
void Concatenate::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.set_data(allocator::malloc(out.nbytes()));
  int64_t offset = 0; // elements along axis_ written so far
  for (auto& in : inputs) {
    if (in.size() > 0) {
      array window(in.shape(), out.dtype(), nullptr, {});
      cpu::make_view(out, window, out.strides(), offset * out.strides()[axis_]);
      cpu::copy_into(in, window);
    }
    offset += in.shape(axis_);
  }
}
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
void AsStrided::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.flags().row_contiguous) {
    cpu::make_view(in, out, strides_, static_cast<int64_t>(offset_));
    return;
  }
  // Strides refer to the row-major layout of the input.
  array dense(in.shape(), in.dtype(), nullptr, {});
  cpu::copy_to_row_major(in, dense);
  cpu::make_view(dense, out, strides_, static_cast<int64_t>(offset_));
}
bool AsStrided::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const AsStrided&>(other);
  return shape_ == o.shape_ && strides_ == o.strides_ && offset_ == o.offset_;
}
std::vector<array> AsStrided::jvp(const std::vector<array>&,
                                  const std::vector<array>& tangents,
                                  const std::vector<int>&) {
  return {as_strided(tangents[0], shape_, strides_, offset_, stream())};
}

} // namespace mxcore
