// Scan: cumulative sum/prod/max/min/logaddexp along one axis (MLX's Scan).
// The output has the input's shape; exclusive scans start from the identity.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Scan : public UnaryPrimitive {
 public:
  enum ReduceType { Max, Min, Sum, Prod, LogAddExp };

  Scan(Stream stream, ReduceType reduce_type, int axis, bool reverse, bool inclusive)
      : UnaryPrimitive(stream), reduce_type_(reduce_type), axis_(axis),
        reverse_(reverse), inclusive_(inclusive) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()

  const char* name() const override;
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Scan&>(other);
    return reduce_type_ == o.reduce_type_ && axis_ == o.axis_ &&
           reverse_ == o.reverse_ && inclusive_ == o.inclusive_;
  }

  ReduceType reduce_type() const { return reduce_type_; }
  int axis() const { return axis_; }
  bool reverse() const { return reverse_; }
  bool inclusive() const { return inclusive_; }

 private:
  ReduceType reduce_type_;
  int axis_;
  bool reverse_;
  bool inclusive_;
};

} // namespace mxcore
