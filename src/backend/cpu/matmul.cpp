// Eager batched matrix multiplication: float32 through mxcore's own GEMM
// (gemm/, where it wins; MXCORE_GEMM=blas turns it off) or BLAS
// (scipy-openblas32).
//
// Each operand's last two dims are handed to BLAS as they are when one of
// them is contiguous (a transposed view becomes a BLAS transpose flag);
// otherwise the operand is copied row-major first. Batch dims may have any
// strides, broadcast (stride 0) included. float32/float64/complex64 call
// sgemm/dgemm/cgemm; float16/bfloat16 are computed in float32.
//
// Threads: OpenBLAS runs single-threaded (thread_pool.cpp sets the one
// policy); a large product, or a few-row one against 128 KB of weights or
// more (memory-bound: decoding), is split here over the pool instead, by
// batch entries or by blocks of output rows (columns when the rows are few),
// each block one single-threaded gemm. The pool's threads are the only ones that
// compute, so BLAS and the fused kernels never compete for the cores.
#include <cblas.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <type_traits>
#include <vector>

#include "backend/cpu/copy.h"
#include "backend/cpu/gemm/gemm.h"
#include "backend/cpu/matmul.h"
#include "backend/cpu/matmul_half.h"
#include "backend/cpu/strided.h"
#include "kernel/strides.h"

namespace mxcore::cpu {

namespace {

void gemm(bool ta, bool tb, int m, int n, int k, float alpha, const float* a, int lda,
          const float* b, int ldb, float beta, float* c, int ldc) {
  scipy_cblas_sgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans,
                    tb ? CblasTrans : CblasNoTrans, m, n, k, alpha, a, lda, b, ldb,
                    beta, c, ldc);
}
void gemm(bool ta, bool tb, int m, int n, int k, double alpha, const double* a, int lda,
          const double* b, int ldb, double beta, double* c, int ldc) {
  scipy_cblas_dgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans,
                    tb ? CblasTrans : CblasNoTrans, m, n, k, alpha, a, lda, b, ldb,
                    beta, c, ldc);
}
void gemm(bool ta, bool tb, int m, int n, int k, complex64_t alpha, const complex64_t* a,
          int lda, const complex64_t* b, int ldb, complex64_t beta, complex64_t* c,
          int ldc) {
  scipy_cblas_cgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans,
                    tb ? CblasTrans : CblasNoTrans, m, n, k, &alpha, a, lda, b, ldb,
                    &beta, c, ldc);
}

// How BLAS reads the trailing (rows, cols) matrix of an operand.
struct MatrixLayout {
  bool ok = false;
  bool transposed = false;
  int ld = 0;
};

MatrixLayout matrix_layout(const array& x) {
  int64_t rows = x.shape(-2), cols = x.shape(-1);
  int64_t sr = x.strides()[x.ndim() - 2], sc = x.strides()[x.ndim() - 1];
  MatrixLayout l;
  // A dim of size 1 is never stepped along, so its stride does not matter.
  if ((cols == 1 || sc == 1) && (rows == 1 || sr >= std::max<int64_t>(1, cols))) {
    int64_t ld = rows == 1 ? std::max<int64_t>(1, cols) : sr;
    if (ld <= INT_MAX) l = {true, false, static_cast<int>(ld)};
  } else if ((rows == 1 || sr == 1) && (cols == 1 || sc >= std::max<int64_t>(1, rows))) {
    int64_t ld = cols == 1 ? std::max<int64_t>(1, rows) : sc;
    if (ld <= INT_MAX) l = {true, true, static_cast<int>(ld)};
  }
  return l;
}

// A copy of x converted to dtype: in x's own layout when x is densely
// stored (a transposed weight converts in memory order, and BLAS reads it
// transposed), else row-major.
array materialize(const array& x, Dtype dtype) {
  if (x.flags().contiguous && x.dtype() != dtype) {
    array y(x.shape(), dtype, nullptr, {});
    const size_t n = x.data_size();
    y.set_data(array::Data::make_ptr(allocator::malloc(n * dtype.size)), n, x.strides(),
               x.flags());
    copy_into(x, y);
    y.set_status(array::Status::evaluated);
    return y;
  }
  array y(allocator::malloc(x.size() * dtype.size), x.shape(), dtype);
  copy_into(x, y);
  return y;
}

// Returns x or a copy that BLAS can read as type dtype.
array blas_operand(const array& x, Dtype dtype, MatrixLayout& layout) {
  if (x.dtype() == dtype) {
    layout = matrix_layout(x);
    if (layout.ok) return x;
  }
  array y = materialize(x, dtype);
  layout = matrix_layout(y);
  return y;
}

Strides batch_strides(const array& x) {
  return Strides(x.strides().begin(), x.strides().end() - 2);
}

// Multiply-adds below which a product runs on the calling thread alone
// (waking the pool costs more than the second core gains).
constexpr int64_t parallel_gemm_work = int64_t(1) << 21;
// A product of a few rows streams its right-hand side once: memory-bound, it
// splits over the pool from this many weights (128 KB of floats), each thread
// reading its columns' share. Decoding's (1, 256) x (256, 256): 7.6 us on one
// thread.
constexpr int64_t few_rows = 8;
constexpr int64_t parallel_gemv_weights = int64_t(1) << 15;
// Blocks of rows/columns stay multiples of the gemm micro-kernel's tile.
constexpr int64_t gemm_block_align = 16;

template <typename T>
void gemm_batched(const array& a, const array& b, array& out, float alpha, float beta) {
  MatrixLayout la, lb;
  Dtype t = dtype_of<T>;
  array A = blas_operand(a, t, la);
  array B = blas_operand(b, t, lb);
  const int m = out.shape(-2), n = out.shape(-1), k = a.shape(-1);
  Shape batch(out.shape().begin(), out.shape().end() - 2);
  Strides sa = batch_strides(A), sb = batch_strides(B), so = batch_strides(out);
  auto layout = collapse_dims<3>(batch, {&sa, &sb, &so});
  std::vector<std::array<int64_t, 3>> offsets; // of each product of the batch
  offsets.reserve(layout.size());
  for_each_run<3>(layout, 0, layout.size(),
                  [&](const std::array<int64_t, 3>& off, int64_t count,
                      const std::array<int64_t, 3>& st) {
                    for (int64_t i = 0; i < count; ++i) {
                      offsets.push_back({off[0] + i * st[0], off[1] + i * st[1],
                                         off[2] + i * st[2]});
                    }
                  });
  const T* pa = A.data<T>();
  const T* pb = B.data<T>();
  T* pc = out.data<T>();
  // Rows of C are n apart unless a Matmul's out_order interleaves them.
  const int ldc = static_cast<int>(out.strides()[out.ndim() - 2]);
  if constexpr (std::is_same_v<T, float>) {
    if (gemm::use_own(m, n, k)) {
      gemm::sgemm_batched({la.transposed, lb.transposed, m, n, k, alpha, pa, la.ld, pb, lb.ld,
                           beta, pc, ldc},
                          offsets);
      return;
    }
  }
  const int64_t products = static_cast<int64_t>(offsets.size());
  const int64_t threads = num_threads();
  // Each product splits into `parts` blocks so that every thread has one.
  int64_t parts = 1;
  bool split_rows = m >= n;
  const int64_t extent = split_rows ? m : n;
  const bool worth_threads = int64_t(m) * n * k * products >= parallel_gemm_work ||
                             (m <= few_rows && int64_t(n) * k * products >= parallel_gemv_weights);
  if (products < threads && worth_threads) {
    parts = std::min<int64_t>((threads + products - 1) / products,
                              std::max<int64_t>(1, extent / gemm_block_align));
  }
  const int64_t per_part = (extent + parts - 1) / parts;
  const int64_t block = (per_part + gemm_block_align - 1) / gemm_block_align * gemm_block_align;
  auto run = [&](int64_t unit) {
    auto& off = offsets[unit / parts];
    const int64_t begin = (unit % parts) * block;
    const int64_t size = std::min<int64_t>(extent, begin + block) - begin;
    if (size <= 0) return;
    const T* a0 = pa + off[0];
    const T* b0 = pb + off[1];
    T* c0 = pc + off[2];
    if (parts > 1 && split_rows) { // rows [begin, begin + size) of A and C
      a0 += la.transposed ? begin : begin * la.ld;
      c0 += begin * ldc;
      gemm(la.transposed, lb.transposed, int(size), n, k, T(alpha), a0, la.ld, b0, lb.ld,
           T(beta), c0, ldc);
    } else if (parts > 1) { // columns [begin, begin + size) of B and C
      b0 += lb.transposed ? begin * lb.ld : begin;
      c0 += begin;
      gemm(la.transposed, lb.transposed, m, int(size), k, T(alpha), a0, la.ld, b0, lb.ld,
           T(beta), c0, ldc);
    } else {
      gemm(la.transposed, lb.transposed, m, n, k, T(alpha), a0, la.ld, b0, lb.ld, T(beta),
           c0, ldc);
    }
  };
  const int64_t units = products * parts;
  if (!worth_threads || units == 1) {
    for (int64_t u = 0; u < units; ++u) run(u);
    return;
  }
  parallel_for(units, 1, [&](int64_t begin, int64_t end) {
    for (int64_t u = begin; u < end; ++u) run(u);
  });
}

// out (row-major, type T) = beta * out when the inner dimension is empty.
template <typename T>
void scale(array& out, float beta) {
  T* p = out.data<T>();
  for (size_t i = 0; i < out.size(); ++i) p[i] = beta == 0.0f ? T(0) : T(beta) * p[i];
}

template <typename T>
void matmul_typed(const array& a, const array& b, array& out, float alpha, float beta) {
  if (a.shape(-1) == 0) {
    scale<T>(out, beta);
  } else {
    gemm_batched<T>(a, b, out, alpha, beta);
  }
}

} // namespace

void matmul(const array& a, const array& b, array& out, float alpha, float beta,
            const array* c) {
  if (c == nullptr) beta = 0.0f;
  Dtype t = out.dtype();
  // Half types compute in a float32 buffer that is converted at the end.
  bool half = t == float16 || t == bfloat16;
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  if (half && (c == nullptr || beta == 0.0f) && half_few_rows_matmul(a, b, out, alpha)) return;
  array acc = half ? array(allocator::malloc(out.size() * 4), out.shape(), float32) : out;
  if (c != nullptr && beta != 0.0f) {
    copy_into(*c, acc);
  } else {
    beta = 0.0f; // every gemm then writes its output without reading it
  }
  switch (acc.dtype().val) {
    case Dtype::Val::float32: matmul_typed<float>(a, b, acc, alpha, beta); break;
    case Dtype::Val::float64: matmul_typed<double>(a, b, acc, alpha, beta); break;
    case Dtype::Val::complex64: matmul_typed<complex64_t>(a, b, acc, alpha, beta); break;
    default:
      throw std::invalid_argument("[matmul] Unsupported dtype " + dtype_name(t) + ".");
  }
  if (half) copy_into(acc, out);
}

void matmul_in_order(const array& a, const array& b, array& out, const std::vector<int>& order) {
  if (order.size() != size_t(out.ndim()) || order.back() != out.ndim() - 1) {
    throw std::logic_error("[matmul] An output order must keep the last axis last.");
  }
  // Row-major strides of the output's axes taken in `order`, given back to
  // the axes they belong to.
  Strides strides(out.ndim());
  int64_t step = 1;
  for (int i = out.ndim() - 1; i >= 0; --i) {
    strides[order[i]] = step;
    step *= out.shape(order[i]);
  }
  out.set_data(allocator::malloc(out.nbytes()));
  out.copy_shared_buffer(out, strides, kernel::view_flags(out.shape(), strides), out.size());
  if (out.size() == 0) return;
  matmul_typed<float>(a, b, out, 1.0f, 0.0f);
}

bool matmul_runs_own(const array& a, const array& b) {
  return a.ndim() == 2 && b.ndim() == 2 && a.dtype() == float32 && b.dtype() == float32 &&
         gemm::use_own(a.shape(0), b.shape(1), a.shape(1));
}

void matmul_with_epilogue(const array& a, const array& b, array& out,
                          const gemm::Epilogue& epilogue) {
  const int64_t m = out.shape(0), n = out.shape(1), k = a.shape(1);
  if (out.size() == 0) return;
  MatrixLayout la, lb;
  array A = blas_operand(a, float32, la);
  array B = blas_operand(b, float32, lb);
  const gemm::Sgemm p{la.transposed, lb.transposed, m, n, k, 1.0f, A.data<float>(), la.ld,
                      B.data<float>(), lb.ld, 0.0f, out.data<float>(), n};
  if (gemm::sgemm_with_epilogue(p, epilogue)) return;
  // MXCORE_GEMM changed since matmul_runs_own: the unfused order.
  if (k == 0) {
    scale<float>(out, 0.0f);
  } else {
    gemm_batched<float>(a, b, out, 1.0f, 0.0f);
  }
  parallel_for(m, std::max<int64_t>(1, (int64_t(1) << 16) / n),
               [&](int64_t i0, int64_t i1) { epilogue.fn(epilogue.ctx, i0, i1, 0, n); });
}

} // namespace mxcore::cpu

namespace mxcore {

void Matmul::eval_cpu(const std::vector<array>& inputs, array& out) {
  if (!is_inexact(out.dtype())) {
    cpu::integer_matmul(inputs[0], inputs[1], out);
    return;
  }
  if (!out_order_.empty() && out.dtype() == float32) {
    cpu::matmul_in_order(inputs[0], inputs[1], out, out_order_);
    return;
  }
  cpu::matmul(inputs[0], inputs[1], out);
}

void AddMM::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::matmul(inputs[0], inputs[1], out, alpha_, beta_, &inputs[2]);
}

} // namespace mxcore
