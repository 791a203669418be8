// CompiledColumnSum on the CPU: the region's kernel block by block with the
// summed output folded in cache (compiled_jit.h); without a kernel, the
// region and then the eager Sum, which fold in the same order.
#include "compile/column_sum.h"

#include <numeric>

#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/reduce.h"

namespace mxcore {

void CompiledColumnSum::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  const size_t n_region = region_->tape_outputs().size();
  array& sums = outputs[sums_output()];
  // The region's outputs; a full-size stand-in for the summed one unless kept.
  std::vector<array> region_outputs(outputs.begin(), outputs.begin() + n_region);
  Shape full = region_->output_shapes(inputs)[summed_];
  if (!keep_) region_outputs[summed_] = array(full, sums.dtype(), nullptr, {});
  int64_t cols = 1;
  for (int d = reduced_axes_; d < int(full.size()); ++d) cols *= full[d];
  if (const auto* program = region_->program()) {
    sums.set_data(allocator::malloc(sums.nbytes()));
    if (cpu::eval_compiled_jit_column_sum(*program, inputs, region_outputs, summed_, keep_, cols,
                                          sums.data<float>())) {
      return;
    }
  }
  region_->eval_cpu(inputs, region_outputs);
  std::vector<int> axes(reduced_axes_);
  std::iota(axes.begin(), axes.end(), 0);
  cpu::reduce(region_outputs[summed_], sums, Reduce::Sum, axes);
}

} // namespace mxcore
