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

bool use_own(int64_t m, int64_t n, int64_t k, bool tb) {
  const Mode md = mode();
  const KernelSet* ks = kernels(md);
  if (ks == nullptr) return false;
  if (md != Mode::automatic) return true;
  // The crossover measured on one thread (docs/GEMM.md). OpenBLAS's NT
  // (x @ w.T) is slow at every size, its small NN/TN products are not.
  const int64_t work = m * n * k;
  if (n <= 4 || work < 4096) return false;  // edge panels mostly padding
  if (tb) return true;
  if (ks->small_m > 0 && m <= ks->small_m) return m <= 4 || n * k >= (int64_t(1) << 20);
  return n >= 16 && work >= (int64_t(1) << 22);
}

void blas_sgemm(const Sgemm& p) {
  scipy_cblas_sgemm(CblasRowMajor, p.ta ? CblasTrans : CblasNoTrans,
                    p.tb ? CblasTrans : CblasNoTrans, int(p.m), int(p.n), int(p.k), p.alpha,
                    p.a, int(p.lda), p.b, int(p.ldb), p.beta, p.c, int(p.ldc));
}

void sgemm(const Sgemm& p, bool threaded) {
  const KernelSet* ks = use_own(p.m, p.n, p.k, p.tb) ? kernels(mode()) : nullptr;
  if (ks == nullptr) {
    blas_sgemm(p);
    return;
  }
  run_own(*ks, p, nullptr, threaded);
}

void sgemm_batched(const Sgemm& p, const std::vector<std::array<int64_t, 3>>& offsets) {
  const KernelSet* ks = kernels(mode());
  if (ks == nullptr) throw std::logic_error("[matmul] own GEMM unavailable");
  run_own(*ks, p, &offsets, true);
}

} // namespace mxcore::cpu::gemm
