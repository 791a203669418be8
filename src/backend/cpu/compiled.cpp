// The Compiled primitive on the CPU: the fused program through the JIT, or,
// without a kernel (no compiler, no program, a layout the row loop cannot
// read), the tape primitive by primitive with the eager kernels.
#include <algorithm>
#include <optional>

#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/copy.h"
#include "compile/compiled.h"
#include "primitives/shape.h"

namespace mxcore {

namespace {

// An elementwise kernel writes every output at one shape. Under shapeless
// compile outputs of a region can differ (exp(a) and exp(a) + b once b grew
// a dim that was 1), and then the tape runs eagerly.
bool one_output_shape(const std::vector<array>& outputs) {
  for (size_t o = 1; o < outputs.size(); ++o) {
    if (outputs[o].shape() != outputs[0].shape()) return false;
  }
  return true;
}

// x read at `shape` (stride 0 along dims that are 1 in x): eager elementwise
// kernels take inputs of their output's shape.
array broadcast_view(const array& x, const Shape& shape, Stream stream) {
  if (x.shape() == shape) return x;
  auto broadcast = std::make_shared<Broadcast>(stream, shape);
  array view(shape, x.dtype(), broadcast, {x});
  broadcast->eval_cpu({x}, view);
  view.set_status(array::Status::evaluated);
  view.detach();
  return view;
}

// The inputs with those read across their rows laid out row-major first
// (copy.h's needs_row_layout against any other input); nothing when none is
// (a copy of the handles would keep inputs from being donated to outputs).
std::optional<std::vector<array>> rows_readable(const std::vector<array>& inputs) {
  auto needs = [&](const array& x) {
    return std::any_of(inputs.begin(), inputs.end(),
                       [&](const array& other) { return cpu::needs_row_layout(x, other); });
  };
  if (std::none_of(inputs.begin(), inputs.end(), needs)) return std::nullopt;
  std::vector<array> out;
  out.reserve(inputs.size());
  for (auto& in : inputs) out.push_back(needs(in) ? cpu::row_major_copy(in) : in);
  return out;
}

} // namespace

void Compiled::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  if (auto relaid = rows_readable(inputs)) {
    eval_cpu(*relaid, outputs);
    return;
  }
  if (program_ && (program_->row || one_output_shape(outputs)) &&
      cpu::eval_compiled_jit(*program_, inputs, outputs)) {
    return;
  }
  eval_eager(inputs, outputs);
}

void Compiled::eval_eager(const std::vector<array>& inputs, std::vector<array>& outputs) {
  auto shapes = tape_shapes(inputs);

  // Last tape position reading each array, so intermediates die early.
  std::unordered_map<uintptr_t, size_t> last_use;
  for (size_t t = 0; t < tape_.size(); ++t) {
    for (auto& in : tape_[t].inputs()) last_use[in.id()] = t;
  }
  std::unordered_set<uintptr_t> output_ids;
  for (auto& o : outputs_) output_ids.insert(o.id());

  std::unordered_map<uintptr_t, array> env;
  for (size_t i = 0; i < inputs.size(); ++i) env.insert({inputs_[i].id(), inputs[i]});

  for (size_t t = 0; t < tape_.size(); ++t) {
    auto& a = tape_[t];
    std::vector<array> ins;
    ins.reserve(a.inputs().size());
    for (auto& in : a.inputs()) ins.push_back(env.at(in.id()));
    auto& out_shapes = shapes.at(a.id());
    auto kind = a.primitive().kind();
    if (kind == PrimitiveKind::binary || kind == PrimitiveKind::ternary) {
      for (auto& in : ins) in = broadcast_view(in, out_shapes[0], stream());
    }
    auto traced = a.outputs();
    std::vector<Dtype> types;
    for (auto& o : traced) types.push_back(o.dtype());
    auto outs = array::make_arrays(out_shapes, types, a.primitive_ptr(), ins);
    a.primitive().eval_cpu(ins, outs);
    for (auto& o : outs) {
      o.set_status(array::Status::evaluated);
    }
    outs[0].detach(); // detaches the siblings too: inputs can be freed
    ins.clear();
    for (size_t k = 0; k < outs.size(); ++k) env.insert({traced[k].id(), outs[k]});
    for (auto& in : a.inputs()) {
      if (last_use[in.id()] == t && !output_ids.count(in.id())) env.erase(in.id());
    }
  }
  for (size_t o = 0; o < outputs.size(); ++o) {
    outputs[o].copy_shared_buffer(env.at(outputs_[o].id()));
  }
}

} // namespace mxcore
