// CPU kernels of the root unary primitives through their kernel_ops functors
// (the exponential, logarithmic and error-function ones, whose float math is
// branch-free polynomials, are in unary_fma.cpp).
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_UNARY(NAME)                                        \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::unary_op(inputs[0], out, kernel_ops::NAME{}, name());        \
  }

MXCORE_CPU_UNARY(Sqrt)
MXCORE_CPU_UNARY(Rsqrt)

#undef MXCORE_CPU_UNARY

} // namespace mxcore
