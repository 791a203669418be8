// Replace: rebuild the compiled tape on the real inputs of a call.
#include <sstream>

#include "compile/compile_impl.h"
#include "mxcore/ops.h"

namespace mxcore::detail {

std::vector<Shape> shapeless_output_shapes(Primitive& p, const std::vector<array>& inputs) {
  auto shapes = p.output_shapes(inputs);
  auto kind = p.kind();
  // A broadcast to a shape fixed at trace time (broadcast_to) only holds
  // while its input still broadcasts to that shape (MLX raises the same).
  if (kind == PrimitiveKind::broadcast && inputs.size() == 1) {
    bool fits = false;
    try {
      fits = broadcast_shapes(inputs[0].shape(), shapes[0]) == shapes[0];
    } catch (const std::invalid_argument&) {
    }
    if (!fits) {
      throw std::invalid_argument(
          "[Broadcast] Unable to infer broadcast shape for shapeless compile: the "
          "traced graph broadcasts to a fixed shape that the new input shapes do "
          "not fit.");
    }
  }
  if (kind == PrimitiveKind::binary || kind == PrimitiveKind::ternary) {
    for (auto& in : inputs) {
      if (in.shape() != shapes[0]) {
        std::ostringstream msg;
        msg << "[compile] Shapeless compile cannot infer the output shape of "
            << p.name() << " for the new input shapes: the traced graph "
            << "broadcast its inputs to fixed shapes. Compile without shapeless "
            << "or keep the broadcast dimensions unchanged.";
        throw std::invalid_argument(msg.str());
      }
    }
  }
  return shapes;
}

std::vector<array> compile_replace(const std::vector<array>& tape,
                                   const std::vector<array>& trace_inputs,
                                   const std::vector<array>& trace_outputs,
                                   const std::vector<array>& inputs,
                                   bool shapeless) {
  std::unordered_map<std::uintptr_t, array> trace_to_real;
  for (size_t i = 0; i < inputs.size(); ++i) {
    trace_to_real.insert({trace_inputs[i].id(), inputs[i]});
  }

  for (auto& a : tape) {
    // Without a primitive: an input (already mapped) or a constant, used as is.
    if (!a.has_primitive()) {
      trace_to_real.insert({a.id(), a});
      continue;
    }
    std::vector<array> real_inputs;
    real_inputs.reserve(a.inputs().size());
    for (auto& in : a.inputs()) real_inputs.push_back(trace_to_real.at(in.id()));
    auto trace_out = a.outputs();
    std::vector<Dtype> types;
    std::vector<Shape> shapes;
    for (auto& o : trace_out) types.push_back(o.dtype());
    auto primitive = a.primitive_ptr();
    if (shapeless && !real_inputs.empty()) {
      if (auto gather = shapeless_gather(a, real_inputs)) primitive = std::move(gather);
      shapes = shapeless_output_shapes(*primitive, real_inputs);
    } else {
      // Without inputs (a lazily loaded constant) nothing of the call can
      // change the shape.
      for (auto& o : trace_out) shapes.push_back(o.shape());
    }
    if (trace_out.size() == 1) {
      trace_to_real.insert({a.id(), array(std::move(shapes[0]), types[0], std::move(primitive),
                                          std::move(real_inputs))});
    } else {
      auto real_out = array::make_arrays(std::move(shapes), types, a.primitive_ptr(),
                                         real_inputs);
      for (size_t i = 0; i < trace_out.size(); ++i) {
        trace_to_real.insert({trace_out[i].id(), std::move(real_out[i])});
      }
    }
  }

  std::vector<array> outputs;
  outputs.reserve(trace_outputs.size());
  for (auto& o : trace_outputs) outputs.push_back(trace_to_real.at(o.id()));
  return outputs;
}

} // namespace mxcore::detail
