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

// Work run on finished blocks of C while they are still in cache (an
// elementwise op fused after the product): fn(ctx, i0, i1, j0, j1) once for
// each block C[i0:i1, j0:j1] after all of K has been summed into it, on the
// thread that computed it. The blocks tile C exactly once; blocks of
// different threads never overlap, so fn may run concurrently with itself.
struct Epilogue {
  void (*fn)(void* ctx, int64_t i0, int64_t i1, int64_t j0, int64_t j1) = nullptr;
  void* ctx = nullptr;
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

// The product on mxcore's GEMM with `epilogue` run on each finished block;
// false (nothing computed) when the current mode sends this shape to BLAS,
// which has no such hook (the caller then runs the product and the
// elementwise op one after the other, which gives the same values).
bool sgemm_with_epilogue(const Sgemm& p, const Epilogue& epilogue);

// A batch of products of one shape and layout: offsets[i] = element offsets
// of product i into a, b, c (broadcast batches repeat offsets). Own GEMM only.
void sgemm_batched(const Sgemm& p, const std::vector<std::array<int64_t, 3>>& offsets);

// The same call through OpenBLAS (single-threaded).
void blas_sgemm(const Sgemm& p);

} // namespace mxcore::cpu::gemm
