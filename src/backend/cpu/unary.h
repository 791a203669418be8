// Eager elementwise unary kernels.
#pragma once

#include <string>
#include <type_traits>

#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

// Allocates out with in's layout when in is densely stored (donating in's
// buffer when possible), else row-major. Returns true when the layout is shared.
bool prepare_unary_output(const array& in, array& out);

template <typename Tin, typename Tout, typename Op>
void unary_kernel(const array& in, array& out, Op op) {
  const Tin* src = in.data<Tin>();
  if (prepare_unary_output(in, out)) {
    Tout* dst = out.data<Tout>();
    int64_t n = static_cast<int64_t>(in.data_size());
    parallel_for(n, elementwise_grain, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) dst[i] = static_cast<Tout>(op(src[i]));
    });
    return;
  }
  Tout* dst = out.data<Tout>();
  strided_apply<2>(out.shape(), {&in.strides(), &out.strides()},
                   [&](const std::array<int64_t, 2>& off, int64_t n,
                       const std::array<int64_t, 2>& st) {
                     const Tin* s = src + off[0];
                     Tout* d = dst + off[1];
                     for (int64_t i = 0; i < n; ++i) {
                       d[i * st[1]] = static_cast<Tout>(op(s[i * st[0]]));
                     }
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
