// AVX-512 kernels: a 12 x 32 micro-tile (24 zmm accumulators, two B vectors,
// A broadcast from memory: 24 FMAs per 2 loads; narrower tiles at the
// edges), a transposing pack (16 x 16 in registers), and small-M kernels that
// stream B in place (decoding-style products where packing B would double
// the memory traffic). Compiled for AVX-512 by attribute only; chosen at run
// time, so the library still runs on CPUs without it.
// GCC 12's AVX-512 headers initialise "undefined" vectors from themselves
// (_mm512_undefined_ps), which -Wuninitialized reports in every inlined
// masked load and reduction: a false positive.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include "backend/cpu/avx512_transpose.h"
#include "backend/cpu/gemm/kernels.h"

namespace mxcore::cpu::gemm {

namespace {

constexpr int kMR = 12;
constexpr int kNR = 32;

MXCORE_AVX512 inline __mmask16 lane_mask(int64_t count) {
  return count >= 16 ? __mmask16(0xFFFF) : count <= 0 ? __mmask16(0)
                                                      : __mmask16((1u << count) - 1);
}

// An R x (16 * NV) tile: A panels of R floats a step, B panels of 16 * NV.
template <int R, int NV>
MXCORE_AVX512 void tile_rows(int64_t kc, const float* ap, const float* bp, int64_t bs,
                             float* c, int64_t ldc, int mr, int nr, float alpha, float beta) {
  __m512 acc[R][NV];
#pragma GCC unroll 12
  for (int i = 0; i < R; ++i)
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_setzero_ps();
  // C's tile is needed at the end; fetch it while the FMAs run.
  for (int i = 0; i < mr; ++i) {
    _mm_prefetch(reinterpret_cast<const char*>(c + i * ldc), _MM_HINT_T0);
    if (NV == 2) _mm_prefetch(reinterpret_cast<const char*>(c + i * ldc + 16), _MM_HINT_T0);
  }
  for (int64_t p = 0; p < kc; ++p) {
    __m512 b[NV];
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) b[v] = _mm512_loadu_ps(bp + 16 * v);
    // B streams from L2: NV lines a step, fetched eight steps ahead.
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) {
      _mm_prefetch(reinterpret_cast<const char*>(bp + 8 * bs + 16 * v), _MM_HINT_T0);
    }
#pragma GCC unroll 12
    for (int i = 0; i < R; ++i) {
      __m512 av = _mm512_set1_ps(ap[i]);
#pragma GCC unroll 2
      for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_fmadd_ps(av, b[v], acc[i][v]);
    }
    ap += R;
    bp += bs;
  }
  const __m512 va = _mm512_set1_ps(alpha), vb = _mm512_set1_ps(beta);
  __mmask16 mask[NV];
#pragma GCC unroll 2
  for (int v = 0; v < NV; ++v) mask[v] = lane_mask(nr - 16 * v);
#pragma GCC unroll 12
  for (int i = 0; i < R; ++i) {
    if (i >= mr) break;
    float* row = c + i * ldc;
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) {
      __m512 r = _mm512_mul_ps(va, acc[i][v]);
      if (nr == 16 * NV) {
        if (beta != 0.0f) r = _mm512_fmadd_ps(vb, _mm512_loadu_ps(row + 16 * v), r);
        _mm512_storeu_ps(row + 16 * v, r);
      } else {
        if (beta != 0.0f) r = _mm512_fmadd_ps(vb, _mm512_maskz_loadu_ps(mask[v], row + 16 * v), r);
        _mm512_mask_storeu_ps(row + 16 * v, mask[v], r);
      }
    }
  }
}

// The full 12 x 32 tile (24 accumulators) or, at the edges, the narrowest
// tile that covers mr x nr (rows in steps of 4, columns in steps of 16).
template <int NV>
MXCORE_AVX512 void tile_cols(int64_t kc, const float* ap, const float* bp, int64_t bs,
                             float* c, int64_t ldc, int mr, int nr, float alpha, float beta) {
  switch (panel_width(mr, kMR, 4)) {
    case 4: return tile_rows<4, NV>(kc, ap, bp, bs, c, ldc, mr, nr, alpha, beta);
    case 8: return tile_rows<8, NV>(kc, ap, bp, bs, c, ldc, mr, nr, alpha, beta);
    default: return tile_rows<12, NV>(kc, ap, bp, bs, c, ldc, mr, nr, alpha, beta);
  }
}

MXCORE_AVX512 void tile_12x32(int64_t kc, const float* ap, const float* bp, int64_t bs,
                              float* c, int64_t ldc, int mr, int nr, float alpha, float beta) {
  if (nr > 16) {
    tile_cols<2>(kc, ap, bp, bs, c, ldc, mr, nr, alpha, beta);
  } else {
    tile_cols<1>(kc, ap, bp, bs, c, ldc, mr, nr, alpha, beta);
  }
}

// C[0:M, 0:n] += A @ B, B row-major k x n: eight rows of B at a time stream
// through every column vector (eight sequential streams the prefetchers
// follow), C's rows stay in cache between the groups.
template <int M>
MXCORE_AVX512 void small_nn_rows(int64_t k, int64_t n, const float* a, int64_t lda,
                                 const float* b, int64_t ldb, float* c, int64_t ldc) {
  constexpr int G = 8;
  int64_t p = 0;
  for (; p + G <= k; p += G) {
    const float* bg = b + p * ldb;
    for (int64_t j = 0; j < n; j += 16) {
      const __mmask16 mk = lane_mask(n - j);
      __m512 bv[G];
#pragma GCC unroll 8
      for (int g = 0; g < G; ++g) bv[g] = _mm512_maskz_loadu_ps(mk, bg + g * ldb + j);
#pragma GCC unroll 8
      for (int i = 0; i < M; ++i) {
        const float* ai = a + i * lda + p;
        // Two chains halve the dependent-FMA latency per row.
        __m512 s0 = _mm512_maskz_loadu_ps(mk, c + i * ldc + j);
        __m512 s1 = _mm512_mul_ps(_mm512_set1_ps(ai[1]), bv[1]);
        s0 = _mm512_fmadd_ps(_mm512_set1_ps(ai[0]), bv[0], s0);
#pragma GCC unroll 8
        for (int g = 2; g < G; g += 2) {
          s0 = _mm512_fmadd_ps(_mm512_set1_ps(ai[g]), bv[g], s0);
          s1 = _mm512_fmadd_ps(_mm512_set1_ps(ai[g + 1]), bv[g + 1], s1);
        }
        _mm512_mask_storeu_ps(c + i * ldc + j, mk, _mm512_add_ps(s0, s1));
      }
    }
  }
  for (; p < k; ++p) {  // the last k % 8 rows, one at a time
    const float* bp = b + p * ldb;
    for (int64_t j = 0; j < n; j += 16) {
      const __mmask16 mk = lane_mask(n - j);
      __m512 bv = _mm512_maskz_loadu_ps(mk, bp + j);
#pragma GCC unroll 8
      for (int i = 0; i < M; ++i) {
        __m512 s = _mm512_maskz_loadu_ps(mk, c + i * ldc + j);
        s = _mm512_fmadd_ps(_mm512_set1_ps(a[i * lda + p]), bv, s);
        _mm512_mask_storeu_ps(c + i * ldc + j, mk, s);
      }
    }
  }
}

// C[0:M, 0:n] += A @ B^T, B row-major n x k: dot products of A's rows with
// NG rows of B at a time (NG sequential streams), reduced across lanes once.
template <int M, int NG>
MXCORE_AVX512 void small_nt_block(int64_t k, const float* a, int64_t lda, const float* b,
                                  int64_t ldb, float* c, int64_t ldc) {
  __m512 acc[M][NG];
#pragma GCC unroll 8
  for (int i = 0; i < M; ++i)
#pragma GCC unroll 8
    for (int j = 0; j < NG; ++j) acc[i][j] = _mm512_setzero_ps();
  for (int64_t p = 0; p < k; p += 16) {
    const __mmask16 mk = lane_mask(k - p);
    __m512 bv[NG];
#pragma GCC unroll 8
    for (int j = 0; j < NG; ++j) bv[j] = _mm512_maskz_loadu_ps(mk, b + j * ldb + p);
#pragma GCC unroll 8
    for (int i = 0; i < M; ++i) {
      __m512 av = _mm512_maskz_loadu_ps(mk, a + i * lda + p);
#pragma GCC unroll 8
      for (int j = 0; j < NG; ++j) acc[i][j] = _mm512_fmadd_ps(av, bv[j], acc[i][j]);
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < M; ++i)
#pragma GCC unroll 8
    for (int j = 0; j < NG; ++j) c[i * ldc + j] += _mm512_reduce_add_ps(acc[i][j]);
}

template <int M>
MXCORE_AVX512 void small_nt_rows(int64_t k, int64_t n, const float* a, int64_t lda,
                                 const float* b, int64_t ldb, float* c, int64_t ldc) {
  // Accumulators M x NG plus NG + 1 loads stay within the 32 zmm registers.
  constexpr int NG = M <= 2 ? 8 : M <= 4 ? 4 : 3;
  int64_t j = 0;
  for (; j + NG <= n; j += NG) small_nt_block<M, NG>(k, a, lda, b + j * ldb, ldb, c + j, ldc);
  for (; j < n; ++j) small_nt_block<M, 1>(k, a, lda, b + j * ldb, ldb, c + j, ldc);
}


MXCORE_AVX512 void small_nn(int m, int64_t k, int64_t n, const float* a, int64_t lda,
                            const float* b, int64_t ldb, float* c, int64_t ldc) {
  switch (m) {
    case 1: return small_nn_rows<1>(k, n, a, lda, b, ldb, c, ldc);
    case 2: return small_nn_rows<2>(k, n, a, lda, b, ldb, c, ldc);
    case 3: return small_nn_rows<3>(k, n, a, lda, b, ldb, c, ldc);
    case 4: return small_nn_rows<4>(k, n, a, lda, b, ldb, c, ldc);
    case 5: return small_nn_rows<5>(k, n, a, lda, b, ldb, c, ldc);
    case 6: return small_nn_rows<6>(k, n, a, lda, b, ldb, c, ldc);
    case 7: return small_nn_rows<7>(k, n, a, lda, b, ldb, c, ldc);
    default: return small_nn_rows<8>(k, n, a, lda, b, ldb, c, ldc);
  }
}

MXCORE_AVX512 void small_nt(int m, int64_t k, int64_t n, const float* a, int64_t lda,
                            const float* b, int64_t ldb, float* c, int64_t ldc) {
  switch (m) {
    case 1: return small_nt_rows<1>(k, n, a, lda, b, ldb, c, ldc);
    case 2: return small_nt_rows<2>(k, n, a, lda, b, ldb, c, ldc);
    case 3: return small_nt_rows<3>(k, n, a, lda, b, ldb, c, ldc);
    case 4: return small_nt_rows<4>(k, n, a, lda, b, ldb, c, ldc);
    case 5: return small_nt_rows<5>(k, n, a, lda, b, ldb, c, ldc);
    case 6: return small_nt_rows<6>(k, n, a, lda, b, ldb, c, ldc);
    case 7: return small_nt_rows<7>(k, n, a, lda, b, ldb, c, ldc);
    default: return small_nt_rows<8>(k, n, a, lda, b, ldb, c, ldc);
  }
}

MXCORE_AVX512 void interleave_rows(const float* src, int64_t lds, int rows, int64_t kc,
                                   int width, float* dst) {
  for (int r0 = 0; r0 < width; r0 += 16) {
    const int lanes = width - r0 < 16 ? width - r0 : 16;
    const __mmask16 store = lane_mask(lanes);
    const int live = rows - r0 < 0 ? 0 : rows - r0 < 16 ? rows - r0 : 16;
    for (int64_t p0 = 0; p0 < kc; p0 += 16) {
      const __mmask16 load = lane_mask(kc - p0);
      __m512 r[16];
#pragma GCC unroll 16
      for (int i = 0; i < 16; ++i) {
        r[i] = i < live ? _mm512_maskz_loadu_ps(load, src + (r0 + i) * lds + p0)
                        : _mm512_setzero_ps();
      }
      transpose16(r);
      const int steps = kc - p0 < 16 ? static_cast<int>(kc - p0) : 16;
      for (int i = 0; i < steps; ++i) {
        _mm512_mask_storeu_ps(dst + (p0 + i) * width + r0, store, r[i]);
      }
    }
  }
}

MXCORE_AVX512 void copy_rows(const float* src, int64_t lds, int cols, int64_t kc, int width,
                             float* dst) {
  for (int c0 = 0; c0 < width; c0 += 16) {  // widths are multiples of 4, at most 32
    const __mmask16 load = lane_mask(cols - c0), store = lane_mask(width - c0);
    for (int64_t p = 0; p < kc; ++p) {
      _mm512_mask_storeu_ps(dst + p * width + c0, store,
                            _mm512_maskz_loadu_ps(load, src + p * lds + c0));
    }
  }
}

} // namespace

const KernelSet* avx512_kernels() {
  static const bool supported = __builtin_cpu_supports("avx512f") &&
                                __builtin_cpu_supports("avx512vl") &&
                                __builtin_cpu_supports("avx512bw") &&
                                __builtin_cpu_supports("avx512dq") &&
                                __builtin_cpu_supports("fma");
  static const KernelSet set{"avx512", kMR, kNR, 4, 16, 256, kMR * 16, 1024,
                             tile_12x32, 8, small_nn, small_nt, interleave_rows,
                             copy_rows};
  return supported ? &set : nullptr;
}

} // namespace mxcore::cpu::gemm
