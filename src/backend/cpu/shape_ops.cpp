// CPU kernels of the shape, slicing and view primitives: views share the
// input's buffer with new strides; the rest copy into a fresh row-major output.
#include "backend/cpu/copy.h"
#include "kernel/strides.h"
#include "primitives/shape.h"
#include "primitives/view.h"

namespace mxcore {

namespace {

// A view of base's window (element offset + scaled strides); also the
// destination of strided copies into a freshly allocated output.
void window_view(const array& base, array& view, const Shape& start, const Shape& strides) {
  int64_t offset = 0;
  Strides st(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    if (view.shape(i) > 0) offset += int64_t(start[i]) * base.strides()[i];
    st[i] = base.strides()[i] * strides[i];
  }
  if (view.size() == 0) offset = 0;
  cpu::make_view(base, view, st, offset);
}

} // namespace

void Broadcast::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  Strides strides(out.ndim(), 0);
  int diff = out.ndim() - in.ndim();
  for (int i = 0; i < in.ndim(); ++i) {
    strides[i + diff] = in.shape(i) == 1 ? 0 : in.strides()[i];
  }
  cpu::make_view(in, out, strides);
}

void Reshape::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.flags().row_contiguous) {
    cpu::make_view(in, out, row_major_strides(out.shape()));
  } else if (auto strides = reshape_view_strides(in.shape(), in.strides(), out.shape())) {
    cpu::make_view(in, out, *strides);
  } else {
    // copy_into walks one shape: copy in its own shape, then view the result.
    array dense(in.shape(), in.dtype(), nullptr, {});
    cpu::copy_to_row_major(in, dense);
    cpu::make_view(dense, out, row_major_strides(out.shape()));
  }
}

void Transpose::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  Strides strides(axes_.size());
  for (size_t i = 0; i < axes_.size(); ++i) strides[i] = in.strides()[axes_[i]];
  cpu::make_view(in, out, strides);
}

void Slice::eval_cpu(const std::vector<array>& inputs, array& out) {
  window_view(inputs[0], out, start_, strides_);
}

void SliceUpdate::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& src = inputs[0];
  const array& upd = inputs[1];
  if (upd.size() == 0) {
    out.copy_shared_buffer(src); // nothing changes; arrays are immutable
    return;
  }
  if (src.flags().row_contiguous && src.is_donatable()) {
    out.move_shared_buffer(src);
  } else {
    cpu::copy_to_row_major(src, out);
  }
  array window(upd.shape(), out.dtype(), nullptr, {});
  window_view(out, window, start_, strides_);
  cpu::copy_into(upd, window);
}

void Concatenate::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.set_data(allocator::malloc(out.nbytes()));
  int64_t offset = 0; // elements along axis_ written so far
  for (auto& in : inputs) {
    if (in.size() > 0) {
      array window(in.shape(), out.dtype(), nullptr, {});
      cpu::make_view(out, window, out.strides(), offset * out.strides()[axis_]);
      cpu::copy_into(in, window);
    }
    offset += in.shape(axis_);
  }
}

void AsStrided::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.flags().row_contiguous) {
    cpu::make_view(in, out, strides_, static_cast<int64_t>(offset_));
    return;
  }
  // Strides refer to the row-major layout of the input.
  array dense(in.shape(), in.dtype(), nullptr, {});
  cpu::copy_to_row_major(in, dense);
  cpu::make_view(dense, out, strides_, static_cast<int64_t>(offset_));
}

void View::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  // The bytes must be laid out row-major to be reread with another element size.
  array src = in;
  if (!in.flags().row_contiguous) {
    src = array(in.shape(), in.dtype(), nullptr, {});
    cpu::copy_to_row_major(in, src);
  }
  Strides strides = row_major_strides(out.shape());
  size_t data_size = out.size();
  out.copy_shared_buffer(src, strides, kernel::view_flags(out.shape(), strides), data_size, 0);
}

} // namespace mxcore
