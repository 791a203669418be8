// The CPU JIT path of the Compiled primitive.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/fused_program.h"

namespace mxcore::cpu {

// Runs a fused program through a JIT-built kernel: plans the call's layout,
// finds or builds the kernel of that variant (keyed by the program's name
// and the variant), allocates (donating) outputs and runs it over the
// thread pool.
//   inputs/outputs: the real inputs (program.inputs[i] stands for inputs[i])
//     and the unallocated outputs.
// Returns false, leaving the outputs untouched, when no C++ compiler is
// available, the kernel does not build, or (row programs) an input's layout
// is one the row loop cannot read; the caller then evaluates the tape with
// the eager kernels.
bool eval_compiled_jit(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                       std::vector<array>& outputs);

// Runs a non-row fused program block by block, folding output `summed`
// into column sums instead of storing it: sums[j] = the sum over rows of
// that (row-major, float32) output viewed as (rows, cols), in the eager
// column reduction's order (backend/cpu/reduce.h: kColumnChunkRows).
// outputs[summed] is allocated but never written, unless `keep`: then it
// is written and each block is folded after the kernel wrote it. Returns false, with no
// kernel run, where the plain path must be taken (no compiler, a layout whose
// rows do not fit the blocks, an output that would not be row-major).
bool eval_compiled_jit_column_sum(const kernel::FusedProgram& program,
                                  const std::vector<array>& inputs,
                                  std::vector<array>& outputs, size_t summed, bool keep,
                                  int64_t cols, float* sums);

// A program's contiguous kernel bound to one call's buffers, run over flat
// ranges of the (row-major) output: fn(args.data(), begin, end). For
// epilogues that apply the kernel to blocks of the output as they are
// finished (matmul_epilogue.cpp): the same kernel as the whole call runs.
struct ContiguousCall {
  void (*fn)(void**, int64_t, int64_t) = nullptr;
  std::vector<void*> args;
};

// Plans the call like eval_compiled_jit; when its layout is contiguous and
// row-major (each vector input laid out like the output, or a scalar),
// allocates (donating) the outputs and fills `call`. False, touching
// nothing, for other layouts, row programs, or when no kernel is ready.
bool prepare_contiguous_jit(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                            std::vector<array>& outputs, ContiguousCall& call);

// Calls that ran a JIT kernel in this process (tests tell them from the
// eager fallback of background builds).
int64_t jit_kernel_runs();
// Of those, the strided calls whose short rows were widened (short_rows.h).
int64_t jit_short_row_runs();

} // namespace mxcore::cpu
