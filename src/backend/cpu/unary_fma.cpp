// Eager kernels of the unary ops whose float math is written with explicit
// fused multiply-adds (kernel_math.h's fma_float: exp, and erf, sigmoid and
// tanh through it). The library is built
// for baseline x86-64, where each fma is a libm call; on a CPU with FMA the
// loops run as a clone compiled for AVX2 + FMA instead. Both compute the
// same bits (an fma rounds once either way), and so does the JIT.
//
// No contraction of the remaining a * b + c in this file: the FMA clone must
// round them as the baseline build and the JIT (cpp_dialect.cpp) do.
#pragma GCC optimize("fp-contract=off")

#include "backend/cpu/unary.h"
#include "primitives/elementwise.h"

namespace mxcore {

namespace cpu {
namespace {

bool cpu_has_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

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

} // namespace
} // namespace cpu

#define MXCORE_CPU_FMA_UNARY(NAME)                                    \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) { \
    cpu::fma_unary_op(inputs[0], out, kernel_ops::NAME{}, name());    \
  }

MXCORE_CPU_FMA_UNARY(Exp)
MXCORE_CPU_FMA_UNARY(Sigmoid)
MXCORE_CPU_FMA_UNARY(Tanh)
MXCORE_CPU_FMA_UNARY(Erf)

#undef MXCORE_CPU_FMA_UNARY

} // namespace mxcore
