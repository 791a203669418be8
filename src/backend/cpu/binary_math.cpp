// CPU kernels of the transcendental and modular binary primitives (Remainder,
// Power, ArcTan2, DivMod) through their kernel_ops functors (LogAddExp, whose
// float math is fused multiply-adds, is in unary_fma.cpp).
#include <cmath>

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

// pow(x, n) of kernel_ops::Power for a small integer n, as a unary functor
// (float compute types; doubles keep pow).
template <int n>
struct PowSmallInt {
  template <typename T>
    requires kernel_ops::is_float_v<T>
  T operator()(T x) const {
    using C = kernel_ops::compute_t<T>;
    if constexpr (std::is_same_v<C, float>) {
      return T(kernel_ops::pow_small_int<n>(C(x)));
    } else {
      return T(std::pow(C(x), C(n)));
    }
  }
};
} // namespace

void Power::eval_cpu(const std::vector<array>& inputs, array& out) {
  // A scalar exponent of 2, 0.5 or (in float) 3, 4, -1, -2 runs Power's own
  // choice for it (x * x, the square root, a product in double) as a loop of
  // its own: one the compiler vectorizes, without the per-element test of
  // the exponent or a libm call.
  if (is_floating_point(out.dtype())) {
    if (is_scalar_value(inputs[1], 2.0)) {
      cpu::binary_op(inputs[0], inputs[0], out, kernel_ops::Multiply{}, name());
      return;
    }
    if (is_scalar_value(inputs[1], 0.5)) {
      cpu::unary_op(inputs[0], out, PowHalf{}, name());
      return;
    }
    if (out.dtype() != float64) {
      if (is_scalar_value(inputs[1], 3.0)) return cpu::unary_op(inputs[0], out, PowSmallInt<3>{}, name());
      if (is_scalar_value(inputs[1], 4.0)) return cpu::unary_op(inputs[0], out, PowSmallInt<4>{}, name());
      if (is_scalar_value(inputs[1], -1.0)) return cpu::unary_op(inputs[0], out, PowSmallInt<-1>{}, name());
      if (is_scalar_value(inputs[1], -2.0)) return cpu::unary_op(inputs[0], out, PowSmallInt<-2>{}, name());
    }
  }
  cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::Power{}, name());
}

void DivMod::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::binary_op_two_outputs(inputs[0], inputs[1], outputs[0], outputs[1],
                             kernel_ops::DivMod{}, name());
}

} // namespace mxcore
