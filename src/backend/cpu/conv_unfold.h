// The convolution's unfolding (im2col) and its adjoint (col2im): where each
// (output position, kernel tap) pair reads the input, and the loops that copy
// an output row's window into a row of the unfolded matrix or add it back.
//
// Input dilation, padding (negative: cropping) and stride are resolved by
// per-dimension tap tables, so the input is read in place with any strides.
// Rows are walked with a cursor (no division per row); a position whose taps
// all land inside the input ("interior", most of them) reads its window
// through one table of offsets relative to its first tap, so small channel
// counts (one input channel: nine scalars per 3x3 window) cost a few cycles
// per tap instead of a per-dimension tap lookup.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <vector>

#include "mxcore/array.h"
#include "primitives/conv.h"

namespace mxcore::cpu {

// Marks a tap that reads padding or a dilation zero (offsets themselves may be
// negative: views can have negative strides).
constexpr int64_t kConvMiss = INT64_MIN;

// taps[d][o * K_d + k] is an element offset into the input, or kConvMiss when
// the tap lands on padding or on a zero inserted by input dilation.
struct Geometry {
  int nd = 0;
  Shape out_spatial;
  Shape kernel;
  std::vector<std::vector<int64_t>> taps;
  // interior[d][o]: every tap of output index o along d hits the input.
  std::vector<std::vector<uint8_t>> interior;
  // Offset of kernel tap kp (flattened, last dim fastest) from tap 0, for
  // interior positions.
  std::vector<int64_t> relative;
  // Per output position (flattened spatial index): the offset of its first
  // tap when all its taps hit, else kConvMiss. Empty for huge outputs.
  std::vector<int64_t> origin;
  int64_t batch_stride = 0;
  int64_t channel_stride = 0;
  int64_t kernel_size = 1;
  int64_t positions = 1; // product of out_spatial
};

// in: (N, *spatial, C) read by the kernel; w: the weight (its spatial shape is
// the kernel's); out: (N, *out_spatial, C_out).
Geometry make_geometry(const array& in, const array& w, const array& out, const ConvParams& p);

// Walks output rows (batch, position) in order from a starting row.
class RowCursor {
 public:
  RowCursor(const Geometry& g, int64_t row) : g_(g) {
    for (int d = g.nd - 1; d >= 0; --d) {
      o_[d] = row % g.out_spatial[d];
      row /= g.out_spatial[d];
    }
    batch_ = row;
  }
  void next() {
    for (int d = g_.nd - 1; d >= 0; --d) {
      if (++o_[d] < g_.out_spatial[d]) return;
      o_[d] = 0;
    }
    ++batch_;
  }
  int64_t batch() const { return batch_; }
  const int64_t* taps(int d) const { return g_.taps[d].data() + o_[d] * g_.kernel[d]; }
  // The offset of the position's first tap when all its taps hit, else kConvMiss.
  int64_t interior_origin() const {
    int64_t off = 0;
    for (int d = 0; d < g_.nd; ++d) {
      if (!g_.interior[d][o_[d]]) return kConvMiss;
      off += taps(d)[0];
    }
    return off;
  }
  // Calls fn(kp, offset or kConvMiss) for every tap of a border position.
  template <typename F>
  void for_each_tap(F&& fn) const {
    const int nd = g_.nd;
    int k[8] = {0};
    for (int64_t kp = 0; kp < g_.kernel_size; ++kp) {
      int64_t off = 0;
      bool hit = true;
      for (int d = 0; d < nd; ++d) {
        int64_t t = taps(d)[k[d]];
        hit &= t != kConvMiss;
        off += hit ? t : 0;
      }
      fn(kp, hit ? off : kConvMiss);
      for (int d = nd - 1; d >= 0; --d) { // next kernel tap, last dim fastest
        if (++k[d] < g_.kernel[d]) break;
        k[d] = 0;
      }
    }
  }

 private:
  const Geometry& g_;
  std::array<int64_t, 8> o_{};
  int64_t batch_ = 0;
};

// A row's batch and output position, advanced without division; its
// interior origin from the geometry's table (or the cursor where there is none).
struct RowPosition {
  RowPosition(const Geometry& g, int64_t row)
      : g(g), batch(row / g.positions), position(row % g.positions) {}
  void next() {
    if (++position == g.positions) {
      position = 0;
      ++batch;
    }
  }
  int64_t origin(int64_t row) const {
    return g.origin.empty() ? RowCursor(g, row).interior_origin() : g.origin[position];
  }
  const Geometry& g;
  int64_t batch;
  int64_t position;
};

template <typename Tin, typename Tc>
inline void copy_channels(const Tin* src, int64_t cs, int cg, Tc* dst) {
  if (cs == 1) {
    for (int c = 0; c < cg; ++c) dst[c] = static_cast<Tc>(src[c]);
  } else {
    for (int c = 0; c < cg; ++c) dst[c] = static_cast<Tc>(src[c * cs]);
  }
}

// Unfolds output rows [r0, r1) of channel group `group` into col (row length
// kernel_size * cg, ordered like the weight's (kernel position, channel)).
template <typename Tin, typename Tc>
void im2col(const Tin* x, const Geometry& g, int group, int cg, int64_t r0, int64_t r1, Tc* col) {
  const int64_t row_len = g.kernel_size * cg;
  const int64_t cs = g.channel_stride;
  const int64_t* rel = g.relative.data();
  RowPosition at(g, r0);
  for (int64_t r = r0; r < r1; ++r, at.next()) {
    const Tin* base = x + at.batch * g.batch_stride + int64_t(group) * cg * cs;
    Tc* dst = col + (r - r0) * row_len;
    const int64_t origin = at.origin(r);
    if (origin != kConvMiss) {
      const Tin* src = base + origin;
      if (cg == 1) {
        for (int64_t kp = 0; kp < g.kernel_size; ++kp) dst[kp] = static_cast<Tc>(src[rel[kp]]);
      } else {
        for (int64_t kp = 0; kp < g.kernel_size; ++kp) {
          copy_channels(src + rel[kp], cs, cg, dst + kp * cg);
        }
      }
      continue;
    }
    RowCursor(g, r).for_each_tap([&](int64_t kp, int64_t off) {
      if (off != kConvMiss) {
        copy_channels(base + off, cs, cg, dst + kp * cg);
      } else {
        std::fill(dst + kp * cg, dst + (kp + 1) * cg, Tc(0));
      }
    });
  }
}

// Adds the unfolded rows [r0, r1) of `col` back into the input positions
// they were read from (the adjoint of im2col); dx is row-major.
template <typename Tc>
void col2im(const Tc* col, const Geometry& g, int group, int cg, int64_t r0, int64_t r1, Tc* dx) {
  const int64_t row_len = g.kernel_size * cg;
  const int64_t* rel = g.relative.data();
  RowPosition at(g, r0);
  for (int64_t r = r0; r < r1; ++r, at.next()) {
    Tc* base = dx + at.batch * g.batch_stride + int64_t(group) * cg;
    const Tc* src = col + (r - r0) * row_len;
    const int64_t origin = at.origin(r);
    if (origin != kConvMiss) {
      Tc* d0 = base + origin;
      for (int64_t kp = 0; kp < g.kernel_size; ++kp) {
        Tc* d = d0 + rel[kp];
        const Tc* s = src + kp * cg;
        for (int c = 0; c < cg; ++c) d[c] += s[c];
      }
      continue;
    }
    RowCursor(g, r).for_each_tap([&](int64_t kp, int64_t off) {
      if (off == kConvMiss) return;
      Tc* d = base + off;
      const Tc* s = src + kp * cg;
      for (int c = 0; c < cg; ++c) d[c] += s[c];
    });
  }
}

} // namespace mxcore::cpu
