// GPU kernels of the communication primitives over NCCL: dense device
// buffers (a strided or host input is made a row-major device copy first)
// handed to the group's communicator on the primitive's CUDA stream. An
// all-reduce of a donatable device input runs in place. int16/uint16, which
// NCCL cannot reduce, are reduced as int32 (exact for sum modulo 2^16, max
// and min).
#include <stdexcept>
#include <string>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_fused.h"
#include "distributed/nccl_group.h"
#include "primitives/distributed.h"

namespace mxcore::cuda {

using distributed::DistPrimitive;
using distributed::detail::NcclGroup;

namespace {

NcclGroup& nccl_group(DistPrimitive& p) {
  auto* g = dynamic_cast<NcclGroup*>(p.group().impl().get());
  if (!g) {
    throw std::invalid_argument(std::string("[") + p.name() + "] The " +
                                p.group().impl()->backend() +
                                " backend's communication runs on a CPU stream, not the GPU.");
  }
  return *g;
}

// x, or a row-major device copy of a strided x (a row-major host array
// crosses over whole in device_data, with no kernel: so complex64 travels).
array dense_on_device(const array& x, const Stream& s) {
  if (x.flags().row_contiguous) return x;
  return dense_copy(x, x.shape(), s);
}

array cast(const array& x, Dtype to, const Stream& s) {
  auto p = single_op_program(kernel::Op::AsType, {x.dtype()}, to);
  p.inputs[0].traced_shape = x.shape();
  std::vector<array> outs{array(x.shape(), to, nullptr, {})};
  run_fused(p, {x}, outs, s, /*row_major=*/true);
  return outs[0];
}

// The reduction dtype NCCL can take for x (int16/uint16 widened).
array reducible(const array& x, const Stream& s) {
  return distributed::detail::nccl_reduces(x.dtype()) ? dense_on_device(x, s)
                                                       : cast(x, int32, s);
}

// out <- the dense wide result `wide` cast back to out's dtype.
void narrow_into(const array& wide, array& out, const Stream& s) {
  array narrow = cast(wide, out.dtype(), s);
  out.copy_shared_buffer(narrow);
}

void all_reduce(distributed::AllReduce& p, const std::vector<array>& inputs,
                std::vector<array>& outputs) {
  NcclGroup& g = nccl_group(p);
  const Stream& s = p.stream();
  array& out = outputs[0];
  CUstream cs = cuda_stream(s);
  const array& x = inputs[0];
  if (distributed::detail::nccl_reduces(x.dtype()) && x.flags().row_contiguous && on_device(x) &&
      x.is_donatable() && x.nbytes() == out.nbytes()) {
    out.copy_shared_buffer(x);
    g.all_reduce(device_data(out, s), device_data(out, s), out.size(), out.dtype(), p.op(), cs);
    return;
  }
  array in = reducible(x, s);
  array result = in.dtype() == out.dtype() ? out : array(out.shape(), in.dtype(), nullptr, {});
  allocate_device(result);
  g.all_reduce(device_data(in, s), device_data(result, s), in.size(), in.dtype(), p.op(), cs);
  if (in.dtype() != out.dtype()) narrow_into(result, out, s);
}

void all_gather(distributed::AllGather& p, const std::vector<array>& inputs,
                std::vector<array>& outputs) {
  NcclGroup& g = nccl_group(p);
  const Stream& s = p.stream();
  array in = dense_on_device(inputs[0], s);
  allocate_device(outputs[0]);
  g.all_gather(device_data(in, s), device_data(outputs[0], s), in.nbytes(), cuda_stream(s));
}

void sum_scatter(distributed::SumScatter& p, const std::vector<array>& inputs,
                 std::vector<array>& outputs) {
  NcclGroup& g = nccl_group(p);
  const Stream& s = p.stream();
  array& out = outputs[0];
  array in = reducible(inputs[0], s);
  array result = in.dtype() == out.dtype() ? out : array(out.shape(), in.dtype(), nullptr, {});
  allocate_device(result);
  g.sum_scatter(device_data(in, s), device_data(result, s), result.size(), in.dtype(),
                cuda_stream(s));
  if (in.dtype() != out.dtype()) narrow_into(result, out, s);
}

void send(distributed::Send& p, const std::vector<array>& inputs, std::vector<array>& outputs) {
  NcclGroup& g = nccl_group(p);
  const Stream& s = p.stream();
  array in = dense_on_device(inputs[0], s);
  g.send(device_data(in, s), in.nbytes(), p.destination(), cuda_stream(s));
  outputs[0].copy_shared_buffer(in);
}

void recv(distributed::Recv& p, const std::vector<array>&, std::vector<array>& outputs) {
  NcclGroup& g = nccl_group(p);
  const Stream& s = p.stream();
  allocate_device(outputs[0]);
  g.recv(device_data(outputs[0], s), outputs[0].nbytes(), p.source(), cuda_stream(s));
}

} // namespace

void add_nccl_kernels(backend::KernelTable& table) {
  table.add<distributed::AllReduce>(all_reduce);
  table.add<distributed::AllGather>(all_gather);
  table.add<distributed::SumScatter>(sum_scatter);
  table.add<distributed::Send>(send);
  table.add<distributed::Recv>(recv);
}

} // namespace mxcore::cuda
