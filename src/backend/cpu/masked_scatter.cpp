// CPU kernel of MaskedScatter: copy the destination, then walk each batch's
// mask in row-major order, writing the next source element at every true.
#include "backend/cpu/copy.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "primitives/masked_scatter.h"

namespace mxcore {

void MaskedScatter::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& dst = inputs[0];
  const array& mask = inputs[1];
  const array& src = inputs[2];
  if (dst.flags().row_contiguous && dst.is_donatable()) {
    out.move_shared_buffer(dst);
  } else {
    cpu::copy_to_row_major(dst, out);
  }
  if (mask.size() == 0) return;
  const int64_t batches = mask.shape(0);
  const int64_t per_batch = mask.size() / batches;
  const int64_t src_len = src.shape(1);
  Strides out_strides = row_major_strides(out.shape());
  auto layout = cpu::collapse_dims<2>(mask.shape(), {&mask.strides(), &out_strides});
  const bool* m = mask.data<bool>();
  dispatch_all_types(out.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    const T* from = src.data<T>();
    T* to = out.data<T>();
    for (int64_t b = 0; b < batches; ++b) {
      const T* row = from + b * src.strides()[0];
      int64_t used = 0;
      cpu::for_each_run<2>(layout, b * per_batch, (b + 1) * per_batch,
                           [&](const std::array<int64_t, 2>& off, int64_t n,
                               const std::array<int64_t, 2>& st) {
                             for (int64_t i = 0; i < n; ++i) {
                               if (!m[off[0] + i * st[0]]) continue;
                               if (used >= src_len) {
                                 throw std::runtime_error(
                                     "[masked_scatter] The source does not have enough "
                                     "elements for the mask.");
                               }
                               to[off[1] + i * st[1]] = row[used++ * src.strides()[1]];
                             }
                           });
    }
  });
}

} // namespace mxcore
