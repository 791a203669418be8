// CPU kernels of the trigonometric and hyperbolic unary primitives through
// their kernel_ops functors (Sin, Cos, Tan, ArcSin, ArcCos, ArcTan, Sinh,
// Cosh and Tanh, whose float math is branch-free polynomials, are in
// unary_fma.cpp).
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_UNARY(NAME)                                        \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::unary_op(inputs[0], out, kernel_ops::NAME{}, name());        \
  }

MXCORE_CPU_UNARY(ArcSinh)
MXCORE_CPU_UNARY(ArcCosh)
MXCORE_CPU_UNARY(ArcTanh)

#undef MXCORE_CPU_UNARY

} // namespace mxcore
