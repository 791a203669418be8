// Short rows of strided elementwise kernels, widened.
//
// A strided kernel walks its collapsed layout a row at a time: offsets are
// stepped per row and the unit-stride inner loop vectorizes. When rows are
// short, batch norm's (N, H, W, C) with a per-channel (C,) vector and C of
// 16 or 32, the per-row walk costs more than the row's arithmetic (a
// (25088, 16) kernel ran 3x slower than the same elements as (392, 1024)).
//
// Rows are merged k at a time when every strided input either continues
// across the last two dims (stride inner, then 1: a dense input) or repeats
// one row along them (stride 0, then 1: a per-channel vector, which may vary
// along the outer dims). The repeated rows are tiled k times into a small
// buffer per call, so the widened row reads the tile as a dense row. The
// elements, their order and every value are those of the unwidened kernel.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/layout.h"

namespace mxcore::cpu {

// One repeated input's tile: its row, k times, for every index of the outer
// dims along which it varies (only those dims are listed).
struct ShortRowTile {
  size_t input = 0;                   // program input index
  size_t arg = 0;                     // slot in the kernel's argument array
  size_t elem = 0;                    // bytes per element
  std::vector<int64_t> shape;         // the varying outer dims' sizes
  std::vector<int64_t> src_strides;   // the input's strides along them
  std::vector<int64_t> tile_strides;  // the tile's (compact)
  int64_t tile_size = 0;              // elements of the whole tile buffer
};

struct ShortRowWidening {
  int64_t k = 1;     // rows merged into one; 1: the layout is unchanged
  int64_t inner = 0; // elements of an original row
  std::vector<ShortRowTile> tiles;
};

// Widens a strided `layout` in place where rows are short and the inputs
// allow it; the new row length divides `row_unit` when that is non-zero
// (callers that run whole blocks of elements). Returns what each call must
// tile.
ShortRowWidening widen_short_rows(kernel::FusedLayout& layout, const std::vector<array>& inputs,
                                  const std::vector<bool>& is_constant, int64_t row_unit = 0);

// This call's tiles: fills `buffers` and points the kernel arguments of the
// tiled inputs at them (they must outlive the kernel's run).
void build_short_row_tiles(const ShortRowWidening& w, const std::vector<array>& inputs,
                           void** args, std::vector<std::vector<uint8_t>>& buffers);

} // namespace mxcore::cpu
