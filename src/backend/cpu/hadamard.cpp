// Eager Hadamard transform: each row of the last axis is loaded into a float
// buffer, the butterfly applies H_{2^k} to each of the m blocks, then the
// small H_m mixes the blocks; rows run in parallel.
#include <algorithm>
#include <vector>

#include "kernel/dtype_dispatch.h"
#include "backend/cpu/row_major.h"
#include "backend/cpu/thread_pool.h"
#include "primitives/hadamard.h"

namespace mxcore {

namespace {

// H_m as +-1 floats, row-major (transposed for the vjp).
std::vector<float> small_matrix(int m, bool transposed) {
  std::vector<float> h(static_cast<size_t>(m) * m);
  for (int r = 0; r < m; ++r) {
    const char* row = hadamard_small_row(m, r);
    for (int c = 0; c < m; ++c) {
      float v = row[c] == '+' ? 1.0f : -1.0f;
      h[transposed ? c * m + r : r * m + c] = v;
    }
  }
  return h;
}

template <typename T>
void hadamard_rows(const array& in, array& out, float scale, bool transposed) {
  const int64_t n = in.ndim() > 0 ? in.shape(-1) : 1;
  const int64_t rows = n == 0 ? 0 : static_cast<int64_t>(in.size()) / n;
  const int m = hadamard_small_factor(static_cast<int>(n));
  const int64_t p = n / m;
  std::vector<float> hm = m > 1 ? small_matrix(m, transposed) : std::vector<float>{};
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  int64_t grain = std::max<int64_t>(1, (int64_t{1} << 14) / std::max<int64_t>(n, 1));
  cpu::parallel_for(rows, grain, [&](int64_t begin, int64_t end) {
    std::vector<float> x(n), y(m > 1 ? n : 0);
    for (int64_t row = begin; row < end; ++row) {
      const T* in_row = src + row * n;
      for (int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(in_row[i]);
      for (int64_t block = 0; block < m; ++block) {
        float* b = x.data() + block * p;
        for (int64_t h = 1; h < p; h *= 2) {
          for (int64_t i = 0; i < p; i += 2 * h) {
            for (int64_t j = i; j < i + h; ++j) {
              float u = b[j], v = b[j + h];
              b[j] = u + v;
              b[j + h] = u - v;
            }
          }
        }
      }
      const float* result = x.data();
      if (m > 1) {
        // y[a, :] = sum_c H_m[a, c] x[c, :]
        std::fill(y.begin(), y.end(), 0.0f);
        for (int a = 0; a < m; ++a) {
          for (int c = 0; c < m; ++c) {
            float h = hm[a * m + c];
            const float* xc = x.data() + c * p;
            float* ya = y.data() + a * p;
            for (int64_t j = 0; j < p; ++j) ya[j] += h * xc[j];
          }
        }
        result = y.data();
      }
      T* out_row = dst + row * n;
      for (int64_t i = 0; i < n; ++i) out_row[i] = static_cast<T>(result[i] * scale);
    }
  });
}

} // namespace

void Hadamard::eval_cpu(const std::vector<array>& inputs, array& out) {
  array in = cpu::row_major_input(inputs[0]);
  out.set_data(allocator::malloc(out.nbytes()));
  dispatch_float_types(out.dtype(), "hadamard", [&](auto tag) {
    hadamard_rows<MXCORE_TAG_TYPE(tag)>(in, out, scale_, transposed_);
  });
}

} // namespace mxcore
