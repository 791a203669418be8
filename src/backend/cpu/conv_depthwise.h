// The forward depthwise convolution (one input channel per group, `mult`
// outputs each): a direct loop over the taps, vectorised across channels
// (im2col would run one pass over the input and one tiny product per group).
#pragma once

#include <cstdint>

#include "backend/cpu/conv_unfold.h"
#include "mxcore/scalar_types.h"

namespace mxcore::cpu {

// dst (rows x groups * mult, row-major) from x read through g, with w the
// (C_out, kernel taps) weight matrix. Tin in {float, float16, bfloat16} with
// Tc float, or double with Tc double.
template <typename Tin, typename Tc>
void depthwise_conv(const Tin* x, const Geometry& g, const Tc* w, int groups, int mult,
                    int64_t rows, Tin* dst);

} // namespace mxcore::cpu
