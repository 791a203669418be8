// Column-sum regions: a fused elementwise region one of whose outputs is
// used only by a sum over its leading axes (batch norm's sums over N, H, W of
// an (N, H, W, C) product or difference). The region then runs block by
// block and that output's blocks are folded into the column sums while they
// are in cache, instead of being written to memory in full and read back by
// the Sum. The other outputs of the region are written as before.
//
// The fold order is the eager column reduction's (backend/cpu/reducer.h:
// chunks of kColumnChunkRows rows folded in row order, then the chunks in
// order), so compiled and eager results stay bit-identical.
#pragma once

#include <memory>

#include "compile/compiled.h"
#include "compile/compile_impl.h"

namespace mxcore {

class CompiledColumnSum : public Primitive {
 public:
  // region's output `summed` is replaced by its sum over the first
  // `reduced_axes` axes (kept as size-1 axes).
  CompiledColumnSum(Stream stream, std::shared_ptr<Compiled> region, int summed,
                    int reduced_axes);

  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;

  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  const char* name() const override { return "CompiledColumnSum"; }
  // "CompiledColumnSum(1 of Compiled(Subtract, Multiply))".
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override;

  const Compiled& region() const { return *region_; }
  int summed_output() const { return summed_; }
  int reduced_axes() const { return reduced_axes_; }

 private:
  std::shared_ptr<Compiled> region_;
  int summed_;
  int reduced_axes_;
};

namespace detail {

// After compile_fuse: turns each float32 CPU Sum over leading axes whose
// input is a region output (or a lone elementwise primitive) with no other
// user into a CompiledColumnSum of that region. Keeps parents_map and
// `outputs` up to date.
void compile_fuse_column_sums(std::vector<array>& tape, ParentsMap& parents_map,
                              const std::vector<array>& inputs, std::vector<array>& outputs);

} // namespace detail

} // namespace mxcore
