// A small persistent thread pool for data-parallel loops.
#pragma once

#include <cstdint>
#include <functional>

namespace mxcore::cpu {

// Number of threads kernels may use (MXCORE_NUM_THREADS overrides the core count).
int num_threads();

// Splits [0, n) into at most num_threads() chunks of at least `grain`
// elements and runs fn(begin, end) on each, the caller taking one chunk.
// Nested calls run serially.
void parallel_for(int64_t n, int64_t grain,
                  const std::function<void(int64_t, int64_t)>& fn);

} // namespace mxcore::cpu
