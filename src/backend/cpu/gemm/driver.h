// The blocked loops and threading of mxcore's GEMM over one KernelSet.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "backend/cpu/gemm/gemm.h"
#include "backend/cpu/gemm/kernels.h"

namespace mxcore::cpu::gemm {

// Runs the products p + offsets[i] (all of p's shape; nullptr: p alone) with
// kernel set ks; `threaded` lets large work use the thread pool. An
// epilogue (single products only: offsets must be null) runs on each
// finished block of C.
void run_own(const KernelSet& ks, const Sgemm& p,
             const std::vector<std::array<int64_t, 3>>* offsets, bool threaded,
             const Epilogue* epilogue = nullptr);

} // namespace mxcore::cpu::gemm
