// How a row program (fused_program.h) reads its real inputs and writes its
// outputs: the full shape F = (rows..., cols) flattened to rows x cols.
#pragma once

#include <vector>

#include "kernel/kernel_variant.h"

namespace mxcore::kernel {

struct RowLayout {
  bool supported = false; // false: some input has a layout the kernel can't read
  std::vector<InputKind> kinds; // one per input
  std::vector<bool> per_row_outputs; // one per output
  int64_t rows = 0;
  int64_t cols = 0;

  // The row-loop variant of this layout.
  KernelVariant variant() const;
};

// The full shape (rows..., cols) of a row program for these real inputs and
// outputs: the traced one, or under shapeless compile the outputs' leading
// dims and the last dim of whatever spans a row.
Shape row_full_shape(const FusedProgram& program, const std::vector<array>& inputs,
                     const std::vector<array>& outputs);

// Classifies every input against the full shape: scalar, contiguous (full
// shape, row-major), row ((rows..., 1), row-major), column (only the last
// dim varies, unit stride). Anything else (transposed, other broadcasts) is
// unsupported: the caller runs the tape eagerly instead.
RowLayout plan_row_layout(const std::vector<array>& inputs,
                          const std::vector<bool>& is_constant,
                          const std::vector<array>& outputs, const Shape& full_shape);

// Row-major buffers for the outputs; a full output may take over a donatable
// full input of the same element size (each element is read before the
// kernel's last pass writes it).
void allocate_row_outputs(const std::vector<array>& inputs, std::vector<array>& outputs,
                          const RowLayout& layout);

} // namespace mxcore::kernel
