// Eager CPU convolution: im2col into a bounded scratch buffer + a product.
//
// Output rows (batch x output positions, flattened) are processed in tiles of
// at most ~kTileBytes of unfolded input, so a tile is unfolded and multiplied
// while it is in cache, and the tiles are shared out over the thread pool
// (each thread unfolds its own tiles and runs its own single-threaded
// products). For one tile and one group, row r of the scratch holds the
// input values under the kernel at that output position, ordered like the
// weight's (kernel position, channel) flattening (conv_unfold.h); one product
// against the (C_out/groups, kernel*C_in/groups) weight block writes the
// output columns of that group. Narrow float products run on the register
// tiles of conv_small_gemm.h, the rest through gemm::sgemm (mxcore's own GEMM
// where it wins, else BLAS). float16/bfloat16 are unfolded and multiplied in
// float32.
#include <cblas.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <optional>

#include "backend/cpu/conv.h"
#include "backend/cpu/conv_depthwise.h"
#include "backend/cpu/conv_single_channel.h"
#include "backend/cpu/conv_small_gemm.h"
#include "backend/cpu/conv_unfold.h"
#include "backend/cpu/copy.h"
#include "backend/cpu/gemm/gemm.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::cpu {

namespace {

// A tile of unfolded input stays in the per-core cache between im2col and gemm.
constexpr int64_t kTileBytes = int64_t(256) << 10;
// The register-tiled products need no packing, so their tiles stay in L1.
constexpr int64_t kSmallTileBytes = int64_t(32) << 10;
// Multiply-adds below which a convolution runs on the calling thread alone
// (waking the pool costs more than the second core gains; matmul's threshold).
constexpr int64_t kParallelWork = int64_t(1) << 21;

// float32 goes through gemm::sgemm (mxcore's GEMM where it wins, else BLAS);
// inside a tile loop on the pool it runs on the calling thread alone.
void gemm(bool ta, int m, int n, int k, const float* a, int lda, const float* b, int ldb,
          float beta, float* c, int ldc) {
  gemm::sgemm({ta, !ta, m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc});
}
void gemm(bool ta, int m, int n, int k, const double* a, int lda, const double* b, int ldb,
          double beta, double* c, int ldc) {
  scipy_cblas_dgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, ta ? CblasNoTrans : CblasTrans,
                    m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
}

void scipy_gemm_nn(int m, int n, int k, const float* a, int lda, const float* b, int ldb,
                   float* c, int ldc) {
  gemm::sgemm({false, false, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc});
}
void scipy_gemm_nn(int m, int n, int k, const double* a, int lda, const double* b, int ldb,
                   double* c, int ldc) {
  scipy_cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, lda, b, ldb, 0.0,
                    c, ldc);
}

// How `rows` output rows are cut into tiles and the tiles into parts, one
// part per thread when the work is worth the pool.
struct TilePlan {
  int64_t tile = 1;  // rows per tile
  int64_t tiles = 0; // tile count
  int64_t parts = 1;
  int64_t part_begin(int64_t part) const { return part * tiles / parts; }
};

TilePlan plan_tiles(int64_t rows, int64_t row_len, int64_t work, size_t elem,
                    int64_t tile_bytes = kTileBytes) {
  TilePlan t;
  t.tile = std::min<int64_t>(rows, std::max<int64_t>(16, tile_bytes / (row_len * int64_t(elem))));
  const bool threaded = work >= kParallelWork && num_threads() > 1;
  if (threaded) {
    t.tile = std::min<int64_t>(t.tile, std::max<int64_t>(16, (rows + num_threads() - 1) / num_threads()));
  }
  t.tile = std::max<int64_t>(t.tile, 1);
  t.tiles = (rows + t.tile - 1) / t.tile;
  t.parts = threaded ? std::min<int64_t>(num_threads(), t.tiles) : 1;
  return t;
}

// Runs fn(part) for every part, over the pool when there are several.
template <typename F>
void for_each_part(int64_t parts, F&& fn) {
  if (parts == 1) {
    fn(int64_t(0));
    return;
  }
  parallel_for(parts, 1, [&](int64_t b, int64_t e) {
    for (int64_t part = b; part < e; ++part) fn(part);
  });
}

template <typename Tc>
array scratch(int64_t elements) {
  return array(allocator::malloc(std::max<int64_t>(1, elements) * sizeof(Tc)),
               {int(std::max<int64_t>(1, elements))}, dtype_of<Tc>);
}

// Reverses the kernel index of a row-major (rows, kernel_size, cg) matrix.
template <typename Tc>
void flip_kernel(Tc* p, int64_t rows, int64_t kernel_size, int cg) {
  const int64_t row = kernel_size * cg;
  for (int64_t co = 0; co < rows; ++co) {
    Tc* r = p + co * row;
    for (int64_t k = 0; k < kernel_size / 2; ++k) {
      std::swap_ranges(r + k * cg, r + (k + 1) * cg, r + (kernel_size - 1 - k) * cg);
    }
  }
}

// The weight as a row-major (C_out, kernel_size, cg) matrix of the compute
// type; flipping every spatial axis reverses the flattened kernel index.
template <typename Tc>
array weight_matrix(const array& w, int64_t kernel_size, int cg, bool flip) {
  array wc(allocator::malloc(w.size() * sizeof(Tc)), w.shape(), dtype_of<Tc>);
  copy_into(w, wc);
  if (flip) flip_kernel(wc.data<Tc>(), w.shape(0), kernel_size, cg);
  return wc;
}

// The register-blocked products (conv_small_gemm.h) take ungrouped float
// products whose (k x n) right-hand side stays in the per-core cache; larger
// ones go to the BLAS path.
template <typename Tc>
bool use_small_gemm(int groups, int64_t k, int64_t n) {
  constexpr int64_t kMaxRhsFloats = int64_t(64) << 10;
  return std::is_same_v<Tc, float> && groups == 1 && conv_small_gemm_available() &&
         k * small_gemm_padded(n) <= kMaxRhsFloats;
}

// m (rows, cols) -> its transpose with rows padded by zeros to whole vectors:
// the right-hand side layout small_gemm reads.
array padded_transpose(const float* m, int64_t rows, int64_t cols) {
  const int64_t ld = small_gemm_padded(rows);
  array t = scratch<float>(cols * ld);
  float* tp = t.data<float>();
  std::fill(tp, tp + cols * ld, 0.0f);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) tp[c * ld + r] = m[r * cols + c];
  }
  return t;
}

// A 1x1, stride-1, unpadded, ungrouped convolution of a row-contiguous input.
bool is_pointwise(const array& in, const Geometry& g, const ConvParams& p) {
  if (g.kernel_size != 1 || p.groups != 1 || !in.flags().row_contiguous ||
      int64_t(in.shape(0)) * g.positions > INT_MAX) {
    return false;
  }
  for (int d = 0; d < g.nd; ++d) {
    if (p.stride[d] != 1 || p.padding_lo[d] != 0 || p.padding_hi[d] != 0 ||
        p.input_dilation[d] != 1) {
      return false;
    }
  }
  return true;
}

template <typename Tin, typename Tc>
void conv_typed(const array& in, const array& w, array& out, const ConvParams& p) {
  constexpr bool direct = std::is_same_v<Tin, Tc>; // gemm writes the output itself
  const Geometry g = make_geometry(in, w, out, p);
  const int c_out = out.shape(-1);
  const int groups = p.groups;
  const int cg = in.shape(-1) / groups;
  const int og = c_out / groups;
  const int64_t row_len = g.kernel_size * cg;
  const int64_t rows = int64_t(in.shape(0)) * g.positions;
  Tin* dst = out.data<Tin>();
  if (row_len == 0) { // empty contraction
    std::fill(dst, dst + out.size(), Tin(0));
    return;
  }
  array wc = weight_matrix<Tc>(w, g.kernel_size, cg, p.flip);
  const Tc* wp = wc.data<Tc>();
  if constexpr (direct) {
    if (is_pointwise(in, g, p)) { // 1x1: the input already is the unfolded matrix
      gemm(false, int(rows), c_out, cg, in.data<Tin>(), cg, wp, cg, Tc(0), dst, c_out);
      return;
    }
  }
  if (cg == 1 && groups > 1) {
    depthwise_conv(in.data<Tin>(), g, wp, groups, c_out / groups, rows, dst);
    return;
  }

  // The small path multiplies by the weight's padded transpose.
  std::optional<array> wt;
  if constexpr (std::is_same_v<Tc, float>) {
    if (use_small_gemm<Tc>(groups, row_len, c_out)) wt = padded_transpose(wp, c_out, row_len);
  }
  const TilePlan plan = plan_tiles(rows, row_len, rows * row_len * c_out, sizeof(Tc),
                                   wt ? kSmallTileBytes : kTileBytes);
  const Tin* x = in.data<Tin>();
  if constexpr (direct && std::is_same_v<Tc, float>) {
    if (wt && cg == 1 && single_channel_conv_fits(g, c_out)) { // taps read into registers
      for_each_part(plan.parts, [&](int64_t part) {
        const int64_t r0 = plan.part_begin(part) * plan.tile;
        const int64_t r1 = std::min(rows, plan.part_begin(part + 1) * plan.tile);
        single_channel_forward(x, g, wt->data<float>(), small_gemm_padded(c_out), c_out, r0,
                               r1, dst + r0 * c_out);
      });
      return;
    }
  }
  for_each_part(plan.parts, [&](int64_t part) {
    array col = scratch<Tc>(plan.tile * row_len);
    Tc* cp = col.data<Tc>();
    std::optional<array> acc;
    if constexpr (!direct) acc = scratch<Tc>(plan.tile * c_out);
    for (int64_t t = plan.part_begin(part); t < plan.part_begin(part + 1); ++t) {
      const int64_t r0 = t * plan.tile;
      const int64_t m = std::min(plan.tile, rows - r0);
      Tc* c_tile;
      if constexpr (direct) {
        c_tile = dst + r0 * c_out;
      } else {
        c_tile = acc->template data<Tc>();
      }
      for (int grp = 0; grp < groups; ++grp) {
        im2col<Tin, Tc>(x, g, grp, cg, r0, r0 + m, cp);
        if constexpr (std::is_same_v<Tc, float>) {
          if (wt) {
            small_gemm(m, c_out, row_len, cp, row_len, wt->data<float>(),
                       small_gemm_padded(c_out), c_tile, c_out);
            continue;
          }
        }
        // out[:, group] = col @ w[group]^T
        gemm(false, int(m), og, int(row_len), cp, int(row_len),
             wp + int64_t(grp) * og * row_len, int(row_len), Tc(0),
             c_tile + int64_t(grp) * og, c_out);
      }
      if constexpr (!direct) {
        Tin* o = dst + r0 * c_out;
        for (int64_t i = 0; i < m * c_out; ++i) o[i] = static_cast<Tin>(c_tile[i]);
      }
    }
  });
}

// The weight gradient through small_gemm_at_b: every part folds its tiles
// into a (kernel * cg, padded C_out) sum, the parts are added in order, and
// the total is transposed into the weight's (C_out, kernel * cg) layout.
template <typename Tin>
void weight_grad_small(const Tin* x, const Geometry& g, const TilePlan& plan, const float* dy,
                       int cg, int c_out, int64_t rows, bool flip, Tin* dst) {
  const int64_t row_len = g.kernel_size * cg;
  const int64_t ld = small_gemm_padded(c_out);
  const int64_t part_size = row_len * ld;
  array sums = scratch<float>(plan.parts * part_size);
  float* sp = sums.data<float>();
  for_each_part(plan.parts, [&](int64_t part) {
    float* acc = sp + part * part_size;
    std::fill(acc, acc + part_size, 0.0f);
    if constexpr (std::is_same_v<Tin, float>) {
      if (cg == 1 && single_channel_conv_fits(g, c_out)) { // taps read into registers
        const int64_t r0 = plan.part_begin(part) * plan.tile;
        const int64_t r1 = std::min(rows, plan.part_begin(part + 1) * plan.tile);
        single_channel_weight_grad(x, g, dy + r0 * c_out, c_out, r0, r1, plan.tile, acc, ld);
        return;
      }
    }
    array col = scratch<float>(plan.tile * row_len);
    float* cp = col.data<float>();
    for (int64_t t = plan.part_begin(part); t < plan.part_begin(part + 1); ++t) {
      const int64_t r0 = t * plan.tile;
      const int64_t m = std::min(plan.tile, rows - r0);
      im2col<Tin, float>(x, g, 0, cg, r0, r0 + m, cp);
      small_gemm_at_b(m, c_out, row_len, cp, row_len, dy + r0 * c_out, c_out, acc, ld);
    }
  });
  for (int64_t part = 1; part < plan.parts; ++part) {
    const float* partial = sp + part * part_size;
    for (int64_t i = 0; i < part_size; ++i) sp[i] += partial[i];
  }
  std::optional<array> widened;
  float* total;
  if constexpr (std::is_same_v<Tin, float>) {
    total = dst;
  } else {
    widened = scratch<float>(c_out * row_len);
    total = widened->data<float>();
  }
  for (int co = 0; co < c_out; ++co) {
    for (int64_t k = 0; k < row_len; ++k) total[co * row_len + k] = sp[k * ld + co];
  }
  if (flip) flip_kernel(total, c_out, g.kernel_size, cg);
  if constexpr (!std::is_same_v<Tin, float>) {
    for (int64_t i = 0; i < c_out * row_len; ++i) dst[i] = static_cast<Tin>(total[i]);
  }
}

// dw[group] = sum over row tiles of dy[:, group]^T @ col[group]: the forward
// unfolding of the input, contracted with the cotangent (MLX's "patches"
// weight gradient) and accumulated tile by tile in a (C_out, kernel * cg) buffer.
template <typename Tin, typename Tc>
void weight_grad_typed(const array& in, const array& cotan, array& out, const ConvParams& p) {
  constexpr bool direct = std::is_same_v<Tin, Tc>;
  const Geometry g = make_geometry(in, out, cotan, p);
  const int c_out = cotan.shape(-1);
  const int groups = p.groups;
  const int cg = in.shape(-1) / groups;
  const int og = c_out / groups;
  const int64_t row_len = g.kernel_size * cg;
  const int64_t rows = int64_t(in.shape(0)) * g.positions;
  Tin* dst = out.data<Tin>();
  if (rows == 0) {
    std::fill(dst, dst + out.size(), Tin(0));
    return;
  }
  array dy = cotan;
  if (!direct || !cotan.flags().row_contiguous) {
    dy = array(allocator::malloc(cotan.size() * sizeof(Tc)), cotan.shape(), dtype_of<Tc>);
    copy_into(cotan, dy);
  }
  const Tc* dyp = dy.data<Tc>();
  const bool small = use_small_gemm<Tc>(groups, row_len, c_out);
  const TilePlan plan = plan_tiles(rows, row_len, rows * row_len * c_out, sizeof(Tc),
                                   small ? kSmallTileBytes : kTileBytes);
  if constexpr (std::is_same_v<Tc, float>) {
    if (small) {
      weight_grad_small(in.data<Tin>(), g, plan, dyp, cg, c_out, rows, p.flip, dst);
      return;
    }
  }
  // Part 0 accumulates into the result (when it has the compute type), every
  // other part into its own partial sum, added in part order afterwards.
  const int64_t w_size = int64_t(out.size());
  array sums = scratch<Tc>((direct ? plan.parts - 1 : plan.parts) * w_size);
  auto part_sum = [&](int64_t part) -> Tc* {
    if constexpr (direct) {
      if (part == 0) return dst;
      return sums.data<Tc>() + (part - 1) * w_size;
    } else {
      return sums.data<Tc>() + part * w_size;
    }
  };
  const Tin* x = in.data<Tin>();
  for_each_part(plan.parts, [&](int64_t part) {
    array col = scratch<Tc>(plan.tile * row_len);
    Tc* cp = col.data<Tc>();
    Tc* accp = part_sum(part);
    const int64_t t0 = plan.part_begin(part), t1 = plan.part_begin(part + 1);
    if (t0 == t1) std::fill(accp, accp + w_size, Tc(0));
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t r0 = t * plan.tile;
      const int64_t m = std::min(plan.tile, rows - r0);
      for (int grp = 0; grp < groups; ++grp) {
        im2col<Tin, Tc>(x, g, grp, cg, r0, r0 + m, cp);
        gemm(true, og, int(row_len), int(m), dyp + r0 * c_out + int64_t(grp) * og, c_out, cp,
             int(row_len), Tc(t == t0 ? 0 : 1), accp + int64_t(grp) * og * row_len,
             int(row_len));
      }
    }
  });
  Tc* total = part_sum(0);
  for (int64_t part = 1; part < plan.parts; ++part) {
    const Tc* partial = part_sum(part);
    for (int64_t i = 0; i < w_size; ++i) total[i] += partial[i];
  }
  if (p.flip) flip_kernel(total, c_out, g.kernel_size, cg);
  if constexpr (!direct) {
    for (int64_t i = 0; i < w_size; ++i) dst[i] = static_cast<Tin>(total[i]);
  }
}

// dx = col2im(dy @ W) tile by tile: the cotangent times the weight matrix
// gives the gradient of every unfolded row, scattered back onto the input.
template <typename Tin, typename Tc>
void input_grad_typed(const array& w, const array& cotan, array& out, const ConvParams& p) {
  constexpr bool direct = std::is_same_v<Tin, Tc>;
  array acc = out;
  if constexpr (!direct) {
    acc = array(allocator::malloc(out.size() * sizeof(Tc)), out.shape(), dtype_of<Tc>);
  }
  Tc* dx = acc.data<Tc>();
  std::fill(dx, dx + acc.size(), Tc(0));
  const Geometry g = make_geometry(acc, w, cotan, p); // acc is row-major like out
  const int c_out = cotan.shape(-1);
  const int groups = p.groups;
  const int cg = out.shape(-1) / groups;
  const int og = c_out / groups;
  const int64_t row_len = g.kernel_size * cg;
  const int64_t rows = int64_t(out.shape(0)) * g.positions;
  if (rows > 0 && row_len > 0 && og > 0) {
    array wc = weight_matrix<Tc>(w, g.kernel_size, cg, p.flip);
    const Tc* wp = wc.data<Tc>();
    array dy = cotan;
    if (!direct || !cotan.flags().row_contiguous) {
      dy = array(allocator::malloc(cotan.size() * sizeof(Tc)), cotan.shape(), dtype_of<Tc>);
      copy_into(cotan, dy);
    }
    const Tc* dyp = dy.data<Tc>();
    // The small path reads the weight with rows padded to whole vectors.
    std::optional<array> wpad;
    if constexpr (std::is_same_v<Tc, float>) {
      if (use_small_gemm<Tc>(groups, og, row_len)) {
        const int64_t ld = small_gemm_padded(row_len);
        wpad = scratch<float>(og * ld);
        float* pp = wpad->data<float>();
        std::fill(pp, pp + og * ld, 0.0f);
        for (int co = 0; co < og; ++co) std::copy(wp + co * row_len, wp + (co + 1) * row_len, pp + co * ld);
      }
    }
    // Windows of one image overlap, so its scatter stays on one thread; the
    // parts are whole images (their gradients are disjoint).
    const int64_t images = out.shape(0);
    const int64_t tile =
        plan_tiles(rows, row_len, 0, sizeof(Tc), wpad ? kSmallTileBytes : kTileBytes).tile;
    const int64_t parts = rows * row_len * c_out >= kParallelWork
                              ? std::min<int64_t>(num_threads(), images)
                              : 1;
    for_each_part(parts, [&](int64_t part) {
      array col = scratch<Tc>(tile * row_len);
      Tc* cp = col.data<Tc>();
      const int64_t r_end = (part + 1) * images / parts * g.positions;
      for (int64_t r0 = part * images / parts * g.positions; r0 < r_end; r0 += tile) {
        const int64_t m = std::min(tile, r_end - r0);
        for (int grp = 0; grp < groups; ++grp) {
          if constexpr (std::is_same_v<Tc, float>) {
            if (wpad) {
              small_gemm(m, row_len, og, dyp + r0 * c_out, c_out, wpad->data<float>(),
                         small_gemm_padded(row_len), cp, row_len);
              col2im<Tc>(cp, g, grp, cg, r0, r0 + m, dx);
              continue;
            }
          }
          // col = dy[:, group] @ w[group]   (m x og) @ (og x row_len)
          scipy_gemm_nn(int(m), int(row_len), og, dyp + r0 * c_out + int64_t(grp) * og, c_out,
                        wp + int64_t(grp) * og * row_len, int(row_len), cp, int(row_len));
          col2im<Tc>(cp, g, grp, cg, r0, r0 + m, dx);
        }
      }
    });
  }
  if constexpr (!direct) {
    Tin* o = out.data<Tin>();
    for (size_t i = 0; i < out.size(); ++i) o[i] = static_cast<Tin>(dx[i]);
  }
}

} // namespace

// Half types are computed in float, float64 in double.
template <typename F>
void dispatch_conv(Dtype dtype, F&& f) {
  dispatch_float_types(dtype, "conv", [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
    f(type_tag<T>{}, type_tag<Acc>{});
  });
}

void convolution(const array& input, const array& weight, array& out, const ConvParams& p) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  if (input.dtype() != out.dtype()) {
    throw std::invalid_argument("[Convolution] Input dtype must match the output dtype.");
  }
  dispatch_conv(out.dtype(), [&](auto t, auto acc) {
    conv_typed<MXCORE_TAG_TYPE(t), MXCORE_TAG_TYPE(acc)>(input, weight, out, p);
  });
}

void conv_weight_grad(const array& input, const array& cotan, array& out, const ConvParams& p) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  dispatch_conv(out.dtype(), [&](auto t, auto acc) {
    weight_grad_typed<MXCORE_TAG_TYPE(t), MXCORE_TAG_TYPE(acc)>(input, cotan, out, p);
  });
}

void conv_input_grad(const array& weight, const array& cotan, array& out, const ConvParams& p) {
  out.set_data(allocator::malloc(out.nbytes()));
  if (out.size() == 0) return;
  dispatch_conv(out.dtype(), [&](auto t, auto acc) {
    input_grad_typed<MXCORE_TAG_TYPE(t), MXCORE_TAG_TYPE(acc)>(weight, cotan, out, p);
  });
}

} // namespace mxcore::cpu

namespace mxcore {

void Convolution::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::convolution(inputs[0], inputs[1], out, params_);
}

void ConvInputGrad::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::conv_input_grad(inputs[0], inputs[1], out, params_);
}

void ConvWeightGrad::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::conv_weight_grad(inputs[0], inputs[1], out, params_);
}

} // namespace mxcore
