// A tiled GEMM: each threadgroup computes a tile x tile block of C = A @ B
// for one batch element, staging tile-wide slabs of A and B in threadgroup
// memory (one barrier to fill them, one before they are overwritten).
// Operands are read through strides (transposed or broadcast batches need no
// copy); A accumulates in float for half types.
#include <metal_stdlib>
using namespace metal;

constant constexpr int tile = 16;

inline int64_t batch_offset(uint b, constant const int* shape, constant const int64_t* strides,
                            int ndim) {
  int64_t offset = 0;
  int64_t i = b;
  for (int d = ndim - 1; d >= 0; --d) {
    offset += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return offset;
}

template <typename T, typename A>
[[kernel]] void gemm(
    device const T* a [[buffer(0)]],
    device const T* b [[buffer(1)]],
    device T* c [[buffer(2)]],
    constant const int* mnk [[buffer(3)]],             // M, N, K
    constant const int64_t* matrix_strides [[buffer(4)]], // a row, a col, b row, b col
    constant const int* batch_shape [[buffer(5)]],
    constant const int64_t* batch_strides [[buffer(6)]],  // a's then b's
    constant const int& batch_ndim [[buffer(7)]],
    uint3 group [[threadgroup_position_in_grid]],
    uint3 lid [[thread_position_in_threadgroup]]) {
  threadgroup A a_tile[tile][tile];
  threadgroup A b_tile[tile][tile];
  const int M = mnk[0], N = mnk[1], K = mnk[2];
  const int row = int(group.y) * tile + int(lid.y);
  const int col = int(group.x) * tile + int(lid.x);
  const int64_t a_base = batch_offset(group.z, batch_shape, batch_strides, batch_ndim);
  const int64_t b_base = batch_offset(group.z, batch_shape, batch_strides + batch_ndim, batch_ndim);
  A acc = A(0);
  for (int k0 = 0; k0 < K; k0 += tile) {
    const int ka = k0 + int(lid.x), kb = k0 + int(lid.y);
    a_tile[lid.y][lid.x] = (row < M && ka < K)
        ? static_cast<A>(a[a_base + row * matrix_strides[0] + ka * matrix_strides[1]]) : A(0);
    b_tile[lid.y][lid.x] = (kb < K && col < N)
        ? static_cast<A>(b[b_base + kb * matrix_strides[2] + col * matrix_strides[3]]) : A(0);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (int k = 0; k < tile; ++k) acc += a_tile[lid.y][k] * b_tile[k][lid.x];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (row < M && col < N) c[(int64_t(group.z) * M + row) * N + col] = static_cast<T>(acc);
}
