// View: reinterprets an array's bytes as another dtype (MLX's mx.view). The
// last axis grows or shrinks by the ratio of the element sizes.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class View : public UnaryPrimitive {
 public:
  View(Stream stream, Dtype dtype) : UnaryPrimitive(stream), dtype_(dtype) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>& inputs, const std::vector<int>& axes) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(View)
  bool is_equivalent(const Primitive& other) const override {
    return dtype_ == static_cast<const View&>(other).dtype_;
  }

  // State, read by export (src/export/).
  Dtype dtype() const { return dtype_; }
 private:
  Dtype dtype_;
};

// Output shape of viewing `shape` of `from` as `to`; throws naming [view].
Shape view_shape(const Shape& shape, Dtype from, Dtype to);

} // namespace mxcore
