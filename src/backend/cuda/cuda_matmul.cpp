// Matmul and AddMM through cuBLAS (strided batched GEMM, float32 / float64
// computed in their own precision, float16 / bfloat16 with float
// accumulation). Row-major C = A B is column-major C^T = B^T A^T; operands
// whose last two dims are row-major or transposed (with any leading
// dimension) go in as they are, batch dims as one strided-batched call or a
// short loop of them, others are copied to row-major first.
#include <algorithm>
#include <climits>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_fused.h"
#include "primitives/matmul.h"

namespace mxcore::cuda {

namespace {

constexpr size_t cublas_workspace_bytes = size_t(32) << 20;

cublasHandle_t handle_for(CUstream stream) {
  static std::mutex mtx;
  static std::unordered_map<CUstream, cublasHandle_t> handles;
  std::lock_guard lock(mtx);
  auto it = handles.find(stream);
  if (it != handles.end()) return it->second;
  cublasHandle_t h = nullptr;
  if (cublas().cublasCreate(&h) != 0) throw std::runtime_error("[cuda] cublasCreate failed.");
  cublas().cublasSetStream(h, stream);
  // A workspace of its own per handle (32 MiB, what cuBLAS asks for on
  // Hopper and PyTorch gives it), so the fastest split-K / stream-K kernels
  // are eligible. Kept for the process, outside the allocator's counters.
  if (cublas().cublasSetWorkspace) {
    CUdeviceptr ws = 0;
    if (driver()->cuMemAlloc(&ws, cublas_workspace_bytes) == 0) {
      cublas().cublasSetWorkspace(h, reinterpret_cast<void*>(ws), cublas_workspace_bytes);
    }
  }
  handles.emplace(stream, h);
  return h;
}

int cuda_type(Dtype t) {
  if (t == float32) return CUDA_R_32F;
  if (t == float64) return CUDA_R_64F;
  if (t == float16) return CUDA_R_16F;
  if (t == bfloat16) return CUDA_R_16BF;
  throw std::invalid_argument("[matmul] The GPU computes matmul in float32, float64, float16 "
                              "and bfloat16 only.");
}

// One GEMM operand: its device address, whether it is transposed (column
// major in its last two dims), its leading dimension (the row or column
// stride: a slice of a wider matrix goes in as it is) and, per batch dim of
// the output, its stride in elements (0 where it broadcasts).
struct Operand {
  array storage;
  CUdeviceptr ptr = 0;
  bool transposed = false;
  int64_t ld = 0;
  std::vector<int64_t> batch_strides;
};

Operand operand(const array& x, const Shape& batch_shape, bool force_dense, const Stream& s) {
  const int nd = x.ndim();
  const int64_t r = x.shape(nd - 2), c = x.shape(nd - 1);
  Operand o{x};
  const auto& st = x.strides();
  if (x.flags().row_contiguous) force_dense = false; // already dense
  const bool row_major = (st[nd - 1] == 1 || c == 1) && (r == 1 || st[nd - 2] >= c);
  const bool col_major = (st[nd - 2] == 1 || r == 1) && (c == 1 || st[nd - 1] >= r);
  if (!force_dense && row_major) {
    o.ld = r == 1 ? c : st[nd - 2];
  } else if (!force_dense && col_major) {
    o.transposed = true;
    o.ld = c == 1 ? r : st[nd - 1];
  } else {
    o.storage = dense_copy(x, x.shape(), s);
    o.ld = c;
  }
  o.ld = std::max<int64_t>(o.ld, 1);
  // The output's batch dims, right-aligned with x's.
  const int nb = static_cast<int>(batch_shape.size()), xb = nd - 2;
  auto take_batch_strides = [&] {
    const auto& xs = o.storage.strides();
    o.batch_strides.assign(nb, 0);
    bool fine = o.ld <= INT32_MAX;
    for (int d = 0; d < xb; ++d) {
      const int od = nb - xb + d;
      if (od >= 0 && o.storage.shape(d) != 1) o.batch_strides[od] = xs[d];
      fine = fine && xs[d] >= 0;
    }
    return fine;
  };
  if (!take_batch_strides()) { // negative batch strides, a huge leading dim
    o.storage = dense_copy(x, x.shape(), s);
    o.transposed = false;
    o.ld = std::max<int64_t>(c, 1);
    take_batch_strides();
  }
  o.ptr = device_address(o.storage, s);
  return o;
}

// How the batch dims of a GEMM run: the longest run of inner batch dims
// every operand steps through uniformly goes to one strided-batched call
// (`inner` matrices, one stride per operand), the outer dims around it are
// a loop of such calls (`outer` of them).
struct BatchPlan {
  int64_t inner = 1, outer = 1;
  int inner_dim = -1;          // the innermost batch dim of size > 1 (its strides step)
  std::vector<int> outer_dims; // batch dims (size > 1) the loop walks
};

BatchPlan plan_batches(const Shape& batch_shape, const std::vector<const Operand*>& ops,
                       const std::vector<int64_t>& out_strides) {
  std::vector<int> dims;
  for (int d = 0; d < static_cast<int>(batch_shape.size()); ++d) {
    if (batch_shape[d] > 1) dims.push_back(d);
  }
  BatchPlan p;
  if (dims.empty()) return p;
  size_t k = dims.size() - 1;
  p.inner_dim = dims[k];
  p.inner = batch_shape[dims[k]];
  auto uniform = [&](int d, int e) {
    for (auto* o : ops) {
      if (o->batch_strides[d] != o->batch_strides[e] * batch_shape[e]) return false;
    }
    return out_strides[d] == out_strides[e] * batch_shape[e];
  };
  while (k > 0 && uniform(dims[k - 1], dims[k])) {
    p.inner *= batch_shape[dims[--k]];
  }
  p.outer_dims.assign(dims.begin(), dims.begin() + k);
  for (int d : p.outer_dims) p.outer *= batch_shape[d];
  return p;
}

// A loop of more strided-batched calls than this copies the operands to
// row-major instead.
constexpr int64_t max_gemm_calls = 32;

void gemm(const array& a, const array& b, array& out, float alpha, float beta,
          const Stream& s) {
  const int nd = out.ndim();
  const int64_t M = out.shape(nd - 2), N = out.shape(nd - 1), K = a.shape(a.ndim() - 1);
  if (out.size() == 0) return;
  const int type = cuda_type(out.dtype());
  Shape batch_shape(out.shape().begin(), out.shape().end() - 2);
  std::vector<int64_t> out_strides(batch_shape.size());
  int64_t step = M * N;
  for (int d = static_cast<int>(batch_shape.size()) - 1; d >= 0; --d) {
    out_strides[d] = step;
    step *= batch_shape[d];
  }
  auto A = operand(a, batch_shape, false, s), B = operand(b, batch_shape, false, s);
  auto plan = plan_batches(batch_shape, {&A, &B}, out_strides);
  if (plan.outer > max_gemm_calls) {
    A = operand(a, batch_shape, true, s);
    B = operand(b, batch_shape, true, s);
    plan = plan_batches(batch_shape, {&A, &B}, out_strides);
  }
  CUstream stream = cuda_stream(s);
  cublasHandle_t h = handle_for(stream);
  const bool dbl = out.dtype() == float64;
  double alpha_d = alpha, beta_d = beta;
  float alpha_f = alpha, beta_f = beta;
  const void* al = dbl ? static_cast<const void*>(&alpha_d) : &alpha_f;
  const void* be = dbl ? static_cast<const void*>(&beta_d) : &beta_f;
  auto inner_stride = [&](const std::vector<int64_t>& st) {
    return plan.inner_dim < 0 ? int64_t(0) : st[plan.inner_dim];
  };
  const size_t e = out.itemsize();
  const CUdeviceptr c_ptr = device_address(out, s);
  std::vector<int64_t> index(plan.outer_dims.size(), 0);
  for (int64_t call = 0; call < plan.outer; ++call) {
    int64_t a_off = 0, b_off = 0, c_off = 0;
    for (size_t j = 0; j < index.size(); ++j) {
      const int d = plan.outer_dims[j];
      a_off += index[j] * A.batch_strides[d];
      b_off += index[j] * B.batch_strides[d];
      c_off += index[j] * out_strides[d];
    }
    // Column-major: C^T (N x M) = B^T (N x K) * A^T (K x M).
    int r = cublas().cublasGemmStridedBatchedEx(
        h, B.transposed ? CUBLAS_OP_T : CUBLAS_OP_N, A.transposed ? CUBLAS_OP_T : CUBLAS_OP_N,
        static_cast<int>(N), static_cast<int>(M), static_cast<int>(K), al,
        reinterpret_cast<const void*>(B.ptr + b_off * e), type, static_cast<int>(B.ld),
        inner_stride(B.batch_strides), reinterpret_cast<const void*>(A.ptr + a_off * e), type,
        static_cast<int>(A.ld), inner_stride(A.batch_strides), be,
        reinterpret_cast<void*>(c_ptr + c_off * e), type, static_cast<int>(N),
        plan.inner > 1 ? inner_stride(out_strides) : M * N, static_cast<int>(plan.inner),
        dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    if (r != 0) {
      throw std::runtime_error("[matmul] cuBLAS GEMM failed (status " + std::to_string(r) + ").");
    }
    for (size_t j = index.size(); j-- > 0;) { // next outer index, last dim fastest
      if (++index[j] < batch_shape[plan.outer_dims[j]]) break;
      index[j] = 0;
    }
  }
}

} // namespace

void add_matmul_kernels(backend::KernelTable& table) {
  table.add<Matmul>([](Matmul& m, const std::vector<array>& in, std::vector<array>& out) {
    if (!m.out_order().empty()) { // compile sets it for CPU products only
      throw std::invalid_argument("[matmul] The GPU writes products row-major only.");
    }
    allocate_device(out[0]);
    if (in[0].shape().back() == 0) { // K == 0: zeros
      check(driver()->cuMemsetD8Async(device_address(out[0], m.stream()), 0, out[0].nbytes(),
                                      cuda_stream(m.stream())),
            "cuMemsetD8");
      return;
    }
    gemm(in[0], in[1], out[0], 1.0f, 0.0f, m.stream());
  });
  table.add<AddMM>([](AddMM& m, const std::vector<array>& in, std::vector<array>& out) {
    // out = beta * c (a row-major device copy) + alpha * a b
    array c = dense_copy(in[2], out[0].shape(), m.stream());
    out[0].copy_shared_buffer(c);
    gemm(in[0], in[1], out[0], m.alpha(), m.beta(), m.stream());
  });
}

} // namespace mxcore::cuda
