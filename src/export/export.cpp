// The public export API (mxcore/export.h): trace a function into a graph,
// write its traces to a file, and run an imported trace on new inputs.
#include "mxcore/export.h"

#include <sstream>
#include <unordered_map>

#include "compile/compile_impl.h"
#include "export/function_file.h"
#include "export/graph_codec.h"
#include "mxcore/device.h"
#include "mxcore/stream.h"

namespace mxcore {

using export_detail::FormatError;
using export_detail::TracedGraph;

namespace {

// Traces fun on placeholders of the example inputs (the compile pipeline's
// trace and dfs: a deep copy of the graph, uncaptured inputs refused).
TracedGraph trace_function(const ExportKwargsFn& fun, const Args& args, const Kwargs& kwargs,
                           bool shapeless) {
  TracedGraph g;
  g.num_args = static_cast<uint32_t>(args.size());
  std::vector<array> inputs = args;
  for (auto& [name, value] : kwargs) {
    g.kwarg_names.push_back(name);
    inputs.push_back(value);
  }
  size_t num_args = args.size();
  auto names = g.kwarg_names;
  detail::ArrayFnWithExtra traced = [&](const std::vector<array>& tracers) {
    Args a(tracers.begin(), tracers.begin() + num_args);
    Kwargs kw;
    for (size_t i = 0; i < names.size(); ++i) kw.emplace(names[i], tracers[num_args + i]);
    return detail::ArraysAndExtra{fun(a, kw), nullptr};
  };
  auto [trace_inputs, trace_outputs, extra] = detail::compile_trace(traced, inputs, shapeless);
  try {
    auto [tape, parents] = detail::compile_dfs(trace_inputs, trace_outputs, inputs);
    if (shapeless) detail::compile_shapeless_broadcasts(tape, parents, trace_outputs);
    g.tape = std::move(tape);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(
        "[export_function] The function uses an array that is not one of its inputs and "
        "not a constant (an input reached through a closure, or a tracer of another "
        "transform). Pass it as an input.");
  }
  g.inputs = std::move(trace_inputs);
  g.outputs = std::move(trace_outputs);
  return g;
}

std::vector<uint8_t> encode(const TracedGraph& g) {
  export_detail::ByteWriter w;
  export_detail::write_graph(g, w);
  return w.data();
}

std::string describe(const Args& args, const Kwargs& kwargs) {
  std::ostringstream os;
  auto one = [&](const array& a) {
    os << a.dtype() << "(";
    for (size_t i = 0; i < a.shape().size(); ++i) os << (i ? "," : "") << a.shape()[i];
    os << ")";
  };
  os << "(";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) os << ", ";
    one(args[i]);
  }
  for (auto& [name, a] : kwargs) {
    os << (args.empty() && name == kwargs.begin()->first ? "" : ", ") << name << "=";
    one(a);
  }
  os << ")";
  return os.str();
}

std::string describe(const TracedGraph& g) {
  Args args(g.inputs.begin(), g.inputs.begin() + g.num_args);
  Kwargs kwargs;
  for (size_t i = 0; i < g.kwarg_names.size(); ++i) {
    kwargs.emplace(g.kwarg_names[i], g.inputs[g.num_args + i]);
  }
  return describe(args, kwargs);
}

} // namespace

// ---- export_function

void export_function(const std::string& file, const ExportKwargsFn& fun, const Args& args,
                     const Kwargs& kwargs, bool shapeless, const ExportMetadata& metadata) {
  auto e = exporter(file, fun, shapeless, metadata);
  e(args, kwargs);
  e.close();
}

void export_function(const std::string& file, const ExportFn& fun, const Args& args,
                     bool shapeless) {
  export_function(
      file, [&fun](const Args& a, const Kwargs&) { return fun(a); }, args, {}, shapeless);
}

void export_function(const ExportCallback& callback, const ExportKwargsFn& fun,
                     const Args& args, const Kwargs& kwargs, bool shapeless) {
  if (!callback) throw std::invalid_argument("[export_function] The callback is empty.");
  auto g = trace_function(fun, args, kwargs, shapeless);
  std::unordered_map<std::uintptr_t, std::string> names;
  auto name_of = [&](const array& a) {
    auto [it, fresh] = names.emplace(a.id(), "");
    if (fresh) it->second = "a" + std::to_string(names.size() - 1);
    return it->second;
  };
  auto spec = [&](const array& a) { return ExportedArray{name_of(a), a.shape(), a.dtype()}; };

  ExportCallbackInput positional{"inputs"}, keyword{"keyword_inputs"}, constants{"constants"};
  for (size_t i = 0; i < g.inputs.size(); ++i) {
    if (i < g.num_args) {
      positional.arrays.push_back(spec(g.inputs[i]));
    } else {
      keyword.arrays.push_back(spec(g.inputs[i]));
      keyword.keywords.emplace_back(g.kwarg_names[i - g.num_args], name_of(g.inputs[i]));
    }
  }
  std::vector<ExportCallbackInput> nodes;
  for (auto& a : g.tape) {
    if (names.count(a.id())) continue; // an input
    if (!a.has_primitive()) {
      constants.constants.emplace_back(name_of(a), a);
      continue;
    }
    ExportCallbackInput node{"primitive"};
    std::ostringstream os;
    a.primitive().print(os);
    node.name = os.str();
    for (auto& in : a.inputs()) node.input_names.push_back(name_of(in));
    for (auto& o : a.outputs()) node.arrays.push_back(spec(o));
    nodes.push_back(std::move(node));
  }
  ExportCallbackInput outputs{"outputs"};
  for (auto& o : g.outputs) outputs.arrays.push_back(spec(o));

  callback(positional);
  callback(keyword);
  callback(constants);
  for (auto& n : nodes) callback(n);
  callback(outputs);
}

// ---- exporter

struct FunctionExporter::State {
  std::string file;
  ExportKwargsFn fun;
  export_detail::FunctionFile contents;
  bool closed = false;
};

FunctionExporter::FunctionExporter(std::string file, ExportKwargsFn fun, bool shapeless,
                                   ExportMetadata metadata)
    : state_(std::make_shared<State>()) {
  if (!fun) throw std::invalid_argument("[exporter] A function to export is required.");
  state_->file = std::move(file);
  state_->fun = std::move(fun);
  state_->contents.shapeless = shapeless;
  state_->contents.metadata = std::move(metadata);
}

void FunctionExporter::operator()(const Args& args, const Kwargs& kwargs) {
  if (state_->closed) {
    throw std::runtime_error("[exporter] The exporter of '" + state_->file + "' is closed.");
  }
  auto graph = trace_function(state_->fun, args, kwargs, state_->contents.shapeless);
  state_->contents.traces.push_back(encode(graph));
  export_detail::write_function_file(state_->file, state_->contents);
}

void FunctionExporter::close() { state_->closed = true; }
bool FunctionExporter::closed() const { return state_->closed; }

FunctionExporter exporter(const std::string& file, const ExportKwargsFn& fun, bool shapeless,
                          const ExportMetadata& metadata) {
  return FunctionExporter(file, fun, shapeless, metadata);
}

FunctionExporter exporter(const std::string& file, const ExportFn& fun, bool shapeless) {
  if (!fun) throw std::invalid_argument("[exporter] A function to export is required.");
  return FunctionExporter(
      file, [fun](const Args& a, const Kwargs&) { return fun(a); }, shapeless);
}

// ---- import_function

struct ImportedFunction::State {
  std::string file;
  bool shapeless = false;
  ExportMetadata metadata;
  std::vector<TracedGraph> traces;
};

ImportedFunction import_function(const std::string& file) {
  auto contents = export_detail::read_function_file(file);
  auto state = std::make_shared<ImportedFunction::State>();
  state->file = file;
  state->shapeless = contents.shapeless;
  state->metadata = contents.metadata;
  Stream s = default_stream(default_device());
  for (size_t i = 0; i < contents.traces.size(); ++i) {
    auto& bytes = contents.traces[i];
    try {
      export_detail::ByteReader r(bytes.data(), bytes.size());
      state->traces.push_back(export_detail::read_graph(r, s));
      r.expect_end("a trace");
    } catch (const FormatError& e) {
      throw std::runtime_error("[import_function] Invalid function file '" + file +
                               "': trace " + std::to_string(i) + ": " + e.what() + ".");
    }
  }
  ImportedFunction f;
  f.state_ = std::move(state);
  return f;
}

size_t ImportedFunction::num_traces() const { return state_->traces.size(); }
bool ImportedFunction::shapeless() const { return state_->shapeless; }
const ExportMetadata& ImportedFunction::metadata() const { return state_->metadata; }

std::vector<array> ImportedFunction::operator()(const Args& args, const Kwargs& kwargs) const {
  std::vector<array> inputs = args;
  for (auto& [name, value] : kwargs) inputs.push_back(value);
  auto matches = [&](const TracedGraph& g) {
    if (g.num_args != args.size() || g.kwarg_names.size() != kwargs.size()) return false;
    size_t k = 0;
    for (auto& [name, value] : kwargs) {
      if (g.kwarg_names[k++] != name) return false;
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto& expected = g.inputs[i];
      if (expected.dtype() != inputs[i].dtype()) return false;
      if (state_->shapeless ? expected.ndim() != inputs[i].ndim()
                            : expected.shape() != inputs[i].shape()) {
        return false;
      }
    }
    return true;
  };
  for (auto& g : state_->traces) {
    if (matches(g)) {
      return detail::compile_replace(g.tape, g.inputs, g.outputs, inputs, state_->shapeless);
    }
  }
  std::ostringstream msg;
  msg << "[import_function] No exported trace of '" << state_->file
      << "' matches the inputs " << describe(args, kwargs) << "; exported"
      << (state_->shapeless ? " (shapeless: ndims must match)" : "") << ":";
  for (auto& g : state_->traces) msg << " " << describe(g);
  msg << ".";
  throw std::invalid_argument(msg.str());
}

} // namespace mxcore
