// The strided converting copy from one source type Tin to every dtype. The
// (source x destination) dtype pairs are instantiated in three translation
// units by source family (copy_from_unsigned.cpp, copy_from_signed.cpp,
// copy_from_float.cpp) so they build in parallel; copy.cpp dispatches.
#pragma once

#include <type_traits>

#include "backend/cpu/half_blocks.h"
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
  auto layout = collapse_dims<2>(dst.shape(), {&src_strides, &dst.strides()});
  const int nd = static_cast<int>(layout.shape.size());
  if (nd < 2) return false;
  const int64_t rows = layout.shape[nd - 2], cols = layout.shape[nd - 1];
  const auto& ss = layout.strides[0];
  const auto& ds = layout.strides[1];
  // The tiles read each source column forward: unit stride, not -1.
  if (!across_rows(layout, 0) || ss[nd - 2] != 1 || ds[nd - 1] != 1 || rows < kTile ||
      cols < kTile) {
    return false;
  }
  TransposeTileFn whole_tile = nullptr;
  if constexpr (std::is_same_v<Tin, Tout> && sizeof(Tin) == 4) whole_tile = transpose_tile_4byte();
  const int64_t sr = ss[nd - 2], sc = ss[nd - 1], dr = ds[nd - 2];
  for_each_tile<2>(
      layout,
      [&](const std::array<int64_t, 2>& origin, int64_t tile_rows, int64_t tile_cols) {
        const Tin* x = s + origin[0];
        Tout* y = d + origin[1];
        if (whole_tile != nullptr && tile_rows == kTile && tile_cols == kTile) {
          whole_tile(x, sc, y, dr);
          return;
        }
        for (int64_t r = 0; r < tile_rows; ++r) {
          for (int64_t c = 0; c < tile_cols; ++c) {
            y[r * dr + c] = detail::cast_scalar<Tout>(x[r * sr + c * sc]);
          }
        }
      },
      elementwise_grain);
  return true;
}

// Half types to and from float (and to any type through float) convert 8
// values an instruction (half_blocks.h); the element-wise conversions are
// scalar. From double or integers a half rounds once, so those stay scalar.
template <typename Tin, typename Tout>
inline constexpr bool converts_by_blocks =
    (is_half_v<Tin> && !std::is_same_v<Tin, Tout> && !std::is_same_v<Tout, complex64_t>) ||
    (std::is_same_v<Tin, float> && is_half_v<Tout>);

template <typename Tin, typename Tout>
void convert_run(const Tin* x, Tout* y, int64_t n) {
  if constexpr (std::is_same_v<Tout, float>) {
    widen_block(x, y, n);
  } else if constexpr (std::is_same_v<Tin, float>) {
    narrow_block(x, y, n);
  } else {
    alignas(64) float f[kHalfBlock];
    for (int64_t b = 0; b < n; b += kHalfBlock) {
      const int64_t m = std::min(kHalfBlock, n - b);
      widen_block(x + b, f, m);
      if constexpr (is_half_v<Tout>) {
        narrow_block(f, y + b, m);
      } else {
        for (int64_t i = 0; i < m; ++i) y[b + i] = detail::cast_scalar<Tout>(f[i]);
      }
    }
  }
}

template <typename Tin>
void copy_from(const array& src, array& dst) {
  dispatch_all_types(dst.dtype(), [&](auto out_tag) {
    using Tout = MXCORE_TAG_TYPE(out_tag);
    const Tin* s = src.data<Tin>();
    Tout* d = dst.data<Tout>();
    auto dense_run = [](const Tin* x, Tout* y, int64_t n) {
      if constexpr (converts_by_blocks<Tin, Tout>) {
        convert_run(x, y, n);
      } else {
        for (int64_t i = 0; i < n; ++i) y[i] = detail::cast_scalar<Tout>(x[i]);
      }
    };
    // Both densely stored in one layout (a transposed array converted in
    // its own memory order): one run over the data.
    if (src.flags().contiguous && src.strides() == dst.strides() &&
        src.data_size() == dst.data_size()) {
      parallel_for(static_cast<int64_t>(src.data_size()), elementwise_grain,
                   [&](int64_t b, int64_t e) { dense_run(s + b, d + b, e - b); });
      return;
    }
    if (copy_transposed(s, src.strides(), d, dst)) return;
    strided_apply<2>(dst.shape(), {&src.strides(), &dst.strides()},
                     [&](const std::array<int64_t, 2>& off, int64_t n,
                         const std::array<int64_t, 2>& st) {
                       const Tin* x = s + off[0];
                       Tout* y = d + off[1];
                       if (st[0] == 1 && st[1] == 1) {
                         dense_run(x, y, n);
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
