// The NCCL backend: a Group over an NCCL communicator, one process per GPU.
// Its collectives take device buffers and are enqueued on a CUDA stream
// (the GPU kernels in backend/cuda/nccl_collectives.cpp call them); the
// host-buffer interface of GroupImpl is not used for it.
#pragma once

#include <memory>
#include <string>

#include "distributed/group_impl.h"
#include "distributed/nccl_abi.h"

namespace mxcore::distributed::detail {

class NcclGroup : public GroupImpl {
 public:
  NcclGroup(nccl::Comm comm, int rank, int size) : comm_(comm), rank_(rank), size_(size) {}
  ~NcclGroup() override;
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  const char* backend() const override { return "nccl"; }
  std::shared_ptr<GroupImpl> split(int color, int key) override;

  // Host buffers: NCCL moves device memory, so these raise (the collective
  // ops put NCCL groups' primitives on a GPU stream).
  void all_reduce(const array& in, array& out, ReduceOp op) override;
  void all_gather(const array& in, array& out) override;
  void sum_scatter(const array& in, array& out) override;
  void send(const array& in, int dst) override;
  void recv(array& out, int src) override;

  // Device buffers of `count` elements of `dtype` (what NCCL reduces:
  // bool as bytes with max/min, complex64 as float pairs summed, no 16-bit
  // integers: std::invalid_argument naming the op), on `stream` (a CUstream).
  void all_reduce(const void* in, void* out, size_t count, Dtype dtype, ReduceOp op,
                  void* stream);
  // in: `bytes` per rank; out: size() * bytes.
  void all_gather(const void* in, void* out, size_t bytes, void* stream);
  // in: size() * count elements; out: count.
  void sum_scatter(const void* in, void* out, size_t count, Dtype dtype, void* stream);
  void send(const void* in, size_t bytes, int dst, void* stream);
  void recv(void* out, size_t bytes, int src, void* stream);

 private:
  nccl::Comm comm_;
  int rank_;
  int size_;
};

// Whether NCCL reduces dtype as it is (int16/uint16 need a wider type).
bool nccl_reduces(Dtype dtype);

// The world group: ranks from the launch (nccl_bootstrap.h), this process's
// GPU (the CUDA backend's device: rank % device count), ncclCommInitRank.
// nullptr with `why` set when NCCL does not load or there is no GPU;
// std::invalid_argument for a malformed launch environment,
// std::runtime_error when the rendezvous or NCCL fails.
std::shared_ptr<GroupImpl> nccl_world(std::string& why);
// Whether NCCL loads and a CUDA GPU is there; `why` says what is missing.
bool nccl_usable(std::string* why = nullptr);

} // namespace mxcore::distributed::detail
