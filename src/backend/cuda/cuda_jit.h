// Kernels built at run time: NVRTC compiles a source for the GPU's own
// architecture straight to a cubin (no PTX through the driver), loaded once
// and kept in memory by key; cubins also go to the private disk cache
// (backend/cpu/kernel_cache.h: HMAC-verified entries), so a new process
// skips NVRTC.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "backend/cuda/cuda_api.h"

namespace mxcore::cuda {

// The function `symbol` of the module built from `source`, found by key
// (which must determine the source). std::runtime_error with NVRTC's log if
// it does not compile.
CUfunction find_or_build(const std::string& key, const std::string& source,
                         const std::string& symbol);
// The same, rendering the source (and naming its symbol) only when the key
// is not in memory yet: a hit costs a lookup, not a render of the preamble.
CUfunction find_or_build(const std::string& key,
                         const std::function<std::string(std::string* symbol)>& render);

// Several functions of one module (one NVRTC build), by key.
std::vector<CUfunction> find_or_build_all(const std::string& key,
                                          const std::function<std::string()>& render,
                                          const std::vector<std::string>& symbols);

// NVRTC's cubin for the source (arch: compute capability, 90 for sm_90).
// Usable without a GPU (tests compile every variant on CPU-only machines).
std::string compile_cubin(const std::string& source, const std::string& name, int arch);

struct Launch {
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned shared_bytes = 0;
};
// Launches fn with the kernel parameters args (pointers to each value).
void launch(CUfunction fn, const Launch& l, std::vector<void*>& args, CUstream stream);

// How many kernels NVRTC built in this process (tests: the in-memory cache).
int nvrtc_builds();

} // namespace mxcore::cuda
