// Eager kernels of the ops whose float math is kernel_math.h's and
// kernel_trig.h's branch-free polynomials: written with explicit fused
// multiply-adds (exp, and erf, sigmoid, tanh, expm1 and logaddexp through
// it; sin, cos and tan reduce in double with them) or long enough that
// 8-wide vectors pay (log, log2, log10, log1p, erfinv; sinh, cosh, atan,
// asin, acos, asinh, acosh, atanh and pow in double). The library is built
// for baseline x86-64, where each fma is a libm call and vectors are 4 wide;
// on a CPU with AVX2 and FMA the loops run as a clone compiled for them
// instead. Both compute the same bits (an fma rounds once either way), and
// so does the JIT.
//
// No contraction of the remaining a * b + c in this file: the FMA clone must
// round them as the baseline build and the JIT (cpp_dialect.cpp) do.
#pragma GCC optimize("fp-contract=off")

#include <cmath>

#include "backend/cpu/binary.h"
#include "backend/cpu/cpu_features.h"
#include "backend/cpu/copy.h"
#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

namespace cpu {
namespace {

bool cpu_has_fma() { return cpu_has_avx2_fma(); }

// flatten: the functor and its math inline here, so they are compiled for
// FMA too (an out-of-line copy would be the baseline one).
template <typename T, typename Op>
__attribute__((target("avx2,fma"), flatten)) void fma_unary_loop(const T* s, int64_t ss, T* d,
                                                                 int64_t ds, int64_t n, Op op) {
  unary_loop(s, ss, d, ds, n, op);
}

template <typename Op>
void fma_unary_op(const array& in, array& out, Op op, const char* name) {
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16_t> ||
                  std::is_same_v<T, bfloat16_t>) {
      if (cpu_has_fma()) {
        unary_kernel_with<T, T>(in, out,
                                [op](const T* s, int64_t ss, T* d, int64_t ds, int64_t n) {
                                  fma_unary_loop(s, ss, d, ds, n, op);
                                });
        return;
      }
    }
    if constexpr (std::is_invocable_v<Op, T>) {
      unary_kernel<T, T>(in, out, op);
    } else {
      throw_unsupported_dtype(name, in.dtype());
    }
  });
}

// sin, cos and tan of float compute types in blocks: a block whose
// arguments are all below 2^24 in magnitude runs the table-free reduction,
// which vectorizes without gathers (kernel_trig.h); a block with a larger
// (or non-finite) argument runs the general one. Both give the same bits.
// (Generic lambdas: half types' blocks call them on float.)
template <float (*small)(float), float (*any)(float)>
struct TrigOp {
  template <typename T>
  static T apply(T x, bool all_small) {
    const float f = static_cast<float>(x);
    return static_cast<T>(all_small ? small(f) : any(f));
  }
};

template <typename T, typename Trig>
__attribute__((target("avx2,fma"), flatten)) void fma_trig_loop(const T* s, int64_t ss, T* d,
                                                                int64_t ds, int64_t n, Trig) {
  constexpr int64_t block = 256;
  for (int64_t i0 = 0; i0 < n; i0 += block) {
    const int64_t m = std::min(block, n - i0);
    const T* sb = s + i0 * ss;
    T* db = d + i0 * ds;
    bool all_small = true;
    for (int64_t i = 0; i < m; ++i) {
      all_small &= kernel_ops::math::fabs(static_cast<float>(sb[i * ss])) < 16777216.0f;
    }
    if (all_small) {
      unary_loop(sb, ss, db, ds, m, [](auto x) { return Trig::apply(x, true); });
    } else {
      unary_loop(sb, ss, db, ds, m, [](auto x) { return Trig::apply(x, false); });
    }
  }
}

template <typename Op, typename Trig>
void fma_trig_op(const array& in, array& out, Op op, Trig trig, const char* name) {
  const Dtype t = in.dtype();
  if (cpu_has_fma() && (t == float32 || t == float16 || t == bfloat16)) {
    dispatch_all_types(in.dtype(), [&](auto tag) {
      using T = MXCORE_TAG_TYPE(tag);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16_t> ||
                    std::is_same_v<T, bfloat16_t>) {
        unary_kernel_with<T, T>(
            in, out, [trig](const T* s, int64_t ss, T* d, int64_t ds, int64_t n) {
              fma_trig_loop(s, ss, d, ds, n, trig);
            });
      }
    });
    return;
  }
  fma_unary_op(in, out, op, name);
}

template <typename T, typename Op>
__attribute__((target("avx2,fma"), flatten)) void fma_binary_loops(const T* x, int64_t sx,
                                                                  const T* y, int64_t sy, T* d,
                                                                  int64_t n, Op op) {
  binary_loops(x, sx, y, sy, d, n, op);
}

template <typename Op>
void fma_binary_op(const array& a, const array& b, array& out, Op op, const char* name) {
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16_t> ||
                  std::is_same_v<T, bfloat16_t>) {
      if (cpu_has_fma()) {
        binary_kernel_with<T, T>(a, b, out, op, fma_binary_loops<T, Op>);
        return;
      }
    }
    if constexpr (std::is_invocable_v<Op, T, T>) {
      binary_kernel<T, T>(a, b, out, op);
    } else {
      throw_unsupported_dtype(name, a.dtype());
    }
  });
}

} // namespace
} // namespace cpu

void LogAddExp::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::fma_binary_op(inputs[0], inputs[1], out, kernel_ops::LogAddExp{}, name());
}

namespace {
// Whether an array holds one value (a scalar, maybe broadcast).
bool is_one_value(const array& a) {
  for (auto st : a.strides()) {
    if (st != 0 && a.size() != 1) return false;
  }
  return a.size() > 0;
}

// Whether every element of a floating-point array is the one value v.
bool is_scalar_value(const array& a, double v) {
  if (!is_one_value(a)) return false;
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

// pow(x, e) of float compute types for one exponent e (any other than the
// special ones above), as a unary functor: the loop then has no per-element
// test of the exponent and vectorizes.
struct PowScalar {
  float e;
  template <typename T>
    requires kernel_ops::is_float_v<T>
  T operator()(T x) const {
    using C = kernel_ops::compute_t<T>;
    if constexpr (std::is_same_v<C, float>) {
      return T(kernel_ops::pow_float(C(x), e));
    } else {
      return T(std::pow(C(x), C(e)));
    }
  }
};

// The exponent of a float compute type array holding one value, as a float.
float scalar_exponent(const array& a) {
  const void* p = a.raw_data();
  switch (a.dtype().val) {
    case Dtype::Val::float32: return *static_cast<const float*>(p);
    case Dtype::Val::float16: return static_cast<float>(*static_cast<const float16_t*>(p));
    default: return static_cast<float>(*static_cast<const bfloat16_t*>(p));
  }
}
} // namespace

void Power::eval_cpu(const std::vector<array>& inputs, array& out) {
  // A scalar exponent of 1, 2, 0.5 or (in float) 3, 4, -1, -2 runs Power's own
  // choice for it (x * x, the square root, a product in double) as a loop of
  // its own: one the compiler vectorizes, without the per-element test of
  // the exponent or a libm call.
  if (is_floating_point(out.dtype())) {
    if (is_scalar_value(inputs[1], 1.0)) { // pow(x, 1) is x, NaN and -0 included
      out.set_data(allocator::malloc(out.nbytes()));
      cpu::copy_into(inputs[0], out);
      return;
    }
    if (is_scalar_value(inputs[1], 2.0)) {
      cpu::binary_op(inputs[0], inputs[0], out, kernel_ops::Multiply{}, name());
      return;
    }
    if (is_scalar_value(inputs[1], 0.5)) {
      cpu::unary_op(inputs[0], out, PowHalf{}, name());
      return;
    }
    if (out.dtype() != float64) {
      const array& x = inputs[0];
      if (is_scalar_value(inputs[1], 3.0)) return cpu::unary_op(x, out, PowSmallInt<3>{}, name());
      if (is_scalar_value(inputs[1], 4.0)) return cpu::unary_op(x, out, PowSmallInt<4>{}, name());
      if (is_scalar_value(inputs[1], -1.0)) return cpu::unary_op(x, out, PowSmallInt<-1>{}, name());
      if (is_scalar_value(inputs[1], -2.0)) return cpu::unary_op(x, out, PowSmallInt<-2>{}, name());
    }
  }
  // Other exponents: pow in double (kernel_math.h) for float compute types.
  const Dtype t = out.dtype();
  if ((t == float32 || t == float16 || t == bfloat16) && is_one_value(inputs[1])) {
    cpu::fma_unary_op(inputs[0], out, PowScalar{scalar_exponent(inputs[1])}, name());
    return;
  }
  cpu::fma_binary_op(inputs[0], inputs[1], out, kernel_ops::Power{}, name());
}

#define MXCORE_CPU_FMA_UNARY(NAME)                                    \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::fma_unary_op(inputs[0], out, kernel_ops::NAME{}, name());    \
  }

MXCORE_CPU_FMA_UNARY(Exp)
MXCORE_CPU_FMA_UNARY(Sigmoid)
MXCORE_CPU_FMA_UNARY(Tanh)
MXCORE_CPU_FMA_UNARY(Sinh)
MXCORE_CPU_FMA_UNARY(Cosh)
MXCORE_CPU_FMA_UNARY(ArcSin)
MXCORE_CPU_FMA_UNARY(ArcCos)
MXCORE_CPU_FMA_UNARY(ArcTan)
MXCORE_CPU_FMA_UNARY(ArcSinh)
MXCORE_CPU_FMA_UNARY(ArcCosh)
MXCORE_CPU_FMA_UNARY(ArcTanh)
MXCORE_CPU_FMA_UNARY(Erf)
MXCORE_CPU_FMA_UNARY(Log)
MXCORE_CPU_FMA_UNARY(Log2)
MXCORE_CPU_FMA_UNARY(Log10)
MXCORE_CPU_FMA_UNARY(ErfInv)
MXCORE_CPU_FMA_UNARY(Log1p)
MXCORE_CPU_FMA_UNARY(Expm1)

#undef MXCORE_CPU_FMA_UNARY

#define MXCORE_CPU_FMA_TRIG(NAME, FN)                                                       \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {                      \
    cpu::fma_trig_op(inputs[0], out, kernel_ops::NAME{},                                   \
                     cpu::TrigOp<kernel_ops::FN<false>, kernel_ops::FN<true>>{}, name());  \
  }

MXCORE_CPU_FMA_TRIG(Sin, sin_float)
MXCORE_CPU_FMA_TRIG(Cos, cos_float)
MXCORE_CPU_FMA_TRIG(Tan, tan_float)

#undef MXCORE_CPU_FMA_TRIG

} // namespace mxcore
