// Matmul and AddMM through cuBLAS (strided batched GEMM, float32 / float64
// computed in their own precision, float16 / bfloat16 with float
// accumulation). Row-major C = A B is column-major C^T = B^T A^T; operands
// whose last two dims are row-major or transposed go in as they are, others
// are copied to row-major first.
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
// major in its last two dims), leading dimension and batch stride.
struct Operand {
  array storage;
  CUdeviceptr ptr = 0;
  bool transposed = false;
  int ld = 0;
  long long batch_stride = 0;
};

Operand operand(const array& x, int64_t batch, const Stream& s) {
  const int nd = x.ndim();
  const int64_t r = x.shape(nd - 2), c = x.shape(nd - 1);
  const auto& st = x.strides();
  const int64_t matrix = r * c;
  auto batch_stride_ok = [&](int64_t stride) {
    // every batch dim steps by the same matrix-sized stride (or all broadcast)
    int64_t expect = stride;
    for (int d = nd - 3; d >= 0; --d) {
      if (x.shape(d) == 1) continue;
      if (st[d] != expect) return false;
      expect *= x.shape(d);
    }
    return true;
  };
  Operand o{x};
  if (st[nd - 1] == 1 && (st[nd - 2] == c || r == 1) && batch_stride_ok(matrix)) {
    o.ld = static_cast<int>(c);
  } else if (st[nd - 2] == 1 && (st[nd - 1] == r || c == 1) && batch_stride_ok(matrix)) {
    o.transposed = true;
    o.ld = static_cast<int>(r);
  } else {
    o.storage = dense_copy(x, x.shape(), s);
    o.ld = static_cast<int>(c);
  }
  o.batch_stride = batch > 1 && o.storage.size() == static_cast<size_t>(matrix) ? 0 : matrix;
  o.ptr = device_address(o.storage, s);
  return o;
}

void gemm(const array& a, const array& b, array& out, float alpha, float beta,
          const Stream& s) {
  const int nd = out.ndim();
  const int64_t M = out.shape(nd - 2), N = out.shape(nd - 1), K = a.shape(a.ndim() - 1);
  const int64_t batch = out.size() / std::max<int64_t>(1, M * N);
  if (out.size() == 0) return;
  const int type = cuda_type(out.dtype());
  auto A = operand(a, batch, s), B = operand(b, batch, s);
  CUstream stream = cuda_stream(s);
  cublasHandle_t h = handle_for(stream);
  const bool dbl = out.dtype() == float64;
  double alpha_d = alpha, beta_d = beta;
  float alpha_f = alpha, beta_f = beta;
  const void* al = dbl ? static_cast<const void*>(&alpha_d) : &alpha_f;
  const void* be = dbl ? static_cast<const void*>(&beta_d) : &beta_f;
  // Column-major: C^T (N x M) = B^T (N x K) * A^T (K x M).
  int r = cublas().cublasGemmStridedBatchedEx(
      h, B.transposed ? CUBLAS_OP_T : CUBLAS_OP_N, A.transposed ? CUBLAS_OP_T : CUBLAS_OP_N,
      static_cast<int>(N), static_cast<int>(M), static_cast<int>(K), al,
      reinterpret_cast<const void*>(B.ptr), type, B.ld, B.batch_stride,
      reinterpret_cast<const void*>(A.ptr), type, A.ld, A.batch_stride, be,
      reinterpret_cast<void*>(device_address(out, s)), type, static_cast<int>(N), M * N,
      static_cast<int>(batch), dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (r != 0) throw std::runtime_error("[matmul] cuBLAS GEMM failed (status " + std::to_string(r) + ").");
}

} // namespace

void add_matmul_kernels(backend::KernelTable& table) {
  table.add<Matmul>([](Matmul& m, const std::vector<array>& in, std::vector<array>& out) {
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
