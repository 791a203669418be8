// Replay: a compiled entry's tape as numbered steps, rebuilt on each call's
// inputs without hashing array ids (replace.cpp keeps the shapeless path).
#include <stdexcept>

#include "compile/compile_impl.h"

namespace mxcore::detail {

ReplayPlan make_replay_plan(const std::vector<array>& tape, const std::vector<array>& inputs,
                            const std::vector<array>& outputs) {
  ReplayPlan plan;
  plan.num_inputs = inputs.size();
  std::unordered_map<std::uintptr_t, uint32_t> slot_of;
  for (size_t i = 0; i < inputs.size(); ++i) slot_of.emplace(inputs[i].id(), uint32_t(i));
  // Constants first (arrays of the tape without a primitive that are not
  // inputs), so step outputs take consecutive slots after them.
  for (auto& a : tape) {
    if (a.has_primitive() || slot_of.count(a.id())) continue;
    slot_of.emplace(a.id(), uint32_t(plan.num_inputs + plan.constants.size()));
    plan.constants.push_back(a);
  }
  auto next = uint32_t(plan.num_inputs + plan.constants.size());
  auto find = [&](const array& a) {
    auto it = slot_of.find(a.id());
    if (it == slot_of.end()) {
      throw std::logic_error("[compile] The compiled tape uses an array it does not define.");
    }
    return it->second;
  };
  for (auto& a : tape) {
    // Inputs and constants have slots; a sibling listed after its first
    // output was made with it.
    if (!a.has_primitive() || slot_of.count(a.id())) continue;
    ReplayPlan::Step step;
    step.primitive = a.primitive_ptr();
    for (auto& in : a.inputs()) step.inputs.push_back(find(in));
    for (auto& o : a.outputs()) {
      step.shapes.push_back(o.shape());
      step.dtypes.push_back(o.dtype());
      slot_of.emplace(o.id(), next++);
    }
    plan.steps.push_back(std::move(step));
  }
  for (auto& o : outputs) plan.outputs.push_back(find(o));
  return plan;
}

std::vector<array> replay(const ReplayPlan& plan, const std::vector<array>& inputs) {
  // Slots hold arrays once assigned; array has no empty state, so the slot
  // vector grows in slot order: inputs, constants, then each step's outputs.
  std::vector<array> slots;
  size_t total = plan.num_inputs + plan.constants.size();
  for (auto& s : plan.steps) total += s.shapes.size();
  slots.reserve(total);
  slots.insert(slots.end(), inputs.begin(), inputs.end());
  slots.insert(slots.end(), plan.constants.begin(), plan.constants.end());
  for (auto& step : plan.steps) {
    std::vector<array> real_inputs;
    real_inputs.reserve(step.inputs.size());
    for (auto slot : step.inputs) real_inputs.push_back(slots[slot]);
    if (step.shapes.size() == 1) {
      slots.emplace_back(step.shapes[0], step.dtypes[0], step.primitive, std::move(real_inputs));
    } else {
      auto outs = array::make_arrays(step.shapes, step.dtypes, step.primitive, real_inputs);
      for (auto& o : outs) slots.push_back(std::move(o));
    }
  }
  std::vector<array> outputs;
  outputs.reserve(plan.outputs.size());
  for (auto slot : plan.outputs) outputs.push_back(slots[slot]);
  return outputs;
}

} // namespace mxcore::detail
