// One call's view of a fused program: which loop walks it, how each input is
// read, the index width. Planned per call (layout.h, row_layout.h); with the
// program it is all a renderer needs, and with the program's name it keys
// the built kernel.
#pragma once

#include <string>
#include <vector>

#include "kernel/fused_program.h"

namespace mxcore::kernel {

// How a kernel reads one input in this variant.
enum class InputKind {
  constant,   // inlined
  scalar,     // one element read once (ndim 0 or a broadcast single value)
  contiguous, // read at the flat index
  strided,    // read through per-dimension strides
  // Range strided loops only: strided, with stride 0 along the innermost dim
  // (a value broadcast along each row), read once per row.
  broadcast_inner,
  // Row loops only:
  row,    // one value per row: element `row` of a row-major (rows..., 1) buffer
  column, // one value per column, the same for every row: element j
};

enum class LoopKind { contiguous, strided, row };

struct KernelVariant {
  LoopKind loop = LoopKind::contiguous;
  int ndim = 0;              // strided: number of (collapsed) dims
  bool dynamic_ndim = false; // strided, grid dialects: ndim passed at run time
  bool large_index = false;  // 64-bit element indices
  int work_per_thread = 1;   // grid dialects: elements each thread writes
  std::vector<InputKind> input_kinds; // one per program input
  std::vector<bool> per_row_outputs;  // row loops: output stored once per row

  // "contiguous", "strided_3", "row", + "_large".
  std::string tag() const;
  // tag + the input kinds + per-row outputs: with the program's name, what
  // the emitted source depends on.
  std::string key() const;
};

// The variant reading every vector input as `loop` says (contiguous or
// strided), scalars once and constants inlined.
KernelVariant default_variant(const FusedProgram& program, LoopKind loop, int ndim = 0,
                              bool large_index = false);

} // namespace mxcore::kernel
