// MatmulEpilogue on the CPU: the product on mxcore's GEMM, the region's
// contiguous JIT kernel run on each block of it as it is finished (rows of
// the block one flat range at a time), so the product is read back from
// cache, not memory. Whenever that route is not open (the product goes to
// BLAS, no kernel, another layout) the product and the region run one after
// the other, exactly as the unfused graph would.
#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/matmul.h"
#include "compile/matmul_epilogue.h"

namespace mxcore {

namespace {

// The epilogue's context: rows [i0, i1) x cols [j0, j1) of the n-column
// output are flat ranges [i * n + j0, i * n + j1).
struct RangeContext {
  const cpu::ContiguousCall* call;
  int64_t n;
};

void run_ranges(void* ctx, int64_t i0, int64_t i1, int64_t j0, int64_t j1) {
  auto& c = *static_cast<RangeContext*>(ctx);
  // Threads share the argument array: kernels only read it.
  void** args = const_cast<void**>(c.call->args.data());
  for (int64_t i = i0; i < i1; ++i) c.call->fn(args, i * c.n + j0, i * c.n + j1);
}

} // namespace

void MatmulEpilogue::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  const array& a = inputs[0];
  const array& b = inputs[1];
  const Shape shape{a.shape(0), b.shape(1)};
  std::vector<array> region_inputs(inputs.begin() + 2, inputs.end());
  // The product is held by region_inputs alone, so the region's output may
  // take its buffer (in place), as it does in the unfused graph.
  region_inputs.insert(region_inputs.begin() + slot_,
                       array(allocator::malloc(shape[0] * shape[1] * sizeof(float)), shape,
                             float32));
  array* product = &region_inputs[slot_];
  const kernel::FusedProgram* program = region_->program();
  cpu::ContiguousCall call;
  if (program == nullptr || !cpu::matmul_runs_own(a, b) ||
      !cpu::prepare_contiguous_jit(*program, region_inputs, outputs, call)) {
    cpu::matmul(a, b, *product);
    region_->eval_cpu(region_inputs, outputs);
    return;
  }
  RangeContext ctx{&call, shape[1]};
  cpu::matmul_with_epilogue(a, b, *product, {run_ranges, &ctx});
}

} // namespace mxcore
