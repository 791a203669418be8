// Fixed C++ text the emitter puts after the kernel_ops preamble: half-type
// conversions, the AsType cast, and the row kernels' reduction folds.
#pragma once

namespace mxcore::cpu {

// mxj_half_to_float / mxj_float_to_half (and bf16), mxj_round_half /
// mxj_round_bf16, block conversions, and mxcore_jit::cast<To>(From).
extern const char* const jit_conversions_text;

// acc_t and the Sum / Prod / Max / Min folds of row kernels.
extern const char* const jit_row_reduce_text;

} // namespace mxcore::cpu
