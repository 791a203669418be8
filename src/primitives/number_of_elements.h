// The element count of some axes of an array, computed when evaluated: under
// shapeless compile a mean's 1/n must follow the shapes of each call rather
// than be baked in at trace time (as MLX's NumberOfElements).
#pragma once

#include "mxcore/ops.h"
#include "mxcore/primitives.h"

namespace mxcore {

class NumberOfElements : public UnaryPrimitive {
 public:
  // out = prod(shape[axes]) (its reciprocal when `inverted`), a scalar of `dtype`.
  NumberOfElements(Stream stream, std::vector<int> axes, bool inverted, Dtype dtype)
      : UnaryPrimitive(stream), axes_(std::move(axes)), inverted_(inverted), dtype_(dtype) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {Shape{}}; }
  MXCORE_DEFINE_NAME(NumberOfElements)
  bool is_equivalent(const Primitive& other) const override;

  // State, read by export (src/export/).
  const std::vector<int>& axes() const { return axes_; }
  bool inverted() const { return inverted_; }
  Dtype dtype() const { return dtype_; }

 private:
  std::vector<int> axes_; // non-negative
  bool inverted_;
  Dtype dtype_;
};

// A lazy count when tracing with dynamic shapes, a constant otherwise.
array number_of_elements(const array& a, const std::vector<int>& axes, bool inverted, Dtype dtype,
                         StreamOrDevice s = {});

} // namespace mxcore
