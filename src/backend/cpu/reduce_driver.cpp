// The layout walk and threading of the eager reductions, compiled once for
// every (op, dtype): the loops themselves come from a ReduceKernels table
// (reducer.h). The fold order is fixed by the layout alone, so results do not
// depend on the thread count.
#include <memory>

#include "backend/cpu/reducer.h"
#include "backend/cpu/strided.h"
#include "backend/cpu/thread_pool.h"

namespace mxcore::cpu {

namespace {

// Untyped accumulator storage, aligned for any accumulator type.
class AccBuffer {
 public:
  explicit AccBuffer(int64_t bytes) : words_(new uint64_t[(bytes + 7) / 8]) {}
  char* data() { return reinterpret_cast<char*>(words_.get()); }

 private:
  std::unique_ptr<uint64_t[]> words_;
};

class ReduceDriver {
 public:
  ReduceDriver(const array& in, array& out, const std::vector<int>& axes,
               const ReduceKernels& k)
      : k_(k), src_(static_cast<const char*>(in.raw_data())),
        dst_(static_cast<char*>(out.raw_data())) {
    Shape kshape, rshape;
    Strides kin, kout, rin;
    size_t j = 0;
    for (int d = 0; d < in.ndim(); ++d) {
      if (j < axes.size() && axes[j] == d) {
        rshape.push_back(in.shape(d));
        rin.push_back(in.strides()[d]);
        ++j;
      } else {
        kshape.push_back(in.shape(d));
        kin.push_back(in.strides()[d]);
        kout.push_back(out.strides()[d]);
      }
    }
    kept_ = collapse_dims<2>(kshape, {&kin, &kout});
    red_ = collapse_dims<1>(rshape, {&rin});
    n_out_ = out.size();
    n_red_ = red_.size();
  }

  void run() {
    if (n_out_ == 0) return;
    if (n_red_ == 0) {
      fill_identity();
    } else if (n_out_ == 1) {
      reduce_all();
    } else if (column_layout()) {
      reduce_columns();
    } else {
      reduce_rows();
    }
  }

 private:
  const char* src_at(int64_t offset) const { return src_ + offset * k_.in_bytes; }
  char* dst_at(int64_t offset) const { return dst_ + offset * k_.out_bytes; }
  char* acc_at(char* acc, int64_t j) const { return acc + j * k_.acc_bytes; }

  // out is freshly allocated row-major.
  void fill_identity() {
    AccBuffer acc(k_.acc_bytes);
    k_.init(acc.data(), 1);
    for (int64_t i = 0; i < n_out_; ++i) k_.store(acc.data(), 1, dst_at(i), 1);
  }

  // acc (already the identity) folds the reduced range [begin, end) that
  // starts at input offset `base`.
  void fold_one(int64_t base, int64_t begin, int64_t end, char* acc) const {
    if (red_.shape.size() == 1) {
      int64_t st = red_.strides[0][0];
      k_.fold_run(src_at(base + begin * st), end - begin, st, acc);
      return;
    }
    for_each_run_shared<1>(red_, begin, end,
                           [&](const std::array<int64_t, 1>& off, int64_t n,
                               const std::array<int64_t, 1>& st) {
                             k_.fold_run(src_at(base + off[0]), n, st[0], acc);
                           });
  }

  void reduce_all() {
    const int64_t grain = elementwise_grain;
    int64_t chunks = std::min<int64_t>(num_threads(), n_red_ / grain);
    AccBuffer acc(k_.acc_bytes);
    k_.init(acc.data(), 1);
    if (chunks <= 1) {
      fold_one(0, 0, n_red_, acc.data());
      k_.store(acc.data(), 1, dst_, 1);
      return;
    }
    AccBuffer partial(chunks * k_.acc_bytes);
    k_.init(partial.data(), chunks);
    parallel_for(chunks, 1, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) {
        fold_one(0, c * n_red_ / chunks, (c + 1) * n_red_ / chunks,
                 acc_at(partial.data(), c));
      }
    });
    for (int64_t c = 0; c < chunks; ++c) k_.combine(acc.data(), acc_at(partial.data(), c), 1);
    k_.store(acc.data(), 1, dst_, 1);
  }

  void reduce_rows() {
    int64_t grain = std::max<int64_t>(1, elementwise_grain / n_red_);
    parallel_for(n_out_, grain, [&](int64_t b, int64_t e) {
      AccBuffer acc(k_.acc_bytes);
      for_each_run_shared<2>(
          kept_, b, e,
          [&](const std::array<int64_t, 2>& off, int64_t n, const std::array<int64_t, 2>& st) {
            if (red_.shape.size() == 1) {
              k_.fold_rows(src_at(off[0]), n, st[0], n_red_, red_.strides[0][0],
                           dst_at(off[1]), st[1]);
              return;
            }
            for (int64_t i = 0; i < n; ++i) {
              k_.init(acc.data(), 1);
              fold_one(off[0] + i * st[0], 0, n_red_, acc.data());
              k_.store(acc.data(), 1, dst_at(off[1] + i * st[1]), 1);
            }
          });
    });
  }

  // The innermost kept dim is contiguous in the input and the output, and
  // the reduced dims are not: fold whole rows of outputs at a time.
  bool column_layout() const {
    if (kept_.shape.empty()) return false;
    bool kept_inner = kept_.strides[0].back() == 1 && kept_.strides[1].back() == 1;
    bool red_inner = !red_.shape.empty() && red_.strides[0].back() == 1;
    return kept_inner && !red_inner;
  }

  // Accumulators for a block of outputs stay in L1 while rows stream by.
  static constexpr int64_t kBlock = 2048;

  void reduce_columns() {
    if (kept_.shape.size() == 1 && n_out_ <= kBlock && n_red_ > kColumnChunkRows) {
      reduce_few_columns();
      return;
    }
    int64_t grain = std::max<int64_t>(kBlock, elementwise_grain / n_red_);
    parallel_for(n_out_, grain, [&](int64_t b, int64_t e) {
      AccBuffer acc(kBlock * k_.acc_bytes);
      for_each_run_shared<2>(
          kept_, b, e,
          [&](const std::array<int64_t, 2>& off, int64_t n, const std::array<int64_t, 2>&) {
            for (int64_t j0 = 0; j0 < n; j0 += kBlock) {
              int64_t m = std::min(kBlock, n - j0);
              fold_block(off[0] + j0, m, acc.data(), 0, n_red_);
              k_.store(acc.data(), m, dst_at(off[1] + j0), 1);
            }
          });
    });
  }

  // Few outputs (one contiguous run) over many reduced rows (batch norm's
  // sums over N, H, W): the rows are cut into chunks of kColumnChunkRows,
  // folded over the pool, and the chunks' partial results are folded in
  // order. The chunks do not depend on the thread count.
  void reduce_few_columns() {
    const int64_t m = n_out_;
    const int64_t chunks = (n_red_ + kColumnChunkRows - 1) / kColumnChunkRows;
    AccBuffer partial(chunks * m * k_.acc_bytes);
    const int64_t grain = std::max<int64_t>(1, elementwise_grain / (kColumnChunkRows * m));
    parallel_for(chunks, grain, [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) {
        fold_block(0, m, acc_at(partial.data(), c * m), c * kColumnChunkRows,
                   std::min(n_red_, (c + 1) * kColumnChunkRows));
      }
    });
    AccBuffer acc(m * k_.acc_bytes);
    k_.init(acc.data(), m);
    for (int64_t c = 0; c < chunks; ++c) k_.combine(acc.data(), acc_at(partial.data(), c * m), m);
    k_.store(acc.data(), m, dst_, 1);
  }

  // acc[j] = the fold over reduced rows [begin, end) of the m contiguous
  // inputs at base.
  void fold_block(int64_t base, int64_t m, char* acc, int64_t begin, int64_t end) const {
    k_.init(acc, m);
    for_each_run_shared<1>(red_, begin, end,
                           [&](const std::array<int64_t, 1>& off, int64_t n,
                               const std::array<int64_t, 1>& st) {
                             k_.fold_block(src_at(base + off[0]), m, n, st[0], acc);
                           });
  }

  const ReduceKernels& k_;
  const char* src_;
  char* dst_;
  StridedLayout<2> kept_;
  StridedLayout<1> red_;
  int64_t n_out_ = 0;
  int64_t n_red_ = 0;
};

} // namespace

void reduce_with_kernels(const array& in, array& out, const std::vector<int>& axes,
                         const ReduceKernels& k) {
  ReduceDriver(in, out, axes, k).run();
}

} // namespace mxcore::cpu
