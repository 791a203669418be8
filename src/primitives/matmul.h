// Matrix multiplication primitives: Matmul (a @ b) and AddMM
// (alpha * a @ b + beta * c). Inputs are at least 2-D with equal (already
// broadcast) batch dims; the ops handle 1-D operands and promotion.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Matmul : public UnaryPrimitive {
 public:
  explicit Matmul(Stream stream) : UnaryPrimitive(stream) {}
  // `out_order` lays the output's buffer out row-major in the axis order
  // out_order (its last axis the output's last), so that a transpose by
  // out_order is a row-contiguous view: compile_matmul_layouts sets it where
  // every user is that transpose (attention's heads back to (batch, seq,
  // heads, dim)). Values are the same; only where they sit differs.
  Matmul(Stream stream, std::vector<int> out_order)
      : UnaryPrimitive(stream), out_order_(std::move(out_order)) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Matmul)
  bool is_equivalent(const Primitive& other) const override {
    return out_order_ == static_cast<const Matmul&>(other).out_order_;
  }

  // "Matmul" or "Matmul(out_order 0 2 1 3)".
  void print(std::ostream& os) override;

  // Empty: row-major.
  const std::vector<int>& out_order() const { return out_order_; }
 private:
  std::vector<int> out_order_;
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
