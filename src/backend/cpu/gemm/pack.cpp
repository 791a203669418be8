// Packing loops (see pack.h). Each loop reads its source with unit stride
// where the layout allows: rows of A/B^T across k, rows of A^T/B across m/n.
#include "backend/cpu/gemm/pack.h"

#include <algorithm>
#include <cstring>

namespace mxcore::cpu::gemm {

void pack_a(bool ta, const float* a, int64_t lda, int64_t i0, int64_t mc, int64_t p0,
            int64_t kc, int mr, int step, float* dst, InterleaveRows interleave,
            CopyRows copy) {
  for (int64_t ip = 0; ip < mc; ip += mr) {
    const int rows = static_cast<int>(std::min<int64_t>(mr, mc - ip));
    const int w = panel_width(rows, mr, step);
    float* panel = dst + ip * kc;
    if (ta && copy != nullptr) {
      copy(a + p0 * lda + i0 + ip, lda, rows, kc, w, panel);
    } else if (ta) {  // op(A)[i, p] = a[p * lda + i]: a panel row is contiguous in a
      const float* src = a + p0 * lda + i0 + ip;
      for (int64_t p = 0; p < kc; ++p) {
        float* d = panel + p * w;
        const float* s = src + p * lda;
        for (int r = 0; r < rows; ++r) d[r] = s[r];
        for (int r = rows; r < w; ++r) d[r] = 0.0f;
      }
    } else if (interleave != nullptr) {
      interleave(a + (i0 + ip) * lda + p0, lda, rows, kc, w, panel);
    } else {  // each source row streams along k into one lane of the panel
      if (rows < w) std::memset(panel, 0, sizeof(float) * kc * w);
      for (int r = 0; r < rows; ++r) {
        const float* s = a + (i0 + ip + r) * lda + p0;
        for (int64_t p = 0; p < kc; ++p) panel[p * w + r] = s[p];
      }
    }
  }
}

void pack_b(bool tb, const float* b, int64_t ldb, int64_t p0, int64_t kc, int64_t j0,
            int64_t nc, int64_t jp0, int64_t jp1, int nr, int step, float* dst,
            InterleaveRows interleave, CopyRows copy) {
  for (int64_t jp = jp0; jp < jp1; ++jp) {
    const int64_t jj = jp * nr;
    const int cols = static_cast<int>(std::min<int64_t>(nr, nc - jj));
    const int w = panel_width(cols, nr, step);
    float* panel = dst + jp * kc * nr;
    if (!tb && copy != nullptr) {
      copy(b + p0 * ldb + j0 + jj, ldb, cols, kc, w, panel);
    } else if (!tb) {  // op(B)[p, j] = b[p * ldb + j]: a panel row is contiguous in b
      const float* src = b + p0 * ldb + j0 + jj;
      for (int64_t p = 0; p < kc; ++p) {
        float* d = panel + p * w;
        const float* s = src + p * ldb;
        if (cols == nr) {  // a plain loop: a libc call per 128 bytes costs more
          for (int c = 0; c < nr; ++c) d[c] = s[c];
        } else {
          for (int c = 0; c < cols; ++c) d[c] = s[c];
          for (int c = cols; c < w; ++c) d[c] = 0.0f;
        }
      }
    } else if (interleave != nullptr) {
      interleave(b + (j0 + jj) * ldb + p0, ldb, cols, kc, w, panel);
    } else {  // each source row (a column of op(B)) streams along k into one lane
      if (cols < w) std::memset(panel, 0, sizeof(float) * kc * w);
      for (int c = 0; c < cols; ++c) {
        const float* s = b + (j0 + jj + c) * ldb + p0;
        for (int64_t p = 0; p < kc; ++p) panel[p * w + c] = s[p];
      }
    }
  }
}

} // namespace mxcore::cpu::gemm
