#include "kernel/strides.h"

#include <algorithm>

namespace mxcore::kernel {

array::Flags view_flags(const Shape& shape, const Strides& strides) {
  array::Flags f{};
  // Row contiguous: strides equal row-major strides on non-unit dims.
  int64_t expected = 1;
  bool row = true;
  for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
    if (shape[i] == 1) continue;
    if (strides[i] != expected) {
      row = false;
      break;
    }
    expected *= shape[i];
  }
  expected = 1;
  bool col = true;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (strides[i] != expected) {
      col = false;
      break;
    }
    expected *= shape[i];
  }
  f.row_contiguous = row;
  f.col_contiguous = col;
  // Contiguous: some permutation of dims is row-major with no gaps.
  std::vector<std::pair<int64_t, int64_t>> dims; // (stride, size)
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] != 1) dims.push_back({strides[i], shape[i]});
  }
  std::sort(dims.begin(), dims.end());
  expected = 1;
  bool dense = true;
  for (auto [st, sz] : dims) {
    if (st != expected) {
      dense = false;
      break;
    }
    expected *= sz;
  }
  f.contiguous = dense;
  return f;
}

size_t view_data_size(const Shape& shape, const Strides& strides) {
  size_t n = 1;
  for (auto s : shape) {
    if (s == 0) return 0;
  }
  int64_t span = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (strides[i] < 0) return shape_size(shape);
    span += (shape[i] - 1) * strides[i];
  }
  n = static_cast<size_t>(span);
  return n;
}

} // namespace mxcore::kernel
