// Copies into strided views of a device output: Concatenate (each input
// into its span along the axis) and SliceUpdate (a row-major copy of the
// source, then the update into the window). One kernel per element size
// moves bits from any strided layout (broadcast, transposed, sliced) to any
// other; pad (full + slice_update) and stack run through these.
#include <stdexcept>

#include "backend/cuda/cuda_fused.h"
#include "backend/cuda/cuda_kernels.h"
#include "primitives/shape.h"

namespace mxcore::cuda {

namespace {

std::string copy_source(size_t element_size, const std::string& symbol) {
  static const char* const bits[] = {"", "uint8_t", "uint16_t", "", "uint32_t",
                                     "", "", "", "unsigned long long"};
  return kernel_head() + "typedef " + bits[element_size] + " e_t;\n" +
         "extern \"C\" __global__ void " + symbol +
         "(const e_t* src, e_t* dst, mxc_dims<int64_t> shape, mxc_dims<int64_t> src_strides,\n"
         "    mxc_dims<int64_t> dst_strides, int ndim, int64_t n) {\n"
         "  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;\n"
         "       i += int64_t(gridDim.x) * blockDim.x) {\n"
         "    int64_t rem = i, from = 0, to = 0;\n"
         "    for (int d = ndim - 1; d >= 0; --d) {\n"
         "      const int64_t c = rem % shape[d];\n"
         "      rem /= shape[d];\n"
         "      from += c * src_strides[d];\n"
         "      to += c * dst_strides[d];\n"
         "    }\n"
         "    dst[to] = src[from];\n"
         "  }\n"
         "}\n";
}

std::vector<int64_t> as_vector(const Strides& s) { return {s.begin(), s.end()}; }

// src (any layout) into the view of dst's buffer at dst_offset elements with
// dst_strides, of src's shape.
void copy_into(const array& src, const array& dst, int64_t dst_offset, const Strides& dst_strides,
               const char* op, const Stream& s) {
  int64_t n = src.size();
  if (n == 0) return;
  const size_t e = size_of(src.dtype());
  const std::string symbol = "mxh_copy_into_" + std::to_string(e);
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return copy_source(e, symbol);
  });
  CUdeviceptr from = device_address(src, s);
  CUdeviceptr to = device_address(dst, s) + static_cast<CUdeviceptr>(dst_offset * static_cast<int64_t>(e));
  KernelDims shape = kernel_dims(src.shape(), op);
  KernelDims src_strides = kernel_dims(as_vector(src.strides()), op);
  KernelDims to_strides = kernel_dims(as_vector(dst_strides), op);
  int ndim = src.ndim();
  std::vector<void*> args{&from, &to, &shape, &src_strides, &to_strides, &ndim, &n};
  launch_threads(fn, n, args, cuda_stream(s));
}

void concatenate(Concatenate& c, const std::vector<array>& inputs, std::vector<array>& outputs) {
  array& out = outputs[0];
  allocate_device(out);
  const Strides rs = row_major_strides(out.shape());
  int64_t at = 0;
  for (auto& in : inputs) {
    copy_into(in, out, at * rs[c.axis()], rs, "concatenate", c.stream());
    at += in.shape(c.axis());
  }
}

void slice_update(SliceUpdate& u, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& src = inputs[0];
  const array& upd = inputs[1];
  array& out = outputs[0];
  const Stream& s = u.stream();
  allocate_device(out);
  const Strides rs = row_major_strides(out.shape());
  copy_into(src, out, 0, rs, "slice_update", s);
  int64_t offset = 0;
  Strides window(out.ndim());
  for (int d = 0; d < out.ndim(); ++d) {
    offset += static_cast<int64_t>(u.start()[d]) * rs[d];
    window[d] = rs[d] * u.strides()[d];
  }
  copy_into(upd, out, offset, window, "slice_update", s);
}

} // namespace

void add_copy_into_kernels(backend::KernelTable& table) {
  table.add<Concatenate>(concatenate);
  table.add<SliceUpdate>(slice_update);
}

} // namespace mxcore::cuda
