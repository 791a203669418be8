// The four-step FFT of a long line (Bailey's): the n = n1 * n2 values as an
// n2 x n1 row-major matrix x[j2 * n1 + j1]; the transforms of its n1 columns
// (length n2), a twiddle exp(-2 pi i j1 k2 / n) on each result, the
// transforms of the n2 rows (length n1), written transposed:
// X[k1 * n2 + k2]. Both sets of transforms are many short lines, which run
// kFFTLanes at a time on the pool; one long line's Stockham passes ran on
// one core at the speed of their cache misses (2^20 values: 13 ms).
#include <algorithm>
#include <type_traits>
#include <vector>

#include "backend/cpu/fft_lanes.h"
#include "backend/cpu/fft_plan.h"
#include "backend/cpu/thread_pool.h"

namespace mxcore::cpu {

void FFTPlan::four_step(cfloat* data, cfloat* work) const {
  constexpr int64_t L = kFFTLanes;
  const int64_t n1 = four_step_n1_, n2 = n_ / n1;
  const cfloat* tw = four_step_twiddles_.data();
  cfloat* y = work;  // the twiddled column transforms, y[k2 * n1 + j1]

  // Columns j1 .. j1 + 7: eight neighbouring values of each row.
  parallel_for((n1 + L - 1) / L, 1, [&](int64_t begin, int64_t end) {
    std::vector<float> re(n2 * L), im(n2 * L), lane_work(four_step_columns_->lanes_work_size());
    for (int64_t g = begin; g < end; ++g) {
      const int64_t c0 = g * L, count = std::min(L, n1 - c0);
      if (count < L) {
        std::fill(re.begin(), re.end(), 0.0f);
        std::fill(im.begin(), im.end(), 0.0f);
      }
      // (A whole group's loops run a constant kFFTLanes times: they vectorize.)
      auto gather = [&](auto lanes) {
        for (int64_t j2 = 0; j2 < n2; ++j2) {
          const float* row = reinterpret_cast<const float*>(data + j2 * n1 + c0);
          for (int64_t l = 0; l < lanes; ++l) {
            re[j2 * L + l] = row[2 * l], im[j2 * L + l] = row[2 * l + 1];
          }
        }
      };
      count == L ? gather(std::integral_constant<int64_t, L>{}) : gather(count);
      four_step_columns_->forward_lanes(re.data(), im.data(), lane_work.data());
      auto scatter = [&](auto lanes) {
        for (int64_t k2 = 0; k2 < n2; ++k2) {
          const int64_t at = k2 * n1 + c0;
          const float* w = reinterpret_cast<const float*>(tw + at);
          float* out = reinterpret_cast<float*>(y + at);
          for (int64_t l = 0; l < lanes; ++l) {  // cmul's formula
            const float a = re[k2 * L + l], b = im[k2 * L + l];
            out[2 * l] = a * w[2 * l] - b * w[2 * l + 1];
            out[2 * l + 1] = a * w[2 * l + 1] + b * w[2 * l];
          }
        }
      };
      count == L ? scatter(std::integral_constant<int64_t, L>{}) : scatter(count);
    }
  });

  // Rows k2 .. k2 + 7 of y; row k2's transform is X[k1 * n2 + k2].
  parallel_for((n2 + L - 1) / L, 1, [&](int64_t begin, int64_t end) {
    std::vector<float> re(n1 * L), im(n1 * L), lane_work(four_step_rows_->lanes_work_size());
    for (int64_t g = begin; g < end; ++g) {
      const int64_t r0 = g * L, count = std::min(L, n2 - r0);
      const int64_t t4 = count == L ? n1 / 4 * 4 : 0;
      if (count < L) {
        std::fill(re.begin(), re.end(), 0.0f);
        std::fill(im.begin(), im.end(), 0.0f);
      }
      for (int64_t t = 0; t < t4; t += 4) rows_to_lanes(y + r0 * n1, n1, t, re.data(), im.data());
      for (int64_t t = t4; t < n1; ++t) {
        for (int64_t l = 0; l < count; ++l) {
          cfloat v = y[(r0 + l) * n1 + t];
          re[t * L + l] = v.real(), im[t * L + l] = v.imag();
        }
      }
      four_step_rows_->forward_lanes(re.data(), im.data(), lane_work.data());
      auto scatter = [&](auto lanes) {
        for (int64_t k1 = 0; k1 < n1; ++k1) {
          float* out = reinterpret_cast<float*>(data + k1 * n2 + r0);
          for (int64_t l = 0; l < lanes; ++l) {
            out[2 * l] = re[k1 * L + l], out[2 * l + 1] = im[k1 * L + l];
          }
        }
      };
      count == L ? scatter(std::integral_constant<int64_t, L>{}) : scatter(count);
    }
  });
}

} // namespace mxcore::cpu
