// CPU kernels of the unary elementwise primitives: each applies its
// kernel_ops functor, the one definition of its scalar math. The roots are
// in unary_exp_log.cpp and the transcendental ones in unary_fma.cpp
// (separate translation units build in parallel).
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_UNARY(NAME)                                        \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::unary_op(inputs[0], out, kernel_ops::NAME{}, name());        \
  }

MXCORE_CPU_UNARY(Abs)
MXCORE_CPU_UNARY(Negative)
MXCORE_CPU_UNARY(Sign)
MXCORE_CPU_UNARY(Square)
MXCORE_CPU_UNARY(Floor)
MXCORE_CPU_UNARY(Ceil)
MXCORE_CPU_UNARY(Round)
MXCORE_CPU_UNARY(LogicalNot)
MXCORE_CPU_UNARY(BitwiseInvert)
MXCORE_CPU_UNARY(Conjugate)

#undef MXCORE_CPU_UNARY

// Real and Imag map complex64 to float32.
void Real::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::unary_op_to<float>(inputs[0], out, kernel_ops::Real{}, name());
}
void Imag::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::unary_op_to<float>(inputs[0], out, kernel_ops::Imag{}, name());
}

} // namespace mxcore
