// Shared helpers for vmap rules.
#pragma once

#include <tuple>

#include "mxcore/ops.h"

namespace mxcore {

// Aligns the batch axes of two operands (-1: not batched) so an elementwise op
// on the results broadcasts correctly. Returns (a, b, output batch axis).
std::tuple<array, array, int> vmap_binary_op(array a, array b, int a_axis,
                                             int b_axis, Stream s);

// As vmap_binary_op for three operands.
std::tuple<array, array, array, int> vmap_ternary_op(array a, array b, array c,
                                                     int a_axis, int b_axis,
                                                     int c_axis, Stream s);

} // namespace mxcore
