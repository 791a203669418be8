// Support of the hand-written GPU kernels (cuda_kernels.h).
#include "backend/cuda/cuda_kernels.h"

#include <algorithm>
#include <stdexcept>

#include "backend/cuda/cuda_dialect.h"
#include "backend/cuda/cuda_fused.h"
#include "kernel/strides.h"

namespace mxcore::cuda {

KernelDims kernel_dims(const std::vector<int64_t>& values, const char* op) {
  if (values.size() > static_cast<size_t>(max_kernel_dims)) {
    throw std::invalid_argument(std::string("[") + op + "] The GPU kernel takes arrays of at most " +
                                std::to_string(max_kernel_dims) + " dimensions, got " +
                                std::to_string(values.size()) + ".");
  }
  KernelDims d;
  std::copy(values.begin(), values.end(), d.v);
  return d;
}

KernelDims kernel_dims(const Shape& shape, const char* op) {
  return kernel_dims(std::vector<int64_t>(shape.begin(), shape.end()), op);
}

std::string type_text(const std::string& prefix, Dtype t) {
  const auto& d = cuda_dialect();
  const std::string s = d.storage_type(t), v = d.value_type(t);
  return "typedef " + s + " " + prefix + "_s;\ntypedef " + v + " " + prefix + "_v;\n" +
         "__device__ inline " + v + " " + prefix + "_load(" + s + " x) { return " +
         d.load(t, "x") + "; }\n__device__ inline " + s + " " + prefix + "_store(" + v +
         " x) { return " + d.store(t, "x") + "; }\n";
}

std::string kernel_head(const std::vector<kernel::Op>& functors) {
  kernel::FusedProgram p;
  p.name = "mxh";
  for (auto op : functors) {
    kernel::FusedNode n;
    n.name = "f";
    n.dtype = float32;
    n.op = op;
    n.kind = kernel::op_kind(op);
    p.tape.push_back(n);
  }
  return cuda_preamble(p, /*row=*/true) + cuda_kernel_support;
}

Lines lines_along(const array& in, int axis, const Stream& s) {
  Lines l;
  for (int d = 0; d < in.ndim(); ++d) {
    if (d != axis) l.perm.push_back(d);
  }
  l.perm.push_back(axis);
  l.len = in.shape(axis);
  l.rows = l.len == 0 ? 0 : static_cast<int64_t>(in.size()) / l.len;
  Shape permuted;
  Strides st;
  for (int d : l.perm) {
    permuted.push_back(in.shape(d));
    st.push_back(in.strides()[d]);
  }
  if (axis == in.ndim() - 1 && in.flags().row_contiguous) {
    l.dense = in;
  } else {
    array view(permuted, in.dtype(), nullptr, {});
    view.copy_shared_buffer(in, st, kernel::view_flags(permuted, st), in.data_size());
    l.dense = in.size() == 0 ? view : dense_copy(view, permuted, s);
  }
  return l;
}

void adopt_lines_layout(array& out, const array& result, const std::vector<int>& perm) {
  const Strides rs = row_major_strides(result.shape());
  Strides st(out.ndim());
  for (size_t i = 0; i < perm.size(); ++i) st[perm[i]] = rs[i];
  out.copy_shared_buffer(result, st, kernel::view_flags(out.shape(), st), result.size());
}

array int64_copy(const array& idx, const Shape& shape, const Stream& s) {
  std::vector<array> outs{array(shape, int64, nullptr, {})};
  size_t n = 1;
  for (auto d : shape) n *= static_cast<size_t>(d);
  if (n == 0) {
    allocate_device(outs[0]);
    return outs[0];
  }
  auto p = single_op_program(kernel::Op::AsType, {idx.dtype()}, int64);
  p.inputs[0].traced_shape = idx.shape();
  run_fused(p, {idx}, outs, s, /*row_major=*/true);
  return outs[0];
}

ErrorFlag::ErrorFlag(const Stream& s) : stream_(cuda_stream(s)) {
  buffer_ = device_allocator().malloc(sizeof(int));
  ptr_ = reinterpret_cast<CUdeviceptr>(buffer_.ptr);
  check(driver()->cuMemsetD8Async(ptr_, 0, sizeof(int), stream_), "cuMemsetD8");
}

ErrorFlag::~ErrorFlag() {
  // Once read, the stream has passed every use; otherwise (an exception
  // before the read) queued work may still write it: released at the next
  // synchronization.
  if (read_) device_allocator().free(buffer_);
  else device_allocator().free_after_synchronize(buffer_);
}

int ErrorFlag::read() {
  int value = 0;
  check(driver()->cuMemcpyDtoHAsync(&value, ptr_, sizeof(int), stream_), "cuMemcpyDtoH");
  check(driver()->cuStreamSynchronize(stream_), "cuStreamSynchronize");
  read_ = true;
  return value;
}

std::string index_typedef(bool large) {
  return large ? "typedef int64_t idx_t;\n" : "typedef int32_t idx_t;\n";
}

bool needs_large_index(const std::vector<int64_t>& counts) {
  for (auto c : counts) {
    if (c >= (int64_t(1) << 31) - 1) return true;
  }
  return false;
}

int64_t buffer_elements(const array& a) {
  auto& data = a.data_shared_ptr();
  if (!data) return static_cast<int64_t>(a.data_size());
  return static_cast<int64_t>(data->buffer.size / std::max<size_t>(1, a.itemsize()));
}

void launch_threads(CUfunction fn, int64_t n, std::vector<void*>& args, CUstream stream,
                    int threads) {
  if (n <= 0) return;
  Launch l;
  l.block[0] = static_cast<unsigned>(threads);
  l.grid[0] = static_cast<unsigned>(std::min<int64_t>((n + threads - 1) / threads, 1 << 20));
  launch(fn, l, args, stream);
}

} // namespace mxcore::cuda
