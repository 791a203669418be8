// The tap tables of conv_unfold.h.
#include "backend/cpu/conv_unfold.h"

#include <stdexcept>

namespace mxcore::cpu {

Geometry make_geometry(const array& in, const array& w, const array& out, const ConvParams& p) {
  Geometry g;
  g.nd = in.ndim() - 2;
  if (g.nd > 8) {
    throw std::invalid_argument("[conv] At most 8 spatial dimensions are supported.");
  }
  g.batch_stride = in.strides()[0];
  g.channel_stride = in.strides()[in.ndim() - 1];
  std::vector<std::vector<int64_t>> relative_per_dim;
  for (int d = 0; d < g.nd; ++d) {
    const int64_t len = in.shape(d + 1), k_len = w.shape(d + 1), o_len = out.shape(d + 1);
    g.out_spatial.push_back(o_len);
    g.kernel.push_back(k_len);
    g.kernel_size *= k_len;
    g.positions *= o_len;
    std::vector<int64_t> taps(o_len * k_len);
    std::vector<uint8_t> interior(o_len, 1);
    for (int64_t o = 0; o < o_len; ++o) {
      for (int64_t k = 0; k < k_len; ++k) {
        // Position in the dilated, padded input.
        int64_t pos = o * p.stride[d] + k * p.kernel_dilation[d] - p.padding_lo[d];
        int64_t idil = p.input_dilation[d];
        bool hit = pos >= 0 && pos % idil == 0 && pos / idil < len;
        taps[o * k_len + k] = hit ? (pos / idil) * in.strides()[d + 1] : kConvMiss;
        interior[o] &= hit;
      }
    }
    // Interior windows along d are translates of each other: the same offsets
    // from their first tap (checked, so the fast path never guesses).
    std::vector<int64_t> rel;
    for (int64_t o = 0; o < o_len; ++o) {
      if (!interior[o]) continue;
      const int64_t* t = taps.data() + o * k_len;
      if (rel.empty()) {
        for (int64_t k = 0; k < k_len; ++k) rel.push_back(t[k] - t[0]);
        continue;
      }
      for (int64_t k = 0; k < k_len && interior[o]; ++k) interior[o] = t[k] - t[0] == rel[k];
    }
    if (rel.empty()) rel.assign(k_len, 0);
    relative_per_dim.push_back(std::move(rel));
    g.taps.push_back(std::move(taps));
    g.interior.push_back(std::move(interior));
  }
  // Flattened kernel taps, last dim fastest.
  g.relative.assign(g.kernel_size, 0);
  for (int64_t kp = 0; kp < g.kernel_size; ++kp) {
    int64_t rest = kp, off = 0;
    for (int d = g.nd - 1; d >= 0; --d) {
      off += relative_per_dim[d][rest % g.kernel[d]];
      rest /= g.kernel[d];
    }
    g.relative[kp] = off;
  }
  constexpr int64_t kMaxOriginTable = int64_t(1) << 18;
  if (g.positions <= kMaxOriginTable) {
    g.origin.resize(g.positions);
    for (int64_t pos = 0; pos < g.positions; ++pos) {
      g.origin[pos] = RowCursor(g, pos).interior_origin();
    }
  }
  return g;
}

} // namespace mxcore::cpu
