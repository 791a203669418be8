// CPU kernel of Scatter: a copy of the source with windows of updates written
// into it (None) or combined with it (Sum/Prod/Max/Min). Windows are applied
// in order, serially, so duplicates accumulate and the last plain write wins.
#include <algorithm>

#include "backend/cpu/copy.h"
#include "backend/cpu/indexing.h"
#include "backend/cpu/kernel_ops.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "ops/util.h"

namespace mxcore {

namespace {

struct Assign {
  template <typename T>
  T operator()(T, T y) const {
    return y;
  }
};

template <typename T, typename Op>
void scatter_windows(const array& upd, int idx_ndim, const std::vector<int64_t>& offsets,
                     const Strides& out_strides, T* out, Op op) {
  Shape window(upd.shape().begin() + idx_ndim, upd.shape().end());
  Strides upd_window_strides(upd.strides().begin() + idx_ndim, upd.strides().end());
  int64_t wsize = 1;
  for (auto s : window) wsize *= s;
  auto layout = cpu::collapse_dims<2>(window, {&upd_window_strides, &out_strides});
  const T* u = upd.data<T>();
  if (wsize == 1 && upd.flags().row_contiguous) {
    // One element a window (an as_strided view's gradient, a histogram):
    // the walk per window would cost more than the update itself.
    for (size_t p = 0; p < offsets.size(); ++p) out[offsets[p]] = op(out[offsets[p]], u[p]);
    return;
  }
  std::vector<int64_t> pos(idx_ndim, 0); // position in the index shape
  int64_t upd_base = 0;
  for (size_t p = 0; p < offsets.size(); ++p) {
    T* dst = out + offsets[p];
    const T* src = u + upd_base;
    if (wsize == 1) {
      *dst = op(*dst, *src);
    } else {
      cpu::for_each_run<2>(layout, 0, wsize,
                           [&](const std::array<int64_t, 2>& off, int64_t n,
                               const std::array<int64_t, 2>& st) {
                             if (st[0] == 1 && st[1] == 1) { // rows of a table: vectorizes
                               T* y = dst + off[1];
                               const T* x = src + off[0];
                               for (int64_t i = 0; i < n; ++i) y[i] = op(y[i], x[i]);
                               return;
                             }
                             for (int64_t i = 0; i < n; ++i) {
                               T& y = dst[off[1] + i * st[1]];
                               y = op(y, src[off[0] + i * st[0]]);
                             }
                           });
    }
    // Advance the row-major position over the index dims.
    for (int d = idx_ndim - 1; d >= 0; --d) {
      upd_base += upd.strides()[d];
      if (++pos[d] < upd.shape(d)) break;
      upd_base -= int64_t(pos[d]) * upd.strides()[d];
      pos[d] = 0;
    }
  }
}

} // namespace

const char* Scatter::name() const {
  switch (reduce_) {
    case None: return "Scatter";
    case Sum: return "ScatterSum";
    case Prod: return "ScatterProd";
    case Max: return "ScatterMax";
    case Min: return "ScatterMin";
  }
  return "Scatter";
}

bool Scatter::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const Scatter&>(other);
  return reduce_ == o.reduce_ && axes_ == o.axes_;
}

void Scatter::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& src = inputs[0];
  const array& upd = inputs.back();
  std::vector<array> indices(inputs.begin() + 1, inputs.end() - 1);
  int idx_ndim = upd.ndim() - src.ndim();
  // The updates must be the indices' shape followed by a window that fits in
  // the source. Ops build them so, but a graph replayed on new shapes
  // (shapeless compile, imported functions) may not: never write past them.
  bool fits = idx_ndim >= 0;
  for (const array& idx : indices) {
    fits = fits && idx.ndim() == idx_ndim &&
           std::equal(idx.shape().begin(), idx.shape().end(), upd.shape().begin());
  }
  for (int d = 0; fits && d < src.ndim(); ++d) fits = upd.shape(idx_ndim + d) <= src.shape(d);
  if (!fits) {
    throw std::invalid_argument(std::string("[") + name() + "] Updates of shape " +
                                shape_str(upd.shape()) +
                                " do not match the indices and source of shape " +
                                shape_str(src.shape()) +
                                " (a graph traced for other shapes cannot follow these).");
  }
  Shape window(upd.shape().begin() + idx_ndim, upd.shape().end());
  // The output is row-major; decode (and bounds-check) the indices against
  // it before the source buffer may be donated.
  Strides out_strides = row_major_strides(src.shape());
  auto offsets =
      cpu::window_offsets("scatter", src.shape(), out_strides, indices, axes_, window);
  if (src.flags().row_contiguous && src.is_donatable()) {
    out.move_shared_buffer(src);
  } else {
    cpu::copy_to_row_major(src, out);
  }
  if (upd.size() == 0) return;
  if (indices.empty()) offsets.assign(1, 0);
  dispatch_all_types(out.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    T* o = out.data<T>();
    auto run = [&](auto op) {
      if constexpr (std::is_invocable_v<decltype(op), T, T>) {
        scatter_windows<T>(upd, idx_ndim, offsets, out_strides, o, op);
      } else {
        throw std::invalid_argument(std::string("[") + name() + "] Not supported for this dtype.");
      }
    };
    switch (reduce_) {
      case None: return run(Assign{});
      case Sum: return run(kernel_ops::Add{});
      case Prod: return run(kernel_ops::Multiply{});
      case Max: return run(kernel_ops::Maximum{});
      case Min: return run(kernel_ops::Minimum{});
    }
  });
}

} // namespace mxcore
