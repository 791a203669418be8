// mx.distributed: groups of processes and the collectives between them.
// Communication runs on an engine loaded at run time (MPI through dlopen), so
// the library has no build-time dependency on it; without one, init() gives
// the singleton group (rank 0 of 1), on which every collective is a copy.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/ops.h"

namespace mxcore::distributed {

namespace detail {
class GroupImpl;
}

// A group of processes. Copies share the same communicator.
class Group {
 public:
  explicit Group(std::shared_ptr<detail::GroupImpl> impl) : impl_(std::move(impl)) {}
  int rank() const;
  int size() const;
  // Processes with the same color form a new group, ordered by key (then by
  // rank in this group). Every process of this group must call it.
  Group split(int color, int key = -1) const;
  const std::shared_ptr<detail::GroupImpl>& impl() const { return impl_; }

 private:
  std::shared_ptr<detail::GroupImpl> impl_;
};

// Backends: "any", "mpi", "nccl" (one process per GPU, docs/DISTRIBUTED.md),
// and MLX's names "ring" and "jaccl", not built here: asking for them is not
// an error, they are just unavailable.
bool is_available(const std::string& backend = "any");
// The global group. With backend "any", MPI is used when the process was
// started by an MPI launcher (mpirun/mpiexec) and the MPI library loads; else
// the singleton group. `strict` raises instead of falling back.
Group init(bool strict = false, const std::string& backend = "any");

// Collectives. They are lazy primitives, evaluated in graph order on a CPU
// stream; every process of the group must evaluate the same ones in the same
// order. `group` defaults to the global group (init() is called if needed).
array all_sum(const array& x, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
array all_max(const array& x, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
array all_min(const array& x, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
// Concatenation of every process's x along the first axis.
array all_gather(const array& x, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
// The sum over the group, of which this process keeps its shard of the first
// axis (size must divide it).
array sum_scatter(const array& x, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
// Sends x to process dst; the returned array (x's value) must be evaluated.
array send(const array& x, int dst, std::optional<Group> group = std::nullopt, StreamOrDevice s = {});
array recv(Shape shape, Dtype dtype, int src, std::optional<Group> group = std::nullopt,
           StreamOrDevice s = {});
array recv_like(const array& x, int src, std::optional<Group> group = std::nullopt,
                StreamOrDevice s = {});

// Candidate paths of the MPI library tried before the system's (the Python
// package passes those of the `mpich` wheel); MXCORE_MPI_LIBRARY overrides all.
void set_mpi_library_candidates(std::vector<std::string> paths);

} // namespace mxcore::distributed
