// CPU kernels of the transcendental and modular binary primitives (Remainder,
// Power, ArcTan2, DivMod) through their kernel_ops functors (LogAddExp, whose
// float math is fused multiply-adds, is in unary_fma.cpp).
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

namespace {
// Whether every element of a floating-point array is the one value v (a
// scalar, maybe broadcast).
bool is_scalar_value(const array& a, double v) {
  for (auto st : a.strides()) {
    if (st != 0 && a.size() != 1) return false;
  }
  const void* p = a.raw_data();
  switch (a.dtype().val) {
    case Dtype::Val::float32: return *static_cast<const float*>(p) == v;
    case Dtype::Val::float64: return *static_cast<const double*>(p) == v;
    case Dtype::Val::float16: return static_cast<float>(*static_cast<const float16_t*>(p)) == v;
    case Dtype::Val::bfloat16: return static_cast<float>(*static_cast<const bfloat16_t*>(p)) == v;
    default: return false;
  }
}
} // namespace

void Power::eval_cpu(const std::vector<array>& inputs, array& out) {
  // x ** 2 as x * x: the same bits (x * x is exact before its one rounding,
  // as in pow, and the JIT's pow(x, 2) is folded to x * x too), without a
  // libm call per element.
  if (is_floating_point(out.dtype()) && is_scalar_value(inputs[1], 2.0)) {
    cpu::binary_op(inputs[0], inputs[0], out, kernel_ops::Multiply{}, name());
    return;
  }
  cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::Power{}, name());
}

void DivMod::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::binary_op_two_outputs(inputs[0], inputs[1], outputs[0], outputs[1],
                             kernel_ops::DivMod{}, name());
}

} // namespace mxcore
