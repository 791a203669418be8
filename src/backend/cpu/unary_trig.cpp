// CPU kernels of the trigonometric and hyperbolic unary primitives through
// their kernel_ops functors (Sin, Cos, Tan and Tanh, whose float math is
// fused multiply-adds, are in unary_fma.cpp).
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_UNARY(NAME)                                        \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::unary_op(inputs[0], out, kernel_ops::NAME{}, name());        \
  }

MXCORE_CPU_UNARY(ArcSin)
MXCORE_CPU_UNARY(ArcCos)
MXCORE_CPU_UNARY(ArcTan)
MXCORE_CPU_UNARY(Sinh)
MXCORE_CPU_UNARY(Cosh)
MXCORE_CPU_UNARY(ArcSinh)
MXCORE_CPU_UNARY(ArcCosh)
MXCORE_CPU_UNARY(ArcTanh)

#undef MXCORE_CPU_UNARY

} // namespace mxcore
