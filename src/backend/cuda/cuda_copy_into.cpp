// Copies into strided views of a device output: Concatenate (each input
// into its span along the axis) and SliceUpdate (a row-major copy of the
// source, then the update into the window). One kernel per element size
// moves bits from any strided layout (broadcast, transposed, sliced) to any
// other; pad (full + slice_update) and stack run through these. Copies of
// rows contiguous on both sides (concatenate's spans, dense sources) are one
// cuMemcpyDtoDAsync or a row kernel moving 16-byte units.
#include <algorithm>
#include <stdexcept>

#include "backend/cuda/cuda_fused.h"
#include "backend/cuda/cuda_kernels.h"
#include "primitives/shape.h"

namespace mxcore::cuda {

namespace {

std::string copy_source(size_t element_size, bool large, const std::string& symbol) {
  static const char* const bits[] = {"", "uint8_t", "uint16_t", "", "uint32_t",
                                     "", "", "", "unsigned long long"};
  return kernel_head() + "typedef " + bits[element_size] + " e_t;\n" + index_typedef(large) +
         "extern \"C\" __global__ void " + symbol +
         "(const e_t* src, e_t* dst, mxc_dims<int64_t> shape, mxc_dims<int64_t> src_strides,\n"
         "    mxc_dims<int64_t> dst_strides, int ndim, int64_t n) {\n"
         "  for (idx_t i = idx_t(blockIdx.x) * blockDim.x + threadIdx.x; i < idx_t(n);\n"
         "       i += idx_t(gridDim.x) * blockDim.x) {\n"
         "    idx_t rem = i, from = 0, to = 0;\n"
         // Unrolled to constant dims: a dynamic index into the by-value
         // dims would copy them to local memory in every thread.
         "#pragma unroll\n"
         "    for (int d = 7; d > 0; --d) {\n"
         "      if (d >= ndim) continue;\n"
         "      const idx_t size = idx_t(shape[d]), c = rem % size;\n"
         "      rem /= size;\n"
         "      from += c * idx_t(src_strides[d]);\n"
         "      to += c * idx_t(dst_strides[d]);\n"
         "    }\n"
         "    from += rem * idx_t(src_strides[0]);\n"
         "    to += rem * idx_t(dst_strides[0]);\n"
         "    dst[to] = src[from];\n"
         "  }\n"
         "}\n";
}

// rows x units copy units from src (row pitch src_pitch units) to dst: a
// block row per row, no division per element.
std::string copy_rows_source(int unit, const std::string& symbol) {
  return kernel_head() + "typedef " + unit_type(unit) + " u_t;\n" +
         "extern \"C\" __global__ void " + symbol +
         "(const u_t* src, u_t* dst, int64_t rows, int64_t units, int64_t src_pitch, int64_t dst_pitch) {\n"
         "  for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {\n"
         "    mxc_copy_row(dst + r * dst_pitch, src + r * src_pitch, units);\n"
         "  }\n"
         "}\n";
}

// The copy of merged dims (shape, strides in elements of e bytes) when its
// rows are contiguous on both sides; false otherwise.
bool copy_rows(CUdeviceptr from, CUdeviceptr to, const std::vector<int64_t>& shape,
               const std::vector<int64_t>& from_st, const std::vector<int64_t>& to_st, size_t e,
               const Stream& s) {
  if (shape.size() > 2 || from_st.back() != 1 || to_st.back() != 1) return false;
  int64_t rows = shape.size() == 2 ? shape[0] : 1;
  const uint64_t row_bytes = static_cast<uint64_t>(shape.back()) * e;
  if (rows == 1) {
    check(driver()->cuMemcpyDtoDAsync(to, from, row_bytes, cuda_stream(s)), "cuMemcpyDtoD");
    return true;
  }
  const uint64_t src_pitch = static_cast<uint64_t>(from_st[0]) * e;
  const uint64_t dst_pitch = static_cast<uint64_t>(to_st[0]) * e;
  if (from_st[0] < 0 || to_st[0] < 0) return false;
  const int unit = copy_unit_bytes({row_bytes, src_pitch, dst_pitch, from, to});
  int64_t units = static_cast<int64_t>(row_bytes / static_cast<uint64_t>(unit));
  if (units < min_row_units) return false;
  const std::string symbol = "mxh_copy_rows_" + std::to_string(unit);
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return copy_rows_source(unit, symbol);
  });
  int64_t sp = static_cast<int64_t>(src_pitch / static_cast<uint64_t>(unit));
  int64_t dp = static_cast<int64_t>(dst_pitch / static_cast<uint64_t>(unit));
  std::vector<void*> args{&from, &to, &rows, &units, &sp, &dp};
  launch(fn, row_launch(rows, units), args, cuda_stream(s));
  return true;
}

// src (any layout) into the view of dst's buffer at dst_offset elements with
// dst_strides, of src's shape. Dims that step through both sides as one
// (and dims of size 1) are merged first.
void copy_into(const array& src, const array& dst, int64_t dst_offset, const Strides& dst_strides,
               const char* op, const Stream& s) {
  int64_t n = src.size();
  if (n == 0) return;
  std::vector<int64_t> shape, from_st, to_st;
  for (int d = 0; d < src.ndim(); ++d) {
    if (src.shape(d) == 1) continue;
    if (!shape.empty() && from_st.back() == src.strides()[d] * src.shape(d) &&
        to_st.back() == dst_strides[d] * src.shape(d)) {
      shape.back() *= src.shape(d);
      from_st.back() = src.strides()[d];
      to_st.back() = dst_strides[d];
      continue;
    }
    shape.push_back(src.shape(d));
    from_st.push_back(src.strides()[d]);
    to_st.push_back(dst_strides[d]);
  }
  if (shape.empty()) shape = from_st = to_st = {1};
  const size_t e = size_of(src.dtype());
  CUdeviceptr from = device_address(src, s);
  CUdeviceptr to = device_address(dst, s) + static_cast<CUdeviceptr>(dst_offset * static_cast<int64_t>(e));
  if (copy_rows(from, to, shape, from_st, to_st, e, s)) return;
  const bool large = needs_large_index({n, buffer_elements(src), buffer_elements(dst)});
  const std::string symbol = "mxh_copy_into_" + std::to_string(e) + (large ? "_large" : "");
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return copy_source(e, large, symbol);
  });
  KernelDims kshape = kernel_dims(shape, op);
  KernelDims src_strides = kernel_dims(from_st, op);
  KernelDims to_strides = kernel_dims(to_st, op);
  int ndim = static_cast<int>(shape.size());
  std::vector<void*> args{&from, &to, &kshape, &src_strides, &to_strides, &ndim, &n};
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
