// NCCL communicators behind Groups: the world from the bootstrap, splits,
// and the device-buffer collectives with the dtype mapping to NCCL's types.
#include "distributed/nccl_group.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

#include "distributed/nccl_bootstrap.h"
#include "mxcore/backend.h"

namespace mxcore::distributed::detail {

namespace {

// Set at exit: communicators still alive then (the global group) are left
// to the process's end, since the CUDA runtime may already be going away.
std::atomic<bool> exiting{false};

const nccl::Api& lib() {
  const nccl::Api* a = nccl::api();
  if (!a) throw std::runtime_error("[distributed] NCCL is not loaded.");
  return *a;
}

const char* op_name(ReduceOp op) {
  return op == ReduceOp::sum ? "all_sum" : op == ReduceOp::max ? "all_max" : "all_min";
}

// The backend's GPU context current on this thread (what NCCL's own calls
// made here, init and split, run against).
void bind_gpu() {
  Device gpu(Device::gpu);
  backend::backend_for(gpu).native_stream(default_stream(gpu));
}

struct Reduction {
  nccl::DataType type;
  nccl::RedOp op;
  size_t count;
};

Reduction reduction(Dtype dtype, ReduceOp op, size_t count, const char* name) {
  nccl::RedOp rop = op == ReduceOp::sum ? nccl::Sum : op == ReduceOp::max ? nccl::Max : nccl::Min;
  switch (dtype.val) {
    // bool: any (sum, max) and all (min) as the byte's max and min, as MPI's LOR/LAND.
    case Dtype::Val::bool_: return {nccl::Uint8, op == ReduceOp::min ? nccl::Min : nccl::Max, count};
    case Dtype::Val::int8: return {nccl::Int8, rop, count};
    case Dtype::Val::uint8: return {nccl::Uint8, rop, count};
    case Dtype::Val::int32: return {nccl::Int32, rop, count};
    case Dtype::Val::uint32: return {nccl::Uint32, rop, count};
    case Dtype::Val::int64: return {nccl::Int64, rop, count};
    case Dtype::Val::uint64: return {nccl::Uint64, rop, count};
    case Dtype::Val::float16: return {nccl::Float16, rop, count};
    case Dtype::Val::bfloat16: return {nccl::Bfloat16, rop, count};
    case Dtype::Val::float32: return {nccl::Float32, rop, count};
    case Dtype::Val::float64: return {nccl::Float64, rop, count};
    case Dtype::Val::complex64:
      if (op != ReduceOp::sum) break; // the ops refuse it first
      return {nccl::Float32, nccl::Sum, 2 * count};
    default: break;
  }
  throw std::invalid_argument(std::string("[") + name + "] NCCL cannot reduce " +
                              dtype_name(dtype) + ".");
}

[[noreturn]] void host_buffers(const char* op) {
  throw std::invalid_argument(std::string("[") + op +
                              "] The NCCL backend runs on a GPU stream (its buffers are device "
                              "memory).");
}

} // namespace

bool nccl_reduces(Dtype dtype) { return dtype != int16 && dtype != uint16; }

NcclGroup::~NcclGroup() {
  if (!exiting && nccl::api()) nccl::api()->CommDestroy(comm_);
}

std::shared_ptr<GroupImpl> NcclGroup::split(int color, int key) {
  if (nccl::version() < 21800) {
    throw std::runtime_error("[Group.split] ncclCommSplit needs NCCL 2.18 or newer (loaded: " +
                             std::to_string(nccl::version()) + ").");
  }
  bind_gpu();
  nccl::Comm sub = nullptr;
  // Every rank takes part, also one with a negative color (it gets no group).
  nccl::check(lib().CommSplit(comm_, color < 0 ? nccl::SplitNoColor : color, key < 0 ? rank_ : key,
                              &sub, nullptr),
              "Group.split", comm_);
  if (!sub) {
    throw std::invalid_argument("[Group.split] color=" + std::to_string(color) +
                                " must be non-negative.");
  }
  int rank = 0, size = 0;
  nccl::check(lib().CommUserRank(sub, &rank), "Group.split", sub);
  nccl::check(lib().CommCount(sub, &size), "Group.split", sub);
  return std::make_shared<NcclGroup>(sub, rank, size);
}

void NcclGroup::all_reduce(const array&, array&, ReduceOp op) { host_buffers(op_name(op)); }
void NcclGroup::all_gather(const array&, array&) { host_buffers("all_gather"); }
void NcclGroup::sum_scatter(const array&, array&) { host_buffers("sum_scatter"); }
void NcclGroup::send(const array&, int) { host_buffers("send"); }
void NcclGroup::recv(array&, int) { host_buffers("recv"); }

void NcclGroup::all_reduce(const void* in, void* out, size_t count, Dtype dtype, ReduceOp op,
                           void* stream) {
  const char* name = op_name(op);
  Reduction r = reduction(dtype, op, count, name);
  nccl::check(lib().AllReduce(in, out, r.count, r.type, r.op, comm_, stream), name, comm_);
}

void NcclGroup::all_gather(const void* in, void* out, size_t bytes, void* stream) {
  nccl::check(lib().AllGather(in, out, bytes, nccl::Uint8, comm_, stream), "all_gather", comm_);
}

void NcclGroup::sum_scatter(const void* in, void* out, size_t count, Dtype dtype, void* stream) {
  Reduction r = reduction(dtype, ReduceOp::sum, count, "sum_scatter");
  nccl::check(lib().ReduceScatter(in, out, r.count, r.type, r.op, comm_, stream), "sum_scatter",
              comm_);
}

void NcclGroup::send(const void* in, size_t bytes, int dst, void* stream) {
  nccl::check(lib().Send(in, bytes, nccl::Uint8, dst, comm_, stream), "send", comm_);
}

void NcclGroup::recv(void* out, size_t bytes, int src, void* stream) {
  nccl::check(lib().Recv(out, bytes, nccl::Uint8, src, comm_, stream), "recv", comm_);
}

bool nccl_usable(std::string* why) {
  std::string error;
  if (!nccl::api(&error)) {
    if (why) {
      *why = "the NCCL library could not be loaded (" + error +
             "); pip install nvidia-nccl-cu13 (or -cu12), or set MXCORE_NCCL_LIBRARY";
    }
    return false;
  }
  if (!backend::has_backend(Device::gpu) ||
      std::string(backend::backend_for(Device(Device::gpu)).name()) != "cuda") {
    if (why) *why = "there is no CUDA GPU (mx.cuda.is_available() is False)";
    return false;
  }
  return true;
}

std::shared_ptr<GroupImpl> nccl_world(std::string& why) {
  NcclLaunch launch = read_nccl_launch(); // malformed settings raise even without NCCL
  if (!nccl_usable(&why)) return nullptr;
  static std::once_flag at_exit;
  std::call_once(at_exit, [] { std::atexit([] { exiting = true; }); });
  bind_gpu();
  const nccl::Api& api = lib();
  nccl::UniqueId id = share_unique_id(launch, [&api] {
    nccl::UniqueId made{};
    nccl::check(api.GetUniqueId(&made), "distributed.init");
    return made;
  });
  nccl::Comm comm = nullptr;
  nccl::check(api.CommInitRank(&comm, launch.size, id, launch.rank), "distributed.init");
  return std::make_shared<NcclGroup>(comm, launch.rank, launch.size);
}

} // namespace mxcore::distributed::detail
