// The positions 0..n-1 along one axis of an array, shaped (1, .., n, .., 1)
// and computed when evaluated: under shapeless compile take_along_axis's
// index on the other axes must follow each call's shape rather than be an
// arange of the traced one.
#pragma once

#include "mxcore/ops.h"
#include "mxcore/primitives.h"

namespace mxcore {

class AxisIndex : public UnaryPrimitive {
 public:
  AxisIndex(Stream stream, int axis) : UnaryPrimitive(stream), axis_(axis) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(AxisIndex)
  bool is_equivalent(const Primitive& other) const override {
    return axis_ == static_cast<const AxisIndex&>(other).axis_;
  }

  // State, read by export (src/export/).
  int axis() const { return axis_; }

 private:
  int axis_; // non-negative
};

// int32 positions along `axis` of `a`, broadcastable against `a`: a lazy
// AxisIndex when tracing with dynamic shapes, an arange otherwise.
array axis_index(const array& a, int axis, StreamOrDevice s = {});

} // namespace mxcore
