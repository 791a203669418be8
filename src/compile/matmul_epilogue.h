// Epilogue fusion: a float32 Matmul whose only user is an elementwise
// Compiled region (gelu(x @ w1)) or a lone elementwise primitive (x + h @ w2)
// becomes one MatmulEpilogue node. On the CPU the region's kernel then runs
// on each block of the product as the own GEMM finishes it, while the block
// is in cache, instead of in a second pass over the whole product
// (backend/cpu/matmul_epilogue.cpp). It is the same kernel over the same
// elements, so results equal the unfused graph bit for bit.
#pragma once

#include <memory>

#include "compile/compile_impl.h"
#include "compile/compiled.h"

namespace mxcore {

class MatmulEpilogue : public Primitive {
 public:
  // inputs: a, b of the product, then the region's inputs without the one at
  // `slot`, which the product fills.
  MatmulEpilogue(Stream stream, std::shared_ptr<Compiled> region, size_t slot);

  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;

  // No jvp/vjp/vmap: like Compiled, a compiled function's transforms retrace
  // the original, so Primitive's refusing defaults serve.

  const char* name() const override { return "MatmulEpilogue"; }
  // "MatmulEpilogue(Compiled(Multiply, Erf, ...))".
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override;

  Compiled& region() const { return *region_; }
  size_t slot() const { return slot_; }

 private:
  std::shared_ptr<Compiled> region_;
  size_t slot_;
};

namespace detail {

// Rewrites each eligible Matmul + elementwise user on the fused tape into a
// MatmulEpilogue (after compile_fuse; not for shapeless entries, whose
// shapes change per call). MXCORE_GEMM_EPILOGUE=0 turns it off (tests compare
// against the unfused graph), read at each compile.
void compile_matmul_epilogues(std::vector<array>& tape, ParentsMap& parents_map,
                              const std::vector<array>& inputs, std::vector<array>& outputs);

} // namespace detail

} // namespace mxcore
