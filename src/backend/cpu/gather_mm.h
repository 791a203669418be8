// Gathered batched matmul kernel (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/gather_mm.h"

namespace mxcore::cpu {

// Allocates out and fills it; indices out of range throw std::out_of_range.
void gather_mm(const array& a, const array& b, const array& lhs, const array& rhs, array& out);

} // namespace mxcore::cpu
