// Bindings of compile: the cache-keyed compiled call used by mxcore._compile,
// the compile switches, and graph inspection (export_to_dot).
#include <sstream>

#include "bindings.h"
#include "mxcore/compile.h"
#include "mxcore/graph_utils.h"

using namespace mxcore;

namespace {

// A Python object owned from C++: copies and the final release may happen
// on threads without the GIL, so the reference is dropped under the GIL.
std::shared_ptr<void> hold_python(py::object obj) {
  return std::shared_ptr<void>(new py::object(std::move(obj)), [](void* p) {
    py::gil_scoped_acquire gil;
    delete static_cast<py::object*>(p);
  });
}

py::object borrow_python(const std::shared_ptr<void>& p) {
  return p ? *static_cast<py::object*>(p.get()) : py::object(py::none());
}

// Runs the compiled function fun_id on the flat inputs. `trace` is called on
// a cache miss with the tracer inputs and returns (flat outputs, extra); the
// extra object comes back on every call.
py::tuple compiled_call(std::uintptr_t fun_id, py::function trace,
                        std::vector<array> inputs, std::vector<uint64_t> constants,
                        bool shapeless) {
  auto held_trace = hold_python(std::move(trace));
  detail::ArrayFnWithExtra fun = [held_trace](const std::vector<array>& tracers) {
    py::gil_scoped_acquire gil;
    py::object result = borrow_python(held_trace)(tracers);
    auto pair = result.cast<py::tuple>();
    if (pair.size() != 2) {
      throw std::invalid_argument("[compile] The traced function must return (outputs, extra).");
    }
    return detail::ArraysAndExtra{pair[0].cast<std::vector<array>>(), hold_python(pair[1])};
  };
  detail::ArraysAndExtra result;
  {
    // Other Python threads run while this one traces, waits for a trace or
    // rebuilds the graph; the trace callback takes the GIL back.
    py::gil_scoped_release release;
    auto compiled = detail::compile(std::move(fun), fun_id, shapeless, std::move(constants));
    result = compiled(inputs);
  }
  return py::make_tuple(py::cast(result.first), borrow_python(result.second));
}

std::vector<array> arrays_of(const py::args& args) {
  std::vector<array> out;
  for (auto& a : args) out.push_back(a.cast<array>());
  return out;
}

} // namespace

void init_compile(py::module_& m) {
  m.def("_compile_call", &compiled_call, py::arg("fun_id"), py::arg("trace"),
        py::arg("inputs"), py::arg("constants"), py::arg("shapeless"),
        "Internal: call the compiled function `fun_id` (see mxcore._compile).");
  m.def("_compile_erase", &detail::compile_erase, py::arg("fun_id"),
        py::call_guard<py::gil_scoped_release>(),
        "Internal: drop the compile cache entries of `fun_id`.");
  m.def("_compile_clear_cache", &compile_clear_cache,
        py::call_guard<py::gil_scoped_release>(), "Internal: empty the compile cache.");
  m.def("_compile_trace_count", &detail::compile_trace_count,
        "Internal: the number of traces run by compile so far.");
  m.def("disable_compile", &disable_compile,
        "Globally disable compilation. Setting the environment variable "
        "``MLX_DISABLE_COMPILE`` (or ``MXCORE_DISABLE_COMPILE``) does the same.");
  m.def("enable_compile", &enable_compile,
        "Globally enable compilation (undoes disable_compile and the environment flag).");
  m.def("_export_to_dot", [](const std::vector<array>& outputs,
                             const std::vector<std::pair<array, std::string>>& names) {
    std::ostringstream os;
    export_to_dot(os, outputs, names);
    return os.str();
  }, py::arg("outputs"), py::arg("names"),
     "Internal: graphviz dot text of the graph of `outputs`.");
  m.def("_graph_primitive_names", [](const py::args& args) {
    return graph_primitive_names(arrays_of(args));
  }, "Internal: the primitive names of the unevaluated graph of the arrays.");
}
