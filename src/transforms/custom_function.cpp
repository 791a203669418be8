// custom_function / custom_vjp: run the function, stop its gradient, and hang
// the user's rules on a CustomTransforms node whose outputs forward its results.
#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "primitives/custom.h"
#include "transforms/tape.h"

namespace mxcore {

namespace {

// Rules derived from `fun` itself for the transformations the user left out.
VJPRule default_vjp(const ArrayFn& fun) {
  return [fun](const std::vector<array>& primals, const std::vector<array>& cotangents,
               const std::vector<array>&) { return vjp(fun, primals, cotangents).second; };
}

JVPRule default_jvp(const ArrayFn& fun) {
  return [fun](const std::vector<array>& primals, const std::vector<array>& tangents,
               const std::vector<int>& argnums) {
    std::vector<array> all_tangents;
    for (size_t i = 0, j = 0; i < primals.size(); ++i) {
      if (j < argnums.size() && argnums[j] == static_cast<int>(i)) {
        all_tangents.push_back(tangents[j++]);
      } else {
        all_tangents.push_back(zeros_like(primals[i], detail::stream_of(primals[i])));
      }
    }
    return jvp(fun, primals, all_tangents).second;
  };
}

VmapRule default_vmap(const ArrayFn& fun, size_t num_outputs) {
  return [fun, num_outputs](const std::vector<array>& inputs, const std::vector<int>& axes) {
    std::vector<int> out_axes(num_outputs, 0);
    return std::make_pair(vmap(fun, axes, out_axes)(inputs), out_axes);
  };
}

} // namespace

ArrayFn custom_function(ArrayFn fun, std::optional<VJPRule> fun_vjp,
                        std::optional<JVPRule> fun_jvp,
                        std::optional<VmapRule> fun_vmap) {
  if (!fun_vjp && !fun_jvp && !fun_vmap) return fun;
  return [fun = std::move(fun), fun_vjp = std::move(fun_vjp), fun_jvp = std::move(fun_jvp),
          fun_vmap = std::move(fun_vmap)](const std::vector<array>& args) {
    auto outputs = fun(args);
    if (outputs.empty()) {
      throw std::invalid_argument(
          "[custom_function] The function must return at least one array.");
    }
    // The node's rules replace differentiation through fun's body.
    for (auto& out : outputs) out = stop_gradient(out, detail::stream_of(out));

    // The outputs are inputs of the node, so evaluating it "runs" fun.
    std::vector<array> inputs = args;
    inputs.insert(inputs.end(), outputs.begin(), outputs.end());
    std::vector<Shape> shapes;
    std::vector<Dtype> dtypes;
    for (auto& out : outputs) {
      shapes.push_back(out.shape());
      dtypes.push_back(out.dtype());
    }
    auto prim = std::make_shared<CustomTransforms>(
        detail::stream_of(outputs[0]), static_cast<int>(outputs.size()),
        fun_vjp ? *fun_vjp : default_vjp(fun), fun_jvp ? *fun_jvp : default_jvp(fun),
        fun_vmap ? *fun_vmap : default_vmap(fun, outputs.size()));
    return array::make_arrays(std::move(shapes), dtypes, prim, inputs);
  };
}

ArrayFn custom_vjp(ArrayFn fun, VJPRule fun_vjp) {
  return custom_function(std::move(fun), std::move(fun_vjp));
}

} // namespace mxcore
