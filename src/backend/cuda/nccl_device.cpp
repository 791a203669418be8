// One GPU per process: the CUDA backend takes device (launch rank % device
// count), chosen when it registers at library load, before any init() call,
// from the rank its launcher set. A launcher that gives each process one
// visible GPU (CUDA_VISIBLE_DEVICES, as MLX's does) leaves a count of 1.
#include <cstdlib>

#include "backend/cuda/cuda_backend.h"

namespace mxcore::cuda {

int process_device(int count) {
  if (count <= 1) return 0;
  // Local ranks first (several hosts), then world ranks.
  for (const char* var : {"MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK", "MLX_RANK", "PMI_RANK",
                          "OMPI_COMM_WORLD_RANK"}) {
    const char* text = std::getenv(var);
    if (!text || !*text) continue;
    char* end = nullptr;
    long rank = std::strtol(text, &end, 10);
    if (*end != '\0' || rank < 0) continue; // the bootstrap reports malformed ranks
    return static_cast<int>(rank % count);
  }
  return 0;
}

} // namespace mxcore::cuda
