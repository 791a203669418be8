// Scan (cumulative reduction) kernel (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/scan.h"

namespace mxcore::cpu {

// Eager kernel (backend/cpu/scan.cpp): allocates `out` row-major.
void scan(const array& in, array& out, Scan::ReduceType type, int axis, bool reverse,
          bool inclusive);

} // namespace mxcore::cpu
