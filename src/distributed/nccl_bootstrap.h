// How the ranks of an NCCL world find each other: who this process is (from
// the environment MLX's launcher sets, or the MPI world under mpiexec) and
// how rank 0's ncclUniqueId reaches the others (a TCP rendezvous at
// NCCL_HOST_IP:NCCL_PORT, or an MPI all-gather).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "distributed/group_impl.h"
#include "distributed/nccl_abi.h"

namespace mxcore::distributed::detail {

struct NcclLaunch {
  enum class Source { alone, env, mpi };
  Source source = Source::alone;
  int rank = 0;
  int size = 1;
  std::string host; // rank 0's address (env, size > 1)
  int port = 0;
  double timeout_s = 120; // MXCORE_NCCL_TIMEOUT: how long a rendezvous may take
  std::shared_ptr<GroupImpl> mpi; // the MPI world (source mpi)
};

// MLX_RANK and MLX_WORLD_SIZE (both or neither), NCCL_HOST_IP and NCCL_PORT
// (needed when the world has more than one rank), MXCORE_NCCL_TIMEOUT. With
// neither rank variable: the MPI world when an MPI launcher started the
// process (std::runtime_error if MPI does not load there), else one rank
// alone. std::invalid_argument naming the variable for a malformed or
// inconsistent value.
NcclLaunch read_nccl_launch();

// Every rank's copy of rank 0's id. Rank 0 calls make_id and serves the
// result; the others fetch it. std::runtime_error naming the address on
// failure or timeout.
nccl::UniqueId share_unique_id(const NcclLaunch& launch,
                               const std::function<nccl::UniqueId()>& make_id);

} // namespace mxcore::distributed::detail
