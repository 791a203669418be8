// The engine behind a Group: the singleton group or a communicator of a
// backend (MPI). Buffers are contiguous and already allocated by the caller.
#pragma once

#include <memory>

#include "mxcore/array.h"
#include "mxcore/distributed.h"

namespace mxcore::distributed::detail {

enum class ReduceOp { sum, max, min };

class GroupImpl {
 public:
  virtual ~GroupImpl() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual std::shared_ptr<GroupImpl> split(int color, int key) = 0;
  // `in` and `out` have the same shape (out may alias in's buffer).
  virtual void all_reduce(const array& in, array& out, ReduceOp op) = 0;
  // out is size() times in along the first axis.
  virtual void all_gather(const array& in, array& out) = 0;
  // out is in's first axis divided by size().
  virtual void sum_scatter(const array& in, array& out) = 0;
  virtual void send(const array& in, int dst) = 0;
  virtual void recv(array& out, int src) = 0;
  virtual const char* backend() const = 0;
};

// The MPI backend (mpi_group.cpp): the world group, or nullptr with `why`
// set when no MPI library loads or the process was not launched by MPI.
std::shared_ptr<GroupImpl> mpi_world(bool require_launcher, std::string& why);
bool mpi_loadable();
// Whether an MPI launcher (mpirun/mpiexec) started this process.
bool launched_by_mpi();
// MPI_Abort on the world communicator, if MPI is running (ends every rank).
void mpi_abort(int code);

} // namespace mxcore::distributed::detail
