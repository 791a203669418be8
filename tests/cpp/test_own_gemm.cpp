// mxcore's own float32 GEMM (src/backend/cpu/gemm) against a float64
// reference: odd sizes, every transpose combination, leading dims wider than
// the matrix, alpha/beta, K = 0, non-finite values, batched offsets with a
// broadcast operand, serial and threaded, for every kernel set the CPU has;
// the epilogue hook sees every block of C once, with its final values.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "backend/cpu/gemm/driver.h"
#include "backend/cpu/gemm/gemm.h"
#include "backend/cpu/gemm/kernels.h"
#include "test_framework.h"

using namespace mxcore::cpu::gemm;

namespace {

struct Case {
  bool ta, tb;
  int64_t m, n, k;
  float alpha = 1.0f, beta = 0.0f;
  int64_t pad = 0;  // leading dims = width + pad
};

std::vector<float> random_floats(size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

// Runs one case through `run` and returns the largest error relative to the
// float32 bound (k + 1) * eps * sum|terms|; <= 1 passes.
template <typename Run>
double check(const Case& t, Run run, std::mt19937& rng) {
  const int64_t lda = (t.ta ? t.m : t.k) + t.pad, ldb = (t.tb ? t.k : t.n) + t.pad;
  const int64_t ldc = t.n + t.pad;
  auto a = random_floats((t.ta ? t.k : t.m) * lda + 1, rng);
  auto b = random_floats((t.tb ? t.n : t.k) * ldb + 1, rng);
  auto c0 = random_floats(t.m * ldc + 1, rng);
  if (t.beta == 0.0f) {  // beta == 0 must not read C
    for (auto& x : c0) x = std::numeric_limits<float>::quiet_NaN();
  }
  auto c = c0;
  Sgemm p{t.ta, t.tb, t.m, t.n, t.k, t.alpha, a.data(), lda, b.data(), ldb, t.beta,
          c.data(), ldc};
  run(p);
  double worst = 0;
  for (int64_t i = 0; i < t.m; ++i) {
    for (int64_t j = 0; j < ldc; ++j) {
      const float got = c[i * ldc + j];
      if (j >= t.n) {  // padding between rows stays untouched
        if (!(got == c0[i * ldc + j] || (std::isnan(got) && std::isnan(c0[i * ldc + j]))))
          return 1e9;
        continue;
      }
      double s = 0, mag = 0;
      for (int64_t q = 0; q < t.k; ++q) {
        double x = t.ta ? a[q * lda + i] : a[i * lda + q];
        double y = t.tb ? b[j * ldb + q] : b[q * ldb + j];
        s += x * y;
        mag += std::abs(x * y);
      }
      double want = t.alpha * s, bound = std::abs(t.alpha) * mag;
      if (t.beta != 0.0f) {
        want += t.beta * c0[i * ldc + j];
        bound += std::abs(t.beta * c0[i * ldc + j]);
      }
      const double tol = (t.k + 2) * 1.2e-7 * bound + 1e-30;
      worst = std::max(worst, std::abs(got - want) / tol);
      if (std::isnan(got)) return 1e9;
    }
  }
  return worst;
}

std::vector<const KernelSet*> kernel_sets() {
  std::vector<const KernelSet*> sets;
  if (auto* k = avx512_kernels()) sets.push_back(k);
  if (auto* k = avx2_kernels()) sets.push_back(k);
  return sets;
}

} // namespace

TEST_CASE("own GEMM matches float64 on odd sizes, every transpose, both kernels") {
  std::mt19937 rng(1);
  const int64_t sizes[] = {1, 2, 3, 7, 13, 31, 33, 63, 65};
  int failed = 0, cases = 0;
  for (const KernelSet* ks : kernel_sets()) {
    for (int64_t m : sizes)
      for (int64_t n : sizes)
        for (int64_t k : sizes)
          for (int tr = 0; tr < 4; ++tr) {
            Case t{bool(tr & 1), bool(tr & 2), m, n, k};
            t.pad = (m + n + k) % 3;  // some leading dims wider than the matrix
            double err = check(t, [&](const Sgemm& p) { run_own(*ks, p, nullptr, false); }, rng);
            ++cases;
            if (err > 1) {
              if (++failed < 5)
                std::cerr << ks->name << " " << m << "x" << n << "x" << k << " tr" << tr
                          << " err " << err << "\n";
            }
          }
  }
  CHECK(failed == 0);
  CHECK(cases > 0);
}

TEST_CASE("own GEMM: sizes around the blocks, threaded, alpha/beta") {
  std::mt19937 rng(2);
  const int64_t big[][3] = {{127, 129, 255}, {257, 255, 129}, {255, 257, 257},
                            {129, 1, 257},   {1, 257, 255},   {8, 300, 520},
                            {9, 1100, 70},   {300, 33, 600},  {70, 2100, 40},
                            {13, 600, 300},  {40, 1000, 100}};
  int failed = 0;
  for (const KernelSet* ks : kernel_sets()) {
    for (auto& s : big)
      for (int tr = 0; tr < 4; ++tr)
        for (int ab = 0; ab < 2; ++ab) {
          Case t{bool(tr & 1), bool(tr & 2), s[0], s[1], s[2]};
          if (ab) t.alpha = -0.5f, t.beta = 2.0f, t.pad = 5;
          double err = check(t, [&](const Sgemm& p) { run_own(*ks, p, nullptr, true); }, rng);
          if (err > 1) {
            ++failed;
            std::cerr << ks->name << " " << s[0] << "x" << s[1] << "x" << s[2] << " tr" << tr
                      << " ab" << ab << " err " << err << "\n";
          }
        }
  }
  CHECK(failed == 0);
}

TEST_CASE("own GEMM: threads splitting the columns never pack over each other's panels") {
  // Few rows, many columns, B transposed: each thread packs its own panels
  // of every B block, running ahead unsynchronized; the last block has fewer
  // panels, so the same panel indices change hands. They once shared a
  // buffer, and a thread ahead overwrote panels another still read (about
  // one run in 200 came out wrong). Every threaded run must equal the serial one.
  std::mt19937 rng(3);
  for (const KernelSet* ks : kernel_sets()) {
    const int64_t m = 70, n = 2100, k = 40;
    std::vector<float> a = random_floats(m * k, rng), b = random_floats(n * k, rng);
    std::vector<float> serial(m * n), c(m * n);
    Sgemm p;
    p.tb = true;
    p.m = m, p.n = n, p.k = k;
    p.a = a.data(), p.lda = k, p.b = b.data(), p.ldb = k, p.ldc = n;
    p.c = serial.data();
    run_own(*ks, p, nullptr, false);
    int wrong_runs = 0;
    for (int run = 0; run < 400; ++run) {
      std::fill(c.begin(), c.end(), 0.0f);
      p.c = c.data();
      run_own(*ks, p, nullptr, true);
      wrong_runs += std::memcmp(c.data(), serial.data(), c.size() * sizeof(float)) != 0;
    }
    if (wrong_runs) std::cerr << ks->name << ": " << wrong_runs << " wrong runs of 400\n";
    CHECK(wrong_runs == 0);
  }
}

TEST_CASE("own GEMM: K = 0 scales C by beta; empty M or N touches nothing") {
  for (const KernelSet* ks : kernel_sets()) {
    std::vector<float> c = {1, 2, 3, 4, 5, 6};
    float a = 0, b = 0;
    run_own(*ks, {false, false, 2, 3, 0, 1.0f, &a, 1, &b, 3, 0.5f, c.data(), 3}, nullptr, true);
    CHECK(c == std::vector<float>({0.5f, 1, 1.5f, 2, 2.5f, 3}));
    std::vector<float> nan_c(6, std::numeric_limits<float>::quiet_NaN());
    run_own(*ks, {false, false, 2, 3, 0, 1.0f, &a, 1, &b, 3, 0.0f, nan_c.data(), 3}, nullptr,
            true);
    CHECK(nan_c == std::vector<float>(6, 0.0f));
    std::vector<float> keep = {7, 8};
    run_own(*ks, {false, false, 0, 2, 4, 1.0f, &a, 4, &b, 2, 0.0f, keep.data(), 2}, nullptr, true);
    CHECK(keep == std::vector<float>({7, 8}));
  }
}

TEST_CASE("own GEMM propagates inf and nan like the float64 product") {
  for (const KernelSet* ks : kernel_sets()) {
    for (int64_t m : {3, 40}) {  // the small-M kernels and the packed path
      const int64_t n = 37, k = 19;
      std::vector<float> a(m * k, 1.0f), b(k * n, 1.0f), c(m * n, 0.0f);
      a[0 * k + 4] = std::numeric_limits<float>::infinity();  // row 0: +inf
      a[1 * k + 2] = std::numeric_limits<float>::quiet_NaN(); // row 1: nan
      b[5 * n + 7] = -std::numeric_limits<float>::infinity(); // column 7: -inf
      run_own(*ks, {false, false, m, n, k, 1.0f, a.data(), k, b.data(), n, 0.0f, c.data(), n},
              nullptr, false);
      CHECK(std::isinf(c[0 * n + 3]) && c[0 * n + 3] > 0);
      CHECK(std::isnan(c[0 * n + 7]));  // inf + -inf
      CHECK(std::isnan(c[1 * n + 0]));
      CHECK(std::isinf(c[2 * n + 7]) && c[2 * n + 7] < 0);
      CHECK(c[2 * n + 0] == float(k));
    }
  }
}

TEST_CASE("own GEMM batched: offsets with a broadcast operand, threaded") {
  std::mt19937 rng(3);
  for (const KernelSet* ks : kernel_sets()) {
    for (int64_t m : {5, 70}) {
      const int64_t n = 45, k = 33, batch = 3;
      auto a = random_floats(batch * m * k, rng), b = random_floats(k * n, rng);
      std::vector<float> c(batch * m * n, -1.0f);
      std::vector<std::array<int64_t, 3>> offsets;
      for (int64_t i = 0; i < batch; ++i) offsets.push_back({i * m * k, 0, i * m * n});
      run_own(*ks, {false, true, m, n, k, 1.0f, a.data(), k, b.data(), k, 0.0f, c.data(), n},
              &offsets, true);
      double worst = 0;
      for (int64_t t = 0; t < batch; ++t)
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t q = 0; q < k; ++q)
              s += double(a[t * m * k + i * k + q]) * b[j * k + q];
            worst = std::max(worst, std::abs(s - c[t * m * n + i * n + j]));
          }
      CHECK(worst < 1e-4);
    }
  }
}

TEST_CASE("sgemm dispatch: MXCORE_GEMM picks BLAS or an own kernel") {
  std::mt19937 rng(4);
  for (const char* md : {"blas", "avx2", "avx512", "auto"}) {
    setenv("MXCORE_GEMM", md, 1);
    Case t{true, false, 17, 29, 41, 1.5f, 0.25f, 2};
    CHECK(check(t, [&](const Sgemm& p) { sgemm(p); }, rng) <= 1);
  }
  setenv("MXCORE_GEMM", "blas", 1);
  CHECK(!use_own(64, 64, 64));
  setenv("MXCORE_GEMM", "avx2", 1);
  CHECK(use_own(1, 1, 1) == (avx2_kernels() != nullptr));
  setenv("MXCORE_GEMM", "auto", 1);
  // the automatic choice: decoding-shaped and large products are ours where
  // the CPU has AVX-512; mid-sized, tiny and thin ones stay on BLAS
  const bool avx512 = avx512_kernels() != nullptr;
  CHECK(use_own(512, 512, 512) == avx512);
  CHECK(use_own(256, 1024, 512) == avx512);
  CHECK(use_own(256, 512, 1024) == avx512);
  CHECK(!use_own(128, 256, 784));    // the MLP training step's first layer
  CHECK(!use_own(512, 512, 128));    // the transformer step's largest
  CHECK(!use_own(25088, 32, 144));   // a convolution's im2col product
  CHECK(!use_own(32, 4096, 4096));   // M < 64: not the large rule
  CHECK(!use_own(1, 256, 256));
  CHECK(use_own(8, 4096, 4096) == (avx512_kernels() != nullptr));
  CHECK(use_own(1, 4096, 4096) == (avx512_kernels() != nullptr));
  CHECK(!use_own(8, 8, 8));
  CHECK(!use_own(512, 3, 512));
  setenv("MXCORE_GEMM", "bogus", 1);
  CHECK_THROWS_AS(mode(), std::invalid_argument);
  unsetenv("MXCORE_GEMM");
  CHECK(mode() == Mode::automatic);
}

namespace {

// Records each epilogue block: a copy of C's values at the call, and how
// often each element was handed out (blocks of different threads never
// overlap, so plain writes suffice).
struct EpilogueLog {
  const Sgemm* p;
  std::vector<float> seen;
  std::vector<int> visits;
};

void log_block(void* ctx, int64_t i0, int64_t i1, int64_t j0, int64_t j1) {
  auto& log = *static_cast<EpilogueLog*>(ctx);
  for (int64_t i = i0; i < i1; ++i) {
    for (int64_t j = j0; j < j1; ++j) {
      log.seen[i * log.p->n + j] = log.p->c[i * log.p->ldc + j];
      log.visits[i * log.p->n + j] += 1;
    }
  }
}

} // namespace

TEST_CASE("own GEMM epilogue: each block of C once, after all of K, threaded") {
  std::mt19937 rng(5);
  setenv("MXCORE_GEMM", "avx512", 1);  // avx2 where the CPU lacks AVX-512
  // few rows (small-M path), few row panels (B read in place), the column
  // and row splits, K of one and several blocks, K = 0, tails everywhere
  const Case cases[] = {{false, false, 3, 70, 300},   {false, true, 8, 517, 33},
                        {false, false, 40, 300, 600}, {true, false, 97, 65, 257},
                        {false, true, 256, 1024, 520}, {true, true, 301, 290, 130},
                        {false, false, 1000, 40, 300}, {false, false, 50, 60, 0}};
  for (const Case& t : cases) {
    bool once = true, final_values = true;
    auto run = [&](const Sgemm& p) {
      EpilogueLog log{&p, std::vector<float>(p.m * p.n, 0.0f), std::vector<int>(p.m * p.n, 0)};
      CHECK(sgemm_with_epilogue(p, {log_block, &log}));
      for (int64_t i = 0; i < p.m; ++i) {
        for (int64_t j = 0; j < p.n; ++j) {
          once &= log.visits[i * p.n + j] == 1;
          // bitwise: C's values when the block was handed out are final
          final_values &= std::memcmp(&log.seen[i * p.n + j], &p.c[i * p.ldc + j], 4) == 0;
        }
      }
    };
    CHECK(check(t, run, rng) <= 1);
    CHECK(once);
    CHECK(final_values);
  }
  unsetenv("MXCORE_GEMM");
}
