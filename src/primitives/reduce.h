// Reduction primitives: Reduce (and/or/sum/prod/min/max over axes) and
// ArgReduce (argmin/argmax along one axis). Both keep the reduced axes as
// size-1 dims; the ops squeeze them when keepdims is false.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class Reduce : public UnaryPrimitive {
 public:
  enum ReduceType { And, Or, Sum, Prod, Min, Max };

  Reduce(Stream stream, ReduceType reduce_type, std::vector<int> axes)
      : UnaryPrimitive(stream), reduce_type_(reduce_type), axes_(std::move(axes)) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  // "Sum", "Max", ... as MLX prints them.
  const char* name() const override;
  bool is_equivalent(const Primitive& other) const override {
    auto& r = static_cast<const Reduce&>(other);
    return reduce_type_ == r.reduce_type_ && axes_ == r.axes_;
  }

  ReduceType reduce_type() const { return reduce_type_; }
  // Sorted, non-negative.
  const std::vector<int>& axes() const { return axes_; }

 private:
  // d(out)/d(in) elementwise, broadcast to the input's shape (Prod/Min/Max/Sum).
  array derivative(const array& in, const array& out);

  ReduceType reduce_type_;
  std::vector<int> axes_;
};

class ArgReduce : public UnaryPrimitive {
 public:
  enum ReduceType { ArgMin, ArgMax };

  ArgReduce(Stream stream, ReduceType reduce_type, int axis)
      : UnaryPrimitive(stream), reduce_type_(reduce_type), axis_(axis) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

  const char* name() const override {
    return reduce_type_ == ArgMin ? "ArgMin" : "ArgMax";
  }
  bool is_equivalent(const Primitive& other) const override {
    auto& r = static_cast<const ArgReduce&>(other);
    return reduce_type_ == r.reduce_type_ && axis_ == r.axis_;
  }

  ReduceType reduce_type() const { return reduce_type_; }
  int axis() const { return axis_; }

 private:
  ReduceType reduce_type_;
  int axis_;
};

} // namespace mxcore
