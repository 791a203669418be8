// Shape primitives: views (broadcast, reshape, transpose, slice) and copies
// that rearrange data.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

#define MXCORE_TRANSFORM_DECLS                                           \
  std::vector<array> jvp(const std::vector<array>& primals,             \
                         const std::vector<array>& tangents,            \
                         const std::vector<int>& argnums) override;     \
  std::vector<array> vjp(const std::vector<array>& primals,             \
                         const std::vector<array>& cotangents,          \
                         const std::vector<int>& argnums,               \
                         const std::vector<array>& outputs) override;   \
  std::pair<std::vector<array>, std::vector<int>> vmap(                 \
      const std::vector<array>& inputs, const std::vector<int>& axes) override;

class Broadcast : public UnaryPrimitive {
 public:
  Broadcast(Stream stream, Shape shape) : UnaryPrimitive(stream), shape_(std::move(shape)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Broadcast)
  bool is_equivalent(const Primitive& other) const override {
    return shape_ == static_cast<const Broadcast&>(other).shape_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  const Shape& shape() const { return shape_; }
  PrimitiveKind kind() const override { return PrimitiveKind::broadcast; }

 private:
  Shape shape_;
};

class Reshape : public UnaryPrimitive {
 public:
  Reshape(Stream stream, Shape shape) : UnaryPrimitive(stream), shape_(std::move(shape)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Reshape)
  bool is_equivalent(const Primitive& other) const override {
    return shape_ == static_cast<const Reshape&>(other).shape_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

 private:
  Shape shape_;
};

class Transpose : public UnaryPrimitive {
 public:
  Transpose(Stream stream, std::vector<int> axes)
      : UnaryPrimitive(stream), axes_(std::move(axes)) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(Transpose)
  bool is_equivalent(const Primitive& other) const override {
    return axes_ == static_cast<const Transpose&>(other).axes_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;

 private:
  std::vector<int> axes_;
};

} // namespace mxcore
