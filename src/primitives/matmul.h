// Matrix multiplication primitives: Matmul (a @ b) and AddMM
// (alpha * a @ b + beta * c). Inputs are at least 2-D with equal (already
// broadcast) batch dims; the ops handle 1-D operands and promotion.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Matmul : public UnaryPrimitive {
 public:
  explicit Matmul(Stream stream) : UnaryPrimitive(stream) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Matmul)
  MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()
};

class AddMM : public UnaryPrimitive {
 public:
  AddMM(Stream stream, float alpha, float beta)
      : UnaryPrimitive(stream), alpha_(alpha), beta_(beta) {}

  // inputs: a, b, c (c already broadcast to the output shape).
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(AddMM)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const AddMM&>(other);
    return alpha_ == o.alpha_ && beta_ == o.beta_;
  }

  // State, read by export (src/export/).
  float alpha() const { return alpha_; }
  float beta() const { return beta_; }
 private:
  float alpha_;
  float beta_;
};

} // namespace mxcore
