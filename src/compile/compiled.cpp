#include "compile/compiled.h"

#include <cctype>
#include <functional>
#include <iomanip>
#include <sstream>

#include "backend/cpu/compiled_jit.h"
#include "compile/compile_impl.h"
#include "compile/row_region.h"

namespace mxcore {

namespace {

// Short stable names for the arrays of a graph: A, B, ..., Z, AA, AB, ...
class NodeNamer {
 public:
  const std::string& get_name(const array& x) {
    auto it = names_.find(x.id());
    if (it != names_.end()) return it->second;
    size_t n = names_.size();
    std::string name;
    do {
      name.insert(name.begin(), static_cast<char>('A' + n % 26));
      n = n / 26;
    } while (n-- > 0);
    return names_.emplace(x.id(), std::move(name)).first->second;
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

bool is_scalar(const array& x) { return x.ndim() == 0; }

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

Compiled::Compiled(Stream stream, std::vector<array> inputs, std::vector<array> outputs,
                   std::vector<array> tape, std::unordered_set<uintptr_t> constant_ids)
    : Primitive(stream),
      inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      tape_(std::move(tape)),
      constant_ids_(std::move(constant_ids)),
      row_kernel_(detail::has_reduce(tape_)) {
  // The kernel library name encodes everything the generated code depends
  // on, so equal graphs share one kernel.
  NodeNamer namer;
  std::ostringstream os;
  std::ostringstream constant_hasher;
  std::unordered_set<uintptr_t> output_ids;
  for (auto& o : outputs_) output_ids.insert(o.id());
  for (auto& x : inputs_) namer.get_name(x); // inputs are A, B, C, ...

  for (auto& a : tape_) {
    os << namer.get_name(a) << kind_char(a.dtype()) << a.itemsize();
    os << (output_ids.count(a.id()) ? "O" : "I");
    os << sanitize(primitive_text(a.primitive()));
    for (auto& in : a.inputs()) os << namer.get_name(in);
  }
  os << "_";
  for (size_t i = 0; i < inputs_.size(); ++i) {
    if (is_constant(i)) {
      os << "C";
      print_constant_bytes(constant_hasher, inputs_[i]);
    } else {
      os << (is_scalar(inputs_[i]) ? "S" : "V");
    }
  }
  os << "_";
  for (size_t i = 0; i < inputs_.size(); ++i) {
    if (is_constant(i)) continue;
    os << kind_char(inputs_[i].dtype()) << inputs_[i].itemsize();
  }
  os << "_" << std::hash<std::string>{}(constant_hasher.str());
  kernel_lib_ = os.str();
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

void Compiled::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  if (cpu::eval_compiled_jit(inputs, outputs, inputs_, outputs_, tape_, constant_ids_,
                             kernel_lib_, row_kernel_)) {
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
    auto traced = a.outputs();
    std::vector<Dtype> types;
    for (auto& o : traced) types.push_back(o.dtype());
    auto outs = array::make_arrays(shapes.at(a.id()), types, a.primitive_ptr(), ins);
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
