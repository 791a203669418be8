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

// n outputs d[i] = op(x[i * sx], y[i * sy], z[i * sz]). Each input dense
// (stride 1) or one broadcast value (stride 0) gets its own loop, which
// vectorizes (a mask against a scalar, where(m, x, 0), ran element by
// element through a mispredicted branch); other strides take the plain loop.
template <typename T1, typename T2, typename U, typename Op>
[[gnu::noinline]] void ternary_run(const T1* x, int64_t sx, const T2* y, int64_t sy,
                                   const T2* z, int64_t sz, U* d, int64_t n, Op op) {
  auto loop = [&](auto dense_x, auto dense_y, auto dense_z) {
    for (int64_t i = 0; i < n; ++i) {
      d[i] = op(x[dense_x ? i : 0], y[dense_y ? i : 0], z[dense_z ? i : 0]);
    }
  };
  using yes = std::true_type;
  using no = std::false_type;
  const int kind = (sx == 1 ? 4 : sx == 0 ? 0 : 8) + (sy == 1 ? 2 : sy == 0 ? 0 : 8) +
                   (sz == 1 ? 1 : sz == 0 ? 0 : 8);
  switch (kind) {
    case 7: loop(yes{}, yes{}, yes{}); return;
    case 6: loop(yes{}, yes{}, no{}); return;
    case 5: loop(yes{}, no{}, yes{}); return;
    case 4: loop(yes{}, no{}, no{}); return;
    case 3: loop(no{}, yes{}, yes{}); return;
    case 2: loop(no{}, yes{}, no{}); return;
    case 1: loop(no{}, no{}, yes{}); return;
    default:
      for (int64_t i = 0; i < n; ++i) d[i] = op(x[i * sx], y[i * sy], z[i * sz]);
  }
}

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
      ternary_run(pa + s, 1, pb + s, 1, pc + s, 1, dst + s, e - s, op);
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
        if (st[3] == 1) {
          ternary_run(x, st[0], y, st[1], z, st[2], d, n, op);
          return;
        }
        for (int64_t i = 0; i < n; ++i) {
          d[i * st[3]] = op(x[i * st[0]], y[i * st[1]], z[i * st[2]]);
        }
      });
}

// Select: condition is bool, the two values and out share one dtype. Moving
// values needs only their bits: one loop per width, choosing by a mask so
// that no branch (mispredicted on a random condition) is left to compile.
// The condition is read as bytes (0 or 1): GCC 12 widens no bool in a vector.
struct SelectBits {
  template <typename U>
  U operator()(uint8_t condition, U x, U y) const {
    const U keep_x = U(0) - U(condition);
    return U((x & keep_x) | (y & U(~keep_x)));
  }
};

inline void select_op(const array& cond, const array& a, const array& b, array& out,
                      const char* name) {
  switch (a.dtype().size) {
    case 1: ternary_kernel<uint8_t, uint8_t, uint8_t>(cond, a, b, out, SelectBits{}); break;
    case 2: ternary_kernel<uint8_t, uint16_t, uint16_t>(cond, a, b, out, SelectBits{}); break;
    case 4: ternary_kernel<uint8_t, uint32_t, uint32_t>(cond, a, b, out, SelectBits{}); break;
    case 8: ternary_kernel<uint8_t, uint64_t, uint64_t>(cond, a, b, out, SelectBits{}); break;
    default: throw_unsupported_dtype(name, a.dtype());
  }
}

} // namespace mxcore::cpu
