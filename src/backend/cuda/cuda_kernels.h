// What the hand-written GPU kernels share (scans and arg-reductions, sorts,
// gather/scatter, copies into views, random bits): kernel text for a dtype
// (complex64 included), lines along an axis laid out as dense rows, int64
// index copies, shapes and strides by value, out-of-range reports into
// deferred records, row copies in 16-byte units, and 1-D launches. The
// elementwise and row families come from the renderer instead.
#pragma once

#include <string>
#include <vector>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_jit.h"
#include "kernel/op.h"

namespace mxcore::cuda {

// Shapes and strides (in elements) passed by value: mxc_dims<int64_t>.
constexpr int max_kernel_dims = 8;
struct KernelDims {
  int64_t v[max_kernel_dims] = {};
};
// Throws std::invalid_argument naming op when values has more dims.
KernelDims kernel_dims(const std::vector<int64_t>& values, const char* op);
KernelDims kernel_dims(const Shape& shape, const char* op);

// Typedefs and conversions of dtype t under a prefix P: P_s (in memory),
// P_v (in registers: float for the half types), P_load(P_s) -> P_v,
// P_store(P_v) -> P_s. complex64: mxc_complex both (cuda_complex.cpp).
std::string type_text(const std::string& prefix, Dtype t);

// The device complex64 type and its operations (in every kernel_head).
extern const char* const cuda_complex_text;

// The head of a hand-written kernel source: the shared scalar math (with
// kernel_ops functors of `functors`), conversions, the row folds
// (mxcore_jit::Sum/Prod/Max/Min) and the CUDA support helpers.
std::string kernel_head(const std::vector<kernel::Op>& functors = {});

// The lines of `in` along `axis` as a dense row-major device array of shape
// (rows, len): the other dims in order, then the axis (a device copy unless
// in already is that layout).
struct Lines {
  array dense{Shape{0}, uint8, nullptr, {}}; // set by lines_along
  int64_t rows = 0, len = 0;
  std::vector<int> perm; // dims of in in the lines' order: others, then axis
};
Lines lines_along(const array& in, int axis, const Stream& s);
// out (of in's shape) becomes a view of `result`, a row-major array in the
// lines' order (shape of in permuted by perm).
void adopt_lines_layout(array& out, const array& result, const std::vector<int>& perm);

// A dense int64 device copy of an integer array broadcast to shape.
array int64_copy(const array& idx, const Shape& shape, const Stream& s);

// The device text of mxc_report_index(record, axis, index): the first
// out-of-range index of a launch fills its deferred_index_check record.
extern const char* const index_report_text;
// The CPU's message for an index out of bounds (cpu/gather.cpp).
std::string index_error_message(const std::string& op, int64_t index, int64_t axis, int64_t size,
                                int64_t window);

// The widest unit (16, 8, 4, 2 or 1 bytes) dividing every value (byte counts
// and addresses), and the unsigned device type of that many bytes.
int copy_unit_bytes(const std::vector<uint64_t>& values);
std::string unit_type(int bytes);
// Row kernels (row gathers, row copies) move rows of at least this many
// units, a block row (blockIdx.y) per row and threads along it.
// row_copy_text: mxc_copy_row(to, from, units), the block's threads moving
// one row, row_units_per_thread units each in flight before their stores.
constexpr int64_t min_row_units = 32;
constexpr int row_units_per_thread = 4;
extern const char* const row_copy_text;
Launch row_launch(int64_t rows, int64_t units);

// Index arithmetic of a hand-written kernel: "typedef int32_t idx_t;" when
// every count and offset fits 31 bits (32-bit division is several times
// faster), else int64_t. buffer_elements: a's whole buffer in its elements
// (a bound of every offset a view of it reaches).
std::string index_typedef(bool large);
bool needs_large_index(const std::vector<int64_t>& counts);
int64_t buffer_elements(const array& a);

// Launches fn over n threads (grid-stride kernels: the grid is capped).
void launch_threads(CUfunction fn, int64_t n, std::vector<void*>& args, CUstream stream,
                    int threads = 256);

} // namespace mxcore::cuda
