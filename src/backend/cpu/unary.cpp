// CPU kernels of the unary elementwise primitives: each applies its
// kernel_ops functor, the one definition of its scalar math.
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
MXCORE_CPU_UNARY(Sqrt)
MXCORE_CPU_UNARY(Rsqrt)
MXCORE_CPU_UNARY(Exp)
MXCORE_CPU_UNARY(Expm1)
MXCORE_CPU_UNARY(Log)
MXCORE_CPU_UNARY(Log2)
MXCORE_CPU_UNARY(Log10)
MXCORE_CPU_UNARY(Log1p)
MXCORE_CPU_UNARY(Sin)
MXCORE_CPU_UNARY(Cos)
MXCORE_CPU_UNARY(Tan)
MXCORE_CPU_UNARY(ArcSin)
MXCORE_CPU_UNARY(ArcCos)
MXCORE_CPU_UNARY(ArcTan)
MXCORE_CPU_UNARY(Sinh)
MXCORE_CPU_UNARY(Cosh)
MXCORE_CPU_UNARY(Tanh)
MXCORE_CPU_UNARY(ArcSinh)
MXCORE_CPU_UNARY(ArcCosh)
MXCORE_CPU_UNARY(ArcTanh)
MXCORE_CPU_UNARY(Erf)
MXCORE_CPU_UNARY(ErfInv)
MXCORE_CPU_UNARY(Sigmoid)
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
