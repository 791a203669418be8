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
  // Tiled inputs: a row-major matrix of tile_rows rows repeated over the
  // leading dims (a (seq, seq) mask added to (batch, heads, seq, seq)
  // scores). The kernel reads one like a contiguous input; the host runs
  // the rows one tile at a time, each call's row 0 at the tile's first row
  // (row_arg_strides). 0 when no input is tiled.
  int64_t tile_rows = 0;
  std::vector<bool> tiled; // one per input

  // The row-loop variant of this layout.
  KernelVariant variant() const;
};

// Bytes each kernel argument (the non-constant inputs, then the outputs, in
// order) advances per row: the host offsets every pointer by this times the
// first row of a tile when it runs tiled inputs.
std::vector<int64_t> row_arg_strides(const std::vector<array>& inputs,
                                     const std::vector<bool>& is_constant,
                                     const std::vector<array>& outputs,
                                     const RowLayout& layout);

// The full shape (rows..., cols) of a row program for these real inputs and
// outputs: the traced one, or under shapeless compile the outputs' leading
// dims and the last dim of whatever spans a row.
Shape row_full_shape(const FusedProgram& program, const std::vector<array>& inputs,
                     const std::vector<array>& outputs);

// Classifies every input against the full shape: scalar, contiguous (full
// shape, row-major), row ((rows..., 1), row-major), column (only the last
// dim varies, unit stride), tiled (row-major, its dims the full shape's
// last ones; all tiled inputs of one call have the same rows). Anything else
// (transposed, other broadcasts) is unsupported: the caller runs the tape
// eagerly instead.
RowLayout plan_row_layout(const std::vector<array>& inputs,
                          const std::vector<bool>& is_constant,
                          const std::vector<array>& outputs, const Shape& full_shape);

// Whether a row-major input of shape x is one plan_row_layout reads against
// the full shape (scalar, full, row, column or tiled): what the fuser asks
// before it leaves a member of another shape outside a row region.
bool row_readable_shape(const Shape& x, const Shape& full);

// Row-major buffers for the outputs; a full output may take over a donatable
// full input of the same element size (each element is read before the
// kernel's last pass writes it).
void allocate_row_outputs(const std::vector<array>& inputs, std::vector<array>& outputs,
                          const RowLayout& layout);

} // namespace mxcore::kernel
