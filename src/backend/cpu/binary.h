// Eager elementwise binary kernels (inputs already broadcast to out's shape).
#pragma once

#include <type_traits>

#include "backend/cpu/copy.h"
#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/unary.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

enum class BinaryLayout {
  scalar_scalar,
  scalar_vector,
  vector_scalar,
  vector_vector, // both dense with identical strides
  general,
};

BinaryLayout get_binary_layout(const array& a, const array& b);

// Allocates out (donating an input buffer when possible) for the given layout.
void prepare_binary_output(const array& a, const array& b, array& out,
                           BinaryLayout layout);

// n outputs d[i] = op(x[i * sx], y[i * sy]); sx, sy are 1 (dense) or 0
// (broadcast scalar) on the fast paths, which half types run through float
// blocks.
template <typename T, typename U, typename Op>
inline void binary_loops(const T* x, int64_t sx, const T* y, int64_t sy, U* d, int64_t n, Op op) {
  if constexpr (is_half_v<T> && std::is_invocable_v<Op, float, float>) {
    if ((sx == 0 || sx == 1) && (sy == 0 || sy == 1) && sx + sy > 0) {
      binary_half_blocks(x, sx, y, sy, d, n, op);
      return;
    }
  }
  if (sx == 1 && sy == 1) {
    for (int64_t i = 0; i < n; ++i) d[i] = static_cast<U>(op(x[i], y[i]));
  } else if (sx == 1 && sy == 0) {
    const T yv = y[0];
    for (int64_t i = 0; i < n; ++i) d[i] = static_cast<U>(op(x[i], yv));
  } else if (sx == 0 && sy == 1) {
    const T xv = x[0];
    for (int64_t i = 0; i < n; ++i) d[i] = static_cast<U>(op(xv, y[i]));
  } else {
    for (int64_t i = 0; i < n; ++i) d[i] = static_cast<U>(op(x[i * sx], y[i * sy]));
  }
}

// The one loop nest both the dense and the strided layouts run, so each
// (dtype, op) instantiates it once (not inlined into both callers: its four
// vectorized loops are most of the binary kernels' build time, and one call
// per run costs nothing).
template <typename T, typename U, typename Op>
[[gnu::noinline]] void binary_run(const T* x, int64_t sx, const T* y, int64_t sy, U* d, int64_t n,
                                  Op op) {
  binary_loops(x, sx, y, sy, d, n, op);
}

// binary_kernel with the loop nest `run` (binary_run, or a clone of it
// compiled for other instructions).
template <typename T, typename U, typename Op, typename Run>
void binary_kernel_with(const array& a, const array& b, array& out, Op op, Run run) {
  // (No copies of the handles otherwise: they would keep an input from being
  // donated to the output.)
  const bool ra = needs_row_layout(a, b), rb = needs_row_layout(b, a);
  if (ra || rb) {
    binary_kernel_with<T, U>(ra ? row_major_copy(a) : a, rb ? row_major_copy(b) : b, out, op,
                             run);
    return;
  }
  auto layout = get_binary_layout(a, b);
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  prepare_binary_output(a, b, out, layout);
  U* dst = out.data<U>();
  if (layout != BinaryLayout::general) {
    const int64_t sa = (layout == BinaryLayout::vector_scalar ||
                        layout == BinaryLayout::vector_vector) ? 1 : 0;
    const int64_t sb = (layout == BinaryLayout::scalar_vector ||
                        layout == BinaryLayout::vector_vector) ? 1 : 0;
    int64_t n = static_cast<int64_t>(out.data_size());
    parallel_for(n, elementwise_grain, [&](int64_t s, int64_t e) {
      run(pa + s * sa, sa, pb + s * sb, sb, dst + s, e - s, op);
    });
    return;
  }
  // Short rows (an operand broadcast along a middle axis, e.g. group norm's
  // statistics against (B, HW, groups)): the rows of each run along the
  // second-to-last dim are called here one after another, without the walk's
  // per-run decoding and indirect call (most of the time on rows of 8).
  auto walk = collapse_dims<3>(out.shape(), {&a.strides(), &b.strides(), &out.strides()});
  const int nd = static_cast<int>(walk.shape.size());
  if (nd >= 2 && walk.shape[nd - 1] < 32 && walk.size() >= (int64_t(1) << 14)) {
    const int64_t len = walk.shape[nd - 1];
    std::array<int64_t, 3> inner, row;
    for (int k = 0; k < 3; ++k) {
      inner[k] = walk.strides[k][nd - 1];
      row[k] = walk.strides[k][nd - 2];
    }
    StridedLayout<3> rows = walk;
    for (auto& st : rows.strides) st.pop_back();
    rows.shape.pop_back();
    parallel_for(rows.size(), std::max<int64_t>(1, elementwise_grain / len),
                 [&](int64_t r0, int64_t r1) {
                   for_each_run<3>(rows, r0, r1,
                                   [&](const std::array<int64_t, 3>& off, int64_t n,
                                       const std::array<int64_t, 3>&) {
                                     for (int64_t r = 0; r < n; ++r) {
                                       run(pa + off[0] + r * row[0], inner[0],
                                           pb + off[1] + r * row[1], inner[1],
                                           dst + off[2] + r * row[2], len, op);
                                     }
                                   });
                 });
    return;
  }
  strided_apply<3>(
      out.shape(), {&a.strides(), &b.strides(), &out.strides()},
      [&](const std::array<int64_t, 3>& off, int64_t n,
          const std::array<int64_t, 3>& st) {
        run(pa + off[0], st[0], pb + off[1], st[1], dst + off[2], n, op);
      });
}

template <typename T, typename U, typename Op>
void binary_kernel(const array& a, const array& b, array& out, Op op) {
  binary_kernel_with<T, U>(a, b, out, op, binary_run<T, U, Op>);
}

// out has the inputs' dtype.
template <typename Op>
void binary_op(const array& a, const array& b, array& out, Op op, const char* name) {
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, T, T>) {
      binary_kernel<T, T>(a, b, out, op);
    } else {
      throw_unsupported_dtype(name, a.dtype());
    }
  });
}

// out has a fixed dtype (bool for comparisons).
template <typename U, typename Op>
void binary_op_to(const array& a, const array& b, array& out, Op op, const char* name) {
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, T, T>) {
      binary_kernel<T, U>(a, b, out, op);
    } else {
      throw_unsupported_dtype(name, a.dtype());
    }
  });
}

// Two outputs of the inputs' dtype from one pass (DivMod): op(x, y, o0, o1).
template <typename Op>
void binary_op_two_outputs(const array& a, const array& b, array& o0, array& o1,
                           Op op, const char* name) {
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (std::is_invocable_v<Op, T, T, T&, T&>) {
      o0.set_data(allocator::malloc(o0.nbytes()));
      o1.set_data(allocator::malloc(o1.nbytes()));
      const T* pa = a.data<T>();
      const T* pb = b.data<T>();
      T* p0 = o0.data<T>();
      T* p1 = o1.data<T>();
      // Both outputs are row-major, so they share strides.
      strided_apply<3>(
          o0.shape(), {&a.strides(), &b.strides(), &o0.strides()},
          [&](const std::array<int64_t, 3>& off, int64_t n,
              const std::array<int64_t, 3>& st) {
            const T* x = pa + off[0];
            const T* y = pb + off[1];
            T* d0 = p0 + off[2];
            T* d1 = p1 + off[2];
            for (int64_t i = 0; i < n; ++i) {
              op(x[i * st[0]], y[i * st[1]], d0[i * st[2]], d1[i * st[2]]);
            }
          });
    } else {
      throw_unsupported_dtype(name, a.dtype());
    }
  });
}

} // namespace mxcore::cpu
