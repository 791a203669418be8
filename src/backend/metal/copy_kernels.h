// The Metal backend's strided copy (kernels/copy.metal), for the kernels
// that move data: concatenation, slice updates, copies to row-major, and
// the source copy under Scatter.
#pragma once

#include "backend/metal/metal_backend.h"

namespace mxcore::metal {

// Encodes a copy of every element of `in` (any strides) into the view of
// `out`'s data with in's shape, `out_strides` and an element offset.
void encode_strided_copy(CommandEncoder& enc, const array& in, const array& out,
                         const Strides& out_strides, int64_t out_offset);

// Allocates `out` row-major (Metal memory) and copies `in` into it.
void copy_to_row_major(MetalBackend& b, const Stream& stream, const array& in, array& out);

} // namespace mxcore::metal
