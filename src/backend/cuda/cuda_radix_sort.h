// The block radix sort of the GPU's sort (cuda_radix_sort.cpp).
#pragma once

#include <string>

#include "backend/cuda/cuda_jit.h"
#include "mxcore/dtype.h"

namespace mxcore::cuda {

constexpr int64_t radix_sort_limit = 4096;
// Lines the radix sort takes: 257..4096 keys of 32 bits or fewer.
bool radix_sortable(Dtype t, int64_t len);
int radix_passes(Dtype t);
std::string radix_sort_source(Dtype t, const std::string& symbol);
// Sorts `rows` lines of `len` keys at x (row-major) into values (the sorted
// values) or indices (their positions); one of them is 0.
void launch_radix_sort(CUfunction fn, CUdeviceptr x, CUdeviceptr values, CUdeviceptr indices,
                       int64_t rows, int64_t len, Dtype t, CUstream stream);

} // namespace mxcore::cuda
