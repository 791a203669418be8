// vmap: trace the function once on unbatched placeholders, then replay the
// part of the graph that depends on them through each primitive's vmap rule.
#include "transforms/vmap.h"

#include <algorithm>
#include <sstream>
#include <unordered_map>

#include "mxcore/ops.h"
#include "ops/util.h"
#include "transforms/tape.h"
#include "transforms_impl.h"

namespace mxcore {

namespace detail {

namespace {

// The common size of the vectorized axes; validates in_axes.
int batch_size(const std::vector<array>& inputs, const std::vector<int>& in_axes) {
  if (in_axes.size() != inputs.size()) {
    std::ostringstream msg;
    msg << "[vmap] The number of in axes (" << in_axes.size()
        << ") must match the number of inputs (" << inputs.size() << ").";
    throw std::invalid_argument(msg.str());
  }
  int size = -1;
  for (size_t i = 0; i < inputs.size(); ++i) {
    int ax = in_axes[i];
    if (ax == -1) continue;
    if (inputs[i].ndim() == 0) {
      throw std::invalid_argument("[vmap] Cannot vmap an input with zero dimensions.");
    }
    if (ax < 0 || ax >= inputs[i].ndim()) {
      std::ostringstream msg;
      msg << "[vmap] Axis " << ax << " invalid for input with "
          << inputs[i].ndim() << " dimensions.";
      throw std::invalid_argument(msg.str());
    }
    int n = inputs[i].shape(ax);
    if (size >= 0 && n != size) {
      std::ostringstream msg;
      msg << "[vmap] Inconsistent axis sizes: " << n << " and " << size << ".";
      throw std::invalid_argument(msg.str());
    }
    size = n;
  }
  if (size < 0) {
    throw std::invalid_argument(
        "[vmap] At least one input must be vectorized (all in_axes are None).");
  }
  return size;
}

// An unbatched output repeated batch times along `axis`.
array broadcast_along(const array& out, int axis, int batch) {
  Shape with_axis = out.shape();
  with_axis.insert(with_axis.begin() + axis, 1);
  Shape target = with_axis;
  target[axis] = batch;
  auto s = stream_of(out);
  return broadcast_to(reshape(out, with_axis, s), target, s);
}

void check_out_axis(int axis, int ndim) {
  if (axis < 0 || axis >= ndim) {
    std::ostringstream msg;
    msg << "[vmap] Axis " << axis << " invalid for output with " << ndim
        << " dimensions.";
    throw std::invalid_argument(msg.str());
  }
}

} // namespace

std::pair<std::vector<array>, std::vector<array>> vmap_trace(
    const ArrayFn& fun, const std::vector<array>& inputs,
    const std::vector<int>& in_axes) {
  InTracing in_tracing;
  batch_size(inputs, in_axes);

  std::vector<array> s_inputs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (in_axes[i] == -1) {
      s_inputs.push_back(inputs[i]);
      continue;
    }
    Shape shape = inputs[i].shape();
    shape.erase(shape.begin() + in_axes[i]);
    // A placeholder: no primitive, no data. Evaluating it is an error.
    array placeholder(std::move(shape), inputs[i].dtype(), nullptr, {});
    placeholder.set_tracer(true);
    s_inputs.push_back(std::move(placeholder));
  }
  auto s_outputs = fun(s_inputs);
  return {s_inputs, s_outputs};
}

std::vector<array> vmap_replace(const std::vector<array>& inputs,
                                const std::vector<array>& s_inputs,
                                const std::vector<array>& s_outputs,
                                const std::vector<int>& in_axes,
                                const std::vector<int>& out_axes) {
  if (out_axes.size() != s_outputs.size()) {
    std::ostringstream msg;
    msg << "[vmap] The number of out axes (" << out_axes.size()
        << ") must match the number of outputs (" << s_outputs.size() << ").";
    throw std::invalid_argument(msg.str());
  }
  int batch = batch_size(inputs, in_axes);

  // Traced array id -> (batched array, its batch axis or -1).
  std::unordered_map<std::uintptr_t, std::pair<array, int>> tmap;
  std::unordered_set<std::uintptr_t> batched;
  for (size_t i = 0; i < s_inputs.size(); ++i) {
    if (in_axes[i] == -1) continue;
    auto in = s_inputs[i];
    tmap.insert({in.id(), {inputs[i], in_axes[i]}});
    batched.insert(in.id());
    in.set_tracer(false);
  }
  auto tape = dependent_tape(s_outputs, batched, TapeKind::vmap);

  for (auto& node : tape) {
    std::vector<array> v_inputs;
    std::vector<int> v_axes;
    for (auto& in : node.inputs) {
      if (auto it = tmap.find(in.id()); it != tmap.end()) {
        v_inputs.push_back(it->second.first);
        v_axes.push_back(it->second.second);
      } else {
        v_inputs.push_back(in);
        v_axes.push_back(-1);
      }
    }
    auto [v_outputs, v_out_axes] = node.primitive->vmap(v_inputs, v_axes);
    auto& node_outputs = node.outputs;
    if (v_outputs.size() != node_outputs.size() ||
        v_out_axes.size() != node_outputs.size()) {
      std::ostringstream msg;
      msg << "[vmap] The vmap of " << node.primitive->name() << " returned "
          << v_outputs.size() << " outputs for " << node_outputs.size() << ".";
      throw std::runtime_error(msg.str());
    }
    for (size_t i = 0; i < node_outputs.size(); ++i) {
      tmap.insert({node_outputs[i].id(), {v_outputs[i], v_out_axes[i]}});
    }
  }

  std::vector<array> outputs;
  for (size_t i = 0; i < s_outputs.size(); ++i) {
    int want = out_axes[i];
    array out = s_outputs[i];
    int axis = -1;
    if (auto it = tmap.find(out.id()); it != tmap.end()) {
      out = it->second.first;
      axis = it->second.second;
    }
    if (axis == -1) {
      // Independent of the batch: repeat it unless its out axis is None.
      if (want != -1) {
        check_out_axis(want, out.ndim() + 1);
        out = broadcast_along(out, want, batch);
      }
    } else if (want == -1) {
      throw std::invalid_argument(
          "[vmap] An output with out_axes None must not depend on the "
          "vectorized inputs.");
    } else if (axis != want) {
      check_out_axis(want, out.ndim());
      out = moveaxis(out, axis, want, stream_of(out));
    }
    outputs.push_back(std::move(out));
  }
  return outputs;
}

} // namespace detail

ArrayFn vmap(const ArrayFn& fun, const std::vector<int>& in_axes,
             const std::vector<int>& out_axes) {
  return [fun, in_axes, out_axes](const std::vector<array>& inputs) {
    auto ins = in_axes.empty() ? std::vector<int>(inputs.size(), 0) : in_axes;
    auto [s_inputs, s_outputs] = detail::vmap_trace(fun, inputs, ins);
    auto outs = out_axes.empty() ? std::vector<int>(s_outputs.size(), 0) : out_axes;
    return detail::vmap_replace(inputs, s_inputs, s_outputs, ins, outs);
  };
}

std::function<array(const array&)> vmap(const std::function<array(const array&)>& fun,
                                        int in_axis, int out_axis) {
  auto vfun = vmap(
      [fun](const std::vector<array>& in) { return std::vector<array>{fun(in[0])}; },
      {in_axis}, {out_axis});
  return [vfun](const array& a) { return vfun({a})[0]; };
}

std::function<array(const array&, const array&)> vmap(
    const std::function<array(const array&, const array&)>& fun, int in_axis_a,
    int in_axis_b, int out_axis) {
  auto vfun = vmap(
      [fun](const std::vector<array>& in) {
        return std::vector<array>{fun(in[0], in[1])};
      },
      {in_axis_a, in_axis_b}, {out_axis});
  return [vfun](const array& a, const array& b) { return vfun({a, b})[0]; };
}

} // namespace mxcore
