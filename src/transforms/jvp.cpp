// Forward mode: trace the function on tracer copies of the primals, then push
// tangents forward along the dependent part of its graph.
#include <sstream>
#include <unordered_map>

#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "ops/util.h"
#include "transforms/tape.h"
#include "transforms_impl.h"

namespace mxcore {

std::pair<std::vector<array>, std::vector<array>> jvp(
    const ArrayFn& fun,
    const std::vector<array>& primals,
    const std::vector<array>& tangents) {
  detail::InTracing in_tracing(false, /* grad = */ true);

  if (primals.size() != tangents.size()) {
    std::ostringstream msg;
    msg << "[jvp] Number of inputs (" << primals.size()
        << ") does not match number of tangents (" << tangents.size() << ").";
    throw std::invalid_argument(msg.str());
  }
  for (size_t i = 0; i < primals.size(); ++i) {
    if (primals[i].shape() != tangents[i].shape()) {
      std::ostringstream msg;
      msg << "[jvp] Input shape " << shape_str(primals[i].shape())
          << " does not match shape of tangent " << shape_str(tangents[i].shape())
          << ".";
      throw std::invalid_argument(msg.str());
    }
  }

  std::vector<array> tracers;
  for (auto& p : primals) {
    tracers.push_back(copy(p, detail::stream_of(p)));
    tracers.back().set_tracer(true);
  }
  auto outputs = fun(tracers);

  std::unordered_set<std::uintptr_t> has_tangent;
  std::unordered_map<std::uintptr_t, array> tan_map;
  for (size_t i = 0; i < tracers.size(); ++i) {
    tracers[i].set_tracer(false);
    has_tangent.insert(tracers[i].id());
    tan_map.insert({tracers[i].id(), tangents[i]});
  }
  auto tape = detail::dependent_tape(outputs, has_tangent, detail::TapeKind::gradient);

  for (auto& node : tape) {
    std::vector<int> argnums;
    std::vector<array> node_tangents;
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      if (auto it = tan_map.find(node.inputs[i].id()); it != tan_map.end()) {
        argnums.push_back(static_cast<int>(i));
        node_tangents.push_back(it->second);
      }
    }
    auto jvps = node.primitive->jvp(node.inputs, node_tangents, argnums);
    auto& node_outputs = node.outputs;
    if (jvps.size() != node_outputs.size()) {
      std::ostringstream msg;
      msg << "[jvp] The jvp of " << node.primitive->name() << " returned "
          << jvps.size() << " tangents for " << node_outputs.size() << " outputs.";
      throw std::runtime_error(msg.str());
    }
    for (size_t i = 0; i < jvps.size(); ++i) {
      tan_map.insert({node_outputs[i].id(), jvps[i]});
    }
  }

  std::vector<array> jvps;
  for (auto& out : outputs) {
    if (auto it = tan_map.find(out.id()); it != tan_map.end()) {
      jvps.push_back(it->second);
    } else {
      jvps.push_back(zeros_like(out, detail::stream_of(out)));
    }
  }
  return {outputs, jvps};
}

std::pair<array, array> jvp(const std::function<array(const array&)>& fun,
                            const array& primal, const array& tangent) {
  auto vec_fun = [&fun](const std::vector<array>& inputs) {
    return std::vector<array>{fun(inputs[0])};
  };
  auto [outputs, jvps] = jvp(vec_fun, {primal}, {tangent});
  return {outputs[0], jvps[0]};
}

} // namespace mxcore
