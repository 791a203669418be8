// The Compiled primitive: a fused region of elementwise primitives (and, in
// row regions, reductions over the last axis: compile/row_region.h) that runs
// as one kernel or, without one, primitive by primitive. Its fused program
// (kernel/fused_program.h) is made once, here; each backend turns it and the
// call's layout into a kernel (CPU: backend/cpu/compiled.cpp). A Metal path
// must run row programs eagerly for now (the MSL dialect has no row loops).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "kernel/fused_program.h"
#include "mxcore/primitives.h"

namespace mxcore {

class Compiled : public Primitive {
 public:
  // inputs/outputs/tape are traced arrays: inputs[i] stands for the i-th real
  // input; constant_ids are inputs that are scalar constants.
  Compiled(Stream stream, std::vector<array> inputs, std::vector<array> outputs,
           std::vector<array> tape, std::unordered_set<uintptr_t> constant_ids);

  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;

  // Transforms of a compiled function retrace the original function, so a
  // Compiled node is never differentiated or vectorized.
  std::vector<array> jvp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&) override;
  std::vector<array> vjp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&, const std::vector<array>&) override;
  std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>&, const std::vector<int>&) override;

  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  const char* name() const override { return "Compiled"; }
  // "Compiled(Exp, Multiply, Add)": the fused primitives in order.
  void print(std::ostream& os) override;
  bool is_equivalent(const Primitive& other) const override;

  // Equal graphs (same tape, input kinds, dtypes, constants) share a name.
  const std::string& kernel_lib() const { return kernel_lib_; }
  const std::vector<array>& tape_inputs() const { return inputs_; }
  const std::vector<array>& tape_outputs() const { return outputs_; }
  const std::vector<array>& tape() const { return tape_; }
  const std::unordered_set<uintptr_t>& constant_ids() const { return constant_ids_; }
  bool is_constant(size_t i) const { return constant_ids_.count(inputs_[i].id()) > 0; }
  // The fused program, or nullptr when some tape primitive has no kernel op
  // (the tape then always runs primitive by primitive).
  const kernel::FusedProgram* program() const { return program_.get(); }

 private:
  // Runs the tape with the eager primitives (no kernel for this call).
  void eval_eager(const std::vector<array>& inputs, std::vector<array>& outputs);
  // The tape's shapes for these real inputs (differs from the traced ones
  // only under shapeless compile).
  std::unordered_map<uintptr_t, std::vector<Shape>> tape_shapes(
      const std::vector<array>& inputs);

  std::vector<array> inputs_;
  std::vector<array> outputs_;
  std::vector<array> tape_;
  std::unordered_set<uintptr_t> constant_ids_;
  std::string kernel_lib_;
  std::shared_ptr<const kernel::FusedProgram> program_;
};

} // namespace mxcore
