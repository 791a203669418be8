// SearchSorted: for each value, the insertion index into a 1-D sorted
// sequence (MLX's primitive). Inputs (sorted_sequence, values) share one
// dtype; the output is uint32 with values' shape. NaN sorts last, as in sort.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class SearchSorted : public UnaryPrimitive {
 public:
  // right: the index after the last equal element (side="right").
  SearchSorted(Stream stream, bool right) : UnaryPrimitive(stream), right_(right) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[1].shape()};
  }
  MXCORE_DEFINE_NAME(SearchSorted)
  void print(std::ostream& os) override { os << "SearchSorted(" << (right_ ? "right" : "left") << ")"; }
  bool is_equivalent(const Primitive& other) const override {
    return right_ == static_cast<const SearchSorted&>(other).right_;
  }

  bool right() const { return right_; }

 private:
  bool right_;
};

} // namespace mxcore
