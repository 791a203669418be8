// Sorts rows of up to 1024 elements along one axis, one threadgroup per row:
// a bitonic network over (value, index) keys in threadgroup memory, a barrier
// between its steps. NaN sorts after every number and ties keep their input
// order (the index breaks them), so the result is the stable sort's.
#include <metal_stdlib>
using namespace metal;

constant constexpr uint max_sort_size = 1024;

inline int64_t sort_offset(int64_t i, constant const int* shape, constant const int64_t* strides,
                           int ndim) {
  int64_t offset = 0;
  for (int d = ndim - 1; d >= 0; --d) {
    offset += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return offset;
}

template <typename T, bool indices>
[[kernel]] void sort_rows(
    device const T* in [[buffer(0)]],
    device T* out_values [[buffer(1)]],
    device uint32_t* out_indices [[buffer(2)]],
    constant const int& n [[buffer(3)]],
    constant const int64_t* axis_strides [[buffer(4)]], // input's, output's
    constant const int* kept_shape [[buffer(5)]],
    constant const int64_t* kept_strides [[buffer(6)]], // input's then output's
    constant const int& kept_ndim [[buffer(7)]],
    uint3 group [[threadgroup_position_in_grid]],
    uint lid [[thread_index_in_threadgroup]],
    uint3 size [[threads_per_threadgroup]]) {
  threadgroup T values[max_sort_size];
  threadgroup uint32_t order[max_sort_size];
  const uint N = size.x; // a power of two >= n
  const int64_t row = group.x;
  const int64_t in_base = sort_offset(row, kept_shape, kept_strides, kept_ndim);
  const int64_t out_base = sort_offset(row, kept_shape, kept_strides + kept_ndim, kept_ndim);
  if (int(lid) < n) {
    values[lid] = in[in_base + int64_t(lid) * axis_strides[0]];
  }
  order[lid] = lid;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint k = 2; k <= N; k <<= 1) {
    for (uint j = k >> 1; j > 0; j >>= 1) {
      const uint partner = lid ^ j;
      if (partner > lid) {
        // Padding (index >= n) sorts last, then NaN, then by value, then index.
        const uint a = order[lid], b = order[partner];
        const bool a_pad = int(a) >= n, b_pad = int(b) >= n;
        const T ka = values[a_pad ? 0 : a], kb = values[b_pad ? 0 : b];
        const bool a_nan = !a_pad && ka != ka, b_nan = !b_pad && kb != kb;
        bool b_first;
        if (a_pad != b_pad) b_first = a_pad;
        else if (a_pad) b_first = b < a;
        else if (a_nan != b_nan) b_first = a_nan;
        else if (a_nan || ka == kb) b_first = b < a;
        else b_first = kb < ka;
        const bool ascending = (lid & k) == 0;
        if (ascending == b_first) {
          order[lid] = b;
          order[partner] = a;
        }
      }
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
  }
  if (int(lid) < n) {
    const int64_t at = out_base + int64_t(lid) * axis_strides[1];
    if (indices) {
      out_indices[at] = order[lid];
    } else {
      out_values[at] = values[order[lid]];
    }
  }
}
