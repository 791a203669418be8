// Eager sorting along one axis and gathering along one axis. Each line is
// sorted through an index buffer with a comparator that orders NaN last and
// breaks ties by position, so sort/argsort are stable and partition/
// argpartition agree with each other.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/sort.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

// The dims other than `axis`, collapsed for the given operands.
template <size_t N>
StridedLayout<N> kept_layout(const Shape& shape, const std::array<const array*, N>& ops,
                             int axis) {
  Shape kshape;
  std::array<Strides, N> kstrides;
  for (int d = 0; d < static_cast<int>(shape.size()); ++d) {
    if (d == axis) continue;
    kshape.push_back(shape[d]);
    for (size_t k = 0; k < N; ++k) kstrides[k].push_back(ops[k]->strides()[d]);
  }
  std::array<const Strides*, N> ptrs;
  for (size_t k = 0; k < N; ++k) ptrs[k] = &kstrides[k];
  return collapse_dims<N>(kshape, ptrs);
}

// Calls line(offsets) for every line along the axis, in parallel.
template <size_t N, typename F>
void for_each_line(const StridedLayout<N>& kept, int64_t n_lines, int64_t len, F&& line) {
  int64_t grain = std::max<int64_t>(1, elementwise_grain / std::max<int64_t>(len, 1));
  parallel_for(n_lines, grain, [&](int64_t b, int64_t e) {
    for_each_run<N>(kept, b, e, [&](const std::array<int64_t, N>& off, int64_t n,
                                    const std::array<int64_t, N>& st) {
      for (int64_t i = 0; i < n; ++i) {
        std::array<int64_t, N> o;
        for (size_t k = 0; k < N; ++k) o[k] = off[k] + i * st[k];
        line(o);
      }
    });
  });
}

template <typename C>
bool value_less(C a, C b) {
  if constexpr (kernel_ops::is_complex_v<C>) {
    // Values with a NaN part sort last, in their original order (as MLX).
    if (kernel_ops::isnan_any(a)) return false;
    if (kernel_ops::isnan_any(b)) return true;
    return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
  } else if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(a)) return false;
    return std::isnan(b) || a < b;
  } else {
    return a < b;
  }
}

// Types of at most 32 bits sort as one 64-bit integer per element: an
// order-preserving key of the value above the element's index. Integer
// comparisons of those give exactly value_less with ties by position (NaN
// last, -0 equal to +0), without the comparator's branches and indirect
// loads. Wider types sort through the comparator.
template <typename T>
inline constexpr bool sorts_by_keys =
    sizeof(T) <= 4 && !kernel_ops::is_complex_v<T>;

template <typename T>
inline uint32_t order_key(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1u : 0u;
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    return static_cast<uint32_t>(v);
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<uint32_t>(static_cast<int32_t>(v)) ^ 0x80000000u;
  } else {
    float f = static_cast<float>(v);
    f = f == 0.0f ? 0.0f : f; // -0 sorts with +0
    uint32_t u;
    std::memcpy(&u, &f, 4);
    u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    return f != f ? 0xffffffffu : u; // every NaN last, by position
  }
}

// Partitions unique keys at len - top for a few top keys (topk's case): one
// scan keeps the largest so far in a small sorted buffer, most keys failing
// one comparison with its smallest; the rest then fill the front in order.
inline void partition_top_keys(std::vector<uint64_t>& keys, int64_t top) {
  const int64_t len = static_cast<int64_t>(keys.size());
  uint64_t best[64];
  std::copy(keys.begin(), keys.begin() + top, best);
  std::sort(best, best + top);
  for (int64_t i = top; i < len; ++i) {
    const uint64_t k = keys[i];
    if (k <= best[0]) continue;
    int64_t j = 0;
    while (j + 1 < top && best[j + 1] < k) {
      best[j] = best[j + 1];
      ++j;
    }
    best[j] = k;
  }
  int64_t w = 0;
  for (int64_t i = 0; i < len; ++i) {
    if (keys[i] < best[0]) keys[w++] = keys[i];
  }
  std::copy(best, best + top, keys.begin() + w);
}

template <typename T>
void sort_line_by_keys(const T* x, int64_t xs, int64_t len, bool partition, int kth,
                       std::vector<uint64_t>& keys) {
  keys.resize(len);
  for (int64_t i = 0; i < len; ++i) {
    keys[i] = (uint64_t(order_key(x[i * xs])) << 32) | uint64_t(i);
  }
  const int64_t top = len - kth;
  if (partition && top <= 64 && len >= 8 * top) {
    partition_top_keys(keys, top);
  } else if (partition) {
    std::nth_element(keys.begin(), keys.begin() + kth, keys.end());
  } else {
    std::sort(keys.begin(), keys.end());
  }
}

template <typename T>
void sort_impl(const array& in, array& out, Sort::Mode mode, int axis, int kth) {
  using C = kernel_ops::compute_t<T>;
  const int64_t len = in.shape(axis);
  if (in.size() == 0) return;
  const int64_t n_lines = in.size() / len;
  const int64_t xs = in.strides()[axis];
  const int64_t ys = out.strides()[axis];
  auto kept = kept_layout<2>(in.shape(), {&in, &out}, axis);
  const T* src = in.data<T>();
  bool indices = mode == Sort::Indices || mode == Sort::PartitionIndices;
  bool partition = mode == Sort::PartitionValues || mode == Sort::PartitionIndices;
  for_each_line<2>(kept, n_lines, len, [&](const std::array<int64_t, 2>& off) {
    const T* x = src + off[0];
    auto write = [&](auto&& position) {
      if (indices) {
        uint32_t* y = out.data<uint32_t>() + off[1];
        for (int64_t k = 0; k < len; ++k) y[k * ys] = position(k);
      } else {
        T* y = out.data<T>() + off[1];
        for (int64_t k = 0; k < len; ++k) y[k * ys] = x[int64_t(position(k)) * xs];
      }
    };
    if constexpr (sorts_by_keys<T>) {
      thread_local std::vector<uint64_t> keys;
      sort_line_by_keys(x, xs, len, partition, kth, keys);
      write([&](int64_t k) { return uint32_t(keys[k]); });
      return;
    }
    std::vector<uint32_t> order(len);
    std::iota(order.begin(), order.end(), 0u);
    auto cmp = [&](uint32_t i, uint32_t j) {
      C a = C(x[i * xs]), b = C(x[j * xs]);
      if (value_less(a, b)) return true;
      if (value_less(b, a)) return false;
      return i < j;
    };
    if (partition) {
      std::nth_element(order.begin(), order.begin() + kth, order.end(), cmp);
    } else {
      std::sort(order.begin(), order.end(), cmp);
    }
    write([&](int64_t k) { return order[k]; });
  });
}

} // namespace

void sort(const array& in, array& out, Sort::Mode mode, int axis, int kth) {
  out.set_data(allocator::malloc(out.nbytes()));
  dispatch_all_types(in.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    sort_impl<T>(in, out, mode, axis, kth);
  });
}

void gather_axis(const array& x, const array& idx, array& out, int axis) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  const int64_t n = x.shape(axis);
  const int64_t len = idx.shape(axis);
  const int64_t n_lines = out.size() / len;
  const int64_t xs = x.strides()[axis], is = idx.strides()[axis], os = out.strides()[axis];
  auto kept = kept_layout<3>(idx.shape(), {&x, &idx, &out}, axis);
  const int32_t* ip = idx.data<int32_t>();
  dispatch_by_size(x.itemsize(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    const T* xp = reinterpret_cast<const T*>(x.data<uint8_t>());
    T* op = reinterpret_cast<T*>(out.data<uint8_t>());
    for_each_line<3>(kept, n_lines, len, [&](const std::array<int64_t, 3>& off) {
      for (int64_t k = 0; k < len; ++k) {
        int64_t j = ip[off[1] + k * is];
        if (j < 0) j += n;
        j = std::clamp<int64_t>(j, 0, n - 1); // never read out of bounds
        op[off[2] + k * os] = xp[off[0] + j * xs];
      }
    });
  });
}

} // namespace mxcore::cpu

namespace mxcore {

void Sort::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::sort(inputs[0], out, mode_, axis_, kth_);
}

void GatherAxis::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::gather_axis(inputs[0], inputs[1], out, axis_);
}

} // namespace mxcore
