// CPU kernels of the bitwise binary primitives (integer and bool dtypes).
#include "backend/cpu/binary.h"
#include "primitives/elementwise.h"

namespace mxcore {

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

} // namespace mxcore
