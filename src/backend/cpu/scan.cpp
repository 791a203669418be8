// Eager cumulative scans along one axis of an input with any strides. Lines
// are walked with the strided helper over the other dims; when those dims are
// contiguous and the scanned axis is not, a block of lines is scanned together
// so memory is read row by row.
#include <algorithm>

#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/reduce_ops.h"
#include "backend/cpu/scan.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

// log(exp(acc) + exp(x)), for floating and complex accumulators (the op casts
// integer inputs to float first).
struct LogAddExpFold {
  template <typename T>
  using acc_t = reduce_ops::widen_half_t<T>;
  template <typename A>
  static A init() {
    if constexpr (std::is_floating_point_v<A>) {
      return -std::numeric_limits<A>::infinity();
    } else if constexpr (std::is_same_v<A, complex64_t>) {
      return A(-std::numeric_limits<float>::infinity(), 0.0f);
    } else {
      return A(0);
    }
  }
  template <typename A>
  static void fold(A& acc, A x) {
    if constexpr (std::is_floating_point_v<A> || std::is_same_v<A, complex64_t>) {
      acc = kernel_ops::LogAddExp{}(acc, x);
    } else {
      throw std::invalid_argument("[logcumsumexp] Unsupported dtype.");
    }
  }
};

template <typename T, typename U, typename Fold>
void scan_impl(const array& in, array& out, int axis, bool reverse, bool inclusive) {
  using A = typename Fold::template acc_t<T>;
  Shape kshape;
  Strides kin, kout;
  for (int d = 0; d < in.ndim(); ++d) {
    if (d == axis) continue;
    kshape.push_back(in.shape(d));
    kin.push_back(in.strides()[d]);
    kout.push_back(out.strides()[d]);
  }
  auto kept = collapse_dims<2>(kshape, {&kin, &kout});
  const int64_t len = in.shape(axis);
  const int64_t xs = in.strides()[axis];
  const int64_t ys = out.strides()[axis];
  const T* src = in.data<T>();
  U* dst = out.data<U>();
  const int64_t n_lines = len == 0 ? 0 : in.size() / len;
  if (n_lines == 0) return;
  const A init = Fold::template init<A>();

  // Position of the t-th element visited along the axis.
  auto pos = [&](int64_t t) { return reverse ? len - 1 - t : t; };
  auto scan_line = [&](const T* x, U* y) {
    A acc = init;
    for (int64_t t = 0; t < len; ++t) {
      int64_t k = pos(t);
      if (inclusive) {
        Fold::fold(acc, A(x[k * xs]));
        y[k * ys] = U(acc);
      } else {
        y[k * ys] = U(acc);
        Fold::fold(acc, A(x[k * xs]));
      }
    }
  };

  bool columns = !kept.shape.empty() && kept.strides[0].back() == 1 &&
                 kept.strides[1].back() == 1 && xs != 1;
  int64_t grain = std::max<int64_t>(1, elementwise_grain / std::max<int64_t>(len, 1));
  parallel_for(n_lines, grain, [&](int64_t b, int64_t e) {
    // The shared walk: a copy per (dtype, op) was a third of this file's build.
    for_each_run_shared<2>(kept, b, e, [&](const std::array<int64_t, 2>& off, int64_t n,
                                           const std::array<int64_t, 2>& st) {
      if (!columns || st[0] != 1 || st[1] != 1) {
        for (int64_t i = 0; i < n; ++i) scan_line(src + off[0] + i * st[0], dst + off[1] + i * st[1]);
        return;
      }
      constexpr int64_t block = 256;
      A acc[block];
      for (int64_t j0 = 0; j0 < n; j0 += block) {
        int64_t m = std::min(block, n - j0);
        const T* x = src + off[0] + j0;
        U* y = dst + off[1] + j0;
        std::fill(acc, acc + m, init);
        for (int64_t t = 0; t < len; ++t) {
          const T* xr = x + pos(t) * xs;
          U* yr = y + pos(t) * ys;
          for (int64_t j = 0; j < m; ++j) {
            if (inclusive) {
              Fold::fold(acc[j], A(xr[j]));
              yr[j] = U(acc[j]);
            } else {
              yr[j] = U(acc[j]);
              Fold::fold(acc[j], A(xr[j]));
            }
          }
        }
      }
    });
  });
}

template <typename T, typename Fold>
void scan_same_type(const array& in, array& out, int axis, bool reverse, bool inclusive) {
  scan_impl<T, T, Fold>(in, out, axis, reverse, inclusive);
}

} // namespace

void scan(const array& in, array& out, Scan::ReduceType type, int axis, bool reverse,
          bool inclusive) {
  out.set_data(allocator::malloc(out.nbytes()));
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    switch (type) {
      case Scan::Sum:
        if constexpr (std::is_same_v<T, bool>) {
          scan_impl<bool, int32_t, reduce_ops::Sum>(in, out, axis, reverse, inclusive);
        } else {
          scan_same_type<T, reduce_ops::Sum>(in, out, axis, reverse, inclusive);
        }
        break;
      case Scan::Prod:
        scan_same_type<T, reduce_ops::Prod>(in, out, axis, reverse, inclusive);
        break;
      case Scan::Max:
        scan_same_type<T, reduce_ops::Max>(in, out, axis, reverse, inclusive);
        break;
      case Scan::Min:
        scan_same_type<T, reduce_ops::Min>(in, out, axis, reverse, inclusive);
        break;
      case Scan::LogAddExp:
        if constexpr (kernel_ops::is_inexact_v<T>) {
          scan_same_type<T, LogAddExpFold>(in, out, axis, reverse, inclusive);
        } else {
          throw std::invalid_argument("[logcumsumexp] Unsupported dtype.");
        }
        break;
    }
  });
}

} // namespace mxcore::cpu

namespace mxcore {

void Scan::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::scan(inputs[0], out, reduce_type_, axis_, reverse_, inclusive_);
}

} // namespace mxcore
