// 16 x 16 float transpose in AVX-512 registers, shared by the GEMM's
// transposing pack (gemm/kernel_avx512.cpp) and the transposing copy
// (transpose_tiles.cpp). Include only from files whose functions carry the
// AVX-512 target attribute (MXCORE_AVX512).
#pragma once

#include <immintrin.h>

#define MXCORE_AVX512 __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,fma")))

namespace mxcore::cpu {

// r[i] becomes column i.
MXCORE_AVX512 inline void transpose16(__m512 r[16]) {
  __m512 t[16];
#pragma GCC unroll 8
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
  }
#pragma GCC unroll 4
  for (int i = 0; i < 16; i += 4) {
    r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    t[i] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0x88);
    t[i + 4] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0xDD);
    t[i + 8] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0x88);
    t[i + 12] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0xDD);
  }
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
    r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xDD);
  }
}

} // namespace mxcore::cpu
