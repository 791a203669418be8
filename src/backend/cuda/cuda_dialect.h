// The CUDA dialect of the C-style renderer (kernel/cstyle_renderer.h): the
// same fused program the C++ and MSL dialects render, as extern "C"
// __global__ functions, compiled by NVRTC. The scalar math is the CPU JIT's
// own text (kernel_ops.h and its conversions, compiled with
// -default-device), so both backends compute each op with the same code:
// half types live in memory as 16-bit patterns, in registers as float, and
// round after every op as on the CPU.
#pragma once

#include <string>
#include <vector>

#include "kernel/dialect.h"

namespace mxcore::cuda {

const kernel::Dialect& cuda_dialect();

// A reduction's initial accumulator and one fold step, for the CUDA row
// kernel's own loops (the shared row loop's fold hooks serve the CPU).
std::string reduce_init(kernel::Op op, const std::string& acc_type);
std::string reduce_fold(kernel::Op op, const std::string& acc, const std::string& x);

// The text every kernel source starts with: the functors the program uses,
// the conversions, the row folds (row programs) and the CUDA support types.
// Throws std::invalid_argument for complex64 (no GPU kernels yet).
std::string cuda_preamble(const kernel::FusedProgram& p, bool row);

// Threads per block of every elementwise launch.
constexpr int block_threads = 256;

} // namespace mxcore::cuda
