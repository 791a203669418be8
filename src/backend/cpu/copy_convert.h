// The strided converting copy from one source type Tin to every dtype. The
// (source x destination) dtype pairs are instantiated in three translation
// units by source family (copy_from_unsigned.cpp, copy_from_signed.cpp,
// copy_from_float.cpp) so they build in parallel; copy.cpp dispatches.
#pragma once

#include <algorithm>
#include <type_traits>

#include "backend/cpu/strided.h"
#include "backend/cpu/transpose_tiles.h"
#include "kernel/dtype_dispatch.h"
#include "mxcore/array.h"

namespace mxcore::cpu {

// A source read across its rows (a transpose: unit stride on the
// second-to-last dim) into a destination written along its rows, in 16 x 16
// tiles: every cache line the tile loads or stores is used whole, with no
// call per run. False (nothing copied) for any other layout.
template <typename Tin, typename Tout>
bool copy_transposed(const Tin* s, const Strides& src_strides, Tout* d, const array& dst) {
  constexpr int64_t tile = 16;
  auto layout = collapse_dims<2>(dst.shape(), {&src_strides, &dst.strides()});
  const int nd = static_cast<int>(layout.shape.size());
  if (nd < 2) return false;
  const int64_t rows = layout.shape[nd - 2], cols = layout.shape[nd - 1];
  const auto& ss = layout.strides[0];
  const auto& ds = layout.strides[1];
  // The tiles read each source column forward: unit stride, not -1.
  if (!across_rows(layout, 0) || ss[nd - 2] != 1 || ds[nd - 1] != 1 || rows < tile ||
      cols < tile) {
    return false;
  }
  const int64_t row_tiles = (rows + tile - 1) / tile;
  int64_t outer = 1;
  for (int k = 0; k < nd - 2; ++k) outer *= layout.shape[k];
  const int64_t grain = std::max<int64_t>(1, elementwise_grain / (tile * cols));
  TransposeTileFn whole_tile = nullptr;
  if constexpr (std::is_same_v<Tin, Tout> && sizeof(Tin) == 4) whole_tile = transpose_tile_4byte();
  parallel_for(outer * row_tiles, grain, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      int64_t so = 0, dof = 0, rem = b / row_tiles;
      for (int k = nd - 3; k >= 0; --k) {
        const int64_t i = rem % layout.shape[k];
        rem /= layout.shape[k];
        so += i * ss[k];
        dof += i * ds[k];
      }
      const int64_t r0 = (b % row_tiles) * tile, r1 = std::min(rows, r0 + tile);
      for (int64_t c0 = 0; c0 < cols; c0 += tile) {
        const int64_t c1 = std::min(cols, c0 + tile);
        if (whole_tile != nullptr && r1 - r0 == tile && c1 - c0 == tile) {
          whole_tile(s + so + r0 + c0 * ss[nd - 1], ss[nd - 1], d + dof + r0 * ds[nd - 2] + c0,
                     ds[nd - 2]);
          continue;
        }
        for (int64_t r = r0; r < r1; ++r) {
          const Tin* x = s + so + r;
          Tout* y = d + dof + r * ds[nd - 2];
          for (int64_t c = c0; c < c1; ++c) y[c] = detail::cast_scalar<Tout>(x[c * ss[nd - 1]]);
        }
      }
    }
  });
  return true;
}

template <typename Tin>
void copy_from(const array& src, array& dst) {
  dispatch_all_types(dst.dtype(), [&](auto out_tag) {
    using Tout = MXCORE_TAG_TYPE(out_tag);
    const Tin* s = src.data<Tin>();
    Tout* d = dst.data<Tout>();
    if (copy_transposed(s, src.strides(), d, dst)) return;
    strided_apply<2>(dst.shape(), {&src.strides(), &dst.strides()},
                     [&](const std::array<int64_t, 2>& off, int64_t n,
                         const std::array<int64_t, 2>& st) {
                       const Tin* x = s + off[0];
                       Tout* y = d + off[1];
                       if (st[0] == 1 && st[1] == 1) {
                         for (int64_t i = 0; i < n; ++i) {
                           y[i] = detail::cast_scalar<Tout>(x[i]);
                         }
                       } else {
                         for (int64_t i = 0; i < n; ++i) {
                           y[i * st[1]] = detail::cast_scalar<Tout>(x[i * st[0]]);
                         }
                       }
                     });
  });
}

#define MXCORE_COPY_FROM(T) extern template void copy_from<T>(const array&, array&);
MXCORE_COPY_FROM(bool)
MXCORE_COPY_FROM(uint8_t)
MXCORE_COPY_FROM(uint16_t)
MXCORE_COPY_FROM(uint32_t)
MXCORE_COPY_FROM(uint64_t)
MXCORE_COPY_FROM(int8_t)
MXCORE_COPY_FROM(int16_t)
MXCORE_COPY_FROM(int32_t)
MXCORE_COPY_FROM(int64_t)
MXCORE_COPY_FROM(float16_t)
MXCORE_COPY_FROM(bfloat16_t)
MXCORE_COPY_FROM(float)
MXCORE_COPY_FROM(double)
MXCORE_COPY_FROM(complex64_t)
#undef MXCORE_COPY_FROM

} // namespace mxcore::cpu
