// Stride and contiguity helpers every backend needs: merging the dims of
// several operands that share one shape into the fewest strided dims.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "mxcore/array.h"

namespace mxcore::kernel {

template <size_t N>
struct StridedLayout {
  std::vector<int64_t> shape; // 64-bit: merged dims may exceed int32
  std::array<Strides, N> strides;
  int64_t size() const {
    int64_t n = 1;
    for (auto s : shape) n *= s;
    return n;
  }
};

// Merges adjacent dims that are contiguous with respect to each other for
// every operand, and drops size-1 dims.
template <size_t N>
StridedLayout<N> collapse_dims(const Shape& shape,
                               const std::array<const Strides*, N>& strides) {
  StridedLayout<N> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    bool merge = !out.shape.empty();
    for (size_t k = 0; k < N && merge; ++k) {
      merge = out.strides[k].back() == (*strides[k])[d] * shape[d];
    }
    if (merge) {
      out.shape.back() *= shape[d];
      for (size_t k = 0; k < N; ++k) out.strides[k].back() = (*strides[k])[d];
    } else {
      out.shape.push_back(shape[d]);
      for (size_t k = 0; k < N; ++k) out.strides[k].push_back((*strides[k])[d]);
    }
  }
  return out;
}

// The same merge for a number of operands known only at run time (the JIT's
// fused kernels): returns the collapsed shape (64-bit: merged dims may exceed
// int32) and one strides vector per operand.
inline std::pair<std::vector<int64_t>, std::vector<Strides>> collapse_dims(
    const Shape& shape, const std::vector<const Strides*>& strides) {
  const size_t n = strides.size();
  std::pair<std::vector<int64_t>, std::vector<Strides>> out;
  auto& [cshape, cstrides] = out;
  cstrides.resize(n);
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    bool merge = !cshape.empty();
    for (size_t k = 0; k < n && merge; ++k) {
      merge = cstrides[k].back() == (*strides[k])[d] * shape[d];
    }
    if (merge) {
      cshape.back() *= shape[d];
      for (size_t k = 0; k < n; ++k) cstrides[k].back() = (*strides[k])[d];
    } else {
      cshape.push_back(shape[d]);
      for (size_t k = 0; k < n; ++k) cstrides[k].push_back((*strides[k])[d]);
    }
  }
  return out;
}

// Flags of a view with the given shape and strides.
array::Flags view_flags(const Shape& shape, const Strides& strides);
// Number of elements spanned in memory by a view (for data_size), assuming
// non-negative strides; views with negative strides report size().
size_t view_data_size(const Shape& shape, const Strides& strides);

} // namespace mxcore::kernel
