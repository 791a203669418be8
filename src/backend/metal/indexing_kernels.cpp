// Gather, Scatter (none / sum / prod / max / min) and GatherAxis on Metal
// (kernels/indexing.metal). Elements are moved as bits of their size, so
// every dtype gathers; combining scatters need the value type and a 32-bit
// compare-and-swap, so 8-byte types and bool combine on the CPU. More than
// four index arrays run the CPU kernel.
// An index out of bounds is found by the kernel and raised at the stream's
// synchronize as std::out_of_range with the CPU's message.
#include <algorithm>
#include <sstream>

#include "backend/metal/copy_kernels.h"
#include "backend/metal/eager_support.h"
#include "backend/metal/msl_dialect.h"
#include "primitives/indexing.h"
#include "primitives/sort.h"

namespace mxcore::metal {

namespace {

constexpr int max_index_arrays = 4;

std::string bits_type(int bytes) {
  switch (bytes) {
    case 1: return "uint8_t";
    case 2: return "uint16_t";
    case 4: return "uint32_t";
    default: return "uint64_t";
  }
}

bool index_arrays_supported(const std::vector<array>& indices) {
  if (indices.size() > size_t(max_index_arrays)) return false;
  for (auto& i : indices) {
    if (!is_integral(i.dtype())) return false;
  }
  return true;
}

// "I0, I1, I2, I3, N" of the kernel templates (unused slots: uint32_t).
std::string index_template_args(const std::vector<array>& indices) {
  std::string args;
  for (int k = 0; k < max_index_arrays; ++k) {
    args += (k < int(indices.size()) ? msl_type(indices[k].dtype()) : std::string("uint32_t")) + ", ";
  }
  return args + std::to_string(indices.size());
}

// The part of a library name the index arrays decide.
std::string index_name(const std::vector<array>& indices) {
  std::string name = std::to_string(indices.size());
  for (auto& i : indices) name += std::string("_") + dtype_name(i.dtype());
  return name;
}

struct IndexBinding {
  std::vector<int> shape;
  std::vector<int64_t> strides, limits;
  std::vector<int> axes;
  uint64_t positions = 1;
};

// Binds slots 2..10 (index arrays, their shape/strides, axes, limits) and
// the error record at 14, whose message is the CPU kernel's.
IndexBinding bind_indices(CommandEncoder& enc, const char* op, const std::vector<array>& indices,
                          const Shape& idx_shape, const std::vector<int>& axes, const Shape& shape,
                          const Shape& window, const array& any_buffer) {
  IndexBinding ib;
  ib.shape.assign(idx_shape.begin(), idx_shape.end());
  for (auto s : idx_shape) ib.positions *= uint64_t(s);
  if (indices.empty()) ib.positions = 1;
  for (size_t k = 0; k < indices.size(); ++k) {
    for (auto st : indices[k].strides()) ib.strides.push_back(st);
    ib.axes.push_back(axes[k]);
    ib.limits.push_back(shape[axes[k]]);
    ib.limits.push_back(window[axes[k]]);
  }
  for (int k = 0; k < max_index_arrays; ++k) {
    enc.set_array(k < int(indices.size()) ? indices[k] : any_buffer, 2 + k);
  }
  enc.set_vector(at_least_one(ib.shape), 6);
  enc.set_vector(at_least_one(ib.strides), 7);
  enc.set_value<int>(int(ib.shape.size()), 8);
  enc.set_vector(at_least_one(ib.axes), 9);
  enc.set_vector(at_least_one(ib.limits), 10);
  enc.set_error_record(14, [op = std::string(op), axes, shape, window](const int64_t* rec) {
    const int ax = axes[rec[1]];
    std::ostringstream msg;
    msg << "[" << op << "] Index " << rec[2] << " is out of bounds for axis " << ax
        << " with size " << shape[ax];
    if (window[ax] != 1) msg << " (window of size " << window[ax] << ")";
    msg << ".";
    return msg.str();
  });
  return ib;
}

void dispatch_windows(CommandEncoder& enc, uint64_t window_size, uint64_t positions) {
  api::Size3 group{std::min<uint64_t>(window_size, 256), 1, 1};
  group.y = std::min<uint64_t>(positions, 256 / group.x);
  enc.dispatch_threads({window_size, positions, 1}, group);
}

void eval_gather(Gather& g, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& src = inputs[0];
  std::vector<array> indices(inputs.begin() + 1, inputs.end());
  array& out = outputs[0];
  if (!index_arrays_supported(indices)) {
    cpu_fallback(g, inputs, outputs);
    return;
  }
  auto& b = backend_of(g);
  b.allocate(out);
  if (out.size() == 0) return;
  uint64_t window_size = 1;
  for (auto s : g.slice_sizes()) window_size *= uint64_t(s);
  auto& enc = b.encoder(g.stream());
  const std::string bits = bits_type(int(src.itemsize()));
  set_instantiated_kernel(enc, "indexing.metal", "gather", bits + ", " + index_template_args(indices),
                          "gather_" + bits + "_" + index_name(indices));
  enc.set_array(src, 0);
  enc.set_array(out, 1);
  Shape idx_shape = indices.empty() ? Shape{} : indices[0].shape();
  auto ib = bind_indices(enc, "gather", indices, idx_shape, g.axes(), src.shape(), g.slice_sizes(), src);
  std::vector<int> window(g.slice_sizes().begin(), g.slice_sizes().end());
  std::vector<int64_t> src_strides(src.strides().begin(), src.strides().end());
  enc.set_vector(at_least_one(window), 11);
  enc.set_vector(at_least_one(src_strides), 12);
  enc.set_value<int>(src.ndim(), 13);
  dispatch_windows(enc, window_size, ib.positions);
}

const char* scatter_op(Scatter::ReduceType r) {
  switch (r) {
    case Scatter::None: return "ScatterAssign";
    case Scatter::Sum: return "Add";
    case Scatter::Prod: return "Multiply";
    case Scatter::Max: return "Maximum";
    case Scatter::Min: return "Minimum";
  }
  return "ScatterAssign";
}

void eval_scatter(Scatter& s, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& src = inputs[0];
  const array& upd = inputs.back();
  std::vector<array> indices(inputs.begin() + 1, inputs.end() - 1);
  array& out = outputs[0];
  const bool combines = s.reduce_type() != Scatter::None;
  const Dtype t = src.dtype();
  if (!index_arrays_supported(indices) ||
      (combines && (src.itemsize() == 8 || t == bool_ || t == complex64))) {
    cpu_fallback(s, inputs, outputs);
    return;
  }
  auto& b = backend_of(s);
  if (src.flags().row_contiguous && src.is_donatable()) {
    out.move_shared_buffer(src);
  } else {
    copy_to_row_major(b, s.stream(), src, out);
  }
  if (upd.size() == 0) return;
  const int idx_ndim = upd.ndim() - src.ndim();
  Shape idx_shape(upd.shape().begin(), upd.shape().begin() + idx_ndim);
  Shape window(upd.shape().begin() + idx_ndim, upd.shape().end());
  uint64_t window_size = 1;
  for (auto w : window) window_size *= uint64_t(w);
  auto& enc = b.encoder(s.stream());
  const std::string bits = bits_type(int(src.itemsize()));
  const std::string value = combines ? msl_type(t) : bits;
  const std::string op = scatter_op(s.reduce_type());
  set_instantiated_kernel(enc, "indexing.metal", "scatter",
                          value + ", " + bits + ", " + index_template_args(indices) + ", " + op,
                          "scatter_" + op + "_" + (combines ? dtype_name(t) : bits) + "_" +
                              index_name(indices));
  enc.set_array(upd, 0);
  enc.set_array(out, 1);
  auto ib = bind_indices(enc, "scatter", indices, idx_shape, s.axes(), src.shape(), window, upd);
  std::vector<int> window_shape(window.begin(), window.end());
  enc.set_vector(at_least_one(window_shape), 11);
  enc.set_vector(at_least_one(row_major(src.shape())), 12);
  enc.set_value<int>(src.ndim(), 13);
  std::vector<int64_t> upd_strides(upd.strides().begin(), upd.strides().end());
  enc.set_vector(at_least_one(upd_strides), 15);
  dispatch_windows(enc, window_size, ib.positions);
}

void eval_gather_axis(GatherAxis& g, const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& x = inputs[0];
  const array& idx = inputs[1];
  array& out = outputs[0];
  auto& b = backend_of(g);
  b.allocate(out);
  if (out.size() == 0) return;
  auto& enc = b.encoder(g.stream());
  const std::string bits = bits_type(int(x.itemsize()));
  set_instantiated_kernel(enc, "indexing.metal", "gather_axis", bits, "gather_axis_" + bits);
  enc.set_array(x, 0);
  enc.set_array(idx, 1);
  enc.set_array(out, 2);
  std::vector<int> shape(idx.shape().begin(), idx.shape().end());
  std::vector<int64_t> xs(x.strides().begin(), x.strides().end());
  std::vector<int64_t> is(idx.strides().begin(), idx.strides().end());
  enc.set_vector(shape, 3);
  enc.set_vector(xs, 4);
  enc.set_vector(is, 5);
  enc.set_value<int>(idx.ndim(), 6);
  enc.set_value<int>(g.axis(), 7);
  enc.set_value<int64_t>(x.shape(g.axis()), 8);
  const uint64_t last = uint64_t(shape.back());
  dispatch_windows(enc, last, uint64_t(out.size()) / last);
}

} // namespace

void register_indexing_kernels(backend::KernelTable& table) {
  add_kernel<Gather>(table, eval_gather);
  add_kernel<Scatter>(table, eval_scatter);
  add_kernel<GatherAxis>(table, eval_gather_axis);
}

} // namespace mxcore::metal
