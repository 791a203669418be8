// Eager argmin/argmax along one axis of an input with any strides. The
// first extreme wins ties; NaN counts as the extreme (as NumPy).
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_ops.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

template <bool IsMax, typename T>
void arg_reduce_impl(const array& in, array& out, int axis) {
  using C = reduce_ops::widen_half_t<T>;
  auto better = [](C x, C best) {
    return IsMax ? reduce_ops::greater(x, best) : reduce_ops::less(x, best);
  };
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
  const int64_t ax_stride = in.strides()[axis];
  const T* src = in.data<T>();
  uint32_t* dst = out.data<uint32_t>();
  const int64_t n_out = out.size();
  if (n_out == 0) return;

  // One output: scan `len` elements from x.
  auto scan = [&](const T* x) -> uint32_t {
    C best = C(x[0]);
    uint32_t idx = 0;
    for (int64_t k = 1; k < len; ++k) {
      C v = C(x[k * ax_stride]);
      if (better(v, best)) {
        best = v;
        idx = static_cast<uint32_t>(k);
      }
    }
    return idx;
  };

  // When the kept run is contiguous and the axis is not, scan a block of
  // outputs together so memory is read row by row.
  bool columns = !kept.shape.empty() && kept.strides[0].back() == 1 && ax_stride != 1;
  int64_t grain = std::max<int64_t>(1, elementwise_grain / std::max<int64_t>(len, 1));
  parallel_for(n_out, grain, [&](int64_t b, int64_t e) {
    // The shared walk: a copy per (dtype, op) was ~2 of this file's 7.5 CPU-s.
    for_each_run_shared<2>(kept, b, e,
                    [&](const std::array<int64_t, 2>& off, int64_t n,
                        const std::array<int64_t, 2>& st) {
                      if (!columns || st[0] != 1 || st[1] != 1) {
                        for (int64_t i = 0; i < n; ++i) {
                          dst[off[1] + i * st[1]] = scan(src + off[0] + i * st[0]);
                        }
                        return;
                      }
                      constexpr int64_t block = 256;
                      C best[block];
                      for (int64_t j0 = 0; j0 < n; j0 += block) {
                        int64_t m = std::min(block, n - j0);
                        const T* x = src + off[0] + j0;
                        uint32_t* d = dst + off[1] + j0;
                        for (int64_t j = 0; j < m; ++j) {
                          best[j] = C(x[j]);
                          d[j] = 0;
                        }
                        for (int64_t k = 1; k < len; ++k) {
                          const T* row = x + k * ax_stride;
                          for (int64_t j = 0; j < m; ++j) {
                            C v = C(row[j]);
                            if (better(v, best[j])) {
                              best[j] = v;
                              d[j] = static_cast<uint32_t>(k);
                            }
                          }
                        }
                      }
                    });
  });
}

} // namespace

void arg_reduce(const array& in, array& out, ArgReduce::ReduceType type, int axis) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (in.shape(axis) == 0) {
    throw std::invalid_argument("[arg_reduce] Cannot reduce an empty axis.");
  }
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if (type == ArgReduce::ArgMax) {
      arg_reduce_impl<true, T>(in, out, axis);
    } else {
      arg_reduce_impl<false, T>(in, out, axis);
    }
  });
}

} // namespace mxcore::cpu

namespace mxcore {

void ArgReduce::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::arg_reduce(inputs[0], out, reduce_type_, axis_);
}

} // namespace mxcore
