// Sort, partition and gather-along-axis kernels (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/sort.h"

namespace mxcore::cpu {

// Eager kernels (backend/cpu/sort.cpp); both allocate `out` row-major.
void sort(const array& in, array& out, Sort::Mode mode, int axis, int kth);
void gather_axis(const array& x, const array& idx, array& out, int axis);

} // namespace mxcore::cpu
