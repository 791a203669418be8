// Elementwise primitives: unary, binary, ternary. Rules only: their kernels
// live under src/backend/ (the CPU's apply the kernel_ops functors the JIT shares).
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

// print() of each names its functor in backend/cpu/kernel_ops.h.
MXCORE_UNARY_PRIMITIVE(Abs)
MXCORE_UNARY_PRIMITIVE(Negative)
MXCORE_UNARY_PRIMITIVE(Sign)
MXCORE_UNARY_PRIMITIVE(Square)
MXCORE_UNARY_PRIMITIVE(Sqrt)
MXCORE_UNARY_PRIMITIVE(Rsqrt)
MXCORE_UNARY_PRIMITIVE(Exp)
MXCORE_UNARY_PRIMITIVE(Expm1)
MXCORE_UNARY_PRIMITIVE(Log)
MXCORE_UNARY_PRIMITIVE(Log2)
MXCORE_UNARY_PRIMITIVE(Log10)
MXCORE_UNARY_PRIMITIVE(Log1p)
MXCORE_UNARY_PRIMITIVE(Sin)
MXCORE_UNARY_PRIMITIVE(Cos)
MXCORE_UNARY_PRIMITIVE(Tan)
MXCORE_UNARY_PRIMITIVE(ArcSin)
MXCORE_UNARY_PRIMITIVE(ArcCos)
MXCORE_UNARY_PRIMITIVE(ArcTan)
MXCORE_UNARY_PRIMITIVE(Sinh)
MXCORE_UNARY_PRIMITIVE(Cosh)
MXCORE_UNARY_PRIMITIVE(Tanh)
MXCORE_UNARY_PRIMITIVE(ArcSinh)
MXCORE_UNARY_PRIMITIVE(ArcCosh)
MXCORE_UNARY_PRIMITIVE(ArcTanh)
MXCORE_UNARY_PRIMITIVE(Erf)
MXCORE_UNARY_PRIMITIVE(ErfInv)
MXCORE_UNARY_PRIMITIVE(Sigmoid)
MXCORE_UNARY_PRIMITIVE(Floor)
MXCORE_UNARY_PRIMITIVE(Ceil)
MXCORE_UNARY_PRIMITIVE(Round)
MXCORE_UNARY_PRIMITIVE(LogicalNot)
MXCORE_UNARY_PRIMITIVE(BitwiseInvert)
MXCORE_UNARY_PRIMITIVE(Conjugate)
MXCORE_UNARY_PRIMITIVE(Real)
MXCORE_UNARY_PRIMITIVE(Imag)

MXCORE_BINARY_PRIMITIVE(Add)
MXCORE_BINARY_PRIMITIVE(Subtract)
MXCORE_BINARY_PRIMITIVE(Multiply)
MXCORE_BINARY_PRIMITIVE(Divide)
MXCORE_BINARY_PRIMITIVE(Remainder)
MXCORE_BINARY_PRIMITIVE(Power)
MXCORE_BINARY_PRIMITIVE(Maximum)
MXCORE_BINARY_PRIMITIVE(Minimum)
MXCORE_BINARY_PRIMITIVE(LogAddExp)
MXCORE_BINARY_PRIMITIVE(ArcTan2)
MXCORE_BINARY_PRIMITIVE(NotEqual)
MXCORE_BINARY_PRIMITIVE(Less)
MXCORE_BINARY_PRIMITIVE(LessEqual)
MXCORE_BINARY_PRIMITIVE(Greater)
MXCORE_BINARY_PRIMITIVE(GreaterEqual)
MXCORE_BINARY_PRIMITIVE(LogicalAnd)
MXCORE_BINARY_PRIMITIVE(LogicalOr)

// Inputs: condition (bool), x, y.
MXCORE_TERNARY_PRIMITIVE(Select)

// equal, or with equal_nan NaN == NaN (prints "NaNEqual").
class Equal : public UnaryPrimitive {
 public:
  explicit Equal(Stream stream, bool equal_nan = false)
      : UnaryPrimitive(stream), equal_nan_(equal_nan) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  const char* name() const override { return equal_nan_ ? "NaNEqual" : "Equal"; }
  bool is_equivalent(const Primitive& other) const override {
    return equal_nan_ == static_cast<const Equal&>(other).equal_nan_;
  }
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  PrimitiveKind kind() const override { return PrimitiveKind::binary; }
  bool equal_nan() const { return equal_nan_; }

 private:
  bool equal_nan_;
};

// bitwise_and/or/xor, left_shift, right_shift; print() names the functor
// ("BitwiseAnd", "LeftShift", ...).
class BitwiseBinary : public UnaryPrimitive {
 public:
  enum Op { And, Or, Xor, LeftShift, RightShift };
  BitwiseBinary(Stream stream, Op op) : UnaryPrimitive(stream), op_(op) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  const char* name() const override;
  bool is_equivalent(const Primitive& other) const override {
    return op_ == static_cast<const BitwiseBinary&>(other).op_;
  }
  MXCORE_DEFINE_INPUT_OUTPUT_SHAPE()
  PrimitiveKind kind() const override { return PrimitiveKind::binary; }
  Op op() const { return op_; }

 private:
  Op op_;
};

// Floor quotient and remainder as two outputs (not fusable: kind other).
class DivMod : public Primitive {
 public:
  explicit DivMod(Stream stream) : Primitive(stream) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  MXCORE_TRANSFORM_DECLS
  MXCORE_DEFINE_NAME(DivMod)
  MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[0].shape(), inputs[0].shape()};
  }
};

} // namespace mxcore

namespace mxcore {

class AsType : public UnaryPrimitive {
 public:
  AsType(Stream stream, Dtype dtype) : UnaryPrimitive(stream), dtype_(dtype) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
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
