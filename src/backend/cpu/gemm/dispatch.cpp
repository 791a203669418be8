// Which float32 GEMM runs: mxcore's own (per-ISA kernels chosen by a CPU
// check) or OpenBLAS, by MXCORE_GEMM and by shape.
#include <cblas.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "backend/cpu/gemm/driver.h"
#include "backend/cpu/gemm/gemm.h"

namespace mxcore::cpu::gemm {

namespace {

// The kernel set the mode asks for, or the best the CPU has (forcing an ISA
// the CPU lacks falls back: avx512 -> avx2 -> BLAS).
const KernelSet* kernels(Mode m) {
  switch (m) {
    case Mode::blas: return nullptr;
    case Mode::avx2: return avx2_kernels();
    case Mode::avx512:
    case Mode::automatic: break;
  }
  if (const KernelSet* k = avx512_kernels()) return k;
  return m == Mode::avx512 ? avx2_kernels() : nullptr;
}

} // namespace

Mode mode() {
  const char* env = std::getenv("MXCORE_GEMM");
  if (env == nullptr || *env == '\0' || std::strcmp(env, "auto") == 0) return Mode::automatic;
  if (std::strcmp(env, "blas") == 0) return Mode::blas;
  if (std::strcmp(env, "avx512") == 0) return Mode::avx512;
  if (std::strcmp(env, "avx2") == 0) return Mode::avx2;
  throw std::invalid_argument(std::string("[matmul] MXCORE_GEMM must be auto, blas, avx512 "
                                          "or avx2, got '") + env + "'.");
}

namespace {

// The own GEMM's kernels for this product in the current mode, or null for
// OpenBLAS (the environment is read once per product).
const KernelSet* chosen_kernels(int64_t m, int64_t n, int64_t k) {
  const Mode md = mode();
  const KernelSet* ks = kernels(md);
  if (ks == nullptr || md != Mode::automatic) return ks;
  // Few-row products against a large B (decoding's x @ w, x @ w.T with a
  // weight of 2^22+ elements), where reading B once without packing is 2-4x
  // OpenBLAS. Mid-sized products measured faster on OpenBLAS end to end on
  // two threads (docs/GEMM.md), so they stay there.
  if (n <= 4) return nullptr;  // the 16-column edge panel would be mostly padding
  if (ks->small_m > 0 && m <= ks->small_m) return n * k >= (int64_t(1) << 22) ? ks : nullptr;
  // Large products (2^26+ multiply-adds, e.g. the MLP block's 256 x 512 x
  // 1024) split over the threads by columns of their own packed B panels,
  // with no barrier, and measured faster than OpenBLAS split by rows
  // (docs/GEMM.md). The training steps' mid-sized products and the thin
  // im2col products of convolutions (K of a few hundred, N of tens) stay on
  // BLAS.
  const bool large = m >= 64 && n >= 256 && k >= 256 && m * n * k >= (int64_t(1) << 26);
  return large ? ks : nullptr;
}

} // namespace

bool use_own(int64_t m, int64_t n, int64_t k) { return chosen_kernels(m, n, k) != nullptr; }

void blas_sgemm(const Sgemm& p) {
  scipy_cblas_sgemm(CblasRowMajor, p.ta ? CblasTrans : CblasNoTrans,
                    p.tb ? CblasTrans : CblasNoTrans, int(p.m), int(p.n), int(p.k), p.alpha,
                    p.a, int(p.lda), p.b, int(p.ldb), p.beta, p.c, int(p.ldc));
}

void sgemm(const Sgemm& p, bool threaded) {
  const KernelSet* ks = chosen_kernels(p.m, p.n, p.k);
  if (ks == nullptr) {
    blas_sgemm(p);
    return;
  }
  run_own(*ks, p, nullptr, threaded);
}

bool sgemm_with_epilogue(const Sgemm& p, const Epilogue& epilogue) {
  const KernelSet* ks = chosen_kernels(p.m, p.n, p.k);
  if (ks == nullptr) return false;
  run_own(*ks, p, nullptr, true, &epilogue);
  return true;
}

void sgemm_batched(const Sgemm& p, const std::vector<std::array<int64_t, 3>>& offsets) {
  const KernelSet* ks = kernels(mode());
  if (ks == nullptr) throw std::logic_error("[matmul] own GEMM unavailable");
  run_own(*ks, p, &offsets, true);
}

} // namespace mxcore::cpu::gemm
