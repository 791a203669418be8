// The shared walks of strided.h (for_each_run_shared, strided_apply), one
// copy per operand count.
#include "backend/cpu/strided.h"

#include <algorithm>

namespace mxcore::cpu {

template <size_t N>
void for_each_run_shared(const StridedLayout<N>& layout, int64_t start, int64_t end,
                         RunFn<N> fn, void* ctx) {
  for_each_run<N>(layout, start, end,
                  [&](const std::array<int64_t, N>& off, int64_t n,
                      const std::array<int64_t, N>& st) { fn(ctx, off, n, st); });
}

template void for_each_run_shared<1>(const StridedLayout<1>&, int64_t, int64_t, RunFn<1>,
                                     void*);
template void for_each_run_shared<2>(const StridedLayout<2>&, int64_t, int64_t, RunFn<2>,
                                     void*);

template <size_t N>
void for_each_tile(const StridedLayout<N>& layout, TileFn<N> fn, void* ctx, int64_t grain) {
  const int nd = static_cast<int>(layout.shape.size());
  const int64_t rows = layout.shape[nd - 2], cols = layout.shape[nd - 1];
  const int64_t row_blocks = (rows + kTile - 1) / kTile;
  int64_t outer = 1;
  for (int d = 0; d < nd - 2; ++d) outer *= layout.shape[d];
  const int64_t block_grain = std::max<int64_t>(1, grain / (kTile * cols));
  parallel_for(outer * row_blocks, block_grain, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      std::array<int64_t, N> base{};
      int64_t rem = b / row_blocks;
      for (int d = nd - 3; d >= 0; --d) {
        const int64_t i = rem % layout.shape[d];
        rem /= layout.shape[d];
        for (size_t k = 0; k < N; ++k) base[k] += i * layout.strides[k][d];
      }
      const int64_t r0 = (b % row_blocks) * kTile;
      for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
        std::array<int64_t, N> origin;
        for (size_t k = 0; k < N; ++k) {
          origin[k] = base[k] + r0 * layout.strides[k][nd - 2] + c0 * layout.strides[k][nd - 1];
        }
        fn(ctx, origin, std::min(kTile, rows - r0), std::min(kTile, cols - c0));
      }
    }
  });
}

template void for_each_tile<2>(const StridedLayout<2>&, TileFn<2>, void*, int64_t);
template void for_each_tile<3>(const StridedLayout<3>&, TileFn<3>, void*, int64_t);
template void for_each_tile<4>(const StridedLayout<4>&, TileFn<4>, void*, int64_t);

namespace {

template <size_t N>
bool any_across_rows(const StridedLayout<N>& layout) {
  const size_t nd = layout.shape.size();
  if (nd < 2 || layout.shape[nd - 1] < kTile || layout.shape[nd - 2] < 2) return false;
  for (size_t k = 0; k < N; ++k) {
    if (across_rows(layout, k)) return true;
  }
  return false;
}

} // namespace

template <size_t N>
void strided_apply_runs(const Shape& shape, const std::array<const Strides*, N>& strides,
                        RunFn<N> fn, void* ctx, int64_t grain) {
  auto layout = collapse_dims<N>(shape, strides);
  int64_t total = layout.size();
  if (total > 0 && any_across_rows(layout)) { // run by run, a tile at a time
    const size_t nd = layout.shape.size();
    std::array<int64_t, N> inner;
    for (size_t k = 0; k < N; ++k) inner[k] = layout.strides[k][nd - 1];
    for_each_tile<N>(
        layout,
        [&](const std::array<int64_t, N>& origin, int64_t rows, int64_t cols) {
          std::array<int64_t, N> off = origin;
          for (int64_t r = 0; r < rows; ++r) {
            fn(ctx, off, cols, inner);
            for (size_t k = 0; k < N; ++k) off[k] += layout.strides[k][nd - 2];
          }
        },
        grain);
    return;
  }
  parallel_for(total, grain, [&](int64_t begin, int64_t end) {
    for_each_run<N>(layout, begin, end,
                    [&](const std::array<int64_t, N>& off, int64_t n,
                        const std::array<int64_t, N>& st) { fn(ctx, off, n, st); });
  });
}

template void strided_apply_runs<2>(const Shape&, const std::array<const Strides*, 2>&, RunFn<2>,
                                    void*, int64_t);
template void strided_apply_runs<3>(const Shape&, const std::array<const Strides*, 3>&, RunFn<3>,
                                    void*, int64_t);
template void strided_apply_runs<4>(const Shape&, const std::array<const Strides*, 4>&, RunFn<4>,
                                    void*, int64_t);

} // namespace mxcore::cpu
