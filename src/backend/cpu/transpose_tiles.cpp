// The 4-byte transposing tile: 16 loads, the shared in-register transpose,
// 16 stores (bit patterns only moved, so it serves every 4-byte dtype).
// GCC 12's AVX-512 headers initialise "undefined" vectors from themselves,
// which -Wuninitialized reports in every inlined intrinsic: a false positive.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "backend/cpu/transpose_tiles.h"

#include "backend/cpu/avx512_transpose.h"

namespace mxcore::cpu {

namespace {

MXCORE_AVX512 void tile_avx512(const void* src, int64_t src_stride, void* dst,
                               int64_t dst_stride) {
  const float* s = static_cast<const float*>(src);
  float* d = static_cast<float*>(dst);
  __m512 r[16];
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) r[i] = _mm512_loadu_ps(s + i * src_stride);
  transpose16(r);
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) _mm512_storeu_ps(d + i * dst_stride, r[i]);
}

} // namespace

TransposeTileFn transpose_tile_4byte() {
  static const TransposeTileFn fn =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") ? tile_avx512
                                                                               : nullptr;
  return fn;
}

} // namespace mxcore::cpu
