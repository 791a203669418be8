// Eager indexing on the GPU: Gather (windows at integer-array indices),
// GatherAxis (take_along_axis) and Scatter (none/sum/prod/max/min). Indices
// go to dense int64 copies of the broadcast index shape first; a thread per
// output (gather) or update (scatter) element. Reductions combine through
// compare-and-swap on the element's aligned word (every dtype, duplicates
// accumulate; plain scatters of duplicates keep one of the writes, as on
// MLX's GPUs); sums of 4- and 8-byte numbers and integer max/min use the
// hardware atomics (float4 ones for row scatter-adds of float32 on Hopper).
// Gathers of whole rows (one index array, full slices on the other axes)
// copy rows in 16-byte units. An index whose window leaves
// the array fills a deferred record: the same std::out_of_range as the
// CPU's, raised at the stream's next synchronize, with no wait per call.
#include <stdexcept>

#include "backend/cuda/cuda_fused.h"
#include "backend/cuda/cuda_kernels.h"
#include "primitives/indexing.h"
#include "primitives/sort.h"

namespace mxcore::cuda {

namespace {

// An unsigned type of the element's size: gathers move bits.
std::string bits_type(Dtype t) {
  switch (size_of(t)) {
    case 1: return "uint8_t";
    case 2: return "uint16_t";
    case 4: return "uint32_t";
    default: return "unsigned long long";
  }
}

// The start of window dimension d for position p (idx[d]: the int64 indices
// of axis d where slot[d] >= 0).
const char* const window_start_text = R"(
__device__ inline idx_t window_start(const mxc_dims<unsigned long long>& idx,
    const mxc_dims<int64_t>& slot, const mxc_dims<int64_t>& shape, int d, idx_t p,
    idx_t size, int unsigned_idx, unsigned long long* error, bool& bad) {
  if (slot[d] < 0) return 0;
  const int64_t raw = reinterpret_cast<const int64_t*>(idx[d])[p];
  int64_t start = raw;
  if (start < 0) start = unsigned_idx ? shape[d] : start + shape[d];
  if (start < 0 || start + int64_t(size) > shape[d]) {
    mxc_report_index(error, d, raw);
    bad = true;
    return 0;
  }
  return idx_t(start);
}
)";

std::string gather_source(Dtype t, bool large, const std::string& symbol) {
  return kernel_head() + "typedef " + bits_type(t) + " e_t;\n" + index_typedef(large) +
         window_start_text +
         "extern \"C\" __global__ void " + symbol +
         "(const e_t* src, e_t* out, mxc_dims<unsigned long long> idx, mxc_dims<int64_t> shape,\n"
         "    mxc_dims<int64_t> strides, mxc_dims<int64_t> slice, mxc_dims<int64_t> slot, int ndim,\n"
         "    int64_t window, int64_t n, int unsigned_idx, unsigned long long* error) {\n"
         "  for (idx_t i = idx_t(blockIdx.x) * blockDim.x + threadIdx.x; i < idx_t(n);\n"
         "       i += idx_t(gridDim.x) * blockDim.x) {\n"
         "    const idx_t p = i / idx_t(window);\n"
         "    idx_t w = i % idx_t(window), off = 0;\n"
         "    bool bad = false;\n"
         "#pragma unroll\n"
         "    for (int d = 7; d >= 0; --d) { // constant dims: no local copies\n"
         "      if (d >= ndim) continue;\n"
         "      const idx_t c = w % idx_t(slice[d]);\n"
         "      w /= idx_t(slice[d]);\n"
         "      off += (window_start(idx, slot, shape, d, p, idx_t(slice[d]), unsigned_idx, error, bad) + c) *\n"
         "             idx_t(strides[d]);\n"
         "    }\n"
         "    out[i] = src[off];\n"
         "  }\n"
         "}\n";
}

const char* const atomic_text = R"(
// Replaces *addr by f(*addr) atomically, for elements of 1, 2, 4 or 8 bytes
// (smaller ones through their aligned 32-bit word).
template <typename S, typename F> __device__ inline void atomic_apply(S* addr, F f) {
  if constexpr (sizeof(S) == 8) {
    unsigned long long* a = reinterpret_cast<unsigned long long*>(addr);
    unsigned long long old = *a, assumed;
    do {
      assumed = old;
      S cur; __builtin_memcpy(&cur, &assumed, 8);
      S next = f(cur);
      unsigned long long bits; __builtin_memcpy(&bits, &next, 8);
      old = atomicCAS(a, assumed, bits);
    } while (old != assumed);
  } else {
    const unsigned long long at = reinterpret_cast<unsigned long long>(addr);
    unsigned* word = reinterpret_cast<unsigned*>(at & ~3ull);
    const unsigned shift = unsigned(at & 3ull) * 8u;
    const unsigned mask = sizeof(S) == 4 ? 0xffffffffu : ((1u << (8 * sizeof(S))) - 1u) << shift;
    unsigned old = *word, assumed;
    do {
      assumed = old;
      unsigned bits = (assumed & mask) >> shift;
      S cur; __builtin_memcpy(&cur, &bits, sizeof(S));
      S next = f(cur);
      unsigned nb = 0; __builtin_memcpy(&nb, &next, sizeof(S));
      old = atomicCAS(word, assumed, (assumed & ~mask) | ((nb << shift) & mask));
    } while (old != assumed);
  }
}
)";

std::string scatter_source(Dtype t, Scatter::ReduceType r, bool large,
                           const std::string& symbol) {
  std::string combine;
  std::vector<kernel::Op> functors;
  switch (r) {
    case Scatter::None: break;
    case Scatter::Sum: functors = {kernel::Op::Add}; combine = "Add"; break;
    case Scatter::Prod: functors = {kernel::Op::Multiply}; combine = "Multiply"; break;
    case Scatter::Max: functors = {kernel::Op::Maximum}; combine = "Maximum"; break;
    case Scatter::Min: functors = {kernel::Op::Minimum}; combine = "Minimum"; break;
  }
  std::string apply = combine.empty()
      ? "out[off] = u;\n"
      : "atomic_apply(out + off, Combine{u});\n";
  // The hardware's atomics where they compute the same value.
  const bool word = t == int32 || t == uint32, wide = t == int64 || t == uint64;
  if (r == Scatter::Sum && (t == float32 || t == float64 || word)) {
    apply = "atomicAdd(out + off, u);\n";
  } else if (r == Scatter::Sum && wide) {
    apply = "atomicAdd(reinterpret_cast<unsigned long long*>(out + off), (unsigned long long)u);\n";
  } else if ((r == Scatter::Max || r == Scatter::Min) && (word || wide)) {
    const std::string f = r == Scatter::Max ? "atomicMax" : "atomicMin";
    apply = t == int64 ? f + "(reinterpret_cast<long long*>(out + off), (long long)u);\n"
            : t == uint64 ? f + "(reinterpret_cast<unsigned long long*>(out + off), (unsigned long long)u);\n"
                          : f + "(out + off, u);\n";
  }
  return kernel_head(functors) + type_text("v", t) + index_typedef(large) + window_start_text +
         atomic_text +
         (combine.empty() ? ""
          : t == complex64
              ? "struct Combine {\n  v_s u;\n  __device__ v_s operator()(v_s cur) const { return cur " +
                    std::string(r == Scatter::Sum ? "+" : "*") + " u; }\n};\n"
                          : "struct Combine {\n  v_s u;\n  __device__ v_s operator()(v_s cur) const "
                            "{ return v_store(kernel_ops::" + combine +
                                "{}(v_load(cur), v_load(u))); }\n};\n") +
         "extern \"C\" __global__ void " + symbol +
         "(const v_s* upd, v_s* out, mxc_dims<unsigned long long> idx, mxc_dims<int64_t> shape,\n"
         "    mxc_dims<int64_t> strides, mxc_dims<int64_t> slot, int ndim, mxc_dims<int64_t> upd_shape,\n"
         "    mxc_dims<int64_t> upd_strides, int upd_ndim, mxc_dims<int64_t> window_shape, int64_t window,\n"
         "    int64_t n, int unsigned_idx, unsigned long long* error) {\n"
         "  for (idx_t i = idx_t(blockIdx.x) * blockDim.x + threadIdx.x; i < idx_t(n);\n"
         "       i += idx_t(gridDim.x) * blockDim.x) {\n"
         "    idx_t rem = i, uoff = 0;\n"
         "#pragma unroll\n"
         "    for (int d = 7; d >= 0; --d) {\n"
         "      if (d >= upd_ndim) continue;\n"
         "      uoff += (rem % idx_t(upd_shape[d])) * idx_t(upd_strides[d]);\n"
         "      rem /= idx_t(upd_shape[d]);\n"
         "    }\n"
         "    const idx_t p = i / idx_t(window);\n"
         "    idx_t w = i % idx_t(window), off = 0;\n"
         "    bool bad = false;\n"
         "#pragma unroll\n"
         "    for (int d = 7; d >= 0; --d) { // constant dims: no local copies\n"
         "      if (d >= ndim) continue;\n"
         "      const idx_t size = idx_t(window_shape[d]);\n"
         "      const idx_t c = w % size;\n"
         "      w /= size;\n"
         "      off += (window_start(idx, slot, shape, d, p, size, unsigned_idx, error, bad) + c) *\n"
         "             idx_t(strides[d]);\n"
         "    }\n"
         "    if (bad) continue; // the call raises: nothing of an invalid window is written\n"
         "    const v_s u = upd[uoff];\n"
         "    " + apply +
         "  }\n"
         "}\n";
}

std::string gather_axis_source(Dtype t, bool large, const std::string& symbol) {
  return kernel_head() + "typedef " + bits_type(t) + " e_t;\n" + index_typedef(large) +
         "extern \"C\" __global__ void " + symbol +
         "(const e_t* x, const int64_t* idx, e_t* out, mxc_dims<int64_t> shape,\n"
         "    mxc_dims<int64_t> strides, int ndim, int axis, int64_t axis_size, int64_t n) {\n"
         "  for (idx_t i = idx_t(blockIdx.x) * blockDim.x + threadIdx.x; i < idx_t(n);\n"
         "       i += idx_t(gridDim.x) * blockDim.x) {\n"
         "    idx_t rem = i, off = 0;\n"
         "#pragma unroll\n"
         "    for (int d = 7; d >= 0; --d) { // constant dims: no local copies\n"
         "      if (d >= ndim) continue;\n"
         "      idx_t c = rem % idx_t(shape[d]);\n"
         "      rem /= idx_t(shape[d]);\n"
         "      if (d == axis) {\n"
         "        int64_t j = idx[i];\n"
         "        if (j < 0) j += axis_size;\n"
         "        c = idx_t(j < 0 ? 0 : (j >= axis_size ? axis_size - 1 : j)); // no out-of-range reads\n"
         "      }\n"
         "      off += c * idx_t(strides[d]);\n"
         "    }\n"
         "    out[i] = x[off];\n"
         "  }\n"
         "}\n";
}

// The indices as int64 copies of their broadcast shape, their pointers and
// each axis's slot among them (-1: not indexed).
struct IndexArrays {
  std::vector<array> copies;
  KernelDims pointers, slot;
  int64_t positions = 1;
  int is_unsigned = 0;
};

IndexArrays index_arrays(const std::vector<array>& indices, const std::vector<int>& axes,
                         const Shape& index_shape, int ndim, const char* op, const Stream& s) {
  IndexArrays ia;
  for (auto d : index_shape) ia.positions *= d;
  std::vector<int64_t> slot(ndim, -1);
  for (size_t k = 0; k < indices.size(); ++k) {
    ia.copies.push_back(int64_copy(indices[k], index_shape, s));
    // By axis, not by k: kernels index them with constant (unrolled) dims.
    ia.pointers.v[axes[k]] = static_cast<int64_t>(device_address(ia.copies.back(), s));
    slot[axes[k]] = static_cast<int64_t>(k);
    ia.is_unsigned |= indices[k].dtype() == uint64; // values past int64's range
  }
  ia.slot = kernel_dims(slot, op);
  return ia;
}

// A deferred check of s whose message is the CPU's for `op` on an array of
// `shape` with windows of `window` elements along each axis.
CUdeviceptr index_check(const char* op, const Shape& shape, const std::vector<int64_t>& window,
                        const Stream& s) {
  return deferred_index_check(s, [op = std::string(op), shape, window](int64_t axis, int64_t index) {
    return index_error_message(op, index, axis, shape[axis], window[axis]);
  });
}

// Rows of one indexed axis with full slices on the others: out row
// (p, o) = src row (o, idx[p]) of `units` copy units, a block row per
// output row, no division per element.
std::string gather_rows_source(int unit, Dtype index_dtype, const std::string& symbol) {
  return kernel_head() + "typedef " + unit_type(unit) + " u_t;\ntypedef " +
         dtype_ctype(index_dtype) + " ix_t;\n" +
         "extern \"C\" __global__ void " + symbol +
         "(const u_t* src, u_t* out, const ix_t* idx, int64_t rows, int64_t outer, int64_t axis_size,\n"
         "    int64_t units, int axis, int unsigned_idx, unsigned long long* error) {\n"
         "  for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {\n"
         "    const int64_t p = r / outer, o = r - p * outer;\n"
         "    const int64_t raw = int64_t(idx[p]);\n"
         "    int64_t j = raw;\n"
         "    if (j < 0) j = unsigned_idx ? axis_size : j + axis_size;\n"
         "    if (j < 0 || j >= axis_size) {\n"
         "      if (blockIdx.x == 0 && threadIdx.x == 0) mxc_report_index(error, axis, raw);\n"
         "      continue; // the call raises\n"
         "    }\n"
         "    mxc_copy_row(out + r * units, src + (o * axis_size + j) * units, units);\n"
         "  }\n"
         "}\n";
}

// The row gather where g is one: returns false when it is not.
bool gather_rows(Gather& g, const array& src, const array& idx, array& out, const Stream& s) {
  if (g.axes().size() != 1 || !src.flags().row_contiguous || !is_integral(idx.dtype()) ||
      idx.dtype() == bool_ || !idx.flags().row_contiguous ||
      idx.size() != idx.data_size()) {
    return false;
  }
  const int axis = g.axes()[0];
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < src.ndim(); ++d) {
    if (d == axis) {
      if (g.slice_sizes()[d] != 1) return false;
    } else if (g.slice_sizes()[d] != src.shape(d)) {
      return false;
    } else {
      (d < axis ? outer : inner) *= src.shape(d);
    }
  }
  if (static_cast<int64_t>(out.size()) != static_cast<int64_t>(idx.size()) * outer * inner) return false;
  const uint64_t row_bytes = static_cast<uint64_t>(inner) * size_of(src.dtype());
  // Decided before a host source crosses over: rows of 32 units of any width.
  if (row_bytes < static_cast<uint64_t>(min_row_units) * 16) return false;
  CUdeviceptr x = device_address(src, s), y = device_address(out, s);
  const int unit = copy_unit_bytes({row_bytes, x, y});
  int64_t units = static_cast<int64_t>(row_bytes / static_cast<uint64_t>(unit));
  const std::string symbol = "mxh_gather_rows_" + std::to_string(unit) + "_" + dtype_name(idx.dtype());
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return gather_rows_source(unit, idx.dtype(), symbol);
  });
  std::vector<int64_t> window(g.slice_sizes().begin(), g.slice_sizes().end());
  CUdeviceptr e = index_check("gather", src.shape(), window, s), ip = device_address(idx, s);
  int64_t rows = static_cast<int64_t>(idx.size()) * outer, axis_size = src.shape(axis);
  int unsigned_idx = idx.dtype() == uint64;
  int ax = axis;
  std::vector<void*> args{&x, &y, &ip, &rows,
                          &outer, &axis_size, &units, &ax, &unsigned_idx, &e};
  launch(fn, row_launch(rows, units), args, cuda_stream(s));
  return true;
}

void gather(Gather& g, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& src = inputs[0];
  array& out = outputs[0];
  const Stream& s = g.stream();
  allocate_device(out);
  int64_t window = 1;
  for (auto d : g.slice_sizes()) window *= d;
  int64_t n = out.size();
  if (n == 0) return;
  if (inputs.size() == 2 && gather_rows(g, src, inputs[1], out, s)) return;
  std::vector<array> indices(inputs.begin() + 1, inputs.end());
  Shape index_shape(out.shape().begin(), out.shape().end() - src.ndim());
  auto ia = index_arrays(indices, g.axes(), index_shape, src.ndim(), "gather", s);
  const bool large = needs_large_index({n, buffer_elements(src)});
  const std::string symbol =
      "mxh_gather_" + std::to_string(size_of(src.dtype())) + (large ? "_large" : "");
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return gather_source(src.dtype(), large, symbol);
  });
  std::vector<int64_t> slice_window(g.slice_sizes().begin(), g.slice_sizes().end());
  CUdeviceptr e = index_check("gather", src.shape(), slice_window, s);
  CUdeviceptr x = device_address(src, s), y = device_address(out, s);
  KernelDims shape = kernel_dims(src.shape(), "gather");
  KernelDims strides = kernel_dims(std::vector<int64_t>(src.strides().begin(), src.strides().end()), "gather");
  KernelDims slice = kernel_dims(g.slice_sizes(), "gather");
  int ndim = src.ndim();
  std::vector<void*> args{&x, &y, &ia.pointers, &shape, &strides, &slice, &ia.slot,
                          &ndim, &window, &n, &ia.is_unsigned, &e};
  launch_threads(fn, n, args, cuda_stream(s));
}

void gather_axis(GatherAxis& g, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& x = inputs[0];
  array& out = outputs[0];
  const Stream& s = g.stream();
  allocate_device(out);
  int64_t n = out.size();
  if (n == 0) return;
  array idx = int64_copy(inputs[1], out.shape(), s);
  const bool large = needs_large_index({n, buffer_elements(x)});
  const std::string symbol =
      "mxh_gather_axis_" + std::to_string(size_of(x.dtype())) + (large ? "_large" : "");
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return gather_axis_source(x.dtype(), large, symbol);
  });
  CUdeviceptr xp = device_address(x, s), ip = device_address(idx, s), yp = device_address(out, s);
  KernelDims shape = kernel_dims(out.shape(), "take_along_axis");
  KernelDims strides =
      kernel_dims(std::vector<int64_t>(x.strides().begin(), x.strides().end()), "take_along_axis");
  int ndim = out.ndim(), axis = g.axis();
  int64_t axis_size = x.shape(axis);
  std::vector<void*> args{&xp, &ip, &yp, &shape, &strides, &ndim, &axis, &axis_size, &n};
  launch_threads(fn, n, args, cuda_stream(s));
}

// Row scatter-adds of float32 (one indexed axis, full rows): the hardware's
// float4 / float2 atomics on Hopper (vector = 4 or 2), float ones elsewhere.
std::string scatter_add_rows_source(int vector, Dtype index_dtype, const std::string& symbol) {
  const std::string vt = vector == 4 ? "float4" : vector == 2 ? "float2" : "float";
  return kernel_head() + "typedef " + dtype_ctype(index_dtype) + " ix_t;\ntypedef " + vt +
         " w_t;\n" +
         "extern \"C\" __global__ void " + symbol +
         "(const w_t* upd, w_t* out, const ix_t* idx, int64_t rows, int64_t outer, int64_t axis_size,\n"
         "    int64_t units, int axis, int unsigned_idx, unsigned long long* error) {\n"
         "  for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {\n"
         "    const int64_t p = r / outer, o = r - p * outer;\n"
         "    const int64_t raw = int64_t(idx[p]);\n"
         "    int64_t j = raw;\n"
         "    if (j < 0) j = unsigned_idx ? axis_size : j + axis_size;\n"
         "    if (j < 0 || j >= axis_size) {\n"
         "      if (blockIdx.x == 0 && threadIdx.x == 0) mxc_report_index(error, axis, raw);\n"
         "      continue; // the call raises: nothing of this row is added\n"
         "    }\n"
         "    const w_t* from = upd + r * units;\n"
         "    w_t* to = out + (o * axis_size + j) * units;\n"
         "    for (int64_t c = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; c < units;\n"
         "         c += int64_t(gridDim.x) * blockDim.x)\n"
         "      atomicAdd(to + c, from[c]);\n"
         "  }\n"
         "}\n";
}

// The row scatter-add where sc is one (out already holds the source's copy).
bool scatter_add_rows(Scatter& sc, const array& src, const array& idx, const array& upd,
                      array& out, const Stream& s) {
  if (sc.reduce_type() != Scatter::Sum || src.dtype() != float32 || sc.axes().size() != 1 ||
      !is_integral(idx.dtype()) || idx.dtype() == bool_ || !idx.flags().row_contiguous ||
      idx.size() != idx.data_size() || !upd.flags().row_contiguous ||
      upd.ndim() != idx.ndim() + src.ndim()) {
    return false;
  }
  for (int d = 0; d < idx.ndim(); ++d) {
    if (upd.shape(d) != idx.shape(d)) return false;
  }
  const int axis = sc.axes()[0];
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < src.ndim(); ++d) {
    const int64_t w = upd.shape(idx.ndim() + d);
    if (d == axis) {
      if (w != 1) return false;
    } else if (w != src.shape(d)) {
      return false;
    } else {
      (d < axis ? outer : inner) *= w;
    }
  }
  if (inner < min_row_units) return false; // decided before a host update crosses over
  CUdeviceptr u = device_address(upd, s), y = device_address(out, s);
  int vector = 1;
  if (compute_capability() >= 90) {
    const int unit = copy_unit_bytes({static_cast<uint64_t>(inner) * 4, u, y});
    vector = unit >= 16 ? 4 : unit == 8 ? 2 : 1;
  }
  int64_t units = inner / vector;
  const std::string symbol =
      "mxh_scatter_add_rows_" + std::to_string(vector) + "_" + dtype_name(idx.dtype());
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return scatter_add_rows_source(vector, idx.dtype(), symbol);
  });
  std::vector<int64_t> window(upd.shape().begin() + idx.ndim(), upd.shape().end());
  CUdeviceptr e = index_check("scatter", src.shape(), window, s), ip = device_address(idx, s);
  int64_t rows = static_cast<int64_t>(idx.size()) * outer, axis_size = src.shape(axis);
  int unsigned_idx = idx.dtype() == uint64, ax = axis;
  std::vector<void*> args{&u, &y, &ip, &rows, &outer, &axis_size, &units, &ax, &unsigned_idx, &e};
  launch(fn, row_launch(rows, units), args, cuda_stream(s)); // its loop strides by the grid
  return true;
}

void scatter(Scatter& sc, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& src = inputs[0];
  const array& upd = inputs.back();
  array& out = outputs[0];
  const Stream& s = sc.stream();
  if (src.dtype() == complex64 && (sc.reduce_type() == Scatter::Max || sc.reduce_type() == Scatter::Min)) {
    throw std::invalid_argument(std::string("[") + sc.name() + "] Not supported for complex64.");
  }
  // The output: a row-major device copy of the source.
  array base = src.size() == 0 ? src : dense_copy(src, src.shape(), s);
  if (src.size() == 0) allocate_device(out);
  else out.copy_shared_buffer(base);
  int64_t n = upd.size();
  if (n == 0 || src.size() == 0) return;
  if (inputs.size() == 3 && scatter_add_rows(sc, src, inputs[1], upd, out, s)) return;
  std::vector<array> indices(inputs.begin() + 1, inputs.end() - 1);
  const int idx_ndim = upd.ndim() - src.ndim();
  Shape index_shape(upd.shape().begin(), upd.shape().begin() + idx_ndim);
  auto ia = index_arrays(indices, sc.axes(), index_shape, src.ndim(), "scatter", s);
  int64_t window = 1;
  for (int d = idx_ndim; d < upd.ndim(); ++d) window *= upd.shape(d);
  // Plain scatters of complex64 move 8 bytes; sums and products add and multiply mxc_complex.
  const Dtype t = src.dtype() == complex64 && sc.reduce_type() == Scatter::None ? uint64 : src.dtype();
  const bool large = needs_large_index({n, buffer_elements(upd), static_cast<int64_t>(src.size())});
  const std::string symbol = "mxh_scatter_" + std::to_string(sc.reduce_type()) + "_" +
                             dtype_name(t) + (large ? "_large" : "");
  CUfunction fn = find_or_build(symbol, [&](std::string* sym) {
    *sym = symbol;
    return scatter_source(t, sc.reduce_type(), large, symbol);
  });
  std::vector<int64_t> window_sizes(upd.shape().begin() + idx_ndim, upd.shape().end());
  CUdeviceptr e = index_check("scatter", src.shape(), window_sizes, s);
  CUdeviceptr u = device_address(upd, s), y = device_address(out, s);
  KernelDims shape = kernel_dims(src.shape(), "scatter");
  Strides rs = row_major_strides(src.shape());
  KernelDims strides = kernel_dims(std::vector<int64_t>(rs.begin(), rs.end()), "scatter");
  KernelDims upd_shape = kernel_dims(upd.shape(), "scatter");
  KernelDims upd_strides =
      kernel_dims(std::vector<int64_t>(upd.strides().begin(), upd.strides().end()), "scatter");
  KernelDims window_shape =
      kernel_dims(Shape(upd.shape().begin() + idx_ndim, upd.shape().end()), "scatter");
  int ndim = src.ndim(), upd_ndim = upd.ndim();
  std::vector<void*> args{&u, &y, &ia.pointers, &shape, &strides, &ia.slot, &ndim,
                          &upd_shape, &upd_strides, &upd_ndim, &window_shape, &window, &n,
                          &ia.is_unsigned, &e};
  launch_threads(fn, n, args, cuda_stream(s));
}

} // namespace

void add_indexing_kernels(backend::KernelTable& table) {
  table.add<Gather>(gather);
  table.add<GatherAxis>(gather_axis);
  table.add<Scatter>(scatter);
}

} // namespace mxcore::cuda
