// The general strided copy: every element of a (shape, in_strides) view of
// `in` into the (shape, out_strides) view of `out` starting at out_offset.
// It serves Concatenate (each input into its window of the output),
// SliceUpdate (the update into its window), copies of any layout to
// row-major, and the source copy under Scatter. Elements are moved as bytes
// of their size (copy<uint8_t> .. copy<uint64_t>): a copy never converts.
//
// Grid: x over the last dim, y over the one before, z over the rest.
#include <metal_stdlib>
using namespace metal;

template <typename T>
[[kernel]] void copy_strided(
    device const T* in [[buffer(0)]],
    device T* out [[buffer(1)]],
    constant const int64_t* shape [[buffer(2)]],
    constant const int64_t* in_strides [[buffer(3)]],
    constant const int64_t* out_strides [[buffer(4)]],
    constant const int& ndim [[buffer(5)]],
    constant const int64_t& out_offset [[buffer(6)]],
    uint3 pos [[thread_position_in_grid]]) {
  const int last = ndim - 1;
  int64_t in_at = int64_t(pos.x) * in_strides[last];
  int64_t out_at = out_offset + int64_t(pos.x) * out_strides[last];
  if (ndim > 1) {
    in_at += int64_t(pos.y) * in_strides[last - 1];
    out_at += int64_t(pos.y) * out_strides[last - 1];
  }
  int64_t rest = pos.z;
  for (int d = ndim - 3; d >= 0; --d) {
    const int64_t i = rest % shape[d];
    rest /= shape[d];
    in_at += i * in_strides[d];
    out_at += i * out_strides[d];
  }
  out[out_at] = in[in_at];
}
