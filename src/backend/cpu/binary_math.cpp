// CPU kernels of the transcendental and modular binary primitives (Remainder,
// ArcTan2, DivMod) through their kernel_ops functors (LogAddExp and Power,
// whose float math is branch-free polynomials, are in unary_fma.cpp).
#include "backend/cpu/binary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_BINARY(NAME)                                            \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {      \
    cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::NAME{}, name()); \
  }

MXCORE_CPU_BINARY(Remainder)
MXCORE_CPU_BINARY(ArcTan2)

#undef MXCORE_CPU_BINARY

void DivMod::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::binary_op_two_outputs(inputs[0], inputs[1], outputs[0], outputs[1],
                             kernel_ops::DivMod{}, name());
}

} // namespace mxcore
