// Moving whole rows of complex values into and out of the split layout of
// the plans' lane transforms (fft_plan.h), through 8 x 8 AVX transposes:
// shared by the axis passes (fft.cpp) and the four-step plans.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "backend/cpu/fft_plan.h"

namespace mxcore::cpu {

static_assert(kFFTLanes == 8, "the row transposes below are 8 x 8");

// 8 x 8 floats in AVX registers: r[i] becomes column i.
inline void transpose8(__m256 r[8]) {
  __m256 t[8], s[8];
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    s[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    s[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    s[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    s[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x20);
    r[i + 4] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x31);
  }
}

// Values t..t+3 of eight lines (line l at src + l * stride) into split lane
// layout: one transpose of their 8 x 8 floats (re, im, re, im, ...).
inline void rows_to_lanes(const cfloat* src, int64_t stride, int64_t t, float* re, float* im) {
  __m256 r[8];
  for (int l = 0; l < 8; ++l) {
    r[l] = _mm256_loadu_ps(reinterpret_cast<const float*>(src + l * stride + t));
  }
  transpose8(r);
  for (int k = 0; k < 4; ++k) {
    _mm256_storeu_ps(re + (t + k) * kFFTLanes, r[2 * k]);
    _mm256_storeu_ps(im + (t + k) * kFFTLanes, r[2 * k + 1]);
  }
}

// The inverse of rows_to_lanes, times scale.
inline void lanes_to_rows(const float* re, const float* im, int64_t t, float scale, cfloat* dst,
                          int64_t stride) {
  __m256 r[8];
  const __m256 s = _mm256_set1_ps(scale);
  for (int k = 0; k < 4; ++k) {
    r[2 * k] = _mm256_mul_ps(_mm256_loadu_ps(re + (t + k) * kFFTLanes), s);
    r[2 * k + 1] = _mm256_mul_ps(_mm256_loadu_ps(im + (t + k) * kFFTLanes), s);
  }
  transpose8(r);
  for (int l = 0; l < 8; ++l) {
    _mm256_storeu_ps(reinterpret_cast<float*>(dst + l * stride + t), r[l]);
  }
}

} // namespace mxcore::cpu
