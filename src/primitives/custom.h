// Primitives behind the user-facing transform helpers: CustomTransforms
// (custom_function / custom_vjp / checkpoint) and Depends (orders the
// recomputation of checkpoint after the forward pass).
#pragma once

#include "mxcore/primitives.h"
#include "mxcore/transforms.h"

namespace mxcore {

// Inputs are the function's arguments followed by its (already computed,
// gradient-stopped) outputs; evaluating it just forwards those outputs. The
// transformation rules are the user's functions.
class CustomTransforms : public Primitive {
 public:
  CustomTransforms(Stream stream, int num_outputs, VJPRule vjp, JVPRule jvp,
                   VmapRule vmap)
      : Primitive(stream),
        num_outputs_(num_outputs),
        vjp_fun_(std::move(vjp)),
        jvp_fun_(std::move(jvp)),
        vmap_fun_(std::move(vmap)) {}

  void eval_cpu(const std::vector<array>& inputs,
                std::vector<array>& outputs) override;
  void eval_gpu(const std::vector<array>& inputs,
                std::vector<array>& outputs) override {
    eval_cpu(inputs, outputs);
  }
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(CustomTransforms)

  // How many leading inputs are the function's arguments.
  int num_arguments(const std::vector<array>& inputs) const {
    return static_cast<int>(inputs.size()) - num_outputs_;
  }

  // State, read by export (src/export/).
  int num_outputs() const { return num_outputs_; }
 private:
  int num_outputs_;
  VJPRule vjp_fun_;
  JVPRule jvp_fun_;
  VmapRule vmap_fun_;
};

// Outputs are the first inputs unchanged; the remaining inputs are only
// dependencies that must be computed first.
class Depends : public Primitive {
 public:
  Depends(Stream stream, int num_forwarded)
      : Primitive(stream), num_forwarded_(num_forwarded) {}
  void eval_cpu(const std::vector<array>& inputs,
                std::vector<array>& outputs) override;
  void eval_gpu(const std::vector<array>& inputs,
                std::vector<array>& outputs) override {
    eval_cpu(inputs, outputs);
  }
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Depends)

  // State, read by export (src/export/).
  int num_forwarded() const { return num_forwarded_; }
 private:
  int num_forwarded_;
};

// Copies of `inputs` that are computed only after `dependencies`.
std::vector<array> depends(const std::vector<array>& inputs,
                           const std::vector<array>& dependencies);

} // namespace mxcore
