// GatherMM: out[i] = a_flat[lhs[i]] @ b_flat[rhs[i]] for a (..., M, K) and
// b (..., K, N) whose batch dims are flattened; lhs and rhs are uint32 arrays
// of one (already broadcast) shape S; out has shape S + (M, N).
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class GatherMM : public UnaryPrimitive {
 public:
  GatherMM(Stream stream, bool sorted_indices)
      : UnaryPrimitive(stream), sorted_indices_(sorted_indices) {}

  // inputs: a, b, lhs_indices, rhs_indices.
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(GatherMM)
  bool is_equivalent(const Primitive& other) const override {
    return sorted_indices_ == static_cast<const GatherMM&>(other).sorted_indices_;
  }

  // State, read by export (src/export/).
  bool sorted_indices() const { return sorted_indices_; }
 private:
  bool sorted_indices_;
};

// Builds a GatherMM node from validated operands of one floating dtype and
// integer indices (cast to uint32 and broadcast here). Used by the op and by
// the primitive's own transforms.
array gather_mm_indexed(const array& a, const array& b, array lhs, array rhs,
                        bool sorted_indices, Stream s);

} // namespace mxcore
