// The eager reduction loops, shared by the per-op translation units
// (reduce_sum.cpp, reduce_prod.cpp, reduce_min_max.cpp, reduce_logical.cpp),
// each of which explicitly instantiates reduce_dispatch for its ops so the
// (op x dtype) instantiations build in parallel.
//
// Reductions over any set of axes of an input with any strides. Only the
// innermost loops are compiled per (op, dtype), into a ReduceKernels table;
// the layout walk, the threading and the choice of loop are compiled once
// (reduce_driver.cpp). A per-(op, dtype) copy of the whole driver was most of
// the reductions' build time; the indirect calls cost a few nanoseconds per
// run of outputs.
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

#include <algorithm>
#include <type_traits>
#include <vector>

#include "backend/cpu/half_blocks.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_ops.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

// The per-(op, dtype) loops of a reduction. Pointers are untyped: `src` is
// the input's element type T, `acc` the op's accumulator A, `dst` its output
// O; strides and counts are in elements.
struct ReduceKernels {
  int in_bytes;
  int acc_bytes;
  int out_bytes;
  // acc[0, m) = the op's identity.
  void (*init)(void* acc, int64_t m);
  // *acc folds the n elements src[0], src[stride], ...
  void (*fold_run)(const void* src, int64_t n, int64_t stride, void* acc);
  // For i in [0, n): dst[i * dst_stride] = the fold of the len elements at
  // src + i * src_stride, spaced by red_stride.
  void (*fold_rows)(const void* src, int64_t n, int64_t src_stride, int64_t len,
                    int64_t red_stride, void* dst, int64_t dst_stride);
  // acc[j] folds src[k * row_stride + j] for k in [0, rows), j in [0, m).
  void (*fold_block)(const void* src, int64_t m, int64_t rows, int64_t row_stride,
                     void* acc);
  // acc[j] folds part[j], j in [0, m).
  void (*combine)(void* acc, const void* part, int64_t m);
  // dst[j * dst_stride] = acc[j] as O, j in [0, m).
  void (*store)(const void* acc, int64_t m, void* dst, int64_t dst_stride);
};

// Reduces in into the allocated out over the sorted axes (reduce_driver.cpp).
void reduce_with_kernels(const array& in, array& out, const std::vector<int>& axes,
                         const ReduceKernels& k);

namespace reduce_detail {

template <typename A, typename T>
inline A load(T x) {
  return detail::cast_scalar<A>(x);
}

// Ops whose float fold has a vector form (Op::fold_vector on f32x8): the
// same select per lane, so the same results.
template <typename Op, typename A, typename T, typename = void>
constexpr bool vector_fold = false;
template <typename Op, typename A, typename T>
constexpr bool vector_fold<Op, A, T, std::void_t<decltype(&Op::fold_vector)>> =
    std::is_same_v<A, float> && std::is_same_v<T, float>;

// part[0, 8 * vectors) folds x[0, 8 * vectors) lane by lane, through vectors.
template <int vectors, typename Op>
inline void fold_vectors(float* part, const float* x) {
  for (int k = 0; k < vectors; ++k) {
    reduce_ops::f32x8 a, v;
    __builtin_memcpy(&a, part + 8 * k, sizeof(a));
    __builtin_memcpy(&v, x + 8 * k, sizeof(v));
    a = Op::fold_vector(a, v);
    __builtin_memcpy(part + 8 * k, &a, sizeof(a));
  }
}

// part[l] folds the elements i = l (mod lanes) of x[0, n), n a multiple of
// `lanes`.
template <int lanes, typename Op, typename A, typename T>
void fold_lane_groups(A* part, const T* x, int64_t n) {
  int64_t i = 0;
  if constexpr (vector_fold<Op, A, T> && lanes % 8 == 0) {
    for (; i + lanes <= n; i += lanes) fold_vectors<lanes / 8, Op>(part, x + i);
  }
  for (; i + lanes <= n; i += lanes) {
    for (int l = 0; l < lanes; ++l) Op::fold(part[l], load<A>(x[i + l]));
  }
}

// Folds the contiguous x[0, n) into acc through `lanes` independent lanes
// (element i into lane i % lanes), which then fold in order, then the tail.
// Half types fold float accumulators from blocks widened 8 values an
// instruction (half_blocks.h): the same values in the same order.
template <int lanes, typename Op, typename A, typename T>
void fold_lanes(const T* x, int64_t n, A& acc) {
  A part[lanes];
  for (int l = 0; l < lanes; ++l) part[l] = Op::template init<A>();
  const int64_t whole = n / lanes * lanes;
  if constexpr (is_half_v<T> && std::is_same_v<A, float>) {
    static_assert(kHalfBlock % lanes == 0);
    alignas(64) float f[kHalfBlock];
    for (int64_t b = 0; b < whole; b += kHalfBlock) {
      const int64_t m = std::min(kHalfBlock, whole - b);
      widen_block(x + b, f, m);
      fold_lane_groups<lanes, Op>(part, static_cast<const float*>(f), m);
    }
  } else {
    fold_lane_groups<lanes, Op>(part, x, whole);
  }
  for (int l = 0; l < lanes; ++l) Op::fold(acc, part[l]);
  for (int64_t i = whole; i < n; ++i) Op::fold(acc, load<A>(x[i]));
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
struct Loops {
  using A = typename Op::template acc_t<T>;
  using O = typename Op::template out_t<T>;

  static void init(void* acc, int64_t m) {
    A* a = static_cast<A*>(acc);
    for (int64_t j = 0; j < m; ++j) a[j] = Op::template init<A>();
  }

  static void fold_run_erased(const void* src, int64_t n, int64_t stride, void* acc) {
    fold_run<Op>(static_cast<const T*>(src), n, stride, *static_cast<A*>(acc));
  }

  static void fold_rows(const void* src, int64_t n, int64_t src_stride, int64_t len,
                        int64_t red_stride, void* dst, int64_t dst_stride) {
    const T* x = static_cast<const T*>(src);
    O* d = static_cast<O*>(dst);
    int64_t i = 0;
    if constexpr (vector_fold<Op, A, T>) {
      // Short rows (a pooling window's 9 values) fold in order one by one
      // (fold_run), eight rows at a time through the vector select: the
      // same folds, without the per-element branch.
      if (len < 16) {
        for (; i + 8 <= n; i += 8) {
          float part[8];
          for (int l = 0; l < 8; ++l) part[l] = Op::template init<A>();
          for (int64_t k = 0; k < len; ++k) {
            float v[8];
            for (int l = 0; l < 8; ++l) v[l] = x[(i + l) * src_stride + k * red_stride];
            fold_vectors<1, Op>(part, v);
          }
          for (int l = 0; l < 8; ++l) d[(i + l) * dst_stride] = detail::cast_scalar<O>(part[l]);
        }
      }
    }
    for (; i < n; ++i) {
      A acc = Op::template init<A>();
      fold_run<Op>(x + i * src_stride, len, red_stride, acc);
      d[i * dst_stride] = detail::cast_scalar<O>(acc);
    }
  }

  static void fold_block(const void* src, int64_t m, int64_t rows, int64_t row_stride,
                         void* acc_ptr) {
    const T* x = static_cast<const T*>(src);
    A* __restrict acc = static_cast<A*>(acc_ptr);
    const int64_t s = row_stride;
    // Strips of a few columns (two 32-byte vectors of A) whose accumulators
    // stay in registers over a tile of rows; reloading them every row chained
    // each fold through a store and a load (batch norm's sums over 16 or 32
    // channels ran at a third of the read speed). A tile's rows stay in cache
    // from one strip to the next. Each column still folds its rows in order.
    constexpr int64_t strip = 64 / sizeof(A) > 0 ? 64 / sizeof(A) : 1;
    const int64_t tile = std::max<int64_t>(8, 16384 / std::max<int64_t>(1, m * sizeof(T)));
    for (int64_t k0 = 0; k0 < rows; k0 += tile) {
      const int64_t k1 = std::min(rows, k0 + tile);
      int64_t j0 = 0;
      for (; j0 + strip <= m; j0 += strip) {
        A v[strip];
        for (int64_t l = 0; l < strip; ++l) v[l] = acc[j0 + l];
        for (int64_t k = k0; k < k1; ++k) {
          const T* __restrict xk = x + k * s + j0;
          if constexpr (vector_fold<Op, A, T>) {
            fold_vectors<strip / 8, Op>(v, xk);
          } else if constexpr (is_half_v<T> && std::is_same_v<A, float>) {
            alignas(64) float f[strip];
            widen_block(xk, f, strip);
            if constexpr (vector_fold<Op, float, float>) {
              fold_vectors<strip / 8, Op>(v, f);
            } else {
              for (int64_t l = 0; l < strip; ++l) Op::fold(v[l], f[l]);
            }
          } else {
            for (int64_t l = 0; l < strip; ++l) Op::fold(v[l], load<A>(xk[l]));
          }
        }
        for (int64_t l = 0; l < strip; ++l) acc[j0 + l] = v[l];
      }
      // The remaining columns, four rows per pass: each accumulator is
      // loaded and stored once for four folds.
      int64_t k = k0;
      for (; j0 < m && k + 4 <= k1; k += 4) {
        const T* __restrict x0 = x + k * s;
        const T* __restrict x1 = x0 + s;
        const T* __restrict x2 = x1 + s;
        const T* __restrict x3 = x2 + s;
        for (int64_t j = j0; j < m; ++j) {
          A v = acc[j];
          Op::fold(v, load<A>(x0[j]));
          Op::fold(v, load<A>(x1[j]));
          Op::fold(v, load<A>(x2[j]));
          Op::fold(v, load<A>(x3[j]));
          acc[j] = v;
        }
      }
      for (; j0 < m && k < k1; ++k) {
        const T* __restrict xk = x + k * s;
        for (int64_t j = j0; j < m; ++j) Op::fold(acc[j], load<A>(xk[j]));
      }
    }
  }

  static void combine(void* acc, const void* part, int64_t m) {
    A* a = static_cast<A*>(acc);
    const A* p = static_cast<const A*>(part);
    for (int64_t j = 0; j < m; ++j) Op::fold(a[j], p[j]);
  }

  static void store(const void* acc, int64_t m, void* dst, int64_t dst_stride) {
    const A* a = static_cast<const A*>(acc);
    O* d = static_cast<O*>(dst);
    for (int64_t j = 0; j < m; ++j) d[j * dst_stride] = detail::cast_scalar<O>(a[j]);
  }

  static constexpr ReduceKernels table{
      static_cast<int>(sizeof(T)), static_cast<int>(sizeof(A)), static_cast<int>(sizeof(O)),
      &init, &fold_run_erased, &fold_rows, &fold_block, &combine, &store};
};

template <size_t bytes>
using unsigned_of_size = std::conditional_t<
    bytes == 1, uint8_t,
    std::conditional_t<bytes == 2, uint16_t, std::conditional_t<bytes == 4, uint32_t, uint64_t>>>;

// The element type whose loops reduce T. All and any only ask whether an
// element is nonzero, which for bool and integers is a question about its
// bits: integers of one width (and bool) share the unsigned width's loops.
template <typename Op, typename T>
using loop_input_t =
    std::conditional_t<std::is_same_v<typename Op::template acc_t<int32_t>, bool> &&
                           std::is_integral_v<T>,
                       unsigned_of_size<sizeof(T)>, T>;

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
    using L = reduce_detail::loop_input_t<Op, T>;
    static_assert(std::is_same_v<typename Op::template out_t<L>, O>);
    reduce_with_kernels(in, out, axes, reduce_detail::Loops<Op, L>::table);
  });
}

} // namespace mxcore::cpu
