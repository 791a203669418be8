// Eager sorting along one axis and gathering along one axis. Each line is
// sorted through an index buffer with a comparator that orders NaN last and
// breaks ties by position, so sort/argsort are stable and partition/
// argpartition agree with each other.
#include <algorithm>
#include <cmath>
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
    if (indices) {
      uint32_t* y = out.data<uint32_t>() + off[1];
      for (int64_t k = 0; k < len; ++k) y[k * ys] = order[k];
    } else {
      T* y = out.data<T>() + off[1];
      for (int64_t k = 0; k < len; ++k) y[k * ys] = x[order[k] * xs];
    }
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
