// CPU kernel of Gather, and the index decoding Gather and Scatter share.
#include <sstream>

#include "backend/cpu/indexing.h"
#include "backend/cpu/strided.h"
#include "kernel/dtype_dispatch.h"
#include "ops/util.h"

namespace mxcore {

namespace cpu {

namespace {

template <typename T>
void read_indices(const array& idx, int64_t n, int64_t window, int64_t stride, int axis,
                  const char* op, std::vector<int64_t>& offsets) {
  const T* data = idx.data<T>();
  auto layout = collapse_dims<1>(idx.shape(), {&idx.strides()});
  int64_t pos = 0;
  for_each_run<1>(layout, 0, layout.size(),
                  [&](const std::array<int64_t, 1>& off, int64_t len,
                      const std::array<int64_t, 1>& st) {
                    for (int64_t i = 0; i < len; ++i, ++pos) {
                      int64_t v = static_cast<int64_t>(data[off[0] + i * st[0]]);
                      if constexpr (std::is_unsigned_v<T>) {
                        // uint64 values beyond int64 read as negative: reject them too.
                        if (v < 0) v = n;
                      } else {
                        if (v < 0) v += n;
                      }
                      if (v < 0 || v + window > n) {
                        int64_t raw = static_cast<int64_t>(data[off[0] + i * st[0]]);
                        std::ostringstream msg;
                        msg << "[" << op << "] Index " << raw << " is out of bounds for axis "
                            << axis << " with size " << n;
                        if (window != 1) msg << " (window of size " << window << ")";
                        msg << ".";
                        throw std::out_of_range(msg.str());
                      }
                      offsets[pos] += v * stride;
                    }
                  });
}

} // namespace

std::vector<int64_t> window_offsets(const char* op, const Shape& shape, const Strides& strides,
                                    const std::vector<array>& indices,
                                    const std::vector<int>& axes, const Shape& window) {
  // Ops broadcast the index arrays together and size windows within the
  // source, but a graph replayed on new shapes (shapeless compile, imported
  // functions) may not have: check before writing one offset per position.
  for (const array& idx : indices) {
    if (idx.shape() != indices[0].shape()) {
      throw std::invalid_argument(std::string("[") + op + "] Index arrays of shapes " +
                                  shape_str(indices[0].shape()) + " and " +
                                  shape_str(idx.shape()) +
                                  " do not match (a graph traced for other shapes cannot "
                                  "follow these).");
    }
  }
  for (size_t d = 0; d < window.size() && d < shape.size(); ++d) {
    if (window[d] > shape[d]) {
      throw std::invalid_argument(std::string("[") + op + "] A window of shape " +
                                  shape_str(window) + " does not fit a source of shape " +
                                  shape_str(shape) + ".");
    }
  }
  size_t count = indices.empty() ? 1 : indices[0].size();
  std::vector<int64_t> offsets(count, 0);
  for (size_t k = 0; k < indices.size(); ++k) {
    const array& idx = indices[k];
    int ax = axes[k];
    auto read = [&](auto tag) {
      using T = MXCORE_TAG_TYPE(tag);
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        read_indices<T>(idx, shape[ax], window[ax], strides[ax], ax, op, offsets);
      } else {
        throw std::invalid_argument(std::string("[") + op + "] Indices must be integral.");
      }
    };
    dispatch_all_types(idx.dtype(), read);
  }
  return offsets;
}

} // namespace cpu

void Gather::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& src = inputs[0];
  std::vector<array> indices(inputs.begin() + 1, inputs.end());
  // Decode (and bounds-check) every index before allocating the output.
  auto offsets = cpu::window_offsets("gather", src.shape(), src.strides(), indices, axes_,
                                     slice_sizes_);
  int64_t window = 1;
  for (auto s : slice_sizes_) window *= s;
  if (static_cast<int64_t>(offsets.size()) * window != static_cast<int64_t>(out.size())) {
    throw std::invalid_argument("[gather] An output of shape " + shape_str(out.shape()) +
                                " does not hold the gathered windows (a graph traced for "
                                "other shapes cannot follow these).");
  }
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  // Row-major strides of one window inside the output.
  Strides out_strides(slice_sizes_.size());
  int64_t acc = 1;
  for (int i = static_cast<int>(slice_sizes_.size()) - 1; i >= 0; --i) {
    out_strides[i] = acc;
    acc *= slice_sizes_[i];
  }
  auto layout = cpu::collapse_dims<2>(slice_sizes_, {&src.strides(), &out_strides});
  int64_t count = static_cast<int64_t>(offsets.size());
  dispatch_by_size(static_cast<int>(src.itemsize()), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    const T* s = static_cast<const T*>(src.raw_data());
    T* d = static_cast<T*>(out.raw_data());
    int64_t grain = std::max<int64_t>(1, cpu::elementwise_grain / window);
    cpu::parallel_for(count, grain, [&](int64_t begin, int64_t end) {
      if (window == 1) {
        for (int64_t p = begin; p < end; ++p) d[p] = s[offsets[p]];
        return;
      }
      for (int64_t p = begin; p < end; ++p) {
        const T* base = s + offsets[p];
        T* dst = d + p * window;
        cpu::for_each_run<2>(layout, 0, window,
                             [&](const std::array<int64_t, 2>& off, int64_t n,
                                 const std::array<int64_t, 2>& st) {
                               for (int64_t i = 0; i < n; ++i) {
                                 dst[off[1] + i * st[1]] = base[off[0] + i * st[0]];
                               }
                             });
      }
    });
  });
}

} // namespace mxcore
