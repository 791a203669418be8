// Function export and import: the traced graph of a function (its primitives
// with their parameters, and its constants) saved to a file of mxcore's own
// format and run again later, from Python or C++, without the original code.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mxcore/array.h"

namespace mxcore {

using Args = std::vector<array>;
using Kwargs = std::map<std::string, array>;
using ExportFn = std::function<std::vector<array>(const Args&)>;
using ExportKwargsFn = std::function<std::vector<array>(const Args&, const Kwargs&)>;
// Free-form strings stored with an exported function (author, version, ...).
using ExportMetadata = std::map<std::string, std::string>;

// Traces fun on the example inputs and writes its graph to `file`. With
// shapeless, the imported function accepts inputs of other shapes (same
// dtypes and ndims); otherwise the shapes must match the example inputs.
void export_function(const std::string& file, const ExportKwargsFn& fun, const Args& args,
                     const Kwargs& kwargs, bool shapeless = false,
                     const ExportMetadata& metadata = {});
void export_function(const std::string& file, const ExportFn& fun, const Args& args,
                     bool shapeless = false);

// One record of a graph given to an export callback instead of a file:
// type "inputs" (arrays: the positional inputs), "keyword_inputs" (arrays and
// keywords: (keyword, array name)), "constants", one "primitive" per node in
// topological order (name: the primitive as printed, input_names, arrays: its
// outputs), then "outputs" (arrays).
struct ExportedArray {
  std::string name;
  Shape shape;
  Dtype dtype;
};
struct ExportCallbackInput {
  std::string type;
  std::string name;
  std::vector<ExportedArray> arrays;
  std::vector<std::string> input_names;
  std::vector<std::pair<std::string, std::string>> keywords;
  std::vector<std::pair<std::string, array>> constants;
};
using ExportCallback = std::function<void(const ExportCallbackInput&)>;

// Traces fun and hands its graph to callback, record by record.
void export_function(const ExportCallback& callback, const ExportKwargsFn& fun,
                     const Args& args, const Kwargs& kwargs, bool shapeless = false);

// Exports several traces of one function (different numbers of inputs,
// shapes or dtypes) into one file. Each call traces fun on its inputs and
// rewrites the file with every trace so far; close() ends the export.
class FunctionExporter {
 public:
  FunctionExporter(std::string file, ExportKwargsFn fun, bool shapeless,
                   ExportMetadata metadata = {});
  void operator()(const Args& args, const Kwargs& kwargs = {});
  void close();
  bool closed() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

FunctionExporter exporter(const std::string& file, const ExportKwargsFn& fun,
                          bool shapeless = false, const ExportMetadata& metadata = {});
FunctionExporter exporter(const std::string& file, const ExportFn& fun, bool shapeless = false);

// A function read back from a file. Calling it picks the exported trace that
// matches the inputs (number of positional inputs, keyword names, dtypes and
// shapes, or ndims when shapeless) and returns its outputs, lazily.
class ImportedFunction {
 public:
  std::vector<array> operator()(const Args& args, const Kwargs& kwargs = {}) const;
  // Number of traces in the file.
  size_t num_traces() const;
  bool shapeless() const;
  // The metadata given at export.
  const ExportMetadata& metadata() const;

 private:
  friend ImportedFunction import_function(const std::string& file);
  struct State;
  std::shared_ptr<const State> state_;
};

// Raises std::runtime_error naming the file when it cannot be read or is not a
// valid function file (wrong magic, unsupported version, truncated, corrupt).
ImportedFunction import_function(const std::string& file);

} // namespace mxcore
