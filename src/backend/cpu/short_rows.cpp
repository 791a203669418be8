#include "backend/cpu/short_rows.h"

#include <algorithm>
#include <cstring>

namespace mxcore::cpu {

namespace {

// Rows at most this long are widened, to at most max_widened elements: long
// enough that the per-row walk is small beside the row, short enough that the
// tiles stay a few KB.
constexpr int64_t max_short_row = 64;
constexpr int64_t max_widened = 256;
// Elements of all tiles of one call, at most.
constexpr int64_t max_tile_elements = int64_t(1) << 15;

} // namespace

ShortRowWidening widen_short_rows(kernel::FusedLayout& layout, const std::vector<array>& inputs,
                                  const std::vector<bool>& is_constant, int64_t row_unit) {
  ShortRowWidening w;
  const size_t n = layout.shape.size();
  if (layout.contiguous || n < 2) return w;
  const int64_t inner = layout.shape[n - 1];
  const int64_t rows = layout.shape[n - 2];
  if (inner > max_short_row || rows < 2) return w;
  // Every strided input dense across the last two dims or repeating a row.
  std::vector<bool> repeats;
  for (auto& s : layout.strides) {
    if (s[n - 1] != 1 || (s[n - 2] != inner && s[n - 2] != 0)) return w;
    repeats.push_back(s[n - 2] == 0);
  }
  int64_t k = std::min(rows, max_widened / inner);
  while (k >= 2 && (rows % k != 0 || (row_unit > 0 && row_unit % (k * inner) != 0))) --k;
  if (k < 2) return w;

  // The tiles: the repeated row k times, for each outer index it varies over.
  int64_t tile_elements = 0;
  size_t strided = 0, arg = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (is_constant[i]) continue;
    const size_t slot = arg++;
    if (layout.kinds[i] != kernel::InputKind::strided) continue;
    const size_t s_index = strided++;
    if (!repeats[s_index]) continue;
    ShortRowTile t;
    t.input = i;
    t.arg = slot;
    t.elem = inputs[i].itemsize();
    const auto& s = layout.strides[s_index];
    for (size_t d = 0; d + 2 < n; ++d) {
      if (s[d] == 0) continue;
      t.shape.push_back(layout.shape[d]);
      t.src_strides.push_back(s[d]);
    }
    // Compact, last varying dim fastest, each index a block of k rows.
    t.tile_strides.resize(t.shape.size());
    int64_t step = k * inner;
    for (size_t j = t.shape.size(); j-- > 0;) {
      t.tile_strides[j] = step;
      step *= t.shape[j];
    }
    t.tile_size = step;
    tile_elements += step;
    w.tiles.push_back(std::move(t));
  }
  if (tile_elements > max_tile_elements) return {};

  w.k = k;
  w.inner = inner;
  layout.shape[n - 2] = rows / k;
  layout.shape[n - 1] = inner * k;
  size_t tile = 0;
  for (size_t s = 0; s < layout.strides.size(); ++s) {
    auto& st = layout.strides[s];
    if (!repeats[s]) {
      st[n - 2] = inner * k;
      continue;
    }
    // The tile's strides along the dims the input varies over; 0 elsewhere.
    const auto& t = w.tiles[tile++];
    for (size_t d = 0, j = 0; d + 2 < n; ++d) {
      if (st[d] != 0) st[d] = t.tile_strides[j++];
    }
  }
  return w;
}

void build_short_row_tiles(const ShortRowWidening& w, const std::vector<array>& inputs,
                           void** args, std::vector<std::vector<uint8_t>>& buffers) {
  buffers.resize(w.tiles.size());
  for (size_t t = 0; t < w.tiles.size(); ++t) {
    const auto& tile = w.tiles[t];
    auto& buf = buffers[t];
    buf.resize(size_t(tile.tile_size) * tile.elem);
    const auto* src = static_cast<const uint8_t*>(inputs[tile.input].raw_data());
    const size_t row_bytes = size_t(w.inner) * tile.elem;
    std::vector<int64_t> idx(tile.shape.size(), 0);
    for (bool more = true; more;) {
      int64_t from = 0, to = 0;
      for (size_t j = 0; j < idx.size(); ++j) {
        from += idx[j] * tile.src_strides[j];
        to += idx[j] * tile.tile_strides[j];
      }
      uint8_t* dst = buf.data() + size_t(to) * tile.elem;
      for (int64_t r = 0; r < w.k; ++r) {
        std::memcpy(dst + size_t(r) * row_bytes, src + from * int64_t(tile.elem), row_bytes);
      }
      // The next outer index (an odometer, last dim fastest).
      more = false;
      for (size_t j = idx.size(); j-- > 0;) {
        if (++idx[j] < tile.shape[j]) {
          more = true;
          break;
        }
        idx[j] = 0;
      }
    }
    args[tile.arg] = buf.data();
  }
}

} // namespace mxcore::cpu
