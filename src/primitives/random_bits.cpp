#include "primitives/random_bits.h"

#include "mxcore/ops.h"

namespace mxcore {

std::pair<std::vector<array>, std::vector<int>> RandomBits::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  // A batch of keys yields a batch of outputs.
  array keys = inputs[0];
  if (axes[0] >= 0) keys = moveaxis(keys, axes[0], 0, stream());
  Shape shape = shape_;
  shape.insert(shape.begin(), keys.shape(0));
  Dtype dtype = width_ == 1 ? uint8 : width_ == 2 ? uint16 : uint32;
  auto out = array(shape, dtype,
                   std::make_shared<RandomBits>(stream(), shape, width_), {keys});
  return {{out}, {0}};
}

std::vector<array> RandomBits::jvp(const std::vector<array>&,
                                   const std::vector<array>&,
                                   const std::vector<int>&) {
  return {zeros(shape_, float32, stream())};
}
std::vector<array> RandomBits::vjp(const std::vector<array>& primals,
                                   const std::vector<array>&,
                                   const std::vector<int>&,
                                   const std::vector<array>&) {
  return {zeros_like(primals[0], stream())};
}

} // namespace mxcore
