// Rounding a float to float16 precision inside a JIT kernel, as JIT preamble
// text.
#pragma once

namespace mxcore::cpu {

// mxcore_jit::round_to_half(float x): x rounded to the nearest float16
// (ties to even), as a float: the bits of converting x to float16 and back
// (the eager kernels' rounding after every half op, vcvtps2ph + vcvtph2ps)
// for every float, NaN payloads included. Branch-free, eight vector
// instructions a 16-float vector with FMA, nine without (GCC 12 does not vectorize float <->
// _Float16 conversions, so the hardware's are out of reach in these loops):
// checked against the hardware conversion on all 2^32 floats.
extern const char* const jit_half_round_text;

} // namespace mxcore::cpu
