// The forward convolution of one input channel (groups 1, float32): the
// first layer of a CNN on grayscale images. Each output position's taps are
// read from the input and multiplied by the weight in registers, eight
// positions at a time, instead of being unfolded into a scratch matrix
// (im2col) and read back by a product (1.3x faster on 32 x 28 x 28 x 1 ->
// 16). The sums run in the unfolded product's order (taps in order, from
// zero), so results are the same bit for bit. The weight gradient reads the
// taps the same way. AVX-512 only (conv_small_gemm_available()).
#pragma once

#include <cstdint>

#include "backend/cpu/conv_unfold.h"

namespace mxcore::cpu {

// Taps per position these kernels take (a 5 x 5 kernel at most).
constexpr int64_t kSingleChannelMaxTaps = 25;

// Whether a one-channel convolution with these sizes runs here.
bool single_channel_conv_fits(const Geometry& g, int64_t c_out);

// out rows [r0, r1) (c_out floats each, row-major) = the rows' taps of x
// times wt: the weight's (kernel_size, ldw) padded transpose (conv_small_gemm.h).
void single_channel_forward(const float* x, const Geometry& g, const float* wt, int64_t ldw,
                            int64_t c_out, int64_t r0, int64_t r1, float* out);

// For each tile of `tile` rows from r0 to r1: acc[k * ldacc + j] += the
// sum over the tile's rows of the row's tap k times dy[(row - r0) * c_out + j]:
// small_gemm_at_b over each tile's unfolded taps, with the same bits,
// without unfolding them.
void single_channel_weight_grad(const float* x, const Geometry& g, const float* dy,
                                int64_t c_out, int64_t r0, int64_t r1, int64_t tile, float* acc,
                                int64_t ldacc);

} // namespace mxcore::cpu
