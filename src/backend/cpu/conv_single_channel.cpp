#include "backend/cpu/conv_single_channel.h"

#include <immintrin.h>

#include <algorithm>

#include "backend/cpu/conv_small_gemm.h"

namespace mxcore::cpu {

namespace {

#define MXCORE_AVX512 __attribute__((target("avx512f")))

MXCORE_AVX512 inline __mmask16 lane_mask(int64_t lanes) {
  return lanes >= 16 ? __mmask16(0xffff) : __mmask16((1u << lanes) - 1);
}

// The taps of output row `row` (im2col's values for one channel): zeros
// where a tap falls in the padding.
inline void gather_taps(const float* x, const Geometry& g, const RowPosition& at, int64_t row,
                        float* v) {
  const float* base = x + at.batch * g.batch_stride;
  const int64_t origin = at.origin(row);
  if (origin != kConvMiss) {
    const float* src = base + origin;
    const int64_t* rel = g.relative.data();
    for (int64_t k = 0; k < g.kernel_size; ++k) v[k] = src[rel[k]];
    return;
  }
  RowCursor(g, row).for_each_tap(
      [&](int64_t k, int64_t off) { v[k] = off == kConvMiss ? 0.0f : base[off]; });
}

// R rows at a time: their sums are independent chains of multiply-adds,
// so the adds' latency overlaps (one row's taps form one serial chain).
template <int R, int NB>
MXCORE_AVX512 inline void forward_block(const float* v, const float* wt, int64_t ldw,
                                        int64_t taps, float* out, int64_t ldo, __mmask16 last) {
  __m512 acc[R][NB];
  for (int i = 0; i < R; ++i) {
    for (int b = 0; b < NB; ++b) acc[i][b] = _mm512_setzero_ps();
  }
  for (int64_t k = 0; k < taps; ++k) {
    __m512 w[NB];
    for (int b = 0; b < NB; ++b) w[b] = _mm512_loadu_ps(wt + k * ldw + 16 * b);
    for (int i = 0; i < R; ++i) {
      const __m512 a = _mm512_set1_ps(v[i * kSingleChannelMaxTaps + k]);
      for (int b = 0; b < NB; ++b) acc[i][b] = _mm512_fmadd_ps(a, w[b], acc[i][b]);
    }
  }
  for (int i = 0; i < R; ++i) {
    float* o = out + i * ldo;
    for (int b = 0; b < NB - 1; ++b) _mm512_storeu_ps(o + 16 * b, acc[i][b]);
    _mm512_mask_storeu_ps(o + 16 * (NB - 1), last, acc[i][NB - 1]);
  }
}

template <int NB>
MXCORE_AVX512 void forward_rows(const float* x, const Geometry& g, const float* wt, int64_t ldw,
                                int64_t r0, int64_t r1, float* out, int64_t ldo,
                                __mmask16 last) {
  constexpr int R = NB == 1 ? 8 : 4;
  const int64_t taps = g.kernel_size;
  float v[R * kSingleChannelMaxTaps];
  RowPosition at(g, r0);
  int64_t r = r0;
  for (; r + R <= r1; r += R) {
    for (int i = 0; i < R; ++i, at.next()) {
      gather_taps(x, g, at, r + i, v + i * kSingleChannelMaxTaps);
    }
    forward_block<R, NB>(v, wt, ldw, taps, out + (r - r0) * ldo, ldo, last);
  }
  for (; r < r1; ++r, at.next()) {
    gather_taps(x, g, at, r, v);
    forward_block<1, NB>(v, wt, ldw, taps, out + (r - r0) * ldo, ldo, last);
  }
}

} // namespace

bool single_channel_conv_fits(const Geometry& g, int64_t c_out) {
  return conv_small_gemm_available() && g.kernel_size <= kSingleChannelMaxTaps && c_out >= 1 &&
         c_out <= 64 && g.channel_stride == 1;
}

MXCORE_AVX512 void single_channel_forward(const float* x, const Geometry& g, const float* wt,
                                          int64_t ldw, int64_t c_out, int64_t r0, int64_t r1,
                                          float* out) {
  const int blocks = int((c_out + 15) / 16);
  const __mmask16 last = lane_mask(c_out - 16 * (blocks - 1));
  switch (blocks) {
    case 1: return forward_rows<1>(x, g, wt, ldw, r0, r1, out, c_out, last);
    case 2: return forward_rows<2>(x, g, wt, ldw, r0, r1, out, c_out, last);
    case 3: return forward_rows<3>(x, g, wt, ldw, r0, r1, out, c_out, last);
    default: return forward_rows<4>(x, g, wt, ldw, r0, r1, out, c_out, last);
  }
}

} // namespace mxcore::cpu
