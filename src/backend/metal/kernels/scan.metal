// Cumulative sum / prod / max / min / logaddexp along one axis, inclusive or
// exclusive, forward or reverse: one threadgroup per line. The line is
// taken in chunks of the group's size; each chunk is scanned in
// threadgroup memory (Hillis-Steele: log2(n) steps, a barrier between
// them) and offset by the carry of the chunks before it. Half types fold in
// float (A), as on the CPU.
#include <metal_stdlib>
using namespace metal;

#include "op_functors.h"

#include "reduce_ops.h"

struct ReduceLogAddExp {
  template <typename A> A operator()(A a, A b) const { return LogAddExp()(a, b); }
};

constant constexpr uint max_scan_threads = 256;

inline int64_t line_offset(int64_t i, constant const int* shape, constant const int64_t* strides,
                           int ndim) {
  int64_t offset = 0;
  for (int d = ndim - 1; d >= 0; --d) {
    offset += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return offset;
}

template <typename T, typename U, typename A, typename Op, bool inclusive, bool reverse>
[[kernel]] void scan_lines(
    device const T* in [[buffer(0)]],
    device U* out [[buffer(1)]],
    constant const int64_t& length [[buffer(2)]],
    constant const int64_t* axis_strides [[buffer(3)]], // input's, output's
    constant const int* kept_shape [[buffer(4)]],
    constant const int64_t* kept_strides [[buffer(5)]], // input's then output's
    constant const int& kept_ndim [[buffer(6)]],
    constant const A& init [[buffer(7)]],
    uint3 group [[threadgroup_position_in_grid]],
    uint lid [[thread_index_in_threadgroup]],
    uint3 size [[threads_per_threadgroup]]) {
  threadgroup A chunk[max_scan_threads];
  const uint n = size.x;
  const int64_t in_base = line_offset(group.x, kept_shape, kept_strides, kept_ndim);
  const int64_t out_base = line_offset(group.x, kept_shape, kept_strides + kept_ndim, kept_ndim);
  Op op;
  A carry = init;
  for (int64_t first = 0; first < length; first += n) {
    const int64_t t = first + lid; // the t-th element visited
    const int64_t k = reverse ? length - 1 - t : t;
    chunk[lid] = t < length ? static_cast<A>(in[in_base + k * axis_strides[0]]) : init;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint step = 1; step < n; step <<= 1) {
      const A left = lid >= step ? chunk[lid - step] : init;
      threadgroup_barrier(mem_flags::mem_threadgroup);
      chunk[lid] = op(left, chunk[lid]);
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    if (t < length) {
      const A before = inclusive ? chunk[lid] : (lid > 0 ? chunk[lid - 1] : init);
      out[out_base + k * axis_strides[1]] = static_cast<U>(op(carry, before));
    }
    carry = op(carry, chunk[n - 1]);
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
}
