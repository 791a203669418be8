// CPU kernels of the binary elementwise primitives (arithmetic, comparisons,
// logical and bitwise ops, DivMod) through their kernel_ops functors.
#include "backend/cpu/binary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_BINARY(NAME)                                            \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {      \
    cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::NAME{}, name()); \
  }

// Comparisons and logical ops give bool outputs.
#define MXCORE_CPU_COMPARISON(NAME)                                                 \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {               \
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::NAME{}, name()); \
  }

MXCORE_CPU_BINARY(Add)
MXCORE_CPU_BINARY(Subtract)
MXCORE_CPU_BINARY(Multiply)
MXCORE_CPU_BINARY(Divide)
MXCORE_CPU_BINARY(Remainder)
MXCORE_CPU_BINARY(Power)
MXCORE_CPU_BINARY(Maximum)
MXCORE_CPU_BINARY(Minimum)
MXCORE_CPU_BINARY(LogAddExp)
MXCORE_CPU_BINARY(ArcTan2)

MXCORE_CPU_COMPARISON(NotEqual)
MXCORE_CPU_COMPARISON(Less)
MXCORE_CPU_COMPARISON(LessEqual)
MXCORE_CPU_COMPARISON(Greater)
MXCORE_CPU_COMPARISON(GreaterEqual)
MXCORE_CPU_COMPARISON(LogicalAnd)
MXCORE_CPU_COMPARISON(LogicalOr)

#undef MXCORE_CPU_BINARY
#undef MXCORE_CPU_COMPARISON

void Equal::eval_cpu(const std::vector<array>& inputs, array& out) {
  if (equal_nan()) {
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::NaNEqual{}, name());
  } else {
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::Equal{}, name());
  }
}

void BitwiseBinary::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& a = inputs[0];
  const array& b = inputs[1];
  switch (op()) {
    case And: return cpu::binary_op(a, b, out, kernel_ops::BitwiseAnd{}, name());
    case Or: return cpu::binary_op(a, b, out, kernel_ops::BitwiseOr{}, name());
    case Xor: return cpu::binary_op(a, b, out, kernel_ops::BitwiseXor{}, name());
    case LeftShift: return cpu::binary_op(a, b, out, kernel_ops::LeftShift{}, name());
    case RightShift: return cpu::binary_op(a, b, out, kernel_ops::RightShift{}, name());
  }
}

void DivMod::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::binary_op_two_outputs(inputs[0], inputs[1], outputs[0], outputs[1],
                             kernel_ops::DivMod{}, name());
}

} // namespace mxcore
