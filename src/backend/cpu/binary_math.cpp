// CPU kernels of the transcendental and modular binary primitives (Remainder,
// Power, ArcTan2, DivMod) through their kernel_ops functors (LogAddExp, whose
// float math is fused multiply-adds, is in unary_fma.cpp).
#include "backend/cpu/binary.h"
#include "backend/cpu/unary.h"
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

// pow(x, 0.5) of kernel_ops::Power, as a unary functor.
struct PowHalf {
  template <typename T>
    requires kernel_ops::is_float_v<T>
  T operator()(T x) const {
    using C = kernel_ops::compute_t<T>;
    return T(kernel_ops::pow_half(C(x)));
  }
};
} // namespace

void Power::eval_cpu(const std::vector<array>& inputs, array& out) {
  // A scalar exponent of 2 or 0.5 runs Power's own choice for it (x * x, or
  // the square root) as a loop of its own: one the compiler vectorizes,
  // without the per-element test of the exponent or a libm call.
  if (is_floating_point(out.dtype())) {
    if (is_scalar_value(inputs[1], 2.0)) {
      cpu::binary_op(inputs[0], inputs[0], out, kernel_ops::Multiply{}, name());
      return;
    }
    if (is_scalar_value(inputs[1], 0.5)) {
      cpu::unary_op(inputs[0], out, PowHalf{}, name());
      return;
    }
  }
  cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::Power{}, name());
}

void DivMod::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::binary_op_two_outputs(inputs[0], inputs[1], outputs[0], outputs[1],
                             kernel_ops::DivMod{}, name());
}

} // namespace mxcore
