// Eager elementwise unary kernels.
#pragma once

#include <string>
#include <type_traits>

#include "backend/cpu/half_blocks.h"
#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

// Allocates out with in's layout when in is densely stored (donating in's
// buffer when possible), else row-major. Returns true when the layout is shared.
bool prepare_unary_output(const array& in, array& out);

// loop(src, src_stride, dst, dst_stride, n) applies the op to n elements.
template <typename Tin, typename Tout, typename Loop>
void unary_kernel_with(const array& in, array& out, Loop loop) {
  const Tin* src = in.data<Tin>();
  if (prepare_unary_output(in, out)) {
    Tout* dst = out.data<Tout>();
    int64_t n = static_cast<int64_t>(in.data_size());
    parallel_for(n, elementwise_grain,
                 [&](int64_t b, int64_t e) { loop(src + b, 1, dst + b, 1, e - b); });
    return;
  }
  Tout* dst = out.data<Tout>();
  strided_apply<2>(out.shape(), {&in.strides(), &out.strides()},
                   [&](const std::array<int64_t, 2>& off, int64_t n,
                       const std::array<int64_t, 2>& st) {
                     loop(src + off[0], st[0], dst + off[1], st[1], n);
                   });
}

// The plain loop of unary_kernel_with (contiguous runs get their own loop,
// which vectorizes; half types' through float blocks).
template <typename Tin, typename Tout, typename Op>
inline void unary_loop(const Tin* s, int64_t ss, Tout* d, int64_t ds, int64_t n, Op op) {
  if constexpr (is_half_v<Tin> && std::is_invocable_v<Op, float>) {
    if (ss == 1 && ds == 1) {
      unary_half_blocks(s, d, n, op);
      return;
    }
  }
  if (ss == 1 && ds == 1) {
    for (int64_t i = 0; i < n; ++i) d[i] = static_cast<Tout>(op(s[i]));
  } else {
    for (int64_t i = 0; i < n; ++i) d[i * ds] = static_cast<Tout>(op(s[i * ss]));
  }
}

// unary_loop out of line: the dense and the strided paths share one copy of
// its vectorized loops, half of the unary kernels' build time otherwise.
template <typename Tin, typename Tout, typename Op>
[[gnu::noinline]] void unary_loop_shared(const Tin* s, int64_t ss, Tout* d, int64_t ds,
                                         int64_t n, Op op) {
  unary_loop(s, ss, d, ds, n, op);
}

template <typename Tin, typename Tout, typename Op>
void unary_kernel(const array& in, array& out, Op op) {
  unary_kernel_with<Tin, Tout>(in, out,
                               [op](const Tin* s, int64_t ss, Tout* d, int64_t ds, int64_t n) {
                                 unary_loop_shared(s, ss, d, ds, n, op);
                               });
}

[[noreturn]] void throw_unsupported_dtype(const char* op, Dtype dtype);

// out has in's dtype.
template <typename Op>
void unary_op(const array& in, array& out, Op op, const char* name) {
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, T>) {
      unary_kernel<T, T>(in, out, op);
    } else {
      throw_unsupported_dtype(name, in.dtype());
    }
  });
}

// out has a fixed dtype (e.g. bool for isnan, float for real/imag).
template <typename Tout, typename Op>
void unary_op_to(const array& in, array& out, Op op, const char* name) {
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, T>) {
      unary_kernel<T, Tout>(in, out, op);
    } else {
      throw_unsupported_dtype(name, in.dtype());
    }
  });
}

} // namespace mxcore::cpu
