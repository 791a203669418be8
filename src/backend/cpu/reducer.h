// The eager reduction loops, shared by the per-op translation units
// (reduce_sum.cpp, reduce_prod.cpp, reduce_min_max.cpp, reduce_logical.cpp),
// each of which explicitly instantiates reduce_dispatch for its ops so the
// (op x dtype) instantiations build in parallel.
//
// Reductions over any set of axes of an input with any strides.
//
// The input's dims split into kept dims (one per output element) and reduced
// dims; each group is collapsed separately. Three loops cover the layouts:
//  - row: the reduced run is innermost in memory (e.g. sum(axis=-1)): each
//    output folds a contiguous run, in several independent lanes;
//  - column: the kept run is innermost (e.g. sum(axis=0)): a block of outputs
//    is folded together, row after row, so memory is read sequentially;
//  - all: a single output over a large input is split across threads and the
//    partial results are folded in a fixed order (deterministic).
#pragma once

#include <memory>
#include <vector>

#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_ops.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace reduce_detail {

template <typename A, typename T>
inline A load(T x) {
  return detail::cast_scalar<A>(x);
}

// Folds the contiguous x[0, n) into acc through `lanes` independent lanes
// (element i into lane i % lanes), which then fold in order, then the tail.
template <int lanes, typename Op, typename A, typename T>
void fold_lanes(const T* x, int64_t n, A& acc) {
  A part[lanes];
  for (int l = 0; l < lanes; ++l) part[l] = Op::template init<A>();
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    for (int l = 0; l < lanes; ++l) Op::fold(part[l], load<A>(x[i + l]));
  }
  for (int l = 0; l < lanes; ++l) Op::fold(acc, part[l]);
  for (; i < n; ++i) Op::fold(acc, load<A>(x[i]));
}

// Folds n elements of x spaced by `stride` into acc. Independent lanes break
// the dependency chain so the loop pipelines: 32 (four chains of 8-float
// vectors, the add's latency hidden) for runs of 64 or more, 8 for 16 to 63.
// The JIT's RowFold (kernel_ops_row_fold.cpp) folds in this same order.
template <typename Op, typename A, typename T>
void fold_run(const T* x, int64_t n, int64_t stride, A& acc) {
  if (stride == 1 && n >= 64) {
    fold_lanes<32, Op>(x, n, acc);
    return;
  }
  if (stride == 1 && n >= 16) {
    fold_lanes<8, Op>(x, n, acc);
    return;
  }
  for (int64_t i = 0; i < n; ++i) Op::fold(acc, load<A>(x[i * stride]));
}

template <typename Op, typename T>
class Reducer {
  using A = typename Op::template acc_t<T>;
  using O = typename Op::template out_t<T>;

 public:
  Reducer(const array& in, array& out, const std::vector<int>& axes)
      : src_(in.data<T>()), dst_(out.data<O>()) {
    Shape kshape, rshape;
    Strides kin, kout, rin;
    size_t j = 0;
    for (int d = 0; d < in.ndim(); ++d) {
      if (j < axes.size() && axes[j] == d) {
        rshape.push_back(in.shape(d));
        rin.push_back(in.strides()[d]);
        ++j;
      } else {
        kshape.push_back(in.shape(d));
        kin.push_back(in.strides()[d]);
        kout.push_back(out.strides()[d]);
      }
    }
    kept_ = collapse_dims<2>(kshape, {&kin, &kout});
    red_ = collapse_dims<1>(rshape, {&rin});
    n_out_ = out.size();
    n_red_ = red_.size();
  }

  void run() {
    if (n_out_ == 0) return;
    if (n_red_ == 0) {
      O v = detail::cast_scalar<O>(Op::template init<A>());
      // out is freshly allocated row-major.
      for (int64_t i = 0; i < n_out_; ++i) dst_[i] = v;
      return;
    }
    if (n_out_ == 1) {
      reduce_all();
    } else if (column_layout()) {
      reduce_columns();
    } else {
      reduce_rows();
    }
  }

 private:
  // Folds the whole reduced range starting at input offset `base`.
  A fold_one(int64_t base, int64_t begin, int64_t end) const {
    A acc = Op::template init<A>();
    if (red_.shape.size() == 1) {
      int64_t st = red_.strides[0][0];
      fold_run<Op>(src_ + base + begin * st, end - begin, st, acc);
      return acc;
    }
    for_each_run<1>(red_, begin, end,
                    [&](const std::array<int64_t, 1>& off, int64_t n,
                        const std::array<int64_t, 1>& st) {
                      fold_run<Op>(src_ + base + off[0], n, st[0], acc);
                    });
    return acc;
  }

  void reduce_all() {
    const int64_t grain = elementwise_grain;
    int64_t chunks = std::min<int64_t>(num_threads(), n_red_ / grain);
    if (chunks <= 1) {
      dst_[0] = detail::cast_scalar<O>(fold_one(0, 0, n_red_));
      return;
    }
    // Not std::vector: A may be bool.
    std::unique_ptr<A[]> partial(new A[chunks]);
    parallel_for(chunks, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) {
        partial[c] = fold_one(0, c * n_red_ / chunks, (c + 1) * n_red_ / chunks);
      }
    });
    A acc = Op::template init<A>();
    for (int64_t c = 0; c < chunks; ++c) Op::fold(acc, partial[c]);
    dst_[0] = detail::cast_scalar<O>(acc);
  }

  void reduce_rows() {
    int64_t grain = std::max<int64_t>(1, elementwise_grain / n_red_);
    parallel_for(n_out_, grain, [&](int64_t b, int64_t e) {
      for_each_run<2>(kept_, b, e,
                      [&](const std::array<int64_t, 2>& off, int64_t n,
                          const std::array<int64_t, 2>& st) {
                        for (int64_t i = 0; i < n; ++i) {
                          dst_[off[1] + i * st[1]] = detail::cast_scalar<O>(
                              fold_one(off[0] + i * st[0], 0, n_red_));
                        }
                      });
    });
  }

  // The innermost kept dim is contiguous in the input and the output, and
  // the reduced dims are not: fold whole rows of outputs at a time.
  bool column_layout() const {
    if (kept_.shape.empty()) return false;
    bool kept_inner = kept_.strides[0].back() == 1 && kept_.strides[1].back() == 1;
    bool red_inner = !red_.shape.empty() && red_.strides[0].back() == 1;
    return kept_inner && !red_inner;
  }

  void reduce_columns() {
    // Accumulators for a block of outputs stay in L1 while rows stream by.
    constexpr int64_t block = 2048;
    if (kept_.shape.size() == 1 && n_out_ <= block && n_red_ > kColumnChunkRows) {
      reduce_few_columns();
      return;
    }
    int64_t grain = std::max<int64_t>(block, elementwise_grain / n_red_);
    parallel_for(n_out_, grain, [&](int64_t b, int64_t e) {
      std::unique_ptr<A[]> acc(new A[block]);
      for_each_run<2>(kept_, b, e,
                      [&](const std::array<int64_t, 2>& off, int64_t n,
                          const std::array<int64_t, 2>&) {
                        for (int64_t j0 = 0; j0 < n; j0 += block) {
                          int64_t m = std::min(block, n - j0);
                          fold_block(off[0] + j0, m, acc.get());
                          O* d = dst_ + off[1] + j0;
                          for (int64_t j = 0; j < m; ++j) d[j] = detail::cast_scalar<O>(acc[j]);
                        }
                      });
    });
  }

  // Few outputs (one contiguous run) over many reduced rows (batch norm's
  // sums over N, H, W): the rows are cut into chunks of kColumnChunkRows,
  // folded over the pool, and the chunks' partial results are folded in
  // order. The chunks do not depend on the thread count.
  void reduce_few_columns() {
    const int64_t m = n_out_;
    const int64_t chunks = (n_red_ + kColumnChunkRows - 1) / kColumnChunkRows;
    std::unique_ptr<A[]> partial(new A[chunks * m]);
    const int64_t grain = std::max<int64_t>(1, elementwise_grain / (kColumnChunkRows * m));
    parallel_for(chunks, grain, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) {
        fold_block(0, m, partial.get() + c * m, c * kColumnChunkRows,
                   std::min(n_red_, (c + 1) * kColumnChunkRows));
      }
    });
    O* d = dst_;
    for (int64_t j = 0; j < m; ++j) {
      A acc = Op::template init<A>();
      for (int64_t c = 0; c < chunks; ++c) Op::fold(acc, partial[c * m + j]);
      d[j] = detail::cast_scalar<O>(acc);
    }
  }

  // acc[j] = fold over reduced rows [begin, end) of the m contiguous inputs at base.
  void fold_block(int64_t base, int64_t m, A* __restrict acc, int64_t begin = 0,
                  int64_t end = -1) const {
    if (end < 0) end = n_red_;
    for (int64_t j = 0; j < m; ++j) acc[j] = Op::template init<A>();
    for_each_run<1>(red_, begin, end,
                    [&](const std::array<int64_t, 1>& off, int64_t n,
                        const std::array<int64_t, 1>& st) {
                      const T* x = src_ + base + off[0];
                      const int64_t s = st[0];
                      int64_t k = 0;
                      // Four rows per pass: each accumulator is loaded and
                      // stored once for four folds.
                      for (; k + 4 <= n; k += 4) {
                        const T* __restrict x0 = x + k * s;
                        const T* __restrict x1 = x0 + s;
                        const T* __restrict x2 = x1 + s;
                        const T* __restrict x3 = x2 + s;
                        for (int64_t j = 0; j < m; ++j) {
                          A v = acc[j];
                          Op::fold(v, load<A>(x0[j]));
                          Op::fold(v, load<A>(x1[j]));
                          Op::fold(v, load<A>(x2[j]));
                          Op::fold(v, load<A>(x3[j]));
                          acc[j] = v;
                        }
                      }
                      for (; k < n; ++k) {
                        const T* __restrict xk = x + k * s;
                        for (int64_t j = 0; j < m; ++j) Op::fold(acc[j], load<A>(xk[j]));
                      }
                    });
  }

  const T* src_;
  O* dst_;
  StridedLayout<2> kept_;
  StridedLayout<1> red_;
  int64_t n_out_ = 0;
  int64_t n_red_ = 0;
};

} // namespace reduce_detail

// Reduces in into the allocated out with Op, for every input dtype.
template <typename Op>
void reduce_dispatch(const array& in, array& out, const std::vector<int>& axes) {
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    using O = typename Op::template out_t<T>;
    if (dtype_of<O> != out.dtype()) {
      throw std::invalid_argument("[reduce] Output dtype " + dtype_name(out.dtype()) +
                                  " does not match the reduction of " +
                                  dtype_name(in.dtype()) + ".");
    }
    reduce_detail::Reducer<Op, T>(in, out, axes).run();
  });
}


} // namespace mxcore::cpu
