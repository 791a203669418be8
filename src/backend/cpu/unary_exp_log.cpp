// CPU kernels of the exponential, logarithmic, root and error-function unary
// primitives through their kernel_ops functors (Exp, Sigmoid, Erf, Log, Log2,
// Log10, Log1p and Expm1, whose float math is branch-free polynomials, are in
// unary_fma.cpp).
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_UNARY(NAME)                                        \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::unary_op(inputs[0], out, kernel_ops::NAME{}, name());        \
  }

MXCORE_CPU_UNARY(Sqrt)
MXCORE_CPU_UNARY(Rsqrt)
MXCORE_CPU_UNARY(ErfInv)

#undef MXCORE_CPU_UNARY

} // namespace mxcore
