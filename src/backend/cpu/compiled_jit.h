// The CPU JIT entry point used by the Compiled primitive.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "mxcore/array.h"

namespace mxcore::cpu {

// Runs a fused elementwise graph through a JIT-built kernel.
//   inputs/outputs: the Compiled primitive's real inputs and (unallocated) outputs
//   tape_inputs/tape_outputs/tape: the traced graph the kernel computes, in
//     topological order; tape_inputs[i] stands for inputs[i]
//   constant_ids: ids of tape_inputs that are scalar constants to inline
//   kernel_name: the Compiled primitive's kernel library name
//   row_kernel: the tape holds reductions over the last axis (a row region,
//     compile/row_region.h): it runs as a row kernel
// Returns false when no C++ compiler is available, or (row kernels) when an
// input's layout is one the row kernel cannot read; the caller then evaluates
// the tape with the eager kernels.
bool eval_compiled_jit(const std::vector<array>& inputs,
                       std::vector<array>& outputs,
                       const std::vector<array>& tape_inputs,
                       const std::vector<array>& tape_outputs,
                       const std::vector<array>& tape,
                       const std::unordered_set<uintptr_t>& constant_ids,
                       const std::string& kernel_name, bool row_kernel = false);

} // namespace mxcore::cpu
