// Reduction kernels (CPU backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/reduce.h"

namespace mxcore::cpu {

// A reduction of few contiguous outputs over more reduced rows than this
// folds chunks of this many rows separately, then the chunks in order
// (reducer.h): a fixed order, whatever the thread count.
constexpr int64_t kColumnChunkRows = 1024;

// Eager kernels (backend/cpu/reduce.cpp, arg_reduce.cpp). `out` has the
// input's rank with the reduced axes of size 1.
void reduce(const array& in, array& out, Reduce::ReduceType type,
            const std::vector<int>& axes);
void arg_reduce(const array& in, array& out, ArgReduce::ReduceType type, int axis);

} // namespace mxcore::cpu
