// Replace: rebuild the compiled tape on the real inputs of a call.
#include <sstream>
#include <typeinfo>

#include "compile/compile_impl.h"
#include "mxcore/ops.h"
#include "ops/util.h"
#include "primitives/elementwise.h"
#include "primitives/indexing.h"

namespace mxcore::detail {

namespace {

// Elementwise primitives of several inputs: the op builder broadcast their
// inputs to one shape at trace time.
bool broadcasts_inputs(const Primitive& p) {
  auto kind = p.kind();
  return kind == PrimitiveKind::binary || kind == PrimitiveKind::ternary ||
         typeid(p) == typeid(DivMod);
}

// The common shape of an elementwise primitive's inputs in this call: a dim
// that was 1 at trace time may grow (MLX's Compiled::output_shapes), but
// shapes that do not broadcast raise, naming the primitive (MLX reads out of
// bounds there).
Shape broadcast_inputs_shape(const Primitive& p, const std::vector<array>& inputs) {
  Shape common = inputs[0].shape();
  for (size_t i = 1; i < inputs.size(); ++i) {
    try {
      common = broadcast_shapes(common, inputs[i].shape());
    } catch (const std::invalid_argument&) {
      throw std::invalid_argument(std::string("[") + p.name() + "] Shapes " +
                                  shape_str(common) + " and " + shape_str(inputs[i].shape()) +
                                  " cannot be broadcast (shapeless compile).");
    }
  }
  return common;
}

// Eager kernels read the inputs of an elementwise primitive at its output
// shape, and a gather's index arrays at one shape: where a dim that was 1 at
// trace time grew, the others are read as broadcast views of it.
void broadcast_to_call_shape(const Primitive& p, std::vector<array>& inputs,
                             const Shape& out_shape) {
  if (broadcasts_inputs(p)) {
    for (auto& in : inputs) {
      if (in.shape() != out_shape) in = broadcast_to(in, out_shape, p.stream());
    }
  } else if (typeid(p) == typeid(Gather) && inputs.size() > 2) {
    auto& g = static_cast<const Gather&>(p);
    Shape index_shape(out_shape.begin(), out_shape.end() - g.slice_sizes().size());
    for (size_t i = 1; i < inputs.size(); ++i) {
      if (inputs[i].shape() != index_shape) {
        inputs[i] = broadcast_to(inputs[i], index_shape, p.stream());
      }
    }
  }
}

} // namespace

std::vector<Shape> shapeless_output_shapes(Primitive& p, const std::vector<array>& inputs) {
  if (broadcasts_inputs(p) && inputs.size() > 1) {
    auto common = broadcast_inputs_shape(p, inputs);
    return std::vector<Shape>(p.output_shapes(inputs).size(), common); // DivMod has two
  }
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
      check_shapeless_update(a, real_inputs);
      shapes = shapeless_output_shapes(*primitive, real_inputs);
      broadcast_to_call_shape(*primitive, real_inputs, shapes[0]);
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
