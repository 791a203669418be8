// Elementwise primitives: unary, binary, ternary. Their eager kernels use the
// functors of backend/cpu/kernel_ops.h, which the JIT shares.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

// An elementwise primitive with no parameters.
#define MXCORE_ELEMENTWISE_PRIMITIVE(NAME, KIND)                          \
  class NAME : public UnaryPrimitive {                                    \
   public:                                                                \
    explicit NAME(Stream stream) : UnaryPrimitive(stream) {}              \
    void eval_cpu(const std::vector<array>& inputs, array& out) override; \
    std::vector<array> jvp(const std::vector<array>& primals,             \
                           const std::vector<array>& tangents,            \
                           const std::vector<int>& argnums) override;     \
    std::vector<array> vjp(const std::vector<array>& primals,             \
                           const std::vector<array>& cotangents,          \
                           const std::vector<int>& argnums,               \
                           const std::vector<array>& outputs) override;   \
    std::pair<std::vector<array>, std::vector<int>> vmap(                 \
        const std::vector<array>& inputs,                                 \
        const std::vector<int>& axes) override;                           \
    MXCORE_DEFINE_NAME(NAME)                                              \
    MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()                                 \
    MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()                                    \
    PrimitiveKind kind() const override { return PrimitiveKind::KIND; }   \
  };

#define MXCORE_UNARY_PRIMITIVE(NAME) MXCORE_ELEMENTWISE_PRIMITIVE(NAME, unary)
// Binary and ternary inputs are already broadcast to one shape.
#define MXCORE_BINARY_PRIMITIVE(NAME) MXCORE_ELEMENTWISE_PRIMITIVE(NAME, binary)
#define MXCORE_TERNARY_PRIMITIVE(NAME) MXCORE_ELEMENTWISE_PRIMITIVE(NAME, ternary)

MXCORE_UNARY_PRIMITIVE(Exp)
MXCORE_UNARY_PRIMITIVE(Negative)

MXCORE_BINARY_PRIMITIVE(Add)
MXCORE_BINARY_PRIMITIVE(Multiply)

} // namespace mxcore

namespace mxcore {

class AsType : public UnaryPrimitive {
 public:
  AsType(Stream stream, Dtype dtype) : UnaryPrimitive(stream), dtype_(dtype) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  std::vector<array> jvp(const std::vector<array>& primals,
                         const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>& inputs, const std::vector<int>& axes) override;
  MXCORE_DEFINE_NAME(AsType)
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  bool is_equivalent(const Primitive& other) const override {
    return dtype_ == static_cast<const AsType&>(other).dtype_;
  }
  Dtype dtype() const { return dtype_; }
  PrimitiveKind kind() const override { return PrimitiveKind::unary; }

 private:
  Dtype dtype_;
};

// Copy and StopGradient are no-ops to compile's simplifier.
MXCORE_ELEMENTWISE_PRIMITIVE(Copy, noop)
MXCORE_ELEMENTWISE_PRIMITIVE(StopGradient, noop)

} // namespace mxcore
