// AVX2 + FMA micro-kernel for CPUs without AVX-512: a 6 x 16 tile (12 ymm
// accumulators, two B vectors, A broadcast: 12 FMAs per 2 loads). Compiled
// for AVX2 by attribute only and chosen at run time.
#include <immintrin.h>

#include "backend/cpu/gemm/kernels.h"

#define MXCORE_AVX2 __attribute__((target("avx2,fma")))

namespace mxcore::cpu::gemm {

namespace {

constexpr int kMR = 6;
constexpr int kNR = 16;

// Lanes [0, count) of an 8-float vector, as maskload/maskstore want them.
MXCORE_AVX2 inline __m256i lane_mask(int count) {
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
}

MXCORE_AVX2 void tile_6x16(int64_t kc, const float* ap, const float* bp, int64_t bs,
                           float* c, int64_t ldc, int mr, int nr, float alpha, float beta) {
  __m256 acc[kMR][2];
#pragma GCC unroll 6
  for (int i = 0; i < kMR; ++i) acc[i][0] = acc[i][1] = _mm256_setzero_ps();
  for (int64_t p = 0; p < kc; ++p) {
    __m256 b0 = _mm256_loadu_ps(bp);
    __m256 b1 = _mm256_loadu_ps(bp + 8);
#pragma GCC unroll 6
    for (int i = 0; i < kMR; ++i) {
      __m256 av = _mm256_broadcast_ss(ap + i);
      acc[i][0] = _mm256_fmadd_ps(av, b0, acc[i][0]);
      acc[i][1] = _mm256_fmadd_ps(av, b1, acc[i][1]);
    }
    ap += kMR;
    bp += bs;
  }
  const __m256 va = _mm256_set1_ps(alpha), vb = _mm256_set1_ps(beta);
  if (nr == kNR) {
#pragma GCC unroll 6
    for (int i = 0; i < kMR; ++i) {
      if (i >= mr) break;
      float* row = c + i * ldc;
      __m256 r0 = _mm256_mul_ps(va, acc[i][0]), r1 = _mm256_mul_ps(va, acc[i][1]);
      if (beta != 0.0f) {
        r0 = _mm256_fmadd_ps(vb, _mm256_loadu_ps(row), r0);
        r1 = _mm256_fmadd_ps(vb, _mm256_loadu_ps(row + 8), r1);
      }
      _mm256_storeu_ps(row, r0);
      _mm256_storeu_ps(row + 8, r1);
    }
    return;
  }
  const __m256i m0 = lane_mask(nr), m1 = lane_mask(nr - 8);
#pragma GCC unroll 6
  for (int i = 0; i < kMR; ++i) {
    if (i >= mr) break;
    float* row = c + i * ldc;
    __m256 r0 = _mm256_mul_ps(va, acc[i][0]), r1 = _mm256_mul_ps(va, acc[i][1]);
    if (beta != 0.0f) {
      r0 = _mm256_fmadd_ps(vb, _mm256_maskload_ps(row, m0), r0);
      r1 = _mm256_fmadd_ps(vb, _mm256_maskload_ps(row + 8, m1), r1);
    }
    _mm256_maskstore_ps(row, m0, r0);
    _mm256_maskstore_ps(row + 8, m1, r1);
  }
}

} // namespace

const KernelSet* avx2_kernels() {
  static const bool supported =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  static const KernelSet set{"avx2", kMR, kNR, kMR, kNR, 256, kMR * 24, 1024,
                             tile_6x16, 0, nullptr, nullptr, nullptr, nullptr};
  return supported ? &set : nullptr;
}

} // namespace mxcore::cpu::gemm
