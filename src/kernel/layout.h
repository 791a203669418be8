// How a fused elementwise kernel walks its real inputs: contiguous or strided
// (with collapsed dims and broadcast strides), index width, and which input
// buffers the outputs may reuse.
#pragma once

#include <vector>

#include "kernel/kernel_variant.h"

namespace mxcore::kernel {

struct FusedLayout {
  bool contiguous = true;
  std::vector<InputKind> kinds; // one per input
  bool large_index = false;
  int64_t size = 0; // elements of each output
  // Strided variant: the collapsed shape and, for each input of kind strided
  // (in input order), its collapsed strides.
  std::vector<int64_t> shape;
  std::vector<Strides> strides;
  // Contiguous variant: the layout the outputs take (that of the dense inputs,
  // possibly transposed; row-major when every input is a scalar).
  Strides out_strides;
  array::Flags out_flags{};

  // The kernel variant this layout runs (contiguous or strided_N).
  KernelVariant variant() const;
  // The variant for range-family (CPU) loops: as variant(), with the strided
  // inputs whose innermost stride is 0 read once per row (broadcast_inner),
  // so the inner loop stays unit-stride and vectorizes.
  KernelVariant range_variant() const;
};

// Decides the variant for the real inputs (is_constant: the program's
// constant_inputs); out_shape is the outputs' shape.
// force_large_index makes the index 64-bit regardless (tests).
FusedLayout plan_fused_layout(const std::vector<array>& inputs,
                              const std::vector<bool>& is_constant,
                              const Shape& out_shape,
                              bool force_large_index = false);

// Gives every output a buffer laid out as the kernel writes it, reusing a
// donatable input buffer (same size and element size, not a broadcast, not
// a constant) when there is one.
void allocate_fused_outputs(const std::vector<array>& inputs,
                            const std::vector<bool>& is_constant,
                            std::vector<array>& outputs,
                            const FusedLayout& layout);

} // namespace mxcore::kernel
