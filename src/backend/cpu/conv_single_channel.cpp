#include "backend/cpu/conv_single_channel.h"

#include <immintrin.h>

#include <algorithm>
#include <vector>

#include "backend/cpu/conv_small_gemm.h"

namespace mxcore::cpu {

namespace {

#define MXCORE_AVX512 __attribute__((target("avx512f")))

MXCORE_AVX512 inline __mmask16 lane_mask(int64_t lanes) {
  return lanes >= 16 ? __mmask16(0xffff) : __mmask16((1u << lanes) - 1);
}

// Where each output position reads its taps, worked out once per call.
// runs[pos] > 0: positions pos.. are interior, runs[pos] of them to the end
// of a stretch whose taps lie one fixed step apart (x[origin + i * step +
// rel[k]]). runs[pos] < 0: -runs[pos] border positions follow, each with its
// taps' offsets from the image's start in `border` (kConvMiss in the padding).
struct TapPlan {
  explicit TapPlan(const Geometry& g) : runs(g.positions, 0), slot(g.positions, -1) {
    const int64_t taps = g.kernel_size;
    for (int64_t pos = 0; pos < g.positions; ++pos) {
      if (g.origin[pos] != kConvMiss) continue;
      slot[pos] = int64_t(border.size()) / taps;
      border.resize(border.size() + taps);
      int64_t* offsets = border.data() + slot[pos] * taps;
      RowCursor(g, pos).for_each_tap([&](int64_t k, int64_t off) { offsets[k] = off; });
    }
    for (int64_t pos = g.positions - 1; pos >= 0; --pos) {
      const bool last = pos + 1 == g.positions;
      if (g.origin[pos] == kConvMiss) {
        runs[pos] = last || runs[pos + 1] > 0 ? -1 : runs[pos + 1] - 1;
      } else if (last || runs[pos + 1] <= 0) {
        runs[pos] = 1;
      } else if (runs[pos + 1] == 1 ||
                 g.origin[pos + 2] - g.origin[pos + 1] == g.origin[pos + 1] - g.origin[pos]) {
        runs[pos] = runs[pos + 1] + 1;
      } else {
        runs[pos] = 1;
      }
    }
  }
  std::vector<int64_t> runs;
  std::vector<int64_t> slot;
  std::vector<int64_t> border;
};

// Rows [r0, r1) as interior(src, step, n, r): n rows from row r whose tap k
// is at src[i * step + rel[k]] (rel = g.relative), and border(v, n, r): n
// rows whose taps were gathered into v, row i's at v[i * kSingleChannelMaxTaps
// + k] (zeros in the padding); n is at most kBorderRows.
constexpr int64_t kBorderRows = 8;
template <typename Interior, typename Border>
inline void for_each_tap_run(const float* x, const Geometry& g, const TapPlan& plan, int64_t r0,
                             int64_t r1, float* v, Interior&& interior, Border&& border) {
  const int64_t taps = g.kernel_size;
  int64_t batch = r0 / g.positions, pos = r0 % g.positions;
  for (int64_t r = r0; r < r1;) {
    const float* base = x + batch * g.batch_stride;
    const int64_t run = plan.runs[pos];
    int64_t n;
    if (run < 0) {
      n = std::min({-run, r1 - r, kBorderRows});
      for (int64_t i = 0; i < n; ++i) {
        const int64_t* offsets = plan.border.data() + plan.slot[pos + i] * taps;
        float* row = v + i * kSingleChannelMaxTaps;
        for (int64_t k = 0; k < taps; ++k) {
          row[k] = offsets[k] == kConvMiss ? 0.0f : base[offsets[k]];
        }
      }
      border(v, n, r);
    } else {
      n = std::min(run, r1 - r);
      const int64_t step = n > 1 ? g.origin[pos + 1] - g.origin[pos] : 0;
      interior(base + g.origin[pos], step, n, r);
    }
    r += n;
    pos += n;
    if (pos == g.positions) {
      pos = 0;
      ++batch;
    }
  }
}

// R rows at a time: their sums are independent chains of multiply-adds,
// so the adds' latency overlaps (one row's taps form one serial chain). The
// taps are broadcast from where they lie: gathering every row's taps into a
// buffer first took most of the time.
template <int R, int NB>
MXCORE_AVX512 __attribute__((always_inline)) inline void forward_block(
    const float* src, int64_t step, const int64_t* rel, const float* wt, int64_t ldw,
    int64_t taps, float* out, int64_t ldo, __mmask16 last) {
  __m512 acc[R][NB];
  for (int i = 0; i < R; ++i) {
    for (int b = 0; b < NB; ++b) acc[i][b] = _mm512_setzero_ps();
  }
  for (int64_t k = 0; k < taps; ++k) {
    __m512 w[NB];
    for (int b = 0; b < NB; ++b) w[b] = _mm512_loadu_ps(wt + k * ldw + 16 * b);
    const float* at = src + rel[k];
    for (int i = 0; i < R; ++i) {
      const __m512 a = _mm512_set1_ps(at[i * step]);
      for (int b = 0; b < NB; ++b) acc[i][b] = _mm512_fmadd_ps(a, w[b], acc[i][b]);
    }
  }
  for (int i = 0; i < R; ++i) {
    float* o = out + i * ldo;
    for (int b = 0; b < NB - 1; ++b) _mm512_storeu_ps(o + 16 * b, acc[i][b]);
    _mm512_mask_storeu_ps(o + 16 * (NB - 1), last, acc[i][NB - 1]);
  }
}

// The rows of one stretch, R at a time; a stretch's last block ends at its
// last row, overlapping the one before (those rows are computed twice, the
// same way): a lone row's serial chain of taps costs as much as a block.
template <int R, int NB>
MXCORE_AVX512 __attribute__((always_inline)) inline void forward_stretch(
    const float* src, int64_t step, int64_t n, const int64_t* rel, const float* wt, int64_t ldw,
    int64_t taps, float* out, int64_t ldo, __mmask16 last) {
  if (n >= R) {
    for (int64_t i = 0; i < n; i += R) {
      const int64_t at = std::min(i, n - R);
      forward_block<R, NB>(src + at * step, step, rel, wt, ldw, taps, out + at * ldo, ldo, last);
    }
  } else if (R > 2 && n >= 2) {
    for (int64_t i = 0; i < n; i += 2) {
      const int64_t at = std::min(i, n - 2);
      forward_block<2, NB>(src + at * step, step, rel, wt, ldw, taps, out + at * ldo, ldo, last);
    }
  } else if (n == 1) {
    forward_block<1, NB>(src, 0, rel, wt, ldw, taps, out, ldo, last);
  }
}

template <int NB>
MXCORE_AVX512 void forward_rows(const float* x, const Geometry& g, const TapPlan& plan,
                                const float* wt, int64_t ldw, int64_t r0, int64_t r1, float* out,
                                int64_t ldo, __mmask16 last) {
  constexpr int R = NB == 1 ? 8 : 4;
  const int64_t taps = g.kernel_size;
  int64_t in_order[kSingleChannelMaxTaps];
  for (int64_t k = 0; k < taps; ++k) in_order[k] = k;
  float v[kBorderRows * kSingleChannelMaxTaps];
  for_each_tap_run(
      x, g, plan, r0, r1, v,
      [&](const float* src, int64_t step, int64_t n, int64_t r) MXCORE_AVX512 {
        forward_stretch<R, NB>(src, step, n, g.relative.data(), wt, ldw, taps,
                               out + (r - r0) * ldo, ldo, last);
      },
      [&](const float* gathered, int64_t n, int64_t r) MXCORE_AVX512 {
        forward_stretch<R, NB>(gathered, kSingleChannelMaxTaps, n, in_order, wt, ldw, taps,
                               out + (r - r0) * ldo, ldo, last);
      });
}

// Taps [q0, q0 + kq) (kq <= Q) of the weight gradient over rows [r0, r1):
// each sum starts from zero and folds the rows in order (a multiply-add of
// the tap and the row's cotangent), then is added to acc, as
// small_gemm_at_b does over an unfolded tile: the same bits. All Q sums are
// computed (those past kq read tap 0 and are dropped), so they stay in
// registers. `rel` and `in_order` hold Q entries past the kernel's taps.
template <int Q, int NB>
MXCORE_AVX512 void weight_grad_taps(const float* x, const Geometry& g, const TapPlan& plan,
                                    const int64_t* rel, const int64_t* in_order,
                                    const float* dy, int64_t ldd, int64_t r0, int64_t r1,
                                    int64_t q0, int64_t kq, float* acc, int64_t ldacc,
                                    __mmask16 last) {
  const int64_t taps = g.kernel_size;
  __m512 s[Q][NB];
  for (int q = 0; q < Q; ++q) {
    for (int b = 0; b < NB; ++b) s[q][b] = _mm512_setzero_ps();
  }
  float v[kSingleChannelMaxTaps] = {};
  int64_t batch = r0 / g.positions, pos = r0 % g.positions;
  for (int64_t r = r0; r < r1; ++r) {
    const float* base = x + batch * g.batch_stride;
    const float* src = v;
    const int64_t* offsets = in_order + q0;
    if (plan.runs[pos] > 0) {
      src = base + g.origin[pos];
      offsets = rel + q0;
    } else {
      const int64_t* border = plan.border.data() + plan.slot[pos] * taps;
      for (int64_t k = q0; k < q0 + kq; ++k) {
        v[k] = border[k] == kConvMiss ? 0.0f : base[border[k]];
      }
    }
    __m512 d[NB];
    const float* dr = dy + (r - r0) * ldd;
    for (int b = 0; b < NB - 1; ++b) d[b] = _mm512_loadu_ps(dr + 16 * b);
    d[NB - 1] = _mm512_maskz_loadu_ps(last, dr + 16 * (NB - 1));
    for (int q = 0; q < Q; ++q) {
      const __m512 a = _mm512_set1_ps(src[offsets[q]]);
      for (int b = 0; b < NB; ++b) s[q][b] = _mm512_fmadd_ps(a, d[b], s[q][b]);
    }
    if (++pos == g.positions) {
      pos = 0;
      ++batch;
    }
  }
  for (int q = 0; q < Q; ++q) {
    if (q >= kq) break;
    for (int b = 0; b < NB; ++b) {
      float* o = acc + (q0 + q) * ldacc + 16 * b;
      _mm512_storeu_ps(o, _mm512_add_ps(_mm512_loadu_ps(o), s[q][b]));
    }
  }
}

// Each tile of rows [r0, r1), taps in groups of Q, whose Q * NB sums and NB
// cotangent vectors fit the 32 registers.
template <int Q, int NB>
MXCORE_AVX512 void weight_grad_rows(const float* x, const Geometry& g, const float* dy,
                                    int64_t ldd, int64_t r0, int64_t r1, int64_t tile,
                                    float* acc, int64_t ldacc, __mmask16 last) {
  const TapPlan plan(g);
  const int64_t taps = g.kernel_size;
  int64_t rel[kSingleChannelMaxTaps + Q] = {}, in_order[kSingleChannelMaxTaps + Q] = {};
  for (int64_t k = 0; k < taps; ++k) {
    rel[k] = g.relative[k];
    in_order[k] = k;
  }
  for (int64_t t0 = r0; t0 < r1; t0 += tile) {
    const int64_t t1 = std::min(r1, t0 + tile);
    for (int64_t q0 = 0; q0 < taps; q0 += Q) {
      weight_grad_taps<Q, NB>(x, g, plan, rel, in_order, dy + (t0 - r0) * ldd, ldd, t0, t1, q0,
                              std::min<int64_t>(Q, taps - q0), acc, ldacc, last);
    }
  }
}

} // namespace

bool single_channel_conv_fits(const Geometry& g, int64_t c_out) {
  return conv_small_gemm_available() && g.kernel_size <= kSingleChannelMaxTaps && c_out >= 1 &&
         c_out <= 64 && g.channel_stride == 1 && !g.origin.empty();
}

MXCORE_AVX512 void single_channel_forward(const float* x, const Geometry& g, const float* wt,
                                          int64_t ldw, int64_t c_out, int64_t r0, int64_t r1,
                                          float* out) {
  const int blocks = int((c_out + 15) / 16);
  const __mmask16 last = lane_mask(c_out - 16 * (blocks - 1));
  const TapPlan plan(g);
  switch (blocks) {
    case 1: return forward_rows<1>(x, g, plan, wt, ldw, r0, r1, out, c_out, last);
    case 2: return forward_rows<2>(x, g, plan, wt, ldw, r0, r1, out, c_out, last);
    case 3: return forward_rows<3>(x, g, plan, wt, ldw, r0, r1, out, c_out, last);
    default: return forward_rows<4>(x, g, plan, wt, ldw, r0, r1, out, c_out, last);
  }
}

MXCORE_AVX512 void single_channel_weight_grad(const float* x, const Geometry& g,
                                              const float* dy, int64_t c_out, int64_t r0,
                                              int64_t r1, int64_t tile, float* acc,
                                              int64_t ldacc) {
  const int blocks = int((c_out + 15) / 16);
  const __mmask16 last = lane_mask(c_out - 16 * (blocks - 1));
  switch (blocks) {
    case 1: return weight_grad_rows<9, 1>(x, g, dy, c_out, r0, r1, tile, acc, ldacc, last);
    case 2: return weight_grad_rows<9, 2>(x, g, dy, c_out, r0, r1, tile, acc, ldacc, last);
    case 3: return weight_grad_rows<9, 3>(x, g, dy, c_out, r0, r1, tile, acc, ldacc, last);
    default: return weight_grad_rows<3, 4>(x, g, dy, c_out, r0, r1, tile, acc, ldacc, last);
  }
}

} // namespace mxcore::cpu
