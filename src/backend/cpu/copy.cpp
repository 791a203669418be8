#include "backend/cpu/copy.h"

#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "kernel/strides.h"

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

void make_view(const array& in, array& out, const Strides& strides, int64_t offset) {
  auto flags = kernel::view_flags(out.shape(), strides);
  size_t data_size = kernel::view_data_size(out.shape(), strides);
  out.copy_shared_buffer(in, strides, flags, data_size, offset);
}

} // namespace mxcore::cpu
