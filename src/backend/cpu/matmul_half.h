// Products of a few rows against a float16 / bfloat16 matrix (decoding with
// half weights): the matrix is read once, widened a block at a time
// (half_blocks.h), instead of first converted whole to a float32 copy, which
// wrote and read back twice its bytes (and, for a transposed weight, ran a
// transposing copy): x @ w.T with w 4096 x 4096 float16, 19 ms before.
#pragma once

#include "mxcore/array.h"

namespace mxcore::cpu {

// out (allocated, row-major) = alpha * a @ b when out is half-typed, a has at
// most a few rows in all and b is one matrix BLAS could read; false (nothing
// written) otherwise.
bool half_few_rows_matmul(const array& a, const array& b, array& out, float alpha);

} // namespace mxcore::cpu
