// CPU kernels of the communication primitives: the engines take dense
// row-major buffers, so a strided input is copied once here; an all-reduce
// whose input buffer can be donated runs in place (no output allocation).
#include "backend/cpu/copy.h"
#include "primitives/distributed.h"

namespace mxcore::distributed {

namespace {

array row_major(const array& in) {
  if (in.flags().row_contiguous) return in;
  array dense(in.shape(), in.dtype(), nullptr, {});
  cpu::copy_to_row_major(in, dense);
  return dense;
}

void allocate(array& out) { out.set_data(allocator::malloc(out.nbytes())); }

} // namespace

void AllReduce::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& in = inputs[0];
  if (in.flags().row_contiguous && in.is_donatable() && in.nbytes() == outputs[0].nbytes()) {
    outputs[0].copy_shared_buffer(in);
    group().impl()->all_reduce(outputs[0], outputs[0], op());
    return;
  }
  allocate(outputs[0]);
  group().impl()->all_reduce(row_major(in), outputs[0], op());
}

void AllGather::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  allocate(outputs[0]);
  group().impl()->all_gather(row_major(inputs[0]), outputs[0]);
}

void SumScatter::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  allocate(outputs[0]);
  group().impl()->sum_scatter(row_major(inputs[0]), outputs[0]);
}

void Send::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  group().impl()->send(row_major(inputs[0]), dst_);
  outputs[0].copy_shared_buffer(inputs[0]);
}

void Recv::eval_cpu(const std::vector<array>&, std::vector<array>& outputs) {
  allocate(outputs[0]);
  group().impl()->recv(outputs[0], src_);
}

} // namespace mxcore::distributed
