// Reduction kernels (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/reduce.h"

namespace mxcore::cpu {

// Eager kernels (backend/cpu/reduce.cpp, arg_reduce.cpp). `out` has the
// input's rank with the reduced axes of size 1.
void reduce(const array& in, array& out, Reduce::ReduceType type,
            const std::vector<int>& axes);
void arg_reduce(const array& in, array& out, ArgReduce::ReduceType type, int axis);

} // namespace mxcore::cpu
