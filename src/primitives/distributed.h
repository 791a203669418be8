// Communication primitives: collectives over a distributed::Group. Kernels
// in backend/cpu/distributed.cpp hand dense buffers to the group's engine.
#pragma once

#include "distributed/group_impl.h"
#include "mxcore/distributed.h"
#include "mxcore/primitives.h"

namespace mxcore::distributed {

class DistPrimitive : public Primitive {
 public:
  DistPrimitive(Stream stream, Group group) : Primitive(stream), group_(std::move(group)) {}
  const Group& group() const { return group_; }

 private:
  Group group_;
};

// all_sum / all_max / all_min. vjp follows MLX: all_sum passes its cotangent
// through (each process's output is the same replicated value, so the
// gradient with respect to the local input is the local cotangent; the
// reduction of gradients is the caller's, e.g. nn.average_gradients).
class AllReduce : public DistPrimitive {
 public:
  AllReduce(Stream stream, Group group, detail::ReduceOp op)
      : DistPrimitive(stream, std::move(group)), op_(op) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<array> jvp(const std::vector<array>& primals, const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals, const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::pair<std::vector<array>, std::vector<int>> vmap(const std::vector<array>& inputs,
                                                       const std::vector<int>& axes) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[0].shape()};
  }
  const char* name() const override {
    return op_ == detail::ReduceOp::sum ? "AllSum" : op_ == detail::ReduceOp::max ? "AllMax" : "AllMin";
  }
  detail::ReduceOp op() const { return op_; }

 private:
  detail::ReduceOp op_;
};

class AllGather : public DistPrimitive {
 public:
  using DistPrimitive::DistPrimitive;
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<array> jvp(const std::vector<array>& primals, const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  // This process's slice of the cotangent.
  std::vector<array> vjp(const std::vector<array>& primals, const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  const char* name() const override { return "AllGather"; }
};

class SumScatter : public DistPrimitive {
 public:
  using DistPrimitive::DistPrimitive;
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  const char* name() const override { return "SumScatter"; }
};

class Send : public DistPrimitive {
 public:
  Send(Stream stream, Group group, int dst) : DistPrimitive(stream, std::move(group)), dst_(dst) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  const char* name() const override { return "Send"; }
  int destination() const { return dst_; }

 private:
  int dst_;
};

class Recv : public DistPrimitive {
 public:
  Recv(Stream stream, Group group, int src) : DistPrimitive(stream, std::move(group)), src_(src) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  const char* name() const override { return "Recv"; }
  int source() const { return src_; }

 private:
  int src_;
};

} // namespace mxcore::distributed
