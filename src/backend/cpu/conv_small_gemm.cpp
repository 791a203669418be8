// AVX-512 register tiles for conv_small_gemm.h. Columns go in chunks of at
// most four 16-float vectors; the last vector of a chunk is masked, so no
// read or write passes n. Each output element folds its k products in order
// with fused multiply-adds.
#include "backend/cpu/conv_small_gemm.h"

#include <immintrin.h>

#include <algorithm>

namespace mxcore::cpu {

bool conv_small_gemm_available() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

namespace {

constexpr int kMaxBlocks = 4; // vectors per column chunk

#define MXCORE_AVX512 __attribute__((target("avx512f")))

MXCORE_AVX512 inline __mmask16 lane_mask(int64_t lanes) {
  return lanes >= 16 ? __mmask16(0xffff) : __mmask16((1u << lanes) - 1);
}

// c[R rows x NB vectors] = a[R x k] @ b[k x NB vectors]; the last vector's
// store is masked by `last`.
template <int R, int NB>
MXCORE_AVX512 inline void gemm_tile(int64_t k, const float* a, int64_t lda, const float* b,
                                    int64_t ldb, float* c, int64_t ldc, __mmask16 last) {
  __m512 acc[R][NB];
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < NB; ++v) acc[r][v] = _mm512_setzero_ps();
  }
  for (int64_t p = 0; p < k; ++p) {
    __m512 bv[NB];
#pragma GCC unroll 4
    for (int v = 0; v < NB; ++v) bv[v] = _mm512_loadu_ps(b + p * ldb + 16 * v);
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
      const __m512 av = _mm512_set1_ps(a[r * lda + p]);
#pragma GCC unroll 4
      for (int v = 0; v < NB; ++v) acc[r][v] = _mm512_fmadd_ps(av, bv[v], acc[r][v]);
    }
  }
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < NB - 1; ++v) _mm512_storeu_ps(c + r * ldc + 16 * v, acc[r][v]);
    _mm512_mask_storeu_ps(c + r * ldc + 16 * (NB - 1), last, acc[r][NB - 1]);
  }
}

template <int NB>
MXCORE_AVX512 void gemm_chunk(int64_t m, int64_t k, const float* a, int64_t lda, const float* b,
                              int64_t ldb, float* c, int64_t ldc, __mmask16 last) {
  // Six rows of up to two vectors, four of three or four: at most 16
  // accumulators, the rest of the 32 registers hold b's vectors.
  constexpr int R = NB <= 2 ? 6 : 4;
  int64_t i = 0;
  for (; i + R <= m; i += R) {
    gemm_tile<R, NB>(k, a + i * lda, lda, b, ldb, c + i * ldc, ldc, last);
  }
  for (; i < m; ++i) gemm_tile<1, NB>(k, a + i * lda, lda, b, ldb, c + i * ldc, ldc, last);
}

// acc[KB rows x NB vectors] += a[m x KB]^T @ d[m x NB vectors].
template <int KB, int NB>
MXCORE_AVX512 inline void at_b_tile(int64_t m, const float* a, int64_t lda, const float* d,
                                    int64_t ldd, float* acc, int64_t ldacc, __mmask16 last) {
  __m512 s[KB][NB];
#pragma GCC unroll 16
  for (int q = 0; q < KB; ++q) {
#pragma GCC unroll 4
    for (int v = 0; v < NB; ++v) s[q][v] = _mm512_setzero_ps();
  }
  for (int64_t p = 0; p < m; ++p) {
    __m512 dv[NB];
#pragma GCC unroll 4
    for (int v = 0; v < NB - 1; ++v) dv[v] = _mm512_loadu_ps(d + p * ldd + 16 * v);
    dv[NB - 1] = _mm512_maskz_loadu_ps(last, d + p * ldd + 16 * (NB - 1));
#pragma GCC unroll 16
    for (int q = 0; q < KB; ++q) {
      const __m512 av = _mm512_set1_ps(a[p * lda + q]);
#pragma GCC unroll 4
      for (int v = 0; v < NB; ++v) s[q][v] = _mm512_fmadd_ps(av, dv[v], s[q][v]);
    }
  }
  // acc's rows are padded to whole vectors, so full-width updates stay inside.
#pragma GCC unroll 16
  for (int q = 0; q < KB; ++q) {
#pragma GCC unroll 4
    for (int v = 0; v < NB; ++v) {
      float* o = acc + q * ldacc + 16 * v;
      _mm512_storeu_ps(o, _mm512_add_ps(_mm512_loadu_ps(o), s[q][v]));
    }
  }
}

template <int NB>
MXCORE_AVX512 void at_b_chunk(int64_t m, int64_t k, const float* a, int64_t lda, const float* d,
                              int64_t ldd, float* acc, int64_t ldacc, __mmask16 last) {
  constexpr int KB = NB == 1 ? 8 : 4;
  int64_t q = 0;
  for (; q + KB <= k; q += KB) at_b_tile<KB, NB>(m, a + q, lda, d, ldd, acc + q * ldacc, ldacc, last);
  for (; q < k; ++q) at_b_tile<1, NB>(m, a + q, lda, d, ldd, acc + q * ldacc, ldacc, last);
}

// Calls chunk<NB>(n0, lanes of the last vector) for every column chunk.
template <typename F>
MXCORE_AVX512 void for_each_chunk(int64_t n, F&& chunk) {
  for (int64_t n0 = 0; n0 < n; n0 += 16 * kMaxBlocks) {
    const int64_t cols = std::min<int64_t>(n - n0, 16 * kMaxBlocks);
    const int blocks = int((cols + 15) / 16);
    chunk(n0, blocks, lane_mask(cols - 16 * (blocks - 1)));
  }
}

} // namespace

MXCORE_AVX512 void small_gemm(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                              const float* b, int64_t ldb, float* c, int64_t ldc) {
  for_each_chunk(n, [&](int64_t n0, int blocks, __mmask16 last) {
    switch (blocks) {
      case 1: return gemm_chunk<1>(m, k, a, lda, b + n0, ldb, c + n0, ldc, last);
      case 2: return gemm_chunk<2>(m, k, a, lda, b + n0, ldb, c + n0, ldc, last);
      case 3: return gemm_chunk<3>(m, k, a, lda, b + n0, ldb, c + n0, ldc, last);
      default: return gemm_chunk<4>(m, k, a, lda, b + n0, ldb, c + n0, ldc, last);
    }
  });
}

MXCORE_AVX512 void small_gemm_at_b(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                                   const float* d, int64_t ldd, float* acc, int64_t ldacc) {
  for_each_chunk(n, [&](int64_t n0, int blocks, __mmask16 last) {
    switch (blocks) {
      case 1: return at_b_chunk<1>(m, k, a, lda, d + n0, ldd, acc + n0, ldacc, last);
      case 2: return at_b_chunk<2>(m, k, a, lda, d + n0, ldd, acc + n0, ldacc, last);
      case 3: return at_b_chunk<3>(m, k, a, lda, d + n0, ldd, acc + n0, ldacc, last);
      default: return at_b_chunk<4>(m, k, a, lda, d + n0, ldd, acc + n0, ldacc, last);
    }
  });
}

} // namespace mxcore::cpu
