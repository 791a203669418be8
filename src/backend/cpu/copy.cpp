#include "backend/cpu/copy.h"

#include "backend/cpu/copy_convert.h"
#include "backend/cpu/strided.h"
#include "kernel/strides.h"

namespace mxcore::cpu {

void copy_into(const array& src, array& dst) {
  dispatch_all_types(src.dtype(), [&](auto in_tag) {
    copy_from<MXCORE_TAG_TYPE(in_tag)>(src, dst);
  });
}

void copy_to_row_major(const array& src, array& dst) {
  dst.set_data(allocator::malloc(dst.nbytes()));
  copy_into(src, dst);
}

bool reads_across_rows(const array& a) {
  if (a.ndim() < 2 || a.size() < (size_t(1) << 14)) return false;
  auto layout = collapse_dims<1>(a.shape(), {&a.strides()});
  return across_rows(layout, 0) && layout.shape.back() >= 16;
}

bool needs_row_layout(const array& x, const array& other) {
  return other.data_size() > 1 && other.strides() != x.strides() && reads_across_rows(x);
}

array row_major_copy(const array& a) {
  array out(a.shape(), a.dtype(), nullptr, {});
  copy_to_row_major(a, out);
  out.set_status(array::Status::evaluated);
  return out;
}

void make_view(const array& in, array& out, const Strides& strides, int64_t offset) {
  auto flags = kernel::view_flags(out.shape(), strides);
  size_t data_size = kernel::view_data_size(out.shape(), strides);
  out.copy_shared_buffer(in, strides, flags, data_size, offset);
}

} // namespace mxcore::cpu
