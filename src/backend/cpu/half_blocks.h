// Eager elementwise loops over float16 and bfloat16 run through blocks of
// float: a block of inputs widens to float scratch 8 values an instruction
// (F16C, which the library is built for; bfloat16 by shifts), the op's float
// loop runs on it vectorized, and the results narrow back the same way.
// Element by element, GCC 12 converts each _Float16 with a scalar
// vcvtph2ps/vcvtps2ph and vectorizes nothing (a float16 add ran 6x slower
// than a float32 one).
//
// Same bits as the element-wise loop: a half op computes in float and rounds
// once (kernel_ops' compute_t), the block conversions are the hardware's (or
// bfloat16_t's own rounding, written branch-free), and a value widened from
// a half converts back exactly. Only a signaling NaN's payload may differ
// (the float path quiets it).
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "mxcore/scalar_types.h"

namespace mxcore::cpu {

template <typename T>
inline constexpr bool is_half_v =
    std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>;

// Values a block: three blocks of float scratch stay in L1.
inline constexpr int64_t kHalfBlock = 512;

inline void widen_block(const float16_t* s, float* d, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h;
    std::memcpy(&h, s + i, sizeof(h));
    _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
  }
  for (; i < n; ++i) d[i] = static_cast<float>(s[i]);
}

inline void narrow_block(const float* s, float16_t* d, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    // The current rounding mode (nearest even), as the scalar conversion.
    __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(s + i), _MM_FROUND_CUR_DIRECTION);
    std::memcpy(d + i, &h, sizeof(h));
  }
  for (; i < n; ++i) d[i] = static_cast<float16_t>(s[i]);
}

// bfloat16 by shifts (half_blocks.cpp: out of line, so the loops vectorize
// with AVX2's 256-bit integer operations where the CPU has them).
void widen_block(const bfloat16_t* s, float* d, int64_t n);
void narrow_block(const float* s, bfloat16_t* d, int64_t n);

// d[i] = op(float(s[i])) for n dense values, stored as Tout (a half type
// narrows; others convert as static_cast).
template <typename T, typename Tout, typename Op>
inline void unary_half_blocks(const T* s, Tout* d, int64_t n, Op op) {
  alignas(64) float x[kHalfBlock];
  alignas(64) float y[kHalfBlock];
  for (int64_t b = 0; b < n; b += kHalfBlock) {
    const int64_t m = std::min(kHalfBlock, n - b);
    widen_block(s + b, x, m);
    if constexpr (is_half_v<Tout>) {
      for (int64_t i = 0; i < m; ++i) y[i] = static_cast<float>(op(x[i]));
      narrow_block(y, d + b, m);
    } else {
      for (int64_t i = 0; i < m; ++i) d[b + i] = static_cast<Tout>(op(x[i]));
    }
  }
}

// d[i] = op(x[i * sx], y[i * sy]) for strides 1 (dense) or 0 (one value).
template <typename T, typename Tout, typename Op>
inline void binary_half_blocks(const T* x, int64_t sx, const T* y, int64_t sy, Tout* d,
                               int64_t n, Op op) {
  if (n <= 0) return;
  alignas(64) float a[kHalfBlock];
  alignas(64) float c[kHalfBlock];
  alignas(64) float r[kHalfBlock];
  const float xv = static_cast<float>(x[0]);
  const float yv = static_cast<float>(y[0]);
  for (int64_t b = 0; b < n; b += kHalfBlock) {
    const int64_t m = std::min(kHalfBlock, n - b);
    if (sx != 0) widen_block(x + b, a, m);
    if (sy != 0) widen_block(y + b, c, m);
    auto store = [&](auto&& value) {
      if constexpr (is_half_v<Tout>) {
        for (int64_t i = 0; i < m; ++i) r[i] = static_cast<float>(value(i));
        narrow_block(r, d + b, m);
      } else {
        for (int64_t i = 0; i < m; ++i) d[b + i] = static_cast<Tout>(value(i));
      }
    };
    if (sx != 0 && sy != 0) {
      store([&](int64_t i) { return op(a[i], c[i]); });
    } else if (sx != 0) {
      store([&](int64_t i) { return op(a[i], yv); });
    } else {
      store([&](int64_t i) { return op(xv, c[i]); });
    }
  }
}

} // namespace mxcore::cpu
