// Eager GatherMM: one BLAS gemm per output matrix.
//
// Both operands are used as row-major stacks of matrices in the compute type
// (float32, or float64 for float64), copied only when they are not already,
// so every gathered matrix is a contiguous block; float16/bfloat16 results are accumulated in float32 and
// converted at the end, as the dense matmul does.
#include <cblas.h>

#include <cstring>
#include <sstream>

#include "backend/cpu/copy.h"
#include "backend/cpu/gather_mm.h"

namespace mxcore::cpu {

namespace {

void gemm(int m, int n, int k, const float* a, const float* b, float* c) {
  scipy_cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n,
                    0.0f, c, n);
}
void gemm(int m, int n, int k, const double* a, const double* b, double* c) {
  scipy_cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, k, b, n,
                    0.0, c, n);
}

// x itself when it is already a row-major buffer of dtype, else a copy.
array row_major(const array& x, Dtype dtype) {
  if (x.dtype() == dtype && x.flags().row_contiguous) return x;
  array y(allocator::malloc(x.size() * dtype.size), x.shape(), dtype);
  copy_into(x, y);
  return y;
}

void check_index(uint32_t index, int64_t count, const char* side) {
  if (index >= count) {
    std::ostringstream msg;
    msg << "[gather_mm] " << side << " index " << index
        << " is out of bounds for a batch of " << count << " matrices.";
    throw std::out_of_range(msg.str());
  }
}

// Number of matrices in the batch dims (all but the last two) of x.
int64_t batch_count(const array& x) {
  int64_t count = 1;
  for (int i = 0; i + 2 < x.ndim(); ++i) count *= x.shape(i);
  return count;
}

template <typename T>
void gather_gemm(const array& a, const array& b, const array& lhs, const array& rhs,
                 array& acc) {
  const int m = a.shape(-2), k = a.shape(-1), n = b.shape(-1);
  const int64_t a_batch = batch_count(a), b_batch = batch_count(b);
  array A = row_major(a, acc.dtype());
  array B = row_major(b, acc.dtype());
  array L = row_major(lhs, uint32);
  array R = row_major(rhs, uint32);
  const uint32_t* pl = L.data<uint32_t>();
  const uint32_t* pr = R.data<uint32_t>();
  T* pc = acc.data<T>();
  for (int64_t i = 0; i < static_cast<int64_t>(L.size()); ++i) {
    check_index(pl[i], a_batch, "lhs");
    check_index(pr[i], b_batch, "rhs");
    T* c = pc + i * int64_t(m) * n;
    if (k == 0) {
      std::memset(c, 0, sizeof(T) * m * n);
    } else {
      gemm(m, n, k, A.data<T>() + pl[i] * int64_t(m) * k,
           B.data<T>() + pr[i] * int64_t(k) * n, c);
    }
  }
}

} // namespace

void gather_mm(const array& a, const array& b, const array& lhs, const array& rhs, array& out) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  const Dtype t = out.dtype();
  const Dtype compute = t == float64 ? float64 : float32;
  array acc = t == compute ? out : array(allocator::malloc(out.size() * 4), out.shape(), float32);
  if (compute == float64) {
    gather_gemm<double>(a, b, lhs, rhs, acc);
  } else {
    gather_gemm<float>(a, b, lhs, rhs, acc);
  }
  if (t != compute) copy_into(acc, out);
}

} // namespace mxcore::cpu

namespace mxcore {

void GatherMM::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::gather_mm(inputs[0], inputs[1], inputs[2], inputs[3], out);
}

} // namespace mxcore
