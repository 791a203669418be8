// Hadamard: the Walsh-Hadamard transform along the last axis (MLX's
// primitive). For n = m * 2^k (m in 1, 12, 20, 28) the matrix is
// kron(H_m, H_{2^k}): the last axis is read as (m, 2^k), a butterfly applies
// H_{2^k} and the small H_m mixes the m blocks.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Hadamard : public UnaryPrimitive {
 public:
  // transposed: multiply by H^T (the vjp; H_m is not symmetric for m > 1).
  Hadamard(Stream stream, float scale, bool transposed = false)
      : UnaryPrimitive(stream), scale_(scale), transposed_(transposed) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  MXCORE_DEFINE_NAME(Hadamard)
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Hadamard&>(other);
    return scale_ == o.scale_ && transposed_ == o.transposed_;
  }

  float scale() const { return scale_; }
  bool transposed() const { return transposed_; }

 private:
  float scale_;
  bool transposed_;
};

// The m of n = m * 2^k with m in (1, 12, 20, 28), or 0 when n has no such form.
int hadamard_small_factor(int n);
// Row r of MLX's m x m Hadamard matrix (m in 12, 20, 28), '+' for 1 and '-'
// for -1; the data every backend's kernel uses.
const char* hadamard_small_row(int m, int r);

} // namespace mxcore
