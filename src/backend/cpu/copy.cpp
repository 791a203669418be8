#include "backend/cpu/copy.h"

#include "backend/cpu/dispatch.h"
#include "backend/cpu/strided.h"

namespace mxcore::cpu {

void copy_into(const array& src, array& dst) {
  dispatch_all_types(src.dtype(), [&](auto in_tag) {
    using Tin = MXCORE_TAG_TYPE(in_tag);
    dispatch_all_types(dst.dtype(), [&](auto out_tag) {
      using Tout = MXCORE_TAG_TYPE(out_tag);
      const Tin* s = src.data<Tin>();
      Tout* d = dst.data<Tout>();
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
  });
}

void copy_to_row_major(const array& src, array& dst) {
  dst.set_data(allocator::malloc(dst.nbytes()));
  copy_into(src, dst);
}

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

void make_view(const array& in, array& out, const Strides& strides, int64_t offset) {
  auto flags = view_flags(out.shape(), strides);
  size_t data_size = view_data_size(out.shape(), strides);
  out.copy_shared_buffer(in, strides, flags, data_size, offset);
}

} // namespace mxcore::cpu
