#include "backend/cpu/matmul_half.h"

#include <immintrin.h>

#include <algorithm>
#include <vector>

#include "backend/cpu/copy.h"
#include "backend/cpu/cpu_features.h"
#include "backend/cpu/half_blocks.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

constexpr int64_t kMaxRows = 8;
constexpr int64_t kColumnBlock = 256;

// Sixteen independent partial sums, folded in a fixed order: the loop
// vectorizes (a single running sum would be a serial chain).
[[gnu::target_clones("arch=x86-64-v3", "default")]] float dot(const float* x, const float* y,
                                                              int64_t n) {
  float part[16] = {};
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    for (int l = 0; l < 16; ++l) part[l] += x[i + l] * y[i + l];
  }
  float s = 0.0f;
  for (int l = 0; l < 16; ++l) s += part[l];
  for (; i < n; ++i) s += x[i] * y[i];
  return s;
}

// 8 halves widened in registers.
__attribute__((target("avx2,fma"))) inline __m256 widen8(const float16_t* w) {
  return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(w)));
}
__attribute__((target("avx2,fma"))) inline __m256 widen8(const bfloat16_t* w) {
  const __m256i u = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(w)));
  return _mm256_castsi256_ps(_mm256_slli_epi32(u, 16));
}

// dot(x, w) with w's halves widened as they are read: four chains of 8.
template <typename T>
__attribute__((target("avx2,fma"))) float dot_widening(const float* x, const T* w, int64_t n) {
  __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(),
                   _mm256_setzero_ps()};
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    for (int v = 0; v < 4; ++v) {
      acc[v] = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8 * v), widen8(w + i + 8 * v), acc[v]);
    }
  }
  for (; i + 8 <= n; i += 8) acc[0] = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), widen8(w + i), acc[0]);
  const __m256 sum = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
  float lanes[8];
  _mm256_storeu_ps(lanes, sum);
  float s = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
  for (; i < n; ++i) s += x[i] * static_cast<float>(w[i]);
  return s;
}

// sums[r] = dot(x row r, w) for R rows of x (k apart): each vector of w is
// widened once for all the rows.
template <int R, typename T>
__attribute__((target("avx2,fma"))) void dot_rows_widening(const float* x, int64_t k,
                                                          const T* w, float* sums) {
  __m256 acc[R];
  for (int r = 0; r < R; ++r) acc[r] = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 8 <= k; i += 8) {
    const __m256 wv = widen8(w + i);
    for (int r = 0; r < R; ++r) acc[r] = _mm256_fmadd_ps(_mm256_loadu_ps(x + r * k + i), wv, acc[r]);
  }
  for (int r = 0; r < R; ++r) {
    float lanes[8];
    _mm256_storeu_ps(lanes, acc[r]);
    float s = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
              ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    for (int64_t j = i; j < k; ++j) s += x[r * k + j] * static_cast<float>(w[j]);
    sums[r] = s;
  }
}

template <typename T>
using DotRows = void (*)(const float*, int64_t, const T*, float*);

template <typename T>
DotRows<T> dot_rows_for(int64_t rows) {
  switch (rows) {
    case 2: return dot_rows_widening<2, T>;
    case 3: return dot_rows_widening<3, T>;
    case 4: return dot_rows_widening<4, T>;
    case 5: return dot_rows_widening<5, T>;
    case 6: return dot_rows_widening<6, T>;
    case 7: return dot_rows_widening<7, T>;
    default: return dot_rows_widening<8, T>;
  }
}

[[gnu::target_clones("arch=x86-64-v3", "default")]] void add_scaled(float* acc, float a,
                                                                    const float* x, int64_t n) {
  for (int64_t j = 0; j < n; ++j) acc[j] += a * x[j];
}

// b read as w.T: w's rows (stride ld) are out's columns.
template <typename T>
void rows_against_transposed(const float* a, int64_t rows, int64_t k, const T* w, int64_t ld,
                             int64_t n, float alpha, T* out) {
  parallel_for(n, std::max<int64_t>(1, 32768 / std::max<int64_t>(1, k)),
               [&](int64_t n0, int64_t n1) {
                 if (cpu_has_avx2_fma() && rows == 1) {
                   for (int64_t j = n0; j < n1; ++j) {
                     out[j] = static_cast<T>(alpha * dot_widening(a, w + j * ld, k));
                   }
                   return;
                 }
                 if (cpu_has_avx2_fma()) {
                   const DotRows<T> dot_rows = dot_rows_for<T>(rows);
                   float sums[kMaxRows];
                   for (int64_t j = n0; j < n1; ++j) {
                     dot_rows(a, k, w + j * ld, sums);
                     for (int64_t r = 0; r < rows; ++r) out[r * n + j] = static_cast<T>(alpha * sums[r]);
                   }
                   return;
                 }
                 std::vector<float> row(k);
                 for (int64_t j = n0; j < n1; ++j) {
                   widen_block(w + j * ld, row.data(), k);
                   for (int64_t r = 0; r < rows; ++r) {
                     out[r * n + j] = static_cast<T>(alpha * dot(a + r * k, row.data(), k));
                   }
                 }
               });
}

// Columns [c0, c0 + 8 V) of R rows of out, accumulated in registers over
// all of b's rows: each vector of b widened once for the R rows.
template <int R, int V, typename T>
__attribute__((target("avx2,fma"))) void columns_widening(const float* a, int64_t k, const T* w,
                                                         int64_t ld, float alpha, float* sums) {
  __m256 acc[R][V];
  for (int r = 0; r < R; ++r) {
    for (int v = 0; v < V; ++v) acc[r][v] = _mm256_setzero_ps();
  }
  for (int64_t i = 0; i < k; ++i) {
    __m256 wv[V];
    for (int v = 0; v < V; ++v) wv[v] = widen8(w + i * ld + 8 * v);
    for (int r = 0; r < R; ++r) {
      const __m256 x = _mm256_set1_ps(a[r * k + i]);
      for (int v = 0; v < V; ++v) acc[r][v] = _mm256_fmadd_ps(x, wv[v], acc[r][v]);
    }
  }
  const __m256 scale = _mm256_set1_ps(alpha);
  for (int r = 0; r < R; ++r) {
    for (int v = 0; v < V; ++v) _mm256_storeu_ps(sums + r * 8 * V + 8 * v, _mm256_mul_ps(scale, acc[r][v]));
  }
}

// rows x 32 columns of out at c0 (rows <= 8), through columns_widening.
template <typename T>
void column_chunk_widening(const float* a, int64_t rows, int64_t k, const T* w, int64_t ld,
                           float alpha, float* sums) {
  switch (rows) {
    case 1: columns_widening<1, 4>(a, k, w, ld, alpha, sums); return;
    case 2: columns_widening<2, 4>(a, k, w, ld, alpha, sums); return;
    case 3: columns_widening<3, 4>(a, k, w, ld, alpha, sums); return;
    default:
      // Two rows at a time (8 accumulators), four passes at most.
      for (int64_t r = 0; r < rows; r += 2) {
        if (r + 1 < rows) {
          columns_widening<2, 4>(a + r * k, k, w, ld, alpha, sums + r * 32);
        } else {
          columns_widening<1, 4>(a + r * k, k, w, ld, alpha, sums + r * 32);
        }
      }
  }
}

// b row-major (rows of b stride ld): blocks of out's columns accumulate row
// by row of b.
template <typename T>
void rows_against_plain(const float* a, int64_t rows, int64_t k, const T* w, int64_t ld,
                        int64_t n, float alpha, T* out) {
  const int64_t chunks = cpu_has_avx2_fma() ? n / 32 : 0;
  if (chunks > 0) {
    parallel_for(chunks, 1, [&](int64_t c0, int64_t c1) {
      float sums[kMaxRows * 32];
      for (int64_t c = c0; c < c1; ++c) {
        column_chunk_widening(a, rows, k, w + c * 32, ld, alpha, sums);
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t j = 0; j < 32; ++j) out[r * n + c * 32 + j] = static_cast<T>(sums[r * 32 + j]);
        }
      }
    });
  }
  // The remaining columns (all of them without AVX2).
  const int64_t done = chunks * 32;
  if (done == n) return;
  w += done;
  out += done;
  const int64_t rest = n - done;
  const int64_t blocks = (rest + kColumnBlock - 1) / kColumnBlock;
  parallel_for(blocks, 1, [&](int64_t b0, int64_t b1) {
    std::vector<float> acc(kMaxRows * kColumnBlock);
    float buf[kColumnBlock];
    for (int64_t blk = b0; blk < b1; ++blk) {
      const int64_t c0 = blk * kColumnBlock;
      const int64_t nb = std::min(kColumnBlock, rest - c0);
      std::fill(acc.begin(), acc.end(), 0.0f);
      for (int64_t i = 0; i < k; ++i) {
        widen_block(w + i * ld + c0, buf, nb);
        for (int64_t r = 0; r < rows; ++r) {
          add_scaled(acc.data() + r * kColumnBlock, a[r * k + i], buf, nb);
        }
      }
      for (int64_t r = 0; r < rows; ++r) {
        for (int64_t j = 0; j < nb; ++j) {
          out[r * n + c0 + j] = static_cast<T>(alpha * acc[r * kColumnBlock + j]);
        }
      }
    }
  });
}

} // namespace

bool half_few_rows_matmul(const array& a, const array& b, array& out, float alpha) {
  const Dtype t = out.dtype();
  if ((t != float16 && t != bfloat16) || a.dtype() != t || b.dtype() != t) return false;
  if (b.size() != size_t(b.shape(-2)) * b.shape(-1)) return false; // one matrix of b
  const int64_t k = b.shape(-2), n = b.shape(-1);
  if (k == 0 || n == 0) return false;
  const int64_t rows = static_cast<int64_t>(a.size()) / k;
  if (rows == 0 || rows > kMaxRows || out.size() != size_t(rows * n)) return false;
  const int64_t sr = b.strides()[b.ndim() - 2], sc = b.strides()[b.ndim() - 1];
  const bool plain = sc == 1 && (k == 1 || sr >= n);
  const bool transposed = !plain && sr == 1 && (n == 1 || sc >= k);
  if (!plain && !transposed) return false;
  array af(allocator::malloc(a.size() * sizeof(float)), a.shape(), float32);
  copy_into(a, af);
  const float* pa = af.data<float>();
  dispatch_all_types(t, [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if constexpr (is_half_v<T>) {
      const T* w = b.data<T>();
      T* o = out.data<T>();
      if (transposed) {
        rows_against_transposed(pa, rows, k, w, n == 1 ? k : sc, n, alpha, o);
      } else {
        rows_against_plain(pa, rows, k, w, k == 1 ? n : sr, n, alpha, o);
      }
    }
  });
  return true;
}

} // namespace mxcore::cpu
