#include "backend/cpu/conv_depthwise.h"

#include <immintrin.h>

#include <algorithm>
#include <vector>

#include "backend/cpu/cpu_features.h"
#include "backend/cpu/thread_pool.h"

namespace mxcore::cpu {

namespace {

// The taps of one line of outputs (one batch item and one position along
// every spatial dim but the last): for each hitting combination of the
// other dims' taps, its offset and its index among the kernel's taps.
struct LineTaps {
  std::vector<int64_t> offset;
  std::vector<int64_t> first_tap; // index of its first last-dim tap
};

// Fills taps for a line; returns the input offset of the line's batch item.
int64_t line_taps(const Geometry& g, int64_t line, LineTaps& taps) {
  const int last = g.nd - 1;
  int64_t rest = line;
  std::vector<int64_t> o(g.nd, 0);
  for (int d = last - 1; d >= 0; --d) {
    o[d] = rest % g.out_spatial[d];
    rest /= g.out_spatial[d];
  }
  taps.offset.clear();
  taps.first_tap.clear();
  const int64_t kw = g.kernel[last];
  std::vector<int64_t> k(g.nd, 0);
  for (int64_t outer = 0; outer < g.kernel_size / kw; ++outer) {
    int64_t off = 0;
    bool hit = true;
    for (int d = 0; d < last; ++d) {
      const int64_t t = g.taps[d][o[d] * g.kernel[d] + k[d]];
      hit = hit && t != kConvMiss;
      off += hit ? t : 0;
    }
    if (hit) {
      taps.offset.push_back(off);
      taps.first_tap.push_back(outer * kw);
    }
    for (int d = last - 1; d >= 0; --d) {
      if (++k[d] < g.kernel[d]) break;
      k[d] = 0;
    }
  }
  return rest * g.batch_stride;
}

// One output's channels c0 .. c0 + 8 * vectors (float, one channel a group,
// dense channels): every tap accumulates in registers, taps in order.
template <int vectors>
__attribute__((target("avx2,fma"))) inline void depthwise_outputs_fma(
    const float* base, const LineTaps& taps, const int64_t* last_taps, int64_t kw,
    const float* wt, int64_t c_out, int64_t c0, float* out) {
  __m256 acc[vectors];
  for (int v = 0; v < vectors; ++v) acc[v] = _mm256_setzero_ps();
  for (size_t j = 0; j < taps.offset.size(); ++j) {
    for (int64_t kx = 0; kx < kw; ++kx) {
      const int64_t t = last_taps[kx];
      if (t == kConvMiss) continue;
      const float* src = base + taps.offset[j] + t + c0;
      const float* wk = wt + (taps.first_tap[j] + kx) * c_out + c0;
      for (int v = 0; v < vectors; ++v) {
        acc[v] = _mm256_fmadd_ps(_mm256_loadu_ps(src + 8 * v), _mm256_loadu_ps(wk + 8 * v),
                                 acc[v]);
      }
    }
  }
  for (int v = 0; v < vectors; ++v) _mm256_storeu_ps(out + c0 + 8 * v, acc[v]);
}

// Four outputs along the line (all their taps hitting) at channels c0 ..
// c0 + 16: each weight vector loaded once for the four.
__attribute__((target("avx2,fma"))) inline void depthwise_four_outputs_fma(
    const float* base, const LineTaps& taps, const int64_t* last_taps, int64_t kw,
    const float* wt, int64_t c_out, int64_t c0, float* out) {
  __m256 acc[4][2];
  for (int p = 0; p < 4; ++p) acc[p][0] = acc[p][1] = _mm256_setzero_ps();
  for (size_t j = 0; j < taps.offset.size(); ++j) {
    const float* row = base + taps.offset[j] + c0;
    for (int64_t kx = 0; kx < kw; ++kx) {
      const float* wk = wt + (taps.first_tap[j] + kx) * c_out + c0;
      const __m256 w0 = _mm256_loadu_ps(wk), w1 = _mm256_loadu_ps(wk + 8);
      for (int p = 0; p < 4; ++p) {
        const float* src = row + last_taps[p * kw + kx];
        acc[p][0] = _mm256_fmadd_ps(_mm256_loadu_ps(src), w0, acc[p][0]);
        acc[p][1] = _mm256_fmadd_ps(_mm256_loadu_ps(src + 8), w1, acc[p][1]);
      }
    }
  }
  for (int p = 0; p < 4; ++p) {
    _mm256_storeu_ps(out + p * c_out + c0, acc[p][0]);
    _mm256_storeu_ps(out + p * c_out + c0 + 8, acc[p][1]);
  }
}

__attribute__((target("avx2,fma"))) void depthwise_line_fma(
    const float* base, const LineTaps& taps, const Geometry& g, const float* wt, int64_t c_out,
    float* out) {
  const int last = g.nd - 1;
  const int64_t width = g.out_spatial[last];
  const int64_t kw = g.kernel[last];
  for (int64_t ox = 0; ox < width; ++ox) {
    const int64_t* last_taps = g.taps[last].data() + ox * kw;
    float* o = out + ox * c_out;
    if (ox + 4 <= width && c_out % 16 == 0 &&
        std::find(last_taps, last_taps + 4 * kw, kConvMiss) == last_taps + 4 * kw) {
      for (int64_t c0 = 0; c0 < c_out; c0 += 16) {
        depthwise_four_outputs_fma(base, taps, last_taps, kw, wt, c_out, c0, o);
      }
      ox += 3;
      continue;
    }
    int64_t c0 = 0;
    for (; c0 + 32 <= c_out; c0 += 32) {
      depthwise_outputs_fma<4>(base, taps, last_taps, kw, wt, c_out, c0, o);
    }
    for (; c0 + 8 <= c_out; c0 += 8) {
      depthwise_outputs_fma<1>(base, taps, last_taps, kw, wt, c_out, c0, o);
    }
    for (; c0 < c_out; ++c0) {
      float a = 0.0f;
      for (size_t j = 0; j < taps.offset.size(); ++j) {
        for (int64_t kx = 0; kx < kw; ++kx) {
          const int64_t t = last_taps[kx];
          if (t == kConvMiss) continue;
          a = __builtin_fmaf(base[taps.offset[j] + t + c0], wt[(taps.first_tap[j] + kx) * c_out + c0],
                             a);
        }
      }
      o[c0] = a;
    }
  }
}

// Any type and layout: a line's outputs accumulate together (in L1), tap by
// tap, so each tap's weights and test are taken once a line.
template <typename Tin, typename Tc>
void depthwise_line(const Tin* base, const LineTaps& taps, const Geometry& g, const Tc* wt,
                    int groups, int mult, std::vector<Tc>& acc, std::vector<Tc>& xv, Tin* out) {
  const int last = g.nd - 1;
  const int64_t width = g.out_spatial[last];
  const int64_t kw = g.kernel[last];
  const int64_t cs = g.channel_stride;
  const int c_out = groups * mult;
  std::fill(acc.begin(), acc.end(), Tc(0));
  for (size_t j = 0; j < taps.offset.size(); ++j) {
    for (int64_t kx = 0; kx < kw; ++kx) {
      const Tc* __restrict wk = wt + (taps.first_tap[j] + kx) * c_out;
      for (int64_t ox = 0; ox < width; ++ox) {
        const int64_t t = g.taps[last][ox * kw + kx];
        if (t == kConvMiss) continue;
        const Tin* __restrict src = base + taps.offset[j] + t;
        Tc* __restrict a = acc.data() + ox * c_out;
        if (mult == 1 && cs == 1) {
          for (int c = 0; c < c_out; ++c) a[c] += static_cast<Tc>(src[c]) * wk[c];
        } else {
          for (int c = 0; c < groups; ++c) xv[c] = static_cast<Tc>(src[c * cs]);
          for (int c = 0; c < c_out; ++c) a[c] += xv[c / mult] * wk[c];
        }
      }
    }
  }
  for (int64_t i = 0; i < width * c_out; ++i) out[i] = static_cast<Tin>(acc[i]);
}

} // namespace

template <typename Tin, typename Tc>
void depthwise_conv(const Tin* x, const Geometry& g, const Tc* w, int groups, int mult,
                    int64_t rows, Tin* dst) {
  const int c_out = groups * mult;
  const int last = g.nd - 1;
  const int64_t width = g.out_spatial[last];
  // Weight as (kernel tap, C_out) so a tap's weights are contiguous.
  std::vector<Tc> wt(g.kernel_size * c_out);
  for (int co = 0; co < c_out; ++co) {
    for (int64_t k = 0; k < g.kernel_size; ++k) wt[k * c_out + co] = w[co * g.kernel_size + k];
  }
  bool fma_lines = false;
  if constexpr (std::is_same_v<Tin, float>) {
    fma_lines = mult == 1 && g.channel_stride == 1 && cpu_has_avx2_fma();
  }
  const int64_t lines = width == 0 ? 0 : rows / width;
  const int64_t line_work = g.kernel_size * c_out * width + 1;
  parallel_for(lines, std::max<int64_t>(1, 16384 / line_work), [&](int64_t l0, int64_t l1) {
    std::vector<Tc> acc(width * c_out);
    std::vector<Tc> xv(groups);
    LineTaps taps;
    for (int64_t line = l0; line < l1; ++line) {
      const Tin* base = x + line_taps(g, line, taps);
      Tin* out = dst + line * width * c_out;
      if constexpr (std::is_same_v<Tin, float>) {
        if (fma_lines) {
          depthwise_line_fma(base, taps, g, wt.data(), c_out, out);
          continue;
        }
      }
      depthwise_line(base, taps, g, wt.data(), groups, mult, acc, xv, out);
    }
  });
}

template void depthwise_conv(const float*, const Geometry&, const float*, int, int, int64_t,
                             float*);
template void depthwise_conv(const double*, const Geometry&, const double*, int, int, int64_t,
                             double*);
template void depthwise_conv(const float16_t*, const Geometry&, const float*, int, int, int64_t,
                             float16_t*);
template void depthwise_conv(const bfloat16_t*, const Geometry&, const float*, int, int,
                             int64_t, bfloat16_t*);

} // namespace mxcore::cpu
