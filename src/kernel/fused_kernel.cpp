// Turning a traced graph into the FusedKernel description.
#include "kernel/fused_kernel.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "mxcore/primitives.h"
#include "primitives/elementwise.h"
#include "primitives/reduce.h"

namespace mxcore::kernel {

Dtype FusedKernel::dtype_of(const std::string& value_name) const {
  for (auto& in : inputs) {
    if (in.name == value_name) return in.dtype;
  }
  for (auto& n : tape) {
    if (n.name == value_name) return n.dtype;
  }
  throw std::invalid_argument("[FusedKernel] Unknown value " + value_name + ".");
}

Level FusedKernel::level_of(const std::string& value_name) const {
  for (auto& in : inputs) {
    if (in.name != value_name) continue;
    switch (in.kind) {
      case InputKind::constant:
      case InputKind::scalar: return Level::uniform;
      case InputKind::row: return Level::row;
      default: return Level::element;
    }
  }
  for (auto& n : tape) {
    if (n.name == value_name) return n.level;
  }
  throw std::invalid_argument("[FusedKernel] Unknown value " + value_name + ".");
}

std::vector<const FusedInput*> FusedKernel::runtime_inputs() const {
  std::vector<const FusedInput*> out;
  for (auto& in : inputs) {
    if (in.kind != InputKind::constant) out.push_back(&in);
  }
  return out;
}

std::string FusedKernel::variant() const {
  std::string v = row ? "row" : contiguous ? "contiguous" : "strided_" + std::to_string(ndim);
  if (large_index) v += "_large";
  return v;
}

ConstantValue read_constant(const array& x) {
  ConstantValue v;
  switch (x.dtype().val) {
    case Dtype::Val::bool_:
      v.i = x.item<bool>();
      break;
    case Dtype::Val::uint8:
    case Dtype::Val::uint16:
    case Dtype::Val::uint32:
    case Dtype::Val::uint64:
      v.u = x.item<uint64_t>();
      break;
    case Dtype::Val::int8:
    case Dtype::Val::int16:
    case Dtype::Val::int32:
    case Dtype::Val::int64:
      v.i = x.item<int64_t>();
      break;
    case Dtype::Val::complex64: {
      auto c = x.item<complex64_t>();
      v.real = c.real();
      v.imag = c.imag();
      break;
    }
    default:
      v.real = x.item<double>();
  }
  return v;
}

namespace {
NodeKind node_kind(const array& node) {
  auto& p = node.primitive();
  if (dynamic_cast<const AsType*>(&p)) return NodeKind::astype;
  if (dynamic_cast<const Reduce*>(&p)) return NodeKind::reduce;
  switch (p.kind()) {
    case PrimitiveKind::unary: return NodeKind::unary;
    case PrimitiveKind::binary: return NodeKind::binary;
    case PrimitiveKind::ternary: return NodeKind::ternary;
    case PrimitiveKind::broadcast: return NodeKind::broadcast;
    case PrimitiveKind::noop: return NodeKind::alias;
    default: break;
  }
  throw std::invalid_argument(std::string("[compile] Primitive ") + p.name() +
                              " cannot be fused into an elementwise kernel.");
}
} // namespace

FusedKernel describe_fused_kernel(const std::string& name,
                                  const std::vector<array>& tape_inputs,
                                  const std::vector<array>& constant_values,
                                  const std::vector<InputKind>& kinds,
                                  const std::vector<array>& tape,
                                  const std::vector<array>& tape_outputs,
                                  bool contiguous, int ndim, bool large_index) {
  FusedKernel k;
  k.name = name;
  k.contiguous = contiguous;
  k.ndim = ndim;
  k.large_index = large_index;
  std::unordered_map<uintptr_t, std::string> names;
  for (size_t i = 0; i < tape_inputs.size(); ++i) {
    FusedInput in{"in" + std::to_string(i), tape_inputs[i].dtype(), kinds[i], {}};
    if (in.kind == InputKind::constant) in.value = read_constant(constant_values[i]);
    names[tape_inputs[i].id()] = in.name;
    k.inputs.push_back(std::move(in));
  }
  for (size_t i = 0; i < tape.size(); ++i) {
    auto& a = tape[i];
    FusedNode n;
    n.name = "t" + std::to_string(i);
    n.dtype = a.dtype();
    n.op = a.primitive().name();
    n.kind = node_kind(a);
    for (auto& in : a.inputs()) {
      auto it = names.find(in.id());
      if (it == names.end()) {
        throw std::invalid_argument("[compile] Fused tape node " + n.op +
                                    " reads a value outside the kernel.");
      }
      n.inputs.push_back(it->second);
    }
    names[a.id()] = n.name;
    k.tape.push_back(std::move(n));
  }
  for (size_t i = 0; i < tape_outputs.size(); ++i) {
    auto it = names.find(tape_outputs[i].id());
    if (it == names.end()) {
      throw std::invalid_argument("[compile] Fused kernel output is not computed by its tape.");
    }
    k.outputs.push_back({"out" + std::to_string(i), it->second, tape_outputs[i].dtype()});
  }
  return k;
}

FusedKernel describe_row_kernel(const std::string& name,
                                const std::vector<array>& tape_inputs,
                                const std::vector<array>& constant_values,
                                const std::vector<InputKind>& kinds,
                                const std::vector<array>& tape,
                                const std::vector<array>& tape_outputs,
                                const std::vector<bool>& per_row_outputs) {
  auto k = describe_fused_kernel(name, tape_inputs, constant_values, kinds, tape,
                                 tape_outputs, true, 2, false);
  k.row = true;
  // A reduction is per row; anything else varies as much as its inputs.
  for (auto& n : k.tape) {
    if (n.kind == NodeKind::reduce) {
      n.level = Level::row;
      continue;
    }
    n.level = Level::uniform;
    for (auto& in : n.inputs) n.level = std::max(n.level, k.level_of(in));
  }
  for (size_t i = 0; i < k.outputs.size(); ++i) {
    k.outputs[i].per_row = per_row_outputs[i];
    if (per_row_outputs[i] && k.level_of(k.outputs[i].value) == Level::element) {
      throw std::invalid_argument(
          "[compile] A per-row output of a row kernel varies along the row.");
    }
  }
  return k;
}

} // namespace mxcore::kernel
