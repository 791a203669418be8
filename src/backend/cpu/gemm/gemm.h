// mxcore's own float32 GEMM (BLIS-style packing + register-blocked
// micro-kernels), with OpenBLAS as the fallback. Row-major throughout:
//   C[m x n] = alpha * op(A)[m x k] @ op(B)[k x n] + beta * C
// op(A)[i, p] = ta ? a[p * lda + i] : a[i * lda + p], likewise op(B).
// beta == 0 means C is written without being read (NaNs in C do not leak).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace mxcore::cpu::gemm {

struct Sgemm {
  bool ta = false, tb = false;
  int64_t m = 0, n = 0, k = 0;
  float alpha = 1.0f;
  const float* a = nullptr;
  int64_t lda = 0;
  const float* b = nullptr;
  int64_t ldb = 0;
  float beta = 0.0f;
  float* c = nullptr;
  int64_t ldc = 0;
};

// Which implementation float32 products use: MXCORE_GEMM=blas forces
// OpenBLAS, =avx512 / =avx2 force mxcore's GEMM with that micro-kernel for
// every size (testing and comparisons), unset/auto picks per shape.
enum class Mode { automatic, blas, avx512, avx2 };
Mode mode();  // read from the environment on every call (tests switch it)

// Whether the product of this shape runs on mxcore's GEMM in the current mode.
bool use_own(int64_t m, int64_t n, int64_t k);

// One product; `threaded` lets it spread over the thread pool (run serially
// when called inside a parallel region). Picks own GEMM or BLAS by use_own.
void sgemm(const Sgemm& p, bool threaded = true);

// A batch of products of one shape and layout: offsets[i] = element offsets
// of product i into a, b, c (broadcast batches repeat offsets). Own GEMM only.
void sgemm_batched(const Sgemm& p, const std::vector<std::array<int64_t, 3>>& offsets);

// The same call through OpenBLAS (single-threaded).
void blas_sgemm(const Sgemm& p);

} // namespace mxcore::cpu::gemm
