// Rounding a float to float16 precision inside a JIT kernel, as JIT preamble
// text.
#pragma once

namespace mxcore::cpu {

// mxcore_jit::round_to_half(float x): x rounded to the nearest float16
// (ties to even), as a float: the bits of converting x to float16 and back
// (the eager kernels' rounding after every half op) for every float but the
// NaNs, which stay NaN. Branch-free, about ten vector instructions a
// 16-float vector (the bit-field rounding it replaced took about twenty):
// checked against that one on all 2^32 floats.
extern const char* const jit_half_round_text;

} // namespace mxcore::cpu
