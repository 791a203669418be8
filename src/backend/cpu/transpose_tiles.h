// Whole 16 x 16 tiles of a transposing copy of 4-byte elements, through
// registers (copy_convert.h's copy_transposed walks the tiles).
#pragma once

#include <cstdint>

namespace mxcore::cpu {

// dst[j * dst_stride + i] = src[i * src_stride + j] for i, j in [0, 16).
using TransposeTileFn = void (*)(const void* src, int64_t src_stride, void* dst,
                                 int64_t dst_stride);

// The AVX-512 tile where the CPU has it, else null (the caller's scalar
// loop serves).
TransposeTileFn transpose_tile_4byte();

} // namespace mxcore::cpu
