// Data movement on Metal: Concatenate and SliceUpdate write each input into
// a strided window of a row-major output through the one strided copy
// (copy.metal); Reshape copies only when no view exists. The pure views
// (Slice, Broadcast, Transpose, Copy, StopGradient, views of Reshape) only
// describe the input's buffer anew: they run on the host with no copy and,
// unlike a CPU fallback, without synchronizing the stream.
#include "backend/metal/copy_kernels.h"

#include <algorithm>

#include "backend/cpu/copy.h"
#include "backend/metal/eager_support.h"
#include "kernel/strides.h"
#include "primitives/elementwise.h"
#include "primitives/shape.h"

namespace mxcore::metal {

void encode_strided_copy(CommandEncoder& enc, const array& in, const array& out,
                         const Strides& out_strides, int64_t out_offset) {
  if (in.size() == 0) return;
  auto layout = kernel::collapse_dims<2>(in.shape(), {&in.strides(), &out_strides});
  std::vector<int64_t> shape = layout.shape;
  std::vector<int64_t> in_st(layout.strides[0].begin(), layout.strides[0].end());
  std::vector<int64_t> out_st(layout.strides[1].begin(), layout.strides[1].end());
  if (shape.empty()) { // one element
    shape = {1};
    in_st = {0};
    out_st = {0};
  }
  const int nd = int(shape.size());
  const int bytes = int(in.itemsize());
  const std::string type = bytes == 1 ? "uint8_t" : bytes == 2 ? "uint16_t" : bytes == 4 ? "uint32_t" : "uint64_t";
  set_instantiated_kernel(enc, "copy.metal", "copy_strided", type, "copy_" + std::to_string(bytes));
  enc.set_array(in, 0);
  enc.set_array(out, 1);
  enc.set_vector(shape, 2);
  enc.set_vector(in_st, 3);
  enc.set_vector(out_st, 4);
  enc.set_value<int>(nd, 5);
  enc.set_value<int64_t>(out_offset, 6);
  api::Size3 grid{uint64_t(shape[nd - 1]), nd > 1 ? uint64_t(shape[nd - 2]) : 1, 1};
  for (int d = 0; d < nd - 2; ++d) grid.z *= uint64_t(shape[d]);
  api::Size3 group{std::min<uint64_t>(grid.x, 256), 1, 1};
  group.y = std::min<uint64_t>(grid.y, 256 / group.x);
  enc.dispatch_threads(grid, group);
}

void copy_to_row_major(MetalBackend& b, const Stream& stream, const array& in, array& out) {
  b.allocate(out);
  encode_strided_copy(b.encoder(stream), in, out, out.strides(), 0);
}

namespace {

void eval_concatenate(Concatenate& c, const std::vector<array>& inputs,
                      std::vector<array>& outputs) {
  auto& b = backend_of(c);
  array& out = outputs[0];
  b.allocate(out);
  auto& enc = b.encoder(c.stream());
  int64_t offset = 0; // elements along the axis written so far
  for (auto& in : inputs) {
    encode_strided_copy(enc, in, out, out.strides(), offset * out.strides()[c.axis()]);
    offset += in.shape(c.axis());
  }
}

void eval_slice_update(SliceUpdate& s, const std::vector<array>& inputs,
                       std::vector<array>& outputs) {
  const array& src = inputs[0];
  const array& upd = inputs[1];
  array& out = outputs[0];
  if (upd.size() == 0) {
    out.copy_shared_buffer(src); // nothing changes; arrays are immutable
    return;
  }
  auto& b = backend_of(s);
  if (src.flags().row_contiguous && src.is_donatable()) {
    out.move_shared_buffer(src);
  } else {
    copy_to_row_major(b, s.stream(), src, out);
  }
  int64_t offset = 0;
  Strides window(upd.ndim());
  for (int d = 0; d < upd.ndim(); ++d) {
    offset += int64_t(s.start()[d]) * out.strides()[d];
    window[d] = out.strides()[d] * s.strides()[d];
  }
  encode_strided_copy(b.encoder(s.stream()), upd, out, window, offset);
}

void eval_reshape(Reshape& r, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  if (in.flags().row_contiguous || reshape_view_strides(in.shape(), in.strides(), outputs[0].shape())) {
    r.eval_cpu(inputs, outputs[0]); // a view
    return;
  }
  auto& b = backend_of(r);
  array dense(in.shape(), in.dtype(), nullptr, {});
  copy_to_row_major(b, r.stream(), in, dense);
  cpu::make_view(dense, outputs[0], row_major_strides(outputs[0].shape()));
}

// The primitive's host kernel only makes a view: no data is touched.
template <typename P>
void add_view_kernel(backend::KernelTable& table) {
  add_kernel<P>(table, [](P& p, const std::vector<array>& inputs, std::vector<array>& outputs) {
    p.eval_cpu(inputs, outputs[0]);
  });
}

} // namespace

void register_copy_kernels(backend::KernelTable& table) {
  add_kernel<Concatenate>(table, eval_concatenate);
  add_kernel<SliceUpdate>(table, eval_slice_update);
  add_kernel<Reshape>(table, eval_reshape);
  add_view_kernel<Slice>(table);
  add_view_kernel<Broadcast>(table);
  add_view_kernel<Transpose>(table);
  add_view_kernel<Copy>(table);
  add_view_kernel<StopGradient>(table);
}

} // namespace mxcore::metal
