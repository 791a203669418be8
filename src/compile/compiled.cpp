#include "compile/compiled.h"

#include <stdexcept>

#include "compile/compile_impl.h"

namespace mxcore {

Compiled::Compiled(Stream stream, std::vector<array> inputs, std::vector<array> outputs,
                   std::vector<array> tape, std::unordered_set<uintptr_t> constant_ids)
    : Primitive(stream),
      inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      tape_(std::move(tape)),
      constant_ids_(std::move(constant_ids)) {
  std::vector<bool> is_constant(inputs_.size());
  for (size_t i = 0; i < inputs_.size(); ++i) is_constant[i] = this->is_constant(i);
  kernel_lib_ = kernel::fused_program_name(inputs_, is_constant, tape_, outputs_);
  try {
    program_ = std::make_shared<const kernel::FusedProgram>(
        kernel::make_fused_program(kernel_lib_, inputs_, is_constant, tape_, outputs_));
  } catch (const std::invalid_argument&) {
    // A primitive no kernel computes (e.g. an extension's): eager only.
  }
}

std::vector<array> Compiled::jvp(const std::vector<array>&, const std::vector<array>&,
                                 const std::vector<int>&) {
  throw std::invalid_argument("[Compiled] Cannot jvp primitive.");
}

std::vector<array> Compiled::vjp(const std::vector<array>&, const std::vector<array>&,
                                 const std::vector<int>&, const std::vector<array>&) {
  throw std::invalid_argument("[Compiled] Cannot vjp primitive.");
}

std::pair<std::vector<array>, std::vector<int>> Compiled::vmap(
    const std::vector<array>&, const std::vector<int>&) {
  throw std::invalid_argument("[Compiled] Cannot vmap primitive.");
}

bool Compiled::is_equivalent(const Primitive& other) const {
  const auto& o = static_cast<const Compiled&>(other);
  if (kernel_lib_ != o.kernel_lib_ || tape_.size() != o.tape_.size()) return false;
  for (size_t i = 0; i < tape_.size(); ++i) {
    auto& p1 = tape_[i].primitive();
    auto& p2 = o.tape_[i].primitive();
    if (typeid(p1) != typeid(p2) || !p1.is_equivalent(p2)) return false;
  }
  return true;
}

void Compiled::print(std::ostream& os) {
  os << "Compiled(";
  for (size_t i = 0; i < tape_.size(); ++i) {
    if (i > 0) os << ", ";
    tape_[i].primitive().print(os);
  }
  os << ")";
}

std::unordered_map<uintptr_t, std::vector<Shape>> Compiled::tape_shapes(
    const std::vector<array>& inputs) {
  std::unordered_map<uintptr_t, std::vector<Shape>> shapes;
  bool same = true;
  for (size_t i = 0; i < inputs.size(); ++i) {
    same &= inputs[i].shape() == inputs_[i].shape();
  }
  if (same) {
    for (auto& a : tape_) {
      std::vector<Shape> s;
      for (auto& o : a.outputs()) s.push_back(o.shape());
      shapes.emplace(a.id(), std::move(s));
    }
    return shapes;
  }
  // Shapeless: propagate the new shapes along the tape with placeholders.
  std::unordered_map<uintptr_t, array> env;
  for (size_t i = 0; i < inputs.size(); ++i) {
    env.insert({inputs_[i].id(), array(inputs[i].shape(), inputs[i].dtype(), nullptr, {})});
  }
  for (auto& a : tape_) {
    std::vector<array> ins;
    for (auto& in : a.inputs()) ins.push_back(env.at(in.id()));
    auto out_shapes = detail::shapeless_output_shapes(a.primitive(), ins);
    auto outs = a.outputs();
    for (size_t k = 0; k < outs.size(); ++k) {
      env.insert({outs[k].id(), array(out_shapes[k], outs[k].dtype(), nullptr, {})});
    }
    shapes.emplace(a.id(), std::move(out_shapes));
  }
  return shapes;
}

std::vector<Shape> Compiled::output_shapes(const std::vector<array>& inputs) {
  auto shapes = tape_shapes(inputs);
  std::vector<Shape> out;
  for (auto& o : outputs_) {
    for (auto& a : tape_) {
      auto outs = a.outputs();
      for (size_t k = 0; k < outs.size(); ++k) {
        if (outs[k].id() == o.id()) out.push_back(shapes.at(a.id())[k]);
      }
    }
  }
  return out;
}

} // namespace mxcore
