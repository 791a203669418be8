// Driver of mxcore's GEMM (BLIS-style loop nest):
//   for each N block (nc columns) and K block (kc):
//     pack op(B)'s block into NR-column panels (shared by the threads),
//     for each M block (mc rows) of this thread: pack op(A) into MR-row panels,
//       for each B panel, for each A panel: the micro-kernel on one C tile.
// Threads split the M x N tile space, never K: by rows when that balances
// (each thread packs a share of the B block, then a barrier; B is packed
// once for everyone), else by B panels (each thread packs and uses its own
// panels, no barrier). The B block is double-buffered, so one barrier per
// block suffices: a thread can only repack a buffer after every thread has
// passed the next block's barrier, i.e. finished with the old one.
// Small-M products (decoding) skip packing B and stream it in place.
// An epilogue (gemm.h) runs on each MR-row strip of a thread's panels as the
// last K block finishes it (small M: on each block of columns).
#include "backend/cpu/gemm/driver.h"

#include <immintrin.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <stdexcept>

#include "backend/cpu/gemm/pack.h"
#include "backend/cpu/thread_pool.h"

namespace mxcore::cpu::gemm {

namespace {

// Multiply-adds below which work stays on the calling thread (waking the
// pool costs more than the second core gains).
constexpr int64_t kParallelWork = int64_t(1) << 21;

// 64-byte aligned scratch that grows and is kept per thread (pool threads
// are persistent, so steady state allocates nothing).
struct Scratch {
  float* data = nullptr;
  int64_t size = 0;
  float* get(int64_t floats) {
    if (floats > size) {
      std::free(data);
      const int64_t bytes = (floats * 4 + 63) / 64 * 64;
      data = static_cast<float*>(std::aligned_alloc(64, bytes));
      if (data == nullptr) throw std::bad_alloc();
      size = floats;
    }
    return data;
  }
  ~Scratch() { std::free(data); }
};
thread_local Scratch a_scratch, b_scratch, edge_scratch, own_b_scratch;

// Products of at most this many MR-row panels read a row-major B in place:
// packing B costs a full pass over it that so few row panels cannot repay.
constexpr int64_t kInPlaceTiles = 8;

// A sense-counting barrier for the threads of one parallel region: spins
// briefly (the other core is usually a few microseconds away), then yields
// so a loaded machine is not made worse.
class Barrier {
 public:
  explicit Barrier(int n) : n_(n) {}
  void wait() {
    const int gen = gen_.load(std::memory_order_acquire);
    if (count_.fetch_add(1, std::memory_order_acq_rel) == n_ - 1) {
      count_.store(0, std::memory_order_relaxed);
      gen_.store(gen + 1, std::memory_order_release);
      return;
    }
    for (int spins = 0; gen_.load(std::memory_order_acquire) == gen; ++spins) {
      if (spins < 4000) {
        _mm_pause();
      } else {
        sched_yield();
      }
    }
  }

 private:
  const int n_;
  std::atomic<int> count_{0};
  std::atomic<int> gen_{0};
};

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// [begin, end) of `count` items for thread t of nt, in whole items.
std::pair<int64_t, int64_t> share(int64_t count, int t, int nt) {
  return {count * t / nt, count * (t + 1) / nt};
}

// One product computed by thread `tid` of a team of `nt` (all running it).
struct Team {
  const KernelSet& ks;
  int tid, nt;
  Barrier* barrier;                 // null when nt == 1
  float* bbuf[2];                   // two B blocks, shared by the team
  std::atomic<int64_t>* claimed;    // row units handed out so far (team-wide)
  int64_t block = 0;                // B blocks packed so far (equal on every thread)
  int64_t units_before = 0;         // row units of the earlier blocks
  int64_t held = -1;                // a unit claimed past the end of its block
  const Epilogue* epilogue = nullptr;  // run on C blocks once K is summed

  // The next row unit of the block whose units are [first, first + count),
  // or -1 when they are all taken. Units are claimed dynamically, so a thread
  // that loses its core to another process leaves its share to the others.
  int64_t next_unit(int64_t first, int64_t count) {
    if (held < 0) held = claimed->fetch_add(1, std::memory_order_relaxed);
    if (held >= first + count) return -1;  // belongs to a later block: keep it
    const int64_t u = held - first;
    held = -1;
    return u;
  }

  // C rows [i0, i0 + rows) x the block's panels [q0, q1) against B packed
  // at bp, or (bp == null) read in place: full panels straight from op(B) = B,
  // a narrower last panel packed here.
  void rows(const Sgemm& p, const float* bp, int64_t i0, int64_t rows, int64_t pc,
            int64_t kcur, int64_t jc, int64_t ncur, int64_t q0, int64_t q1, float* abuf) {
    const int mr = ks.mr, nr = ks.nr;
    const float beta = pc == 0 ? p.beta : 1.0f;
    const float* edge = nullptr;
    if (bp == nullptr && q1 > q0 && ncur - (q1 - 1) * nr < nr) {
      float* e = edge_scratch.get(kcur * nr) - (q1 - 1) * kcur * nr;  // pack_b's offset
      pack_b(false, p.b, p.ldb, pc, kcur, jc, ncur, q1 - 1, q1, nr, ks.b_step, e,
             ks.interleave, ks.copy_rows);
      edge = e + (q1 - 1) * kcur * nr;
    }
    auto panel = [&](int64_t jp, int64_t& stride) -> const float* {
      const int64_t cols = std::min<int64_t>(nr, ncur - jp * nr);
      if (bp != nullptr || cols < nr) {
        stride = panel_width(cols, nr, ks.b_step);
        return bp != nullptr ? bp + jp * kcur * nr : edge;
      }
      stride = p.ldb;
      return p.b + pc * p.ldb + jc + jp * nr;
    };
    for (int64_t ic = i0; ic < i0 + rows; ic += ks.mc) {
      const int64_t mcur = std::min(ks.mc, i0 + rows - ic);
      pack_a(p.ta, p.a, p.lda, ic, mcur, pc, kcur, mr, ks.a_step, abuf, ks.interleave,
             ks.copy_rows);
      // An A panel stays in L1 while the B panels stream from L2.
      for (int64_t ir = 0; ir < mcur; ir += mr) {
        const float* apanel = abuf + ir * kcur;
        const int mrcur = static_cast<int>(std::min<int64_t>(mr, mcur - ir));
        float* crow = p.c + (ic + ir) * p.ldc + jc;
        for (int64_t jp = q0; jp < q1; ++jp) {
          int64_t stride = 0;
          const float* b = panel(jp, stride);
          ks.tile(kcur, apanel, b, stride, crow + jp * nr, p.ldc, mrcur,
                  static_cast<int>(std::min<int64_t>(nr, ncur - jp * nr)), p.alpha, beta);
        }
        // The last K block finished these MR rows of the panels: the block
        // (MR rows by at most nc columns) was just written and is in cache.
        if (epilogue != nullptr && pc + kcur == p.k && q1 > q0) {
          epilogue->fn(epilogue->ctx, ic + ir, ic + ir + mrcur, jc + q0 * nr,
                       jc + std::min(q1 * nr, ncur));
        }
      }
    }
  }

  void product(const Sgemm& p) {
    const int mr = ks.mr, nr = ks.nr;
    const int64_t m_tiles = ceil_div(p.m, mr), n_tiles = ceil_div(p.n, nr);
    // Split rows (B packed once, shared) unless splitting columns balances
    // the threads better (few rows: each thread packs all of A, own B panels).
    const bool by_rows = nt == 1 || ceil_div(m_tiles, nt) * mr * p.n <=
                                        ceil_div(n_tiles, nt) * nr * p.m;
    // Row units of a few panels: several per thread, so the dynamic hand-out
    // evens out, each still a whole number of MR panels.
    const int64_t unit_tiles = std::clamp<int64_t>(m_tiles / (4 * nt), 1, ks.mc / mr);
    const int64_t unit_rows = unit_tiles * mr, units = ceil_div(m_tiles, unit_tiles);
    float* abuf = a_scratch.get(ks.mc * ks.kc);
    if (!p.tb && m_tiles <= kInPlaceTiles) {  // B read in place, a static split
      auto [t0, t1] = share(m_tiles, tid, nt);
      const int64_t m0 = by_rows ? t0 * mr : 0, m1 = by_rows ? std::min(p.m, t1 * mr) : p.m;
      for (int64_t jc = 0; jc < p.n; jc += ks.nc) {
        const int64_t ncur = std::min(ks.nc, p.n - jc);
        const int64_t panels = ceil_div(ncur, nr);
        auto [jp0, jp1] = by_rows ? std::pair<int64_t, int64_t>{0, panels}
                                  : share(panels, tid, nt);
        for (int64_t pc = 0; pc < p.k; pc += ks.kc) {
          if (m1 > m0) {
            rows(p, nullptr, m0, m1 - m0, pc, std::min(ks.kc, p.k - pc), jc, ncur, jp0, jp1,
                 abuf);
          }
        }
      }
      return;
    }
    for (int64_t jc = 0; jc < p.n; jc += ks.nc) {
      const int64_t ncur = std::min(ks.nc, p.n - jc);
      const int64_t panels = ceil_div(ncur, nr);
      auto [jp0, jp1] = share(panels, tid, nt);
      for (int64_t pc = 0; pc < p.k; pc += ks.kc) {
        const int64_t kcur = std::min(ks.kc, p.k - pc);
        if (!by_rows) {  // this thread's own panels, all rows, in its own buffer
          // (threads run through the blocks unsynchronized, and a block of
          // fewer panels shares them out differently: in a team buffer a
          // thread ahead would pack over panels another still reads).
          float* own = own_b_scratch.get(ks.kc * ks.nc);
          pack_b(p.tb, p.b, p.ldb, pc, kcur, jc, ncur, jp0, jp1, nr, ks.b_step, own,
                 ks.interleave, ks.copy_rows);
          rows(p, own, 0, p.m, pc, kcur, jc, ncur, jp0, jp1, abuf);
          continue;
        }
        float* bp = bbuf[block++ & 1];
        pack_b(p.tb, p.b, p.ldb, pc, kcur, jc, ncur, jp0, jp1, nr, ks.b_step, bp,
               ks.interleave, ks.copy_rows);
        if (nt == 1) {
          rows(p, bp, 0, p.m, pc, kcur, jc, ncur, 0, panels, abuf);
          continue;
        }
        barrier->wait();  // the whole B block is packed
        for (int64_t u; (u = next_unit(units_before, units)) >= 0;) {
          const int64_t i0 = u * unit_rows;
          rows(p, bp, i0, std::min(unit_rows, p.m - i0), pc, kcur, jc, ncur, 0, panels, abuf);
        }
        units_before += units;
      }
    }
  }
};

Sgemm at(const Sgemm& p, const std::array<int64_t, 3>& off) {
  Sgemm q = p;
  q.a += off[0];
  q.b += off[1];
  q.c += off[2];
  return q;
}

// C = beta * C over m x n (beta == 0 writes zeros without reading).
void scale_c(const Sgemm& p) {
  for (int64_t i = 0; i < p.m; ++i) {
    float* row = p.c + i * p.ldc;
    if (p.beta == 0.0f) {
      std::fill(row, row + p.n, 0.0f);
    } else if (p.beta != 1.0f) {
      for (int64_t j = 0; j < p.n; ++j) row[j] *= p.beta;
    }
  }
}

// Small M: A (alpha-scaled, row-major) is tiny; B streams once, in place.
void small_m_product(const KernelSet& ks, const Sgemm& p, bool threaded,
                     const Epilogue* epilogue) {
  float* a = a_scratch.get(p.m * p.k);
  for (int64_t i = 0; i < p.m; ++i) {
    for (int64_t q = 0; q < p.k; ++q) {
      a[i * p.k + q] = p.alpha * (p.ta ? p.a[q * p.lda + i] : p.a[i * p.lda + q]);
    }
  }
  scale_c(p);
  auto columns = [&](int64_t j0, int64_t j1) {
    if (p.tb) {
      ks.small_nt(int(p.m), p.k, j1 - j0, a, p.k, p.b + j0 * p.ldb, p.ldb, p.c + j0, p.ldc);
    } else {
      ks.small_nn(int(p.m), p.k, j1 - j0, a, p.k, p.b + j0, p.ldb, p.c + j0, p.ldc);
    }
    if (epilogue != nullptr) epilogue->fn(epilogue->ctx, 0, p.m, j0, j1);
  };
  // Columns in blocks of 64 (a cache line of four rows of B per step).
  const int64_t blocks = ceil_div(p.n, 64);
  if (!threaded || p.m * p.n * p.k < kParallelWork || blocks < 2) {
    columns(0, p.n);
    return;
  }
  parallel_for(blocks, 1, [&](int64_t b0, int64_t b1) {
    columns(b0 * 64, std::min(p.n, b1 * 64));
  });
}

} // namespace

void run_own(const KernelSet& ks, const Sgemm& p,
             const std::vector<std::array<int64_t, 3>>* offsets, bool threaded,
             const Epilogue* epilogue) {
  if (p.m == 0 || p.n == 0) return;
  if (epilogue != nullptr && offsets != nullptr) {
    throw std::logic_error("[matmul] a GEMM epilogue needs a single product");
  }
  const int64_t products = offsets ? static_cast<int64_t>(offsets->size()) : 1;
  auto product_at = [&](int64_t i) { return offsets ? at(p, (*offsets)[i]) : p; };
  if (p.k == 0) {
    for (int64_t i = 0; i < products; ++i) scale_c(product_at(i));
    if (epilogue != nullptr) epilogue->fn(epilogue->ctx, 0, p.m, 0, p.n);
    return;
  }
  const int nt = num_threads();
  const bool parallel = threaded && nt > 1 && p.m * p.n * p.k * products >= kParallelWork;
  if (ks.small_m > 0 && p.m <= ks.small_m) {
    if (products == 1 || !parallel) {
      for (int64_t i = 0; i < products; ++i) {
        small_m_product(ks, product_at(i), parallel, epilogue);
      }
    } else {
      parallel_for(products, 1, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) small_m_product(ks, product_at(i), false, nullptr);
      });
    }
    return;
  }
  const int64_t bfloats = ks.kc * ks.nc;
  auto serial = [&](int64_t b, int64_t e) {
    float* own = b_scratch.get(2 * bfloats);
    Team team{ks, 0, 1, nullptr, {own, own + bfloats}, nullptr};
    team.epilogue = epilogue;
    for (int64_t i = b; i < e; ++i) team.product(product_at(i));
  };
  if (!parallel) {
    serial(0, products);
  } else if (products >= nt) {  // whole products per thread
    parallel_for(products, 1, serial);
  } else {  // every thread works on every product, sharing packed B
    float* shared = b_scratch.get(2 * bfloats);
    Barrier barrier(nt);
    std::atomic<int64_t> claimed{0};
    parallel_for(nt, 1, [&](int64_t b, int64_t e) {
      if (e - b > 1) {  // nested in another parallel region: run alone
        Team team{ks, 0, 1, nullptr, {shared, shared + bfloats}, nullptr};
        team.epilogue = epilogue;
        for (int64_t i = 0; i < products; ++i) team.product(product_at(i));
        return;
      }
      Team team{ks, static_cast<int>(b), nt, &barrier, {shared, shared + bfloats}, &claimed};
      team.epilogue = epilogue;
      for (int64_t i = 0; i < products; ++i) team.product(product_at(i));
    });
  }
}

} // namespace mxcore::cpu::gemm
