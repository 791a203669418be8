// Eager elementwise ternary kernel (Select): inputs already broadcast to out's shape.
#pragma once

#include <type_traits>

#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/unary.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

// True when a, b and c are densely stored with identical strides, so one flat
// loop over their buffers computes the result (which then takes that layout).
bool same_dense_layout(const array& a, const array& b, const array& c);

// Allocates out with like's layout, donating one of the inputs when possible.
void prepare_ternary_output(const array& a, const array& b, const array& c,
                            array& out, bool same_layout);

template <typename T1, typename T2, typename U, typename Op>
void ternary_kernel(const array& a, const array& b, const array& c, array& out, Op op) {
  const T1* pa = a.data<T1>();
  const T2* pb = b.data<T2>();
  const T2* pc = c.data<T2>();
  bool flat = same_dense_layout(a, b, c);
  prepare_ternary_output(a, b, c, out, flat);
  U* dst = out.data<U>();
  if (flat) {
    int64_t n = static_cast<int64_t>(out.data_size());
    parallel_for(n, elementwise_grain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) dst[i] = op(pa[i], pb[i], pc[i]);
    });
    return;
  }
  strided_apply<4>(
      out.shape(), {&a.strides(), &b.strides(), &c.strides(), &out.strides()},
      [&](const std::array<int64_t, 4>& off, int64_t n,
          const std::array<int64_t, 4>& st) {
        const T1* x = pa + off[0];
        const T2* y = pb + off[1];
        const T2* z = pc + off[2];
        U* d = dst + off[3];
        for (int64_t i = 0; i < n; ++i) {
          d[i * st[3]] = op(x[i * st[0]], y[i * st[1]], z[i * st[2]]);
        }
      });
}

// Select: condition is bool, the two values and out share one dtype.
template <typename Op>
void select_op(const array& cond, const array& a, const array& b, array& out, Op op,
               const char* name) {
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, bool, T, T>) {
      ternary_kernel<bool, T, T>(cond, a, b, out, op);
    } else {
      throw_unsupported_dtype(name, a.dtype());
    }
  });
}

} // namespace mxcore::cpu
