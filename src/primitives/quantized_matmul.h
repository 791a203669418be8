// QuantizedMatmul: x @ dequantize(w).T for MLX's affine format (2, 4 or 8
// bits, one uint32 holding 32 / bits values, lowest bits first), evaluated
// by a kernel that unpacks w as it multiplies instead of materializing the
// dequantized matrix (ops/quantized.cpp builds it only where that kernel
// applies). Its transformation rules are those of the composition of ops it
// stands for (dequantize, then matmul): the same gradients and the same
// errors.
#pragma once

#include "mxcore/primitives.h"
#include "mxcore/transforms.h"

namespace mxcore {

class QuantizedMatmul : public UnaryPrimitive {
 public:
  QuantizedMatmul(Stream stream, int group_size, int bits)
      : UnaryPrimitive(stream), group_size_(group_size), bits_(bits) {}

  // inputs: x (..., K), w (N, K * bits / 32) uint32, scales and biases (N, K / group_size).
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(QuantizedMatmul)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const QuantizedMatmul&>(other);
    return group_size_ == o.group_size_ && bits_ == o.bits_;
  }

  // State, read by export (src/export/).
  int group_size() const { return group_size_; }
  int bits() const { return bits_; }

 private:
  // The composition of ops this primitive stands for, on these inputs.
  array composed(const std::vector<array>& inputs) const;
  // It as a function of the inputs named by argnums, the others held.
  std::pair<ArrayFn, std::vector<array>> composed_in(const std::vector<array>& primals,
                                                     const std::vector<int>& argnums) const;

  int group_size_;
  int bits_;
};

// Whether QuantizedMatmul's kernel takes x @ dequantize(w, scales, biases).T
// (affine, transposed, 2-D weight, float x, matching shapes).
bool quantized_matmul_fits(const array& x, const array& w, const array& scales,
                           const array& biases, int group_size, int bits);

} // namespace mxcore
