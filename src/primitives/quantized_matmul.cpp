#include "primitives/quantized_matmul.h"

#include "mxcore/ops.h"
#include "mxcore/quantized.h"
#include "mxcore/transforms.h"
#include "ops/quantized_ops.h"

namespace mxcore {

bool quantized_matmul_fits(const array& x, const array& w, const array& scales,
                           const array& biases, int group_size, int bits) {
  if (bits != 2 && bits != 4 && bits != 8) return false;
  if (group_size != 32 && group_size != 64 && group_size != 128) return false;
  if (w.dtype() != uint32 || w.ndim() != 2 || x.ndim() < 1) return false;
  if (!is_floating_point(x.dtype()) || x.dtype() == float64) return false;
  const Dtype t = scales.dtype();
  if ((t != float32 && t != float16 && t != bfloat16) || biases.dtype() != t) return false;
  const int64_t k = int64_t(w.shape(1)) * 32 / bits;
  const Shape side{w.shape(0), static_cast<int>(k / group_size)};
  return k > 0 && x.shape(-1) == k && k % group_size == 0 && scales.shape() == side &&
         biases.shape() == side;
}

array QuantizedMatmul::composed(const std::vector<array>& in) const {
  return detail::quantized_matmul_composed(in[0], in[1], in[2], in[3], true, group_size_,
                                           bits_, "affine", stream());
}

std::vector<Shape> QuantizedMatmul::output_shapes(const std::vector<array>& inputs) {
  Shape s = inputs[0].shape();
  s.back() = inputs[1].shape(0);
  return {s};
}

// The rules of the composition: the argnums' inputs vary, the others are
// held at their values. Returns (the composition of the varied inputs, their
// values).
std::pair<ArrayFn, std::vector<array>> QuantizedMatmul::composed_in(
    const std::vector<array>& primals, const std::vector<int>& argnums) const {
  std::vector<array> varied;
  for (int a : argnums) varied.push_back(primals[a]);
  auto fn = [this, primals, argnums](const std::vector<array>& args) {
    std::vector<array> in = primals;
    for (size_t i = 0; i < argnums.size(); ++i) in[argnums[i]] = args[i];
    return std::vector<array>{composed(in)};
  };
  return {fn, varied};
}

std::vector<array> QuantizedMatmul::vjp(const std::vector<array>& primals,
                                        const std::vector<array>& cotangents,
                                        const std::vector<int>& argnums,
                                        const std::vector<array>&) {
  auto [fn, varied] = composed_in(primals, argnums);
  return mxcore::vjp(fn, varied, cotangents).second;
}

std::vector<array> QuantizedMatmul::jvp(const std::vector<array>& primals,
                                        const std::vector<array>& tangents,
                                        const std::vector<int>& argnums) {
  auto [fn, varied] = composed_in(primals, argnums);
  return mxcore::jvp(fn, varied, tangents).second;
}

std::pair<std::vector<array>, std::vector<int>> QuantizedMatmul::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto fn = [this](const std::vector<array>& in) { return std::vector<array>{composed(in)}; };
  return {mxcore::vmap(fn, axes, {0})(inputs), {0}};
}

} // namespace mxcore
