// CPU kernels of the comparison and logical binary primitives: bool outputs.
#include "backend/cpu/binary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_COMPARISON(NAME)                                                 \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {               \
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::NAME{}, name()); \
  }

MXCORE_CPU_COMPARISON(NotEqual)
MXCORE_CPU_COMPARISON(Less)
MXCORE_CPU_COMPARISON(LessEqual)
MXCORE_CPU_COMPARISON(LogicalAnd)
MXCORE_CPU_COMPARISON(LogicalOr)

#undef MXCORE_CPU_COMPARISON

// x > y is y < x and x >= y is y <= x, also for complex and NaN operands
// (kernel_ops.h): the swapped kernels serve both, and this file builds two
// fewer sets of (dtype x layout) loops.
void Greater::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::binary_op_to<bool>(inputs[1], inputs[0], out, kernel_ops::Less{}, name());
}

void GreaterEqual::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::binary_op_to<bool>(inputs[1], inputs[0], out, kernel_ops::LessEqual{}, name());
}

void Equal::eval_cpu(const std::vector<array>& inputs, array& out) {
  if (equal_nan()) {
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::NaNEqual{}, name());
  } else {
    cpu::binary_op_to<bool>(inputs[0], inputs[1], out, kernel_ops::Equal{}, name());
  }
}

} // namespace mxcore
