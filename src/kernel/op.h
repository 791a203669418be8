// The operations a fused kernel computes, as an enum: the one table that maps
// primitives (by their name(), looked up once when a program is made) to
// kernel ops. Each elementwise op names its functor in
// backend/cpu/kernel_ops.h, the single source of its scalar math; each
// reduction names its fold in the row kernels' support text.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace mxcore::kernel {

// X(op, class): class is unary, binary, ternary, astype, broadcast, alias or
// reduce. The op's spelling is the primitive's name() and the functor's name.
#define MXCORE_KERNEL_OPS(X)                                                   \
  X(Abs, unary) X(Negative, unary) X(Sign, unary) X(Square, unary)             \
  X(Sqrt, unary) X(Rsqrt, unary) X(Exp, unary) X(Expm1, unary) X(Log, unary)   \
  X(Log2, unary) X(Log10, unary) X(Log1p, unary) X(Sin, unary) X(Cos, unary)   \
  X(Tan, unary) X(ArcSin, unary) X(ArcCos, unary) X(ArcTan, unary)             \
  X(Sinh, unary) X(Cosh, unary) X(Tanh, unary) X(ArcSinh, unary)               \
  X(ArcCosh, unary) X(ArcTanh, unary) X(Erf, unary) X(ErfInv, unary)           \
  X(Sigmoid, unary) X(Floor, unary) X(Ceil, unary) X(Round, unary)             \
  X(LogicalNot, unary) X(BitwiseInvert, unary) X(Conjugate, unary)             \
  X(Real, unary) X(Imag, unary)                                                \
  X(Add, binary) X(Subtract, binary) X(Multiply, binary) X(Divide, binary)     \
  X(Remainder, binary) X(Power, binary) X(Maximum, binary) X(Minimum, binary)  \
  X(LogAddExp, binary) X(ArcTan2, binary) X(Equal, binary) X(NaNEqual, binary) \
  X(NotEqual, binary) X(Less, binary) X(LessEqual, binary) X(Greater, binary)  \
  X(GreaterEqual, binary) X(LogicalAnd, binary) X(LogicalOr, binary)           \
  X(BitwiseAnd, binary) X(BitwiseOr, binary) X(BitwiseXor, binary)             \
  X(LeftShift, binary) X(RightShift, binary)                                   \
  X(Select, ternary)                                                           \
  X(AsType, astype) X(Broadcast, broadcast) X(Copy, alias)                     \
  X(StopGradient, alias)                                                       \
  X(Sum, reduce) X(Prod, reduce) X(Max, reduce) X(Min, reduce)

enum class Op : uint8_t {
#define MXCORE_OP_ENUM(NAME, CLASS) NAME,
  MXCORE_KERNEL_OPS(MXCORE_OP_ENUM)
#undef MXCORE_OP_ENUM
};

// How a node computes its value from its inputs.
enum class NodeKind { unary, binary, ternary, astype, broadcast, alias, reduce };

// "Exp", "Select", "Sum": the primitive's name and the functor's / fold's.
const char* op_name(Op op);
NodeKind op_kind(Op op);
// The op of a primitive name, or nothing when no kernel computes it.
std::optional<Op> find_op(std::string_view primitive_name);
// Every op, in enum order (tests walk the table).
const std::vector<Op>& all_ops();

} // namespace mxcore::kernel
