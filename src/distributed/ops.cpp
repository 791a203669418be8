// The collective ops: argument checks, output shapes, and the primitives.
// Inputs go in as they are: the kernels make strided ones dense.
#include <stdexcept>
#include <string>

#include "primitives/distributed.h"

namespace mxcore::distributed {

namespace {

// Communication runs where the group's engine moves memory: a GPU stream for
// NCCL, a CPU stream otherwise.
Stream comm_stream(StreamOrDevice s, const Group& group, const char* op) {
  const bool gpu = std::string(group.impl()->backend()) == "nccl";
  const Device::DeviceType type = gpu ? Device::gpu : Device::cpu;
  if (std::holds_alternative<std::monostate>(s)) return default_stream(Device(type));
  Stream stream = to_stream(s);
  if (stream.device.type != type) {
    throw std::invalid_argument(std::string("[") + op + "] Communication primitives of the " +
                                group.impl()->backend() + " backend run on a " +
                                (gpu ? "GPU" : "CPU") + " stream.");
  }
  return stream;
}

// With nobody else the result is the input (as MLX), except on NCCL, whose
// one-rank world still runs its collectives (so one GPU checks the path).
bool alone(const Group& group) {
  return group.size() == 1 && std::string(group.impl()->backend()) != "nccl";
}

Group group_or_global(const std::optional<Group>& group) { return group ? *group : init(); }

array reduce(const array& x, const std::optional<Group>& g, StreamOrDevice s,
             detail::ReduceOp op, const char* name) {
  Group group = group_or_global(g);
  Stream stream = comm_stream(s, group, name);
  if (alone(group)) return x; // nobody else: as MLX, the input itself
  if (op != detail::ReduceOp::sum && x.dtype() == complex64) {
    throw std::invalid_argument(std::string("[") + name + "] complex64 has no order.");
  }
  return array(x.shape(), x.dtype(), std::make_shared<AllReduce>(stream, group, op),
               {x});
}

void check_peer(int peer, const Group& group, const char* op, const char* what) {
  if (group.size() == 1) {
    throw std::invalid_argument(std::string("[") + op + "] Cannot " + op +
                                (op[0] == 's' ? " to" : " from") + " a singleton group.");
  }
  if (peer < 0 || peer >= group.size()) {
    throw std::invalid_argument(std::string("[") + op + "] Invalid " + what + "=" +
                                std::to_string(peer) + " for a group of size " +
                                std::to_string(group.size()) + ".");
  }
}

} // namespace

array all_sum(const array& x, std::optional<Group> group, StreamOrDevice s) {
  return reduce(x, group, s, detail::ReduceOp::sum, "all_sum");
}
array all_max(const array& x, std::optional<Group> group, StreamOrDevice s) {
  return reduce(x, group, s, detail::ReduceOp::max, "all_max");
}
array all_min(const array& x, std::optional<Group> group, StreamOrDevice s) {
  return reduce(x, group, s, detail::ReduceOp::min, "all_min");
}

array all_gather(const array& x, std::optional<Group> g, StreamOrDevice s) {
  Group group = group_or_global(g);
  Stream stream = comm_stream(s, group, "all_gather");
  if (alone(group)) return x;
  Shape shape = x.shape();
  if (shape.empty()) {
    shape.push_back(group.size());
  } else {
    shape[0] *= group.size();
  }
  return array(shape, x.dtype(), std::make_shared<AllGather>(stream, group),
               {x});
}

array sum_scatter(const array& x, std::optional<Group> g, StreamOrDevice s) {
  Group group = group_or_global(g);
  Stream stream = comm_stream(s, group, "sum_scatter");
  if (alone(group)) return x;
  if (x.ndim() == 0 || x.shape(0) % group.size() != 0) {
    throw std::invalid_argument("[sum_scatter] The first axis (" +
                                std::string(x.ndim() ? std::to_string(x.shape(0)) : "none") +
                                ") must be divisible by the group size (" +
                                std::to_string(group.size()) + ").");
  }
  Shape shape = x.shape();
  shape[0] /= group.size();
  return array(shape, x.dtype(), std::make_shared<SumScatter>(stream, group),
               {x});
}

array send(const array& x, int dst, std::optional<Group> g, StreamOrDevice s) {
  Group group = group_or_global(g);
  check_peer(dst, group, "send", "destination");
  Stream stream = comm_stream(s, group, "send");
  return array(x.shape(), x.dtype(), std::make_shared<Send>(stream, group, dst),
               {x});
}

array recv(Shape shape, Dtype dtype, int src, std::optional<Group> g, StreamOrDevice s) {
  Group group = group_or_global(g);
  check_peer(src, group, "recv", "source");
  Stream stream = comm_stream(s, group, "recv");
  return array(std::move(shape), dtype, std::make_shared<Recv>(stream, group, src), {});
}

array recv_like(const array& x, int src, std::optional<Group> group, StreamOrDevice s) {
  return recv(x.shape(), x.dtype(), src, group, s);
}

} // namespace mxcore::distributed
