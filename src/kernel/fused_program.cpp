// Making the fused program (and its name) from a traced region.
#include "kernel/fused_program.h"

#include <cctype>
#include <functional>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "mxcore/primitives.h"
#include "letter_names.h"

namespace mxcore::kernel {

Dtype FusedProgram::dtype_of(const std::string& value_name) const {
  if (auto* in = find_input(value_name)) return in->dtype;
  for (auto& n : tape) {
    if (n.name == value_name) return n.dtype;
  }
  throw std::invalid_argument("[FusedProgram] Unknown value " + value_name + ".");
}

const FusedInput* FusedProgram::find_input(const std::string& value_name) const {
  for (auto& in : inputs) {
    if (in.name == value_name) return &in;
  }
  return nullptr;
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

// Short stable names for the arrays of a graph: A, B, ..., Z, AA, AB, ...
class NodeNamer {
 public:
  const std::string& get_name(const array& x) {
    auto it = names_.find(x.id());
    if (it != names_.end()) return it->second;
    return names_.emplace(x.id(), letter_name(names_.size())).first->second;
  }

 private:
  std::unordered_map<uintptr_t, std::string> names_;
};

char kind_char(Dtype t) {
  switch (kindof(t)) {
    case Dtype::Kind::b: return 'b';
    case Dtype::Kind::u: return 'u';
    case Dtype::Kind::i: return 'i';
    case Dtype::Kind::f: return 'f';
    case Dtype::Kind::V: return 'V';
    case Dtype::Kind::c: return 'c';
  }
  return '?';
}

// The exact bytes of a scalar constant.
void print_constant_bytes(std::ostream& os, const array& x) {
  auto* bytes = static_cast<const unsigned char*>(x.raw_data());
  os << kind_char(x.dtype()) << x.itemsize() << ':' << std::hex;
  for (size_t b = 0; b < x.itemsize(); ++b) {
    os << std::setw(2) << std::setfill('0') << static_cast<int>(bytes[b]);
  }
  os << std::dec << ';';
}

// Kernel names are identifiers: anything print() adds beyond [A-Za-z0-9_]
// (parameters, spaces) is kept in a readable but safe spelling.
std::string sanitize(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string primitive_text(Primitive& p) {
  std::ostringstream os;
  p.print(os);
  return os.str();
}

} // namespace

std::string fused_program_name(const std::vector<array>& tape_inputs,
                               const std::vector<bool>& is_constant,
                               const std::vector<array>& tape,
                               const std::vector<array>& tape_outputs) {
  NodeNamer namer;
  std::ostringstream os;
  std::ostringstream constant_hasher;
  std::unordered_set<uintptr_t> output_ids;
  for (auto& o : tape_outputs) output_ids.insert(o.id());
  for (auto& x : tape_inputs) namer.get_name(x); // inputs are A, B, C, ...

  for (auto& a : tape) {
    os << namer.get_name(a) << kind_char(a.dtype()) << a.itemsize();
    os << (output_ids.count(a.id()) ? "O" : "I");
    os << sanitize(primitive_text(a.primitive()));
    for (auto& in : a.inputs()) os << namer.get_name(in);
  }
  os << "_";
  for (size_t i = 0; i < tape_inputs.size(); ++i) {
    if (is_constant[i]) {
      os << "C";
      print_constant_bytes(constant_hasher, tape_inputs[i]);
    } else {
      os << (tape_inputs[i].ndim() == 0 ? "S" : "V");
    }
  }
  os << "_";
  for (size_t i = 0; i < tape_inputs.size(); ++i) {
    if (is_constant[i]) continue;
    os << kind_char(tape_inputs[i].dtype()) << tape_inputs[i].itemsize();
  }
  os << "_" << std::hash<std::string>{}(constant_hasher.str());
  return os.str();
}

FusedProgram make_fused_program(std::string name, const std::vector<array>& tape_inputs,
                                const std::vector<bool>& is_constant,
                                const std::vector<array>& tape,
                                const std::vector<array>& tape_outputs) {
  FusedProgram p;
  p.name = std::move(name);
  p.constant_inputs = is_constant;
  std::unordered_map<uintptr_t, std::string> names;
  for (size_t i = 0; i < tape_inputs.size(); ++i) {
    auto& x = tape_inputs[i];
    FusedInput in{"in" + std::to_string(i), x.dtype(),
                  is_constant[i] ? InputClass::constant
                  : x.ndim() == 0 ? InputClass::scalar
                                  : InputClass::vector,
                  x.shape(), {}};
    if (is_constant[i]) in.value = read_constant(x);
    names[x.id()] = in.name;
    p.inputs.push_back(std::move(in));
  }
  for (size_t i = 0; i < tape.size(); ++i) {
    auto& a = tape[i];
    auto op = find_op(a.primitive().name());
    if (!op) {
      throw std::invalid_argument(std::string("[compile] Primitive ") + a.primitive().name() +
                                  " has no fused-kernel op.");
    }
    FusedNode n{"t" + std::to_string(i), a.dtype(), *op, op_kind(*op), {}};
    for (auto& in : a.inputs()) {
      auto it = names.find(in.id());
      if (it == names.end()) {
        throw std::invalid_argument(std::string("[compile] Fused tape node ") + op_name(*op) +
                                    " reads a value outside the kernel.");
      }
      n.inputs.push_back(it->second);
    }
    if (n.kind == NodeKind::reduce && !p.row) {
      p.row = true;
      p.row_shape = a.inputs()[0].shape(); // the first reduction's input
    }
    names[a.id()] = n.name;
    p.tape.push_back(std::move(n));
  }
  for (size_t i = 0; i < tape_outputs.size(); ++i) {
    auto it = names.find(tape_outputs[i].id());
    if (it == names.end()) {
      throw std::invalid_argument("[compile] Fused kernel output is not computed by its tape.");
    }
    p.outputs.push_back({"out" + std::to_string(i), it->second, tape_outputs[i].dtype()});
  }
  return p;
}

} // namespace mxcore::kernel
