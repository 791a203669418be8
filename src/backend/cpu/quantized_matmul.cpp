// CPU kernel of QuantizedMatmul: out = x @ dequantize(w).T with w's rows
// unpacked group by group as they are used, never materialized. With
// q the unpacked integers of a group, s its scale and b its bias,
//   out[r, n] = sum over groups of s * dot(q, x_r) + b * sum(x_r),
// the group sums of x taken once. A few rows (decoding) read w once for
// all of them; more rows dequantize blocks of w's rows to float and multiply
// them through the GEMM.
#include <immintrin.h>

#include <algorithm>
#include <vector>

#include "backend/cpu/cpu_features.h"
#include "backend/cpu/copy.h"
#include "backend/cpu/half_blocks.h"
#include "backend/cpu/matmul.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/dtype_dispatch.h"
#include "primitives/quantized_matmul.h"

namespace mxcore {

namespace cpu {
namespace {

constexpr int64_t kFewRows = 8;
// Floats of w dequantized at a time for the product of many rows (wide
// blocks keep the GEMM efficient; 16 MB of scratch at most).
constexpr int64_t kBlockFloats = int64_t(1) << 22;

// The group's `count` integers (bits each, lowest bits first) as floats.
template <int bits>
inline void unpack_group(const uint32_t* words, int64_t count, float* q) {
  constexpr int per_word = 32 / bits;
  constexpr uint32_t mask = (1u << bits) - 1u;
  for (int64_t wi = 0; wi < count / per_word; ++wi) {
    const uint32_t u = words[wi];
    for (int j = 0; j < per_word; ++j) {
      q[wi * per_word + j] = static_cast<float>((u >> (bits * j)) & mask);
    }
  }
}

// Sixteen partial sums: the loop vectorizes.
inline float dot(const float* x, const float* y, int64_t n) {
  float part[16] = {};
  for (int64_t i = 0; i < n; i += 16) {
    for (int l = 0; l < 16; ++l) part[l] += x[i + l] * y[i + l];
  }
  float s = 0.0f;
  for (int l = 0; l < 16; ++l) s += part[l];
  return s;
}

// A float32 row-major copy of a (x, scales or biases).
array as_floats(const array& a) {
  array f(a.shape(), float32, nullptr, {});
  f.set_data(allocator::malloc(a.size() * sizeof(float)));
  copy_into(a, f);
  f.set_status(array::Status::evaluated);
  return f;
}

// The row-major float32 array a as a (rows, cols) matrix (no copy).
array reshape_view(const array& a, int64_t rows, int64_t cols) {
  array m(Shape{static_cast<int>(rows), static_cast<int>(cols)}, float32, nullptr, {});
  make_view(a, m, Strides{cols, 1}, 0);
  m.set_status(array::Status::evaluated);
  return m;
}

struct Operands {
  const float* x;      // rows x k, row-major float
  const float* xsum;   // rows x groups: each group's sum of x
  const uint32_t* w;   // n x words
  const float* scales; // n x groups, float
  const float* biases;
  int64_t rows, k, n, words, groups, group_size;
};

template <int bits>
[[gnu::target_clones("arch=x86-64-v3", "default")]] void few_rows(const Operands& o, int64_t n0,
                                                                  int64_t n1, float* out) {
  std::vector<float> q(o.group_size);
  const int64_t group_words = o.group_size * bits / 32;
  for (int64_t j = n0; j < n1; ++j) {
    float acc[kFewRows] = {};
    const uint32_t* wj = o.w + j * o.words;
    for (int64_t g = 0; g < o.groups; ++g) {
      unpack_group<bits>(wj + g * group_words, o.group_size, q.data());
      const float s = o.scales[j * o.groups + g], b = o.biases[j * o.groups + g];
      for (int64_t r = 0; r < o.rows; ++r) {
        const float d = dot(q.data(), o.x + r * o.k + g * o.group_size, o.group_size);
        acc[r] += s * d + b * o.xsum[r * o.groups + g];
      }
    }
    for (int64_t r = 0; r < o.rows; ++r) out[r * o.n + j] = acc[r];
  }
}

// Vector path: 8 words of a group in a register, value j of each word
// (j = 0 .. 32 / bits - 1) shifted out at once; x is read in the matching
// order (permuted once per call), so each group's dot runs on whole
// vectors and scales without a horizontal sum: lane partial sums
// accumulate s * (q . x) across groups, folded once per output.
template <int bits>
bool vector_fits(int64_t group_size) {
  return (group_size * bits / 32) % 8 == 0;
}

// xp[r][(v * per_word + j) * 8 + l] = x[r][(8 v + l) * per_word + j] over
// each group's vectors v (a permutation of every row's values).
template <int bits>
std::vector<float> permute_rows(const Operands& o) {
  constexpr int per_word = 32 / bits;
  std::vector<float> xp(o.rows * o.k);
  const int64_t vectors = o.k / (8 * per_word);
  for (int64_t r = 0; r < o.rows; ++r) {
    const float* x = o.x + r * o.k;
    float* d = xp.data() + r * o.k;
    for (int64_t v = 0; v < vectors; ++v) {
      for (int j = 0; j < per_word; ++j) {
        for (int l = 0; l < 8; ++l) {
          d[(v * per_word + j) * 8 + l] = x[(8 * v + l) * per_word + j];
        }
      }
    }
  }
  return xp;
}

template <int bits, int R>
__attribute__((target("avx2,fma"))) void few_rows_avx2(const Operands& o, const float* xp,
                                                       int64_t n0, int64_t n1, float* out) {
  constexpr int per_word = 32 / bits;
  const __m256i mask = _mm256_set1_epi32((1 << bits) - 1);
  const int64_t group_vectors = o.group_size * bits / 32 / 8;
  for (int64_t j = n0; j < n1; ++j) {
    const uint32_t* wj = o.w + j * o.words;
    __m256 total[R];
    float bias_part[R];
    for (int r = 0; r < R; ++r) {
      total[r] = _mm256_setzero_ps();
      bias_part[r] = 0.0f;
    }
    for (int64_t g = 0; g < o.groups; ++g) {
      __m256 acc[R];
      for (int r = 0; r < R; ++r) acc[r] = _mm256_setzero_ps();
      for (int64_t v = 0; v < group_vectors; ++v) {
        const int64_t vec = g * group_vectors + v;
        const __m256i words =
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wj + vec * 8));
        for (int e = 0; e < per_word; ++e) {
          const __m256 q = _mm256_cvtepi32_ps(
              _mm256_and_si256(_mm256_srli_epi32(words, bits * e), mask));
          for (int r = 0; r < R; ++r) {
            const float* xr = xp + r * o.k + (vec * per_word + e) * 8;
            acc[r] = _mm256_fmadd_ps(q, _mm256_loadu_ps(xr), acc[r]);
          }
        }
      }
      const __m256 s = _mm256_set1_ps(o.scales[j * o.groups + g]);
      const float b = o.biases[j * o.groups + g];
      for (int r = 0; r < R; ++r) {
        total[r] = _mm256_fmadd_ps(s, acc[r], total[r]);
        bias_part[r] += b * o.xsum[r * o.groups + g];
      }
    }
    for (int r = 0; r < R; ++r) {
      float lanes[8];
      _mm256_storeu_ps(lanes, total[r]);
      out[r * o.n + j] = (((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
                          ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))) +
                         bias_part[r];
    }
  }
}

template <int bits>
void few_rows_vector(const Operands& o, const float* xp, int64_t n0, int64_t n1, float* out) {
  switch (o.rows) {
    case 1: few_rows_avx2<bits, 1>(o, xp, n0, n1, out); break;
    case 2: few_rows_avx2<bits, 2>(o, xp, n0, n1, out); break;
    case 3: few_rows_avx2<bits, 3>(o, xp, n0, n1, out); break;
    case 4: few_rows_avx2<bits, 4>(o, xp, n0, n1, out); break;
    default:
      for (int64_t r0 = 0; r0 < o.rows; r0 += 4) {
        Operands part = o;
        part.rows = std::min<int64_t>(4, o.rows - r0);
        part.x = o.x + r0 * o.k;
        part.xsum = o.xsum + r0 * o.groups;
        few_rows_vector<bits>(part, xp + r0 * o.k, n0, n1, out + r0 * o.n);
      }
  }
}

// Rows [n0, n1) of w dequantized into dst (k floats each).
template <int bits>
void dequantize_rows(const Operands& o, int64_t n0, int64_t n1, float* dst) {
  const int64_t group_words = o.group_size * bits / 32;
  for (int64_t j = n0; j < n1; ++j) {
    for (int64_t g = 0; g < o.groups; ++g) {
      float* q = dst + (j - n0) * o.k + g * o.group_size;
      unpack_group<bits>(o.w + j * o.words + g * group_words, o.group_size, q);
      const float s = o.scales[j * o.groups + g], b = o.biases[j * o.groups + g];
      for (int64_t i = 0; i < o.group_size; ++i) q[i] = s * q[i] + b;
    }
  }
}

// xf: x as the float32 (rows, k) array o.x points into.
template <int bits>
void run(const Operands& o, const array& xf, float* out) {
  if (o.rows <= kFewRows && vector_fits<bits>(o.group_size) && cpu_has_avx2_fma()) {
    const std::vector<float> xp = permute_rows<bits>(o);
    parallel_for(o.n, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, o.k)),
                 [&](int64_t n0, int64_t n1) { few_rows_vector<bits>(o, xp.data(), n0, n1, out); });
    return;
  }
  if (o.rows <= kFewRows) {
    parallel_for(o.n, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, o.k)),
                 [&](int64_t n0, int64_t n1) { few_rows<bits>(o, n0, n1, out); });
    return;
  }
  // Blocks of w's rows, dequantized in parallel, each multiplied by the GEMM.
  array x = reshape_view(xf, o.rows, o.k);
  const int64_t row_block = std::max<int64_t>(16, kBlockFloats / std::max<int64_t>(1, o.k));
  for (int64_t n0 = 0; n0 < o.n; n0 += row_block) {
    const int64_t nb = std::min(row_block, o.n - n0);
    array wd(Shape{static_cast<int>(nb), static_cast<int>(o.k)}, float32, nullptr, {});
    wd.set_data(allocator::malloc(nb * o.k * sizeof(float)));
    wd.set_status(array::Status::evaluated);
    float* pw = wd.data<float>();
    parallel_for(nb, 1, [&](int64_t a, int64_t b) {
      dequantize_rows<bits>(o, n0 + a, n0 + b, pw + a * o.k);
    });
    array wt(Shape{static_cast<int>(o.k), static_cast<int>(nb)}, float32, nullptr, {});
    make_view(wd, wt, Strides{1, o.k}, 0);
    wt.set_status(array::Status::evaluated);
    array block(Shape{static_cast<int>(o.rows), static_cast<int>(nb)}, float32, nullptr, {});
    matmul(x, wt, block);
    const float* pb = block.data<float>();
    for (int64_t r = 0; r < o.rows; ++r) {
      std::copy(pb + r * nb, pb + (r + 1) * nb, out + r * o.n + n0);
    }
  }
}

} // namespace
} // namespace cpu

void QuantizedMatmul::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& w = inputs[1];
  const int64_t n = w.shape(0), k = int64_t(w.shape(1)) * 32 / bits_;
  const int64_t rows = k == 0 ? 0 : static_cast<int64_t>(inputs[0].size()) / k;
  const int64_t groups = k / group_size_;
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  const array xf = cpu::as_floats(inputs[0]);
  const array scales = cpu::as_floats(inputs[2]);
  const array biases = cpu::as_floats(inputs[3]);
  const float* x = xf.data<float>();
  std::vector<float> xsum(rows * groups);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      float s = 0.0f;
      for (int64_t i = 0; i < group_size_; ++i) s += x[r * k + g * group_size_ + i];
      xsum[r * groups + g] = s;
    }
  }
  array wc = w.flags().row_contiguous ? w : [&] {
    array c(w.shape(), uint32, nullptr, {});
    cpu::copy_to_row_major(w, c);
    return c;
  }();
  cpu::Operands o{x, xsum.data(), wc.data<uint32_t>(), scales.data<float>(),
                  biases.data<float>(), rows, k, n, int64_t(w.shape(1)), groups, group_size_};
  // A half-typed result is computed in float32 and converted once.
  const bool direct = out.dtype() == float32;
  array result = direct ? out : array(out.shape(), float32, nullptr, {});
  if (!direct) result.set_data(allocator::malloc(out.size() * sizeof(float)));
  float* dst = result.data<float>();
  switch (bits_) {
    case 2: cpu::run<2>(o, xf, dst); break;
    case 4: cpu::run<4>(o, xf, dst); break;
    default: cpu::run<8>(o, xf, dst); break;
  }
  if (!direct) cpu::copy_into(result, out);
}

} // namespace mxcore
