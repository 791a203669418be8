// The Metal Shading Language dialect of the C-style renderer
// (kernel/cstyle_renderer.h): the same fused program the C++ dialect
// renders, as [[kernel]] functions over a thread grid. Built on every
// platform (plain string work); compiled and dispatched only on Apple. On
// Linux tests/cpp/test_msl_emitter.cpp builds the output as C++ against a
// shim and runs it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/dialect.h"

namespace mxcore::metal {

const kernel::Dialect& msl_dialect();

// "<program name>_contiguous", "_strided_3", "_strided_dynamic", + "_large",
// + "_n<work per thread>".
std::string msl_kernel_name(const kernel::FusedProgram& p, const kernel::KernelVariant& v);
// The kernel's parameters (kernel::grid_kernel_args) in Metal's spelling.
std::vector<kernel::KernelArg> msl_kernel_args(const kernel::FusedProgram& p,
                                               const kernel::KernelVariant& v);

// A row variant's parameters: the non-constant inputs' buffers, the
// outputs', then `cols`; it runs one threadgroup of msl_row_threads(cols)
// threads per row.
std::vector<kernel::KernelArg> msl_row_kernel_args(const kernel::FusedProgram& p,
                                                   const kernel::KernelVariant& v);
uint32_t msl_row_threads(int64_t cols);

// One [[kernel]] function (elementwise or row variant). Throws
// std::invalid_argument for float64 (no Metal type).
std::string emit_msl_kernel(const kernel::FusedProgram& p, const kernel::KernelVariant& v);

// All variants, as MLX builds them: contiguous (+large), strided 1..max_ndim
// (+large) and dynamic-ndim (+large), each writing work_per_thread elements.
std::vector<kernel::KernelVariant> msl_library_variants(const kernel::FusedProgram& p,
                                                        int max_ndim = 7,
                                                        int work_per_thread = 1);
std::string emit_msl_library(const kernel::FusedProgram& p, int max_ndim = 7,
                             int work_per_thread = 1);

// The header a real Metal library starts with (the op functors and
// complex64_t/bfloat16_t come from the Metal preamble on Apple).
const char* msl_header();

std::string msl_type(Dtype t);
std::string msl_constant(Dtype t, const kernel::ConstantValue& v);

} // namespace mxcore::metal
