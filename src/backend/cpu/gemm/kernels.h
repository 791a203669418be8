// The per-ISA pieces of mxcore's GEMM: a register-blocked micro-kernel on
// packed panels, plus optional small-M kernels that read B in place.
#pragma once

#include <cstdint>

namespace mxcore::cpu::gemm {

// C[0:mr, 0:nr] = alpha * (Ap @ Bp) + beta * C over kc steps, where Ap holds
// panel_width(mr, MR, a_step) floats per step and Bp panel_width(nr, NR,
// b_step): an edge panel is only as wide as its rows/columns rounded up to
// the kernel's step, so a 64-row product is not computed as 72. Panels are
// zero-padded to that width; only the mr x nr corner of C is touched;
// beta == 0 writes C without reading it.
// Bp's steps are b_stride floats apart: the panel width when packed, or
// ldb when the kernel reads a full-width panel of B in place.
using TileKernel = void (*)(int64_t kc, const float* ap, const float* bp, int64_t b_stride,
                            float* c, int64_t ldc, int mr, int nr, float alpha, float beta);

// Small-M products (m <= small_m) with A already alpha-scaled and row-major
// (m x k, lda) and C already holding beta * C: C += A @ op(B) over columns
// [0, n) of C and op(B). nn: B is k x n (ldb); nt: B is n x k (ldb).
using SmallKernel = void (*)(int m, int64_t k, int64_t n, const float* a, int64_t lda,
                             const float* b, int64_t ldb, float* c, int64_t ldc);

// dst[p * width + r] = src[r * lds + p] for p < kc, r < rows, and 0 for
// rows <= r < width: the transposing pack (rows of A or of B^T streamed
// along k into the lanes of a panel).
using InterleaveRows = void (*)(const float* src, int64_t lds, int rows, int64_t kc,
                                int width, float* dst);

inline int panel_width(int64_t count, int full, int step) {
  return count >= full ? full : static_cast<int>((count + step - 1) / step * step);
}

// dst[p * width + c] = src[p * lds + c] for p < kc, c < cols, and 0 for
// cols <= c < width: the plain pack (op(B) = B, or op(A) = A^T).
using CopyRows = void (*)(const float* src, int64_t lds, int cols, int64_t kc, int width,
                          float* dst);

struct KernelSet {
  const char* name;
  int mr, nr;   // micro-tile
  int a_step, b_step;  // edge panels are multiples of these (see TileKernel)
  int64_t kc;   // K block: an MR x kc panel of A stays in L1
  int64_t mc;   // M block (multiple of mr): the packed A block stays in L2
  int64_t nc;   // N block (multiple of nr): the packed B block, shared by the threads
  TileKernel tile;
  int small_m;  // 0: no small-M kernels
  SmallKernel small_nn, small_nt;
  InterleaveRows interleave;  // null: pack.cpp's scalar loop
  CopyRows copy_rows;         // null: pack.cpp's scalar loop
};

// nullptr when the CPU lacks the ISA (checked at run time).
const KernelSet* avx512_kernels();
const KernelSet* avx2_kernels();

} // namespace mxcore::cpu::gemm
