// CPU kernels of the primitives whose output is their input's data, cast,
// copied or shared: AsType, Copy, StopGradient, CustomTransforms, Depends.
#include "backend/cpu/copy.h"
#include "primitives/custom.h"
#include "primitives/elementwise.h"

namespace mxcore {

namespace {
// Shares the input's buffer when it cannot be written anyway.
void copy_or_share(const array& in, array& out) {
  if (in.flags().contiguous && in.is_donatable()) {
    out.copy_shared_buffer(in);
  } else {
    cpu::copy_to_row_major(in, out);
  }
}
} // namespace

void AsType::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.dtype() == out.dtype()) {
    copy_or_share(in, out);
    return;
  }
  cpu::copy_to_row_major(in, out);
}

void Copy::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.copy_shared_buffer(inputs[0]); // arrays are immutable: sharing is a copy
}

void StopGradient::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.copy_shared_buffer(inputs[0]);
}

void CustomTransforms::eval_cpu(const std::vector<array>& inputs,
                                std::vector<array>& outputs) {
  // The trailing inputs are the outputs of the wrapped function.
  int first = num_arguments(inputs);
  for (size_t i = 0; i < outputs.size(); ++i) {
    outputs[i].copy_shared_buffer(inputs[first + i]);
  }
}

void Depends::eval_cpu(const std::vector<array>& inputs,
                       std::vector<array>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    outputs[i].copy_shared_buffer(inputs[i]);
  }
}

} // namespace mxcore
