// Reductions: one threadgroup per output element. Its threads stride over
// the reduced elements (any layout: the reduced and the kept dims each come
// with shape and strides, so all / row / column / general reductions are the
// same kernel, row reductions reading contiguous runs), fold them in the
// accumulator type, then combine their partials with a tree over
// threadgroup memory. The host instantiates reduce<T, U, A, Op> per call's
// dtypes (eager_kernels.cpp).
#include <metal_stdlib>
using namespace metal;

#include "reduce_ops.h"

constant constexpr uint max_reduce_threads = 256;

// Offset of element `i` of a (shape, strides) view, row-major order.
inline int64_t strided_offset(int64_t i, constant const int* shape,
                              constant const int64_t* strides, int ndim) {
  int64_t offset = 0;
  for (int d = ndim - 1; d >= 0; --d) {
    offset += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return offset;
}

template <typename T, typename U, typename A, typename Op>
[[kernel]] void reduce(
    device const T* in [[buffer(0)]],
    device U* out [[buffer(1)]],
    constant const int* kept_shape [[buffer(2)]],
    constant const int64_t* kept_strides [[buffer(3)]],
    constant const int& kept_ndim [[buffer(4)]],
    constant const int* reduced_shape [[buffer(5)]],
    constant const int64_t* reduced_strides [[buffer(6)]],
    constant const int& reduced_ndim [[buffer(7)]],
    constant const int64_t& reduced_size [[buffer(8)]],
    constant const A& init [[buffer(9)]],
    uint3 group [[threadgroup_position_in_grid]],
    uint3 groups [[threadgroups_per_grid]],
    uint lid [[thread_index_in_threadgroup]],
    uint3 size [[threads_per_threadgroup]]) {
  threadgroup A partial[max_reduce_threads];
  const int64_t o = int64_t(group.y) * int64_t(groups.x) + int64_t(group.x);
  const int64_t base = strided_offset(o, kept_shape, kept_strides, kept_ndim);
  const uint n = size.x;
  Op op;
  A acc = init;
  if (reduced_ndim == 1) { // the common case: one stride
    const int64_t stride = reduced_strides[0];
    for (int64_t r = lid; r < reduced_size; r += n) acc = op(acc, static_cast<A>(in[base + r * stride]));
  } else {
    for (int64_t r = lid; r < reduced_size; r += n) {
      acc = op(acc, static_cast<A>(in[base + strided_offset(r, reduced_shape, reduced_strides, reduced_ndim)]));
    }
  }
  partial[lid] = acc;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint stride = n / 2; stride > 0; stride /= 2) {
    if (lid < stride) partial[lid] = op(partial[lid], partial[lid + stride]);
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (lid == 0) out[o] = static_cast<U>(partial[0]);
}

// ArgMin / ArgMax over one axis: (value, index) pairs, the first index of the
// extreme value (NaN counts as the extreme, as on the CPU).
template <typename T, bool is_max>
[[kernel]] void arg_reduce(
    device const T* in [[buffer(0)]],
    device uint32_t* out [[buffer(1)]],
    constant const int* kept_shape [[buffer(2)]],
    constant const int64_t* kept_strides [[buffer(3)]],
    constant const int& kept_ndim [[buffer(4)]],
    constant const int64_t& axis_size [[buffer(5)]],
    constant const int64_t& axis_stride [[buffer(6)]],
    uint3 group [[threadgroup_position_in_grid]],
    uint3 groups [[threadgroups_per_grid]],
    uint lid [[thread_index_in_threadgroup]],
    uint3 size [[threads_per_threadgroup]]) {
  threadgroup float best_value[max_reduce_threads];
  threadgroup uint32_t best_index[max_reduce_threads];
  threadgroup bool has_value[max_reduce_threads];
  const int64_t o = int64_t(group.y) * int64_t(groups.x) + int64_t(group.x);
  const int64_t base = strided_offset(o, kept_shape, kept_strides, kept_ndim);
  const uint n = size.x;
  // better(a, i, b, j): does (a, i) win over (b, j)?
  bool have = false;
  float v = 0;
  uint32_t vi = 0;
  for (int64_t r = lid; r < axis_size; r += n) {
    float x = static_cast<float>(in[base + r * axis_stride]);
    bool wins = !have || (v == v && (x != x || (is_max ? x > v : x < v)));
    if (wins) {
      v = x;
      vi = uint32_t(r);
      have = true;
    }
  }
  best_value[lid] = v;
  best_index[lid] = vi;
  has_value[lid] = have;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint stride = n / 2; stride > 0; stride /= 2) {
    if (lid < stride && has_value[lid + stride]) {
      float a = best_value[lid], b = best_value[lid + stride];
      uint32_t ai = best_index[lid], bi = best_index[lid + stride];
      bool b_wins = !has_value[lid] ||
                    (a != a ? (b != b && bi < ai)
                            : (b != b || (is_max ? b > a : b < a) || (b == a && bi < ai)));
      if (b_wins) {
        best_value[lid] = b;
        best_index[lid] = bi;
        has_value[lid] = true;
      }
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (lid == 0) out[o] = best_index[0];
}
