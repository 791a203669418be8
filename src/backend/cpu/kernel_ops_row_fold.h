// The row kernels' fold of one reduction over a row, as JIT preamble text.
#pragma once

namespace mxcore::cpu {

// mxcore_jit::RowFold<Op, A>: folds a row, given block by block, in the
// order of the eager reduce (reducer.h, fold_run), so a fused reduction gives
// the eager bits: a row of 64 or more elements folds element i into lane
// i % 32 (a row of 16 to 63 into lane i % 8), the lanes then fold in order
// into the identity, then the last cols % 32 (% 8) elements one by one; a
// shorter row folds one by one. Float and
// double lanes are one vector (GCC vector extensions), so the NaN-exact
// Max/Min folds vectorize. Needs jit_row_reduce_text (the Op structs).
extern const char* const jit_row_fold_text;

} // namespace mxcore::cpu
