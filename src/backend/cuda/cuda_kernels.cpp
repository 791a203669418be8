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
  if (t == complex64) {
    return "typedef mxc_complex " + prefix + "_s;\ntypedef mxc_complex " + prefix + "_v;\n" +
           "__device__ inline mxc_complex " + prefix + "_load(mxc_complex x) { return x; }\n" +
           "__device__ inline mxc_complex " + prefix + "_store(mxc_complex x) { return x; }\n";
  }
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
  return cuda_preamble(p, /*row=*/true) + cuda_kernel_support + cuda_complex_text +
         index_report_text + row_copy_text;
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

const char* const index_report_text = R"(
__device__ inline void mxc_report_index(unsigned long long* record, int64_t axis, int64_t index) {
  if (atomicCAS(record, 0ull, 1ull) == 0ull) {
    record[1] = (unsigned long long)axis;
    record[2] = (unsigned long long)index;
  }
}
)";

std::string index_error_message(const std::string& op, int64_t index, int64_t axis, int64_t size,
                                int64_t window) {
  std::string msg = "[" + op + "] Index " + std::to_string(index) + " is out of bounds for axis " +
                    std::to_string(axis) + " with size " + std::to_string(size);
  if (window != 1) msg += " (window of size " + std::to_string(window) + ")";
  return msg + ".";
}

int copy_unit_bytes(const std::vector<uint64_t>& values) {
  for (int unit : {16, 8, 4, 2}) {
    bool divides = true;
    for (auto v : values) divides = divides && v % static_cast<uint64_t>(unit) == 0;
    if (divides) return unit;
  }
  return 1;
}

std::string unit_type(int bytes) {
  switch (bytes) {
    case 16: return "mxc_u4"; // 16-byte aligned struct of the support text
    case 8: return "unsigned long long";
    case 4: return "unsigned";
    case 2: return "unsigned short";
    default: return "unsigned char";
  }
}

const char* const row_copy_text = R"(
template <typename U> __device__ inline void mxc_copy_row(U* to, const U* from, int64_t units) {
  constexpr int K = 4; // row_units_per_thread
  const int64_t step = int64_t(gridDim.x) * blockDim.x * K;
  for (int64_t c = int64_t(blockIdx.x) * blockDim.x * K + threadIdx.x; c < units; c += step) {
    U v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
      if (c + k * int64_t(blockDim.x) < units) v[k] = from[c + k * int64_t(blockDim.x)];
    }
#pragma unroll
    for (int k = 0; k < K; ++k) {
      if (c + k * int64_t(blockDim.x) < units) to[c + k * int64_t(blockDim.x)] = v[k];
    }
  }
}
)";

Launch row_launch(int64_t rows, int64_t units) {
  Launch l;
  l.block[0] = static_cast<unsigned>(std::min<int64_t>(256, (units + 31) / 32 * 32));
  const int64_t per_block = int64_t(l.block[0]) * row_units_per_thread;
  l.grid[0] = static_cast<unsigned>(std::min<int64_t>((units + per_block - 1) / per_block, 1024));
  l.grid[1] = static_cast<unsigned>(std::min<int64_t>(rows, 65535));
  return l;
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
