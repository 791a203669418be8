#include "primitives/convert_fp8.h"

#include "mxcore/ops.h"

namespace mxcore {

// Encoding is a step function and codes are integers: the derivatives are zero.
std::vector<array> ConvertFP8::jvp(const std::vector<array>& primals, const std::vector<array>&,
                                   const std::vector<int>&) {
  return {zeros(primals[0].shape(), out_dtype_, stream())};
}

std::vector<array> ConvertFP8::vjp(const std::vector<array>& primals, const std::vector<array>&,
                                   const std::vector<int>&, const std::vector<array>&) {
  return {zeros_like(primals[0], stream())};
}

std::pair<std::vector<array>, std::vector<int>> ConvertFP8::vmap(const std::vector<array>& inputs,
                                                                 const std::vector<int>& axes) {
  // Elementwise: the batch axis stays where it is.
  const array& x = inputs[0];
  return {{array(x.shape(), out_dtype_, std::make_shared<ConvertFP8>(stream(), to_fp8_, out_dtype_),
                 {x})},
          axes};
}

} // namespace mxcore
