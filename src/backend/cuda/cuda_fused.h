// Fused programs on the GPU: what the Compiled primitive runs, and what the
// eager elementwise, copy and reduction kernels run too (each as a program
// of one node), so every GPU kernel of those comes from the one renderer.
#pragma once

#include <string>
#include <vector>

#include "backend/cuda/cuda_jit.h"
#include "kernel/fused_program.h"
#include "kernel/kernel_variant.h"
#include "mxcore/stream.h"

namespace mxcore::cuda {

// Plans the call's layout, builds (or finds) the variant's kernel, gives
// the outputs device buffers (donating device inputs) and launches it on
// s. Elementwise programs: vectorized 16-byte contiguous, plain
// contiguous, strided (up to 8 collapsed dims), 32- or 64-bit indices. Row
// programs: one block per row. std::invalid_argument for what no variant
// can run (complex64, a row layout the kernel cannot read, > 8 dims).
//   row_major: give the outputs row-major layouts (dense copies).
void run_fused(const kernel::FusedProgram& p, const std::vector<array>& inputs,
               std::vector<array>& outputs, const Stream& s, bool row_major = false);

// The source of one variant (tests compile them without a GPU).
//   vector_width > 0: the vectorized contiguous kernel with that many
//   elements per thread.
std::string elementwise_source(const kernel::FusedProgram& p, const kernel::KernelVariant& v,
                               int vector_width, std::string* symbol);

// Row kernels (cuda_row_kernel.cpp): one block of `threads` per row; each
// thread holds `chunks` chunks of `vector` consecutive columns in registers
// (chunks == 0: rows too long to hold, re-read per pass).
struct RowShape {
  int threads = 256;
  int vector = 1;
  int chunks = 1;
  bool exact = false; // cols == threads * vector * chunks: no bounds checks
  int rows_per_block = 1; // > 1: a warp per row (threads == 32), this many a block
  std::string tag() const;
};
RowShape plan_row_shape(const kernel::FusedProgram& p, int64_t cols, bool aligned);
// tiled: per input, whether it is a (tile_rows, cols) matrix repeated over
// the rows (row_layout.h); the kernel then takes tile_rows after cols and
// reads such an input's row `row % tile_rows`.
std::string row_source(const kernel::FusedProgram& p, const kernel::KernelVariant& v,
                       const RowShape& shape, std::string* symbol,
                       const std::vector<bool>& tiled = {});

// The device support text shared by both kernel families.
extern const char* const cuda_kernel_support;

} // namespace mxcore::cuda

namespace mxcore::cuda {

// The program of one elementwise op (eager kernels): inputs in0.. of the
// given dtypes, one node t0 = op(in0, ...) of dtype `out`, stored to out0.
// Row reductions (Sum, Prod, Max, Min): a row program reducing in0.
kernel::FusedProgram single_op_program(kernel::Op op, const std::vector<Dtype>& in_dtypes,
                                       Dtype out);

// A row-major device copy of x broadcast to `shape` (x's dims right-aligned).
array dense_copy(const array& x, const Shape& shape, const Stream& s);

} // namespace mxcore::cuda
