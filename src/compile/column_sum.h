// Column-sum regions: a fused elementwise region one of whose outputs is
// used only by a sum over its leading axes (batch norm's sums over N, H, W of
// an (N, H, W, C) product or difference). The region then runs block by
// block and that output's blocks are folded into the column sums while they
// are in cache, instead of being written to memory in full and read back by
// the Sum. The other outputs of the region are written as before. When the
// summed output has other users too, it is written as well and each block
// is folded right after the kernel wrote it (still in cache); the sum is
// then an extra, last output.
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
  // `reduced_axes` axes (kept as size-1 axes), or, with `keep`, kept and
  // its sum appended as the last output.
  CompiledColumnSum(Stream stream, std::shared_ptr<Compiled> region, int summed,
                    int reduced_axes, bool keep);

  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;

  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  const char* name() const override { return "CompiledColumnSum"; }
  // "CompiledColumnSum(1 of Compiled(Subtract, Multiply))".
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override;

  const Compiled& region() const { return *region_; }
  int summed_output() const { return summed_; }
  int reduced_axes() const { return reduced_axes_; }
  bool keeps_summed() const { return keep_; }
  // Which of this primitive's outputs holds the sums.
  size_t sums_output() const;

 private:
  std::shared_ptr<Compiled> region_;
  int summed_;
  int reduced_axes_;
  bool keep_;
};

namespace detail {

// After compile_fuse: turns each float32 CPU Sum over leading axes whose
// input is a region output (or a lone elementwise primitive) into a
// CompiledColumnSum of that region. Keeps parents_map and
// `outputs` up to date.
void compile_fuse_column_sums(std::vector<array>& tape, ParentsMap& parents_map,
                              const std::vector<array>& inputs, std::vector<array>& outputs);

} // namespace detail

} // namespace mxcore
