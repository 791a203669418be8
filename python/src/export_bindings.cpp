// Bindings of function export (mxcore/export.h): mx.export_function,
// mx.import_function (an ImportedFunction returning a tuple of arrays) and
// mx.exporter (a FunctionExporter usable as a context manager).
#include <optional>

#include "bindings.h"
#include "mxcore/export.h"

using namespace mxcore;

namespace {

std::string file_path(py::handle file, const char* op) {
  auto os = py::module_::import("os");
  if (py::isinstance<py::str>(file) || py::isinstance(file, os.attr("PathLike"))) {
    return os.attr("fspath")(file).cast<std::string>();
  }
  throw std::invalid_argument(std::string("[") + op +
                              "] The file must be a path (str or os.PathLike).");
}

// MLX 0.32's metadata is one string; mxcore stores strings by name. A string
// is stored under this key, and import_function(return_metadata=True) gives
// it back as the string.
constexpr const char* kMetadataStringKey = "__str__";

std::optional<ExportMetadata> to_metadata(const py::object& metadata) {
  if (metadata.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(metadata)) {
    return ExportMetadata{{kMetadataStringKey, metadata.cast<std::string>()}};
  }
  try {
    return metadata.cast<ExportMetadata>();
  } catch (const py::cast_error&) {
    throw py::type_error("[export_function] metadata must be a str or a dict of str to str.");
  }
}

py::object metadata_value(const ExportMetadata& metadata) {
  auto found = metadata.find(kMetadataStringKey);
  if (metadata.size() == 1 && found != metadata.end()) return py::str(found->second);
  return py::cast(metadata);
}

bool array_list(py::handle obj, Args& out) {
  if (!py::isinstance<py::tuple>(obj) && !py::isinstance<py::list>(obj)) return false;
  for (auto item : obj) {
    if (!py::isinstance<array>(item)) return false;
    out.push_back(item.cast<array>());
  }
  return true;
}

bool array_dict(py::handle obj, Kwargs& out) {
  if (!py::isinstance<py::dict>(obj)) return false;
  for (auto [key, value] : py::reinterpret_borrow<py::dict>(obj)) {
    if (!py::isinstance<py::str>(key) || !py::isinstance<array>(value)) return false;
    out.insert_or_assign(key.cast<std::string>(), value.cast<array>());
  }
  return true;
}

// MLX's input forms: positional and keyword arrays, or one tuple/list of
// arrays and/or one dict of arrays.
std::pair<Args, Kwargs> extract_inputs(const py::args& args, const py::kwargs& kwargs,
                                       const char* op) {
  Args a;
  Kwargs kw;
  bool valid;
  if (args.size() == 0 || py::isinstance<array>(args[0])) {
    valid = array_list(args, a) && array_dict(kwargs, kw);
  } else if (args.size() == 1) {
    valid = kwargs.size() == 0 && (array_list(args[0], a) || array_dict(args[0], kw));
  } else {
    valid = args.size() == 2 && kwargs.size() == 0 && array_list(args[0], a) &&
            array_dict(args[1], kw);
  }
  if (!valid) {
    throw std::invalid_argument(
        std::string("[") + op +
        "] Inputs can either be a variable number of positional and keyword arrays or a "
        "single tuple and/or dictionary of arrays.");
  }
  return {std::move(a), std::move(kw)};
}

ExportKwargsFn wrap_function(py::object fun) {
  if (!PyCallable_Check(fun.ptr())) {
    throw std::invalid_argument("[export_function] The function to export must be callable.");
  }
  // Held in C++ objects that Python owns: released with the GIL held.
  auto held = std::shared_ptr<py::object>(new py::object(std::move(fun)), [](py::object* p) {
    py::gil_scoped_acquire gil;
    delete p;
  });
  return [held](const Args& args, const Kwargs& kwargs) {
    py::tuple py_args(args.size());
    for (size_t i = 0; i < args.size(); ++i) py_args[i] = py::cast(args[i]);
    py::dict py_kwargs;
    for (auto& [name, value] : kwargs) py_kwargs[py::str(name)] = py::cast(value);
    py::object result = (*held)(*py_args, **py_kwargs);
    std::vector<array> outputs;
    if (py::isinstance<array>(result)) {
      outputs.push_back(result.cast<array>());
    } else if (!array_list(result, outputs)) {
      throw std::invalid_argument(
          "[export_function] The exported function must return an array or a tuple or "
          "list of arrays.");
    }
    return outputs;
  };
}

py::list specs(const std::vector<ExportedArray>& arrays) {
  py::list out;
  for (auto& a : arrays) out.append(py::make_tuple(a.name, py::tuple(py::cast(a.shape)), a.dtype));
  return out;
}

// An export callback record as MLX-style dict: {"type": ..., ...}.
py::dict callback_record(const ExportCallbackInput& in) {
  py::dict d;
  d["type"] = in.type;
  if (in.type == "primitive") {
    d["name"] = in.name;
    d["inputs"] = py::cast(in.input_names);
    d["outputs"] = specs(in.arrays);
  } else if (in.type == "constants") {
    py::list cs;
    for (auto& [name, value] : in.constants) cs.append(py::make_tuple(name, value));
    d["constants"] = cs;
  } else if (in.type == "outputs") {
    d["outputs"] = specs(in.arrays);
  } else {
    d["inputs"] = specs(in.arrays);
    if (in.type == "keyword_inputs") d["keywords"] = py::cast(in.keywords);
  }
  return d;
}

py::tuple to_tuple(const std::vector<array>& outputs) {
  py::tuple t(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) t[i] = py::cast(outputs[i]);
  return t;
}

} // namespace

void init_export(py::module_& m) {
  py::class_<ImportedFunction>(m, "ImportedFunction",
                               "A function imported with :func:`import_function`.")
      .def(
          "__call__",
          [](const ImportedFunction& f, py::args args, py::kwargs kwargs) {
            auto [a, kw] = extract_inputs(args, kwargs, "import_function");
            return to_tuple(f(a, kw));
          },
          "Run the imported function; returns a tuple of arrays.")
      .def_property_readonly("metadata", &ImportedFunction::metadata,
                             "The metadata dict given at export.");

  py::class_<FunctionExporter>(m, "FunctionExporter",
                               "Exports several traces of a function to one file.")
      .def("__call__",
           [](FunctionExporter& e, py::args args, py::kwargs kwargs) {
             auto [a, kw] = extract_inputs(args, kwargs, "exporter");
             e(a, kw);
           })
      .def("close", &FunctionExporter::close)
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](FunctionExporter& e, py::args) { e.close(); });

  m.def(
      "export_function",
      [](py::object file, py::object fun, py::args args, bool shapeless,
         py::object metadata_arg, py::kwargs kwargs) {
        auto metadata = to_metadata(metadata_arg);
        auto [a, kw] = extract_inputs(args, kwargs, "export_function");
        if (!py::isinstance<py::str>(file) && PyCallable_Check(file.ptr())) {
          if (metadata && !metadata->empty()) {
            throw std::invalid_argument(
                "[export_function] metadata is only stored when exporting to a file.");
          }
          ExportCallback callback = [file](const ExportCallbackInput& in) {
            file(callback_record(in));
          };
          export_function(callback, wrap_function(std::move(fun)), a, kw, shapeless);
          return;
        }
        auto path = file_path(file, "export_function");
        export_function(path, wrap_function(std::move(fun)), a, kw, shapeless,
                        metadata.value_or(ExportMetadata{}));
      },
      py::arg("file_or_callback"), py::arg("fun"), py::kw_only(), py::arg("shapeless") = false,
      py::arg("metadata") = py::none(),
      R"doc(Export a function to a file.

Example input arrays must be given: variable positional and keyword arrays,
or one tuple of arrays and/or one dict of arrays. The function is traced on
them and its graph of primitives (with their constants) is saved.

Args:
    file_or_callback (str or Callable): The file to write, or a callback that receives the
        graph as dicts: ``{"type": "inputs" | "keyword_inputs" | "constants" |
        "primitive" | "outputs", ...}``.
    fun (Callable): A function of zero or more arrays returning one or more arrays.
    *args (array): Example positional inputs.
    shapeless (bool, optional): Whether the imported function accepts inputs of
        other shapes. Default: ``False``.
    metadata (dict[str, str], optional): Strings stored in the file, read back
        as ``imported.metadata``.
    **kwargs (array): Example keyword inputs.)doc");

  m.def(
      "import_function",
      [](py::object file, bool return_metadata) -> py::object {
        auto imported = import_function(file_path(file, "import_function"));
        if (!return_metadata) return py::cast(std::move(imported));
        auto metadata = metadata_value(imported.metadata());
        return py::make_tuple(py::cast(std::move(imported)), metadata);
      },
      py::arg("file"), py::arg("return_metadata") = false,
      R"doc(Import a function exported with :func:`export_function` or :func:`exporter`.

The returned callable takes inputs of the exported shapes and dtypes (or ndims
when exported shapeless) and returns a tuple of arrays.)doc");

  m.def(
      "exporter",
      [](py::object file, py::object fun, bool shapeless, py::object metadata) {
        return exporter(file_path(file, "exporter"), wrap_function(std::move(fun)), shapeless,
                        to_metadata(metadata).value_or(ExportMetadata{}));
      },
      py::arg("file"), py::arg("fun"), py::kw_only(), py::arg("shapeless") = false,
      py::arg("metadata") = py::none(),
      R"doc(Make a callable that exports several traces of ``fun`` to one file.

Example:
    with mx.exporter("fun.mxfn", fun) as exporter:
        exporter(mx.array(1))
        exporter(mx.array(1), mx.array(2)))doc");
}
