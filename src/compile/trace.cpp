// Tracing: run the function on placeholder arrays (no data, no primitive) to
// record its graph.
#include "compile/compile_impl.h"
#include "transforms_impl.h"

namespace mxcore::detail {

std::tuple<std::vector<array>, std::vector<array>, std::shared_ptr<void>>
compile_trace(const ArrayFnWithExtra& fun, const std::vector<array>& inputs,
              bool shapeless) {
  // Shapeless tracing is dynamic: ops must not bake input shapes in where
  // they can avoid it.
  InTracing in_tracing(/* dynamic = */ shapeless);
  count_trace();

  std::vector<array> tracer_inputs;
  tracer_inputs.reserve(inputs.size());
  for (auto& in : inputs) {
    array t(in.shape(), in.dtype(), nullptr, {});
    t.set_tracer(true);
    tracer_inputs.push_back(std::move(t));
  }
  auto [outputs, extra] = fun(tracer_inputs);
  return {std::move(tracer_inputs), std::move(outputs), std::move(extra)};
}

} // namespace mxcore::detail
