// Register-blocked float32 products for convolutions whose other side is
// narrow (few output channels, or a short contraction): the shapes of small
// CNNs, where a BLAS call per tile costs more in packing and dispatch than
// the multiply-adds themselves. AVX-512 only; callers keep their BLAS path
// when conv_small_gemm_available() is false.
#pragma once

#include <cstdint>

namespace mxcore::cpu {

// The CPU runs AVX-512F (checked once).
bool conv_small_gemm_available();

// Rows of a matrix handed to these kernels are padded to a multiple of this.
constexpr int64_t kSmallGemmLanes = 16;
inline int64_t small_gemm_padded(int64_t n) {
  return (n + kSmallGemmLanes - 1) / kSmallGemmLanes * kSmallGemmLanes;
}

// c[m x n] (row stride ldc) = a[m x k] (row stride lda) @ b[k x n], where b's
// rows are `ldb` = small_gemm_padded(n) floats apart and zero past n.
void small_gemm(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
                int64_t ldb, float* c, int64_t ldc);

// acc[k x n] (row stride ldacc = small_gemm_padded(n)) += a[m x k]^T @ d[m x n]:
// a's rows lda apart, d's rows ldd apart.
void small_gemm_at_b(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                     const float* d, int64_t ldd, float* acc, int64_t ldacc);

} // namespace mxcore::cpu
