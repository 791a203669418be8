// Indexing by arrays of integers: Gather (windows of `src` at the positions
// the index arrays give, MLX's semantics, see primitives/indexing.h),
// Scatter (windows of updates written into, or combined with, the output),
// and GatherAxis (take_along_axis).
//
// Gather and Scatter take up to four index arrays (integer types I0..I3),
// broadcast to one shape; the grid is x: element of the window, y: position
// in the index shape. A negative index wraps once; an index whose window
// leaves the array is reported through `error` (the first one wins: words
// [flag, -], then int64 [index array, raw index]) and the host raises it as
// the CPU does. Scatter's combining modes (sum / prod / max / min) update
// the output with a compare-and-swap loop on the 32-bit word holding the
// element (1, 2 and 4-byte types), so duplicate indices accumulate; a plain
// write (none) keeps one of the duplicates' values.
#include <metal_stdlib>
using namespace metal;

#include "op_functors.h"

// Offset of element `i` of a row-major walk over (shape, strides).
inline int64_t walk_offset(int64_t i, constant const int* shape, constant const int64_t* strides,
                           int ndim) {
  int64_t offset = 0;
  for (int d = ndim - 1; d >= 0; --d) {
    offset += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return offset;
}

inline void report_index_error(device atomic_uint* error, int k, int64_t raw) {
  uint expected = 0;
  while (!atomic_compare_exchange_weak_explicit(error, &expected, 1u, memory_order_relaxed,
                                                memory_order_relaxed)) {
    if (expected != 0) return; // another thread reported first
  }
  device int64_t* detail = (device int64_t*)error;
  detail[1] = k;
  detail[2] = raw;
}

// Index position p's value of index array k (type I), wrapped once and
// checked against its axis: the element offset it adds along `strides`, or
// -1 after reporting an index out of bounds.
template <typename I>
inline int64_t index_term(int64_t p, int k, device const I* idx, constant const int* idx_shape,
                          constant const int64_t* idx_strides, int idx_ndim,
                          constant const int* axes, constant const int64_t* limits,
                          constant const int64_t* strides, device atomic_uint* error) {
  const I raw = idx[walk_offset(p, idx_shape, idx_strides + k * idx_ndim, idx_ndim)];
  const int64_t n = limits[2 * k], window = limits[2 * k + 1];
  int64_t v = int64_t(raw);
  if (I(-1) > I(0)) { // unsigned: values past int64 read as negative and are rejected
    if (v < 0) v = n;
  } else if (v < 0) {
    v += n;
  }
  if (v < 0 || v + window > n) {
    report_index_error(error, k, int64_t(raw));
    return -1;
  }
  return v * strides[axes[k]];
}

// The element offset of index position p's window, or -1 (reported).
template <typename I0, typename I1, typename I2, typename I3, int NIDX>
inline int64_t window_start(int64_t p, device const I0* idx0, device const I1* idx1,
                            device const I2* idx2, device const I3* idx3,
                            constant const int* idx_shape, constant const int64_t* idx_strides,
                            int idx_ndim, constant const int* axes, constant const int64_t* limits,
                            constant const int64_t* strides, device atomic_uint* error) {
  int64_t start = 0, term = 0;
#define MXCORE_INDEX_TERM(K, IDX)                                                          \
  if (NIDX > K) {                                                                          \
    term = index_term(p, K, IDX, idx_shape, idx_strides, idx_ndim, axes, limits, strides, \
                      error);                                                              \
    if (term < 0) return -1;                                                               \
    start += term;                                                                         \
  }
  MXCORE_INDEX_TERM(0, idx0)
  MXCORE_INDEX_TERM(1, idx1)
  MXCORE_INDEX_TERM(2, idx2)
  MXCORE_INDEX_TERM(3, idx3)
#undef MXCORE_INDEX_TERM
  return start;
}

template <typename T, typename I0, typename I1, typename I2, typename I3, int NIDX>
[[kernel]] void gather(
    device const T* src [[buffer(0)]],
    device T* out [[buffer(1)]],
    device const I0* idx0 [[buffer(2)]],
    device const I1* idx1 [[buffer(3)]],
    device const I2* idx2 [[buffer(4)]],
    device const I3* idx3 [[buffer(5)]],
    constant const int* idx_shape [[buffer(6)]],
    constant const int64_t* idx_strides [[buffer(7)]], // NIDX x idx_ndim
    constant const int& idx_ndim [[buffer(8)]],
    constant const int* axes [[buffer(9)]],
    constant const int64_t* limits [[buffer(10)]], // per index array: axis size, window size
    constant const int* window_shape [[buffer(11)]],
    constant const int64_t* src_strides [[buffer(12)]],
    constant const int& src_ndim [[buffer(13)]],
    device atomic_uint* error [[buffer(14)]],
    uint3 pos [[thread_position_in_grid]],
    uint3 grid [[threads_per_grid]]) {
  const int64_t p = pos.y, w = pos.x;
  const int64_t start = window_start<I0, I1, I2, I3, NIDX>(
      p, idx0, idx1, idx2, idx3, idx_shape, idx_strides, idx_ndim, axes, limits, src_strides, error);
  if (start < 0) return;
  out[p * int64_t(grid.x) + w] = src[start + walk_offset(w, window_shape, src_strides, src_ndim)];
}

struct ScatterAssign {};

// out[at] = Op()(out[at], value) atomically, for T of 1, 2 or 4 bytes.
template <typename T, typename Bits, typename Op>
inline void combine_atomic(device T* out, int64_t at, T value) {
  constexpr uint per_word = 4 / sizeof(T);
  device atomic_uint* word = (device atomic_uint*)out + at / per_word;
  const uint shift = uint(at % per_word) * uint(sizeof(T)) * 8u;
  const uint mask = per_word == 1 ? 0xffffffffu : ((1u << (sizeof(T) * 8u)) - 1u) << shift;
  uint expected = atomic_load_explicit(word, memory_order_relaxed);
  while (true) {
    const T current = as_type<T>(Bits((expected & mask) >> shift));
    const uint bits = uint(as_type<Bits>(Op()(current, value)));
    const uint desired = (expected & ~mask) | ((bits << shift) & mask);
    if (atomic_compare_exchange_weak_explicit(word, &expected, desired, memory_order_relaxed,
                                              memory_order_relaxed)) {
      return;
    }
  }
}

template <typename T, typename Bits, typename Op>
struct ScatterWrite {
  static void apply(device T* out, int64_t at, T value) { combine_atomic<T, Bits, Op>(out, at, value); }
};
template <typename T, typename Bits>
struct ScatterWrite<T, Bits, ScatterAssign> {
  static void apply(device T* out, int64_t at, T value) { out[at] = value; }
};

// Bits: the unsigned type of T's size (the host picks it).
template <typename T, typename Bits, typename I0, typename I1, typename I2, typename I3, int NIDX,
          typename Op>
[[kernel]] void scatter(
    device const T* upd [[buffer(0)]],
    device T* out [[buffer(1)]],
    device const I0* idx0 [[buffer(2)]],
    device const I1* idx1 [[buffer(3)]],
    device const I2* idx2 [[buffer(4)]],
    device const I3* idx3 [[buffer(5)]],
    constant const int* idx_shape [[buffer(6)]],
    constant const int64_t* idx_strides [[buffer(7)]],
    constant const int& idx_ndim [[buffer(8)]],
    constant const int* axes [[buffer(9)]],
    constant const int64_t* limits [[buffer(10)]],
    constant const int* window_shape [[buffer(11)]],
    constant const int64_t* out_strides [[buffer(12)]], // row-major
    constant const int& out_ndim [[buffer(13)]],
    device atomic_uint* error [[buffer(14)]],
    constant const int64_t* upd_strides [[buffer(15)]], // index dims, then window dims
    uint3 pos [[thread_position_in_grid]]) {
  const int64_t p = pos.y, w = pos.x;
  const int64_t start = window_start<I0, I1, I2, I3, NIDX>(
      p, idx0, idx1, idx2, idx3, idx_shape, idx_strides, idx_ndim, axes, limits, out_strides, error);
  if (start < 0) return;
  const int64_t at = start + walk_offset(w, window_shape, out_strides, out_ndim);
  const T value = upd[walk_offset(p, idx_shape, upd_strides, idx_ndim) +
                      walk_offset(w, window_shape, upd_strides + idx_ndim, out_ndim)];
  ScatterWrite<T, Bits, Op>::apply(out, at, value);
}

// take_along_axis: out[..., j, ...] = x[..., idx[..., j, ...], ...]; indices
// (int32) wrap once and are clamped into the axis, as on the CPU.
template <typename T>
[[kernel]] void gather_axis(
    device const T* x [[buffer(0)]],
    device const int32_t* idx [[buffer(1)]],
    device T* out [[buffer(2)]],
    constant const int* shape [[buffer(3)]], // the indices' (= the output's)
    constant const int64_t* x_strides [[buffer(4)]],
    constant const int64_t* idx_strides [[buffer(5)]],
    constant const int& ndim [[buffer(6)]],
    constant const int& axis [[buffer(7)]],
    constant const int64_t& axis_size [[buffer(8)]],
    uint3 pos [[thread_position_in_grid]],
    uint3 grid [[threads_per_grid]]) {
  const int64_t o = int64_t(pos.y) * int64_t(grid.x) + int64_t(pos.x);
  int64_t i = o, x_at = 0, idx_at = 0, axis_pos = 0;
  for (int d = ndim - 1; d >= 0; --d) {
    const int64_t c = i % shape[d];
    i /= shape[d];
    idx_at += c * idx_strides[d];
    if (d != axis) x_at += c * x_strides[d];
  }
  axis_pos = int64_t(idx[idx_at]);
  if (axis_pos < 0) axis_pos += axis_size;
  axis_pos = max(int64_t(0), min(axis_pos, axis_size - 1));
  out[o] = x[x_at + axis_pos * x_strides[axis]];
}
