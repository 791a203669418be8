// Packing for mxcore's GEMM: blocks of op(A) into MR-row panels and of op(B)
// into NR-column panels, each step of k contiguous (MR resp. NR floats), so
// the micro-kernel reads both with unit stride. Panels past the matrix edge
// are zero-padded to full width.
#pragma once

#include <cstdint>

#include "backend/cpu/gemm/kernels.h"

namespace mxcore::cpu::gemm {

// Rows [i0, i0 + mc) x cols [p0, p0 + kc) of op(A) into ceil(mc / mr)
// panels of kc steps, panel ip at dst + ip * mr * kc, each step
// panel_width(rows, mr, step) floats; `interleave` (may be null) does the
// transposing case, `copy` (may be null) the other.
void pack_a(bool ta, const float* a, int64_t lda, int64_t i0, int64_t mc, int64_t p0,
            int64_t kc, int mr, int step, float* dst, InterleaveRows interleave,
            CopyRows copy);

// Rows [p0, p0 + kc) x panels [jp0, jp1) of cols [j0, j0 + nc) of op(B);
// panel jp goes to dst + jp * kc * nr, panel_width(cols, nr, step) a step.
void pack_b(bool tb, const float* b, int64_t ldb, int64_t p0, int64_t kc, int64_t j0,
            int64_t nc, int64_t jp0, int64_t jp1, int nr, int step, float* dst,
            InterleaveRows interleave, CopyRows copy);

} // namespace mxcore::cpu::gemm
