// MaskedScatter(a, mask, src): a copy of a whose positions where mask is true
// are filled, in row-major order, with consecutive elements of src.
//
// Every input carries a leading batch axis of the same size B (1 outside
// vmap): a and mask have shape [B] + S, src has shape [B, K]. Batch b fills
// a[b] from src[b]; running out of src elements is an error.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class MaskedScatter : public UnaryPrimitive {
 public:
  explicit MaskedScatter(Stream stream) : UnaryPrimitive(stream) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  MXCORE_DEFINE_NAME(MaskedScatter)
  bool is_equivalent(const Primitive&) const override { return true; }
};

} // namespace mxcore
