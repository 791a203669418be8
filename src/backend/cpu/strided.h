// The strided-iteration helper every eager CPU kernel uses: N operands that
// share one shape but have their own strides are walked in runs along the last
// (collapsed) dimension, optionally in parallel.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "backend/cpu/thread_pool.h"
#include "kernel/strides.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

// Layout collapsing is backend-neutral (kernel/strides.h); the kernels here
// name it unqualified.
using kernel::collapse_dims;
using kernel::StridedLayout;

// Calls f(offsets, n, inner_strides) for each run of the flat index range
// [start, end): offsets are element offsets of the run's first element.
template <size_t N, typename F>
void for_each_run(const StridedLayout<N>& layout, int64_t start, int64_t end,
                  F&& f) {
  // An empty range (an array with a zero dim) has nothing to visit, and its
  // zero dims must not reach the index decoding below (division by zero).
  if (start >= end) return;
  const int nd = static_cast<int>(layout.shape.size());
  std::array<int64_t, N> offsets{};
  std::array<int64_t, N> inner{};
  if (nd == 0) {
    f(offsets, int64_t(1), inner);
    return;
  }
  for (size_t k = 0; k < N; ++k) inner[k] = layout.strides[k][nd - 1];
  std::vector<int64_t> idx(nd, 0);
  int64_t rem = start;
  for (int d = nd - 1; d >= 0; --d) {
    idx[d] = rem % layout.shape[d];
    rem /= layout.shape[d];
    for (size_t k = 0; k < N; ++k) offsets[k] += idx[d] * layout.strides[k][d];
  }
  const int64_t last = layout.shape[nd - 1];
  int64_t pos = start;
  while (pos < end) {
    int64_t n = std::min(last - idx[nd - 1], end - pos);
    f(offsets, n, inner);
    pos += n;
    idx[nd - 1] += n;
    for (size_t k = 0; k < N; ++k) offsets[k] += n * inner[k];
    // Carry into outer dims.
    for (int d = nd - 1; d > 0 && idx[d] == layout.shape[d]; --d) {
      idx[d] = 0;
      ++idx[d - 1];
      for (size_t k = 0; k < N; ++k) {
        offsets[k] += layout.strides[k][d - 1] - layout.shape[d] * layout.strides[k][d];
      }
    }
  }
}

// Whether operand k is read across its rows: unit stride on the layout's
// second-to-last dim, a large one on its last (a transpose).
template <size_t N>
bool across_rows(const StridedLayout<N>& layout, size_t k) {
  const size_t nd = layout.shape.size();
  if (nd < 2) return false;
  const int64_t inner = layout.strides[k][nd - 1], outer = layout.strides[k][nd - 2];
  return (inner > 8 || inner < -8) && (outer == 1 || outer == -1);
}

// Square tiles of the layout's last two dims: an operand read across its rows
// (across_rows) touches a new cache line at every element of a row; in a
// tile, the lines one row loads serve the tile's next rows.
inline constexpr int64_t kTile = 16;

// Calls fn(ctx, origin, rows, cols) for each tile of at most kTile x kTile
// elements of the last two dims (origin: each operand's offset of the tile's
// first element); blocks of kTile rows of every outer index are split over
// the threads, each running its tiles left to right.
template <size_t N>
using TileFn = void (*)(void* ctx, const std::array<int64_t, N>& origin, int64_t rows,
                        int64_t cols);

template <size_t N>
void for_each_tile(const StridedLayout<N>& layout, TileFn<N> fn, void* ctx, int64_t grain);

extern template void for_each_tile<2>(const StridedLayout<2>&, TileFn<2>, void*, int64_t);
extern template void for_each_tile<3>(const StridedLayout<3>&, TileFn<3>, void*, int64_t);
extern template void for_each_tile<4>(const StridedLayout<4>&, TileFn<4>, void*, int64_t);

template <size_t N, typename F>
void for_each_tile(const StridedLayout<N>& layout, F&& f, int64_t grain) {
  using Fn = std::remove_reference_t<F>;
  for_each_tile<N>(
      layout,
      [](void* ctx, const std::array<int64_t, N>& origin, int64_t rows, int64_t cols) {
        (*static_cast<Fn*>(ctx))(origin, rows, cols);
      },
      const_cast<void*>(static_cast<const void*>(std::addressof(f))), grain);
}

// Minimum elements per thread before an elementwise loop is split.
inline constexpr int64_t elementwise_grain = 1 << 15;

// for_each_run with f called through a pointer: the walk is compiled once
// per operand count (strided.cpp) instead of once per kernel.
template <size_t N>
using RunFn = void (*)(void* ctx, const std::array<int64_t, N>& offsets, int64_t n,
                       const std::array<int64_t, N>& inner_strides);

template <size_t N>
void for_each_run_shared(const StridedLayout<N>& layout, int64_t start, int64_t end,
                         RunFn<N> fn, void* ctx);

extern template void for_each_run_shared<1>(const StridedLayout<1>&, int64_t, int64_t,
                                            RunFn<1>, void*);
extern template void for_each_run_shared<2>(const StridedLayout<2>&, int64_t, int64_t,
                                            RunFn<2>, void*);

template <size_t N, typename F>
void for_each_run_shared(const StridedLayout<N>& layout, int64_t start, int64_t end, F&& f) {
  using Fn = std::remove_reference_t<F>;
  for_each_run_shared<N>(
      layout, start, end,
      [](void* ctx, const std::array<int64_t, N>& off, int64_t n,
         const std::array<int64_t, N>& st) { (*static_cast<Fn*>(ctx))(off, n, st); },
      const_cast<void*>(static_cast<const void*>(std::addressof(f))));
}

// The body of strided_apply, compiled once per operand count (strided.cpp):
// calls fn(ctx, offsets, n, inner_strides) for each run, in parallel chunks.
template <size_t N>
void strided_apply_runs(const Shape& shape, const std::array<const Strides*, N>& strides,
                        RunFn<N> fn, void* ctx, int64_t grain);

extern template void strided_apply_runs<2>(const Shape&, const std::array<const Strides*, 2>&,
                                           RunFn<2>, void*, int64_t);
extern template void strided_apply_runs<3>(const Shape&, const std::array<const Strides*, 3>&,
                                           RunFn<3>, void*, int64_t);
extern template void strided_apply_runs<4>(const Shape&, const std::array<const Strides*, 4>&,
                                           RunFn<4>, void*, int64_t);

// Walks `shape` for operands with the given strides, in parallel chunks:
// f(offsets, n, inner_strides) for each run. The walk is shared by every
// kernel and only f's loop is compiled per (dtype, op): a per-kernel copy of
// the walk was a large part of the elementwise kernels' build time, and the
// indirect call costs a few nanoseconds per run of a whole inner dim.
template <size_t N, typename F>
void strided_apply(const Shape& shape, const std::array<const Strides*, N>& strides,
                   F&& f, int64_t grain = elementwise_grain) {
  using Fn = std::remove_reference_t<F>;
  strided_apply_runs<N>(
      shape, strides,
      [](void* ctx, const std::array<int64_t, N>& off, int64_t n,
         const std::array<int64_t, N>& st) { (*static_cast<Fn*>(ctx))(off, n, st); },
      const_cast<void*>(static_cast<const void*>(std::addressof(f))), grain);
}

} // namespace mxcore::cpu
