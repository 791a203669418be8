// Bindings of compile: `mx.compile` (a C++ callable object that flattens the
// argument trees, builds the cache key and runs the cached graph on every
// call), the compile switches, and graph inspection (export_to_dot).
#include <cstddef>
#include <sstream>
#include <unordered_map>

#include "bindings.h"
// After Python.h (bindings.h): the member table of CompiledFunction.
#include <structmember.h>

#include "backend/cpu/compiled_jit.h"
#include "backend/cpu/jit_background.h"
#include "compile_key.h"
#include "eval_profile.h"
#include "mxcore/compile.h"
#include "mxcore/graph_utils.h"
#include "trees.h"

using namespace mxcore;
using namespace mxpy;

namespace {

// What a trace leaves for every later call: the tree of the function's result
// with placeholders for its arrays (constant leaves stay in it), and how many
// of the flat outputs are the result's (the rest are `outputs=` state).
// The two common shapes of a result, `return y` and `return a, b`, are
// rebuilt directly instead of walking the structure.
struct OutputStructure {
  enum class Shape { single_array, flat_tuple, tree };
  py::object structure;
  size_t num_outputs;
  Shape shape;
};

OutputStructure::Shape shape_of(py::handle structure, size_t num_outputs) {
  // A non-container leaf counted as an output is an array's placeholder.
  if (!is_container(structure)) {
    return num_outputs == 1 ? OutputStructure::Shape::single_array
                            : OutputStructure::Shape::tree;
  }
  if (!PyTuple_CheckExact(structure.ptr()) ||
      static_cast<size_t>(PyTuple_GET_SIZE(structure.ptr())) != num_outputs) {
    return OutputStructure::Shape::tree;
  }
  for (size_t i = 0; i < num_outputs; ++i) {
    if (is_container(PyTuple_GET_ITEM(structure.ptr(), i))) return OutputStructure::Shape::tree;
  }
  return OutputStructure::Shape::flat_tuple;
}

std::shared_ptr<void> hold_output_structure(py::object structure, size_t num_outputs) {
  auto shape = shape_of(structure, num_outputs);
  // Released wherever the cache drops its entry, maybe without the GIL.
  return std::shared_ptr<OutputStructure>(
      new OutputStructure{std::move(structure), num_outputs, shape}, [](OutputStructure* p) {
        py::gil_scoped_acquire gil;
        delete p;
      });
}

py::object build_result(const OutputStructure& info, std::vector<array>& outputs) {
  switch (info.shape) {
    case OutputStructure::Shape::single_array:
      return py::cast(std::move(outputs[0]));
    case OutputStructure::Shape::flat_tuple: {
      py::tuple result(info.num_outputs);
      for (size_t i = 0; i < info.num_outputs; ++i) {
        PyTuple_SET_ITEM(result.ptr(), i, py::cast(std::move(outputs[i])).release().ptr());
      }
      return result;
    }
    case OutputStructure::Shape::tree:
      break;
  }
  return tree_unflatten_from_structure(info.structure, outputs);
}

// Compiled wrappers alive per function id (guarded by the GIL): wrappers of
// one function share its cache entries, which die with the last of them.
std::unordered_map<std::uintptr_t, int>& live_wrappers() {
  static auto* counts = new std::unordered_map<std::uintptr_t, int>();
  return *counts;
}

// The Python object `mx.compile` returns. A plain CPython type rather than a
// pybind11 class: the call slot receives the argument tuple directly, and the
// type takes part in garbage collection (a function may refer to its own
// compiled wrapper) and binds as a method.
struct CompiledFunctionObject {
  PyObject_HEAD
  PyObject* dict;     // __name__, __doc__, __wrapped__, ... (functools.update_wrapper)
  PyObject* weakrefs;
  PyObject* fun;
  PyObject* inputs;   // captured state read on each call (nullptr: none)
  PyObject* outputs;  // captured state written after each call (nullptr: none)
  std::uintptr_t fun_id;
  bool shapeless;
};

py::object call_compiled(CompiledFunctionObject& self, py::handle args, py::handle kwargs) {
  if (!self.fun) throw std::runtime_error("[compile] The compiled function was cleared.");
  static py::handle no_kwargs = *new py::dict(); // leaked: outlives every call
  if (!kwargs) kwargs = no_kwargs;

  std::vector<array> inputs;
  inputs.reserve(8);
  std::vector<uint64_t> key;
  key.reserve(16);
  append_call_key(args, inputs, key);
  const int num_positional = static_cast<int>(inputs.size());
  append_call_key(kwargs, inputs, key);
  const size_t num_args = inputs.size();
  py::handle state_in(self.inputs), state_out(self.outputs);
  if (state_in) {
    auto state = tree_flatten(state_in, false);
    inputs.insert(inputs.end(), state.begin(), state.end());
  }

  // Runs the Python function on tracers (on a cache miss) or on the inputs
  // themselves (compile disabled, or inside another transform's trace). It
  // captures one pointer, so the std::function holds it without allocating
  // on every call.
  struct CallContext {
    CompiledFunctionObject& self;
    py::handle args, kwargs, state_in, state_out;
    size_t num_args;
    int num_positional;
  } context{self, args, kwargs, state_in, state_out, num_args, num_positional};
  detail::ArrayFnWithExtra trace = [ctx = &context](const std::vector<array>& tracers) {
    auto& [self, args, kwargs, state_in, state_out, num_args, num_positional] = *ctx;
    py::gil_scoped_acquire gil;
    std::vector<array> state_tracers(tracers.begin() + num_args, tracers.end());
    std::vector<array> state_originals;
    if (state_in) {
      state_originals = tree_flatten(state_in, false);
      tree_fill(state_in, state_tracers);
    }
    // Tracers still in the captured inputs go back to the arrays they stood
    // for (the function may have replaced some), also when it raises.
    auto restore_state = [&] {
      if (state_in) tree_replace(state_in, state_tracers, state_originals);
    };
    try {
      py::object call_args = tree_unflatten(args, tracers, 0);
      py::object call_kwargs = tree_unflatten(kwargs, tracers, num_positional);
      py::object result = py::reinterpret_steal<py::object>(
          PyObject_Call(self.fun, call_args.ptr(), call_kwargs.ptr()));
      if (!result) throw py::error_already_set();
      auto [outputs, structure] = tree_flatten_with_structure(result, false);
      size_t num_outputs = outputs.size();
      if (state_out) {
        auto state = tree_flatten(state_out, false);
        outputs.insert(outputs.end(), state.begin(), state.end());
      }
      restore_state();
      return detail::ArraysAndExtra{std::move(outputs),
                                    hold_output_structure(std::move(structure), num_outputs)};
    } catch (...) {
      restore_state();
      throw;
    }
  };

  detail::ArraysAndExtra result;
  {
    // Other Python threads run while this one traces, waits for another
    // thread's trace or rebuilds the graph; the trace takes the GIL back.
    py::gil_scoped_release release;
    result = detail::compile_call(trace, self.fun_id, self.shapeless, key, inputs);
  }
  auto& info = *static_cast<OutputStructure*>(result.second.get());
  if (state_out) tree_fill(state_out, result.first, info.num_outputs);
  return build_result(info, result.first);
}

PyObject* compiled_call_slot(PyObject* self, PyObject* args, PyObject* kwargs) {
  try {
    return call_compiled(*reinterpret_cast<CompiledFunctionObject*>(self), args, kwargs)
        .release()
        .ptr();
  } catch (...) {
    py::detail::try_translate_exceptions();
    return nullptr;
  }
}

// As a class attribute it binds like a function: instance.method(x) passes
// the instance first.
PyObject* compiled_descr_get(PyObject* self, PyObject* instance, PyObject*) {
  if (!instance || instance == Py_None) {
    Py_INCREF(self);
    return self;
  }
  return PyMethod_New(self, instance);
}

int compiled_traverse(PyObject* self_object, visitproc visit, void* arg) {
  auto* self = reinterpret_cast<CompiledFunctionObject*>(self_object);
  Py_VISIT(Py_TYPE(self_object));
  Py_VISIT(self->dict);
  Py_VISIT(self->fun);
  Py_VISIT(self->inputs);
  Py_VISIT(self->outputs);
  return 0;
}

int compiled_clear(PyObject* self_object) {
  auto* self = reinterpret_cast<CompiledFunctionObject*>(self_object);
  Py_CLEAR(self->dict);
  Py_CLEAR(self->fun);
  Py_CLEAR(self->inputs);
  Py_CLEAR(self->outputs);
  return 0;
}

void compiled_dealloc(PyObject* self_object) {
  auto* self = reinterpret_cast<CompiledFunctionObject*>(self_object);
  PyObject_GC_UnTrack(self_object);
  if (self->weakrefs) PyObject_ClearWeakRefs(self_object);
  auto& live = live_wrappers();
  auto it = live.find(self->fun_id);
  if (it != live.end() && --it->second == 0) {
    live.erase(it);
    detail::compile_erase(self->fun_id);
  }
  compiled_clear(self_object);
  PyTypeObject* type = Py_TYPE(self_object);
  type->tp_free(self_object);
  Py_DECREF(type);
}

PyObject* compiled_repr(PyObject* self_object) {
  auto* self = reinterpret_cast<CompiledFunctionObject*>(self_object);
  if (!self->fun) return PyUnicode_FromString("<compiled function>");
  return PyUnicode_FromFormat("<compiled %R>", self->fun);
}

PyMemberDef compiled_members[] = {
    {"__dictoffset__", T_PYSSIZET, offsetof(CompiledFunctionObject, dict), READONLY, nullptr},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(CompiledFunctionObject, weakrefs), READONLY,
     nullptr},
    {nullptr, 0, 0, 0, nullptr}};

PyGetSetDef compiled_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyTypeObject* compiled_function_type() {
  static PyTypeObject* type = [] {
    PyType_Slot slots[] = {
        {Py_tp_call, reinterpret_cast<void*>(compiled_call_slot)},
        {Py_tp_descr_get, reinterpret_cast<void*>(compiled_descr_get)},
        {Py_tp_traverse, reinterpret_cast<void*>(compiled_traverse)},
        {Py_tp_clear, reinterpret_cast<void*>(compiled_clear)},
        {Py_tp_dealloc, reinterpret_cast<void*>(compiled_dealloc)},
        {Py_tp_repr, reinterpret_cast<void*>(compiled_repr)},
        {Py_tp_members, compiled_members},
        {Py_tp_getset, compiled_getset},
        {Py_tp_doc, const_cast<char*>("A function compiled by mxcore.compile.")},
        {0, nullptr}};
    unsigned flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_METHOD_DESCRIPTOR;
#ifdef Py_TPFLAGS_DISALLOW_INSTANTIATION
    flags |= Py_TPFLAGS_DISALLOW_INSTANTIATION;
#endif
    PyType_Spec spec = {"mxcore.CompiledFunction", sizeof(CompiledFunctionObject), 0, flags,
                        slots};
    auto* created = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
    if (!created) throw py::error_already_set();
    return created; // kept for the life of the process
  }();
  return type;
}

std::string type_name(py::handle obj) {
  return py::str(py::type::handle_of(obj).attr("__name__"));
}

py::object make_compiled(const py::object& fun, const py::object& inputs,
                         const py::object& outputs, bool shapeless) {
  if (!PyCallable_Check(fun.ptr())) {
    throw py::type_error("[compile] Expected a callable, got " + type_name(fun) + ".");
  }
  PyTypeObject* type = compiled_function_type();
  auto object = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));
  if (!object) throw py::error_already_set();
  auto* self = reinterpret_cast<CompiledFunctionObject*>(object.ptr());
  self->fun = fun.inc_ref().ptr();
  self->inputs = inputs.is_none() ? nullptr : inputs.inc_ref().ptr();
  self->outputs = outputs.is_none() ? nullptr : outputs.inc_ref().ptr();
  self->fun_id = reinterpret_cast<std::uintptr_t>(fun.ptr());
  self->shapeless = shapeless;
  ++live_wrappers()[self->fun_id];
  // __module__, __name__, __qualname__, __doc__, __dict__ and __wrapped__.
  py::module_::import("functools").attr("update_wrapper")(object, fun);
  return object;
}

// mx.compile(fun, inputs=None, outputs=None, shapeless=False). Called
// without `fun` it returns a decorator with the other options bound.
py::object compile_entry(py::args args, py::kwargs kwargs) {
  static const char* names[] = {"fun", "inputs", "outputs", "shapeless"};
  py::object values[4] = {py::object(), py::none(), py::none(), py::bool_(false)};
  bool given[4] = {false, false, false, false};
  if (args.size() > 4) {
    throw py::type_error("compile() takes at most 4 positional arguments (" +
                         std::to_string(args.size()) + " given)");
  }
  for (size_t i = 0; i < args.size(); ++i) {
    values[i] = args[i];
    given[i] = true;
  }
  for (auto item : kwargs) {
    auto name = py::cast<std::string>(item.first);
    int i = 0;
    while (i < 4 && name != names[i]) ++i;
    if (i == 4) throw py::type_error("compile() got an unexpected keyword argument '" + name + "'");
    if (given[i]) throw py::type_error("compile() got multiple values for argument '" + name + "'");
    values[i] = py::reinterpret_borrow<py::object>(item.second);
    given[i] = true;
  }
  if (!given[0]) {
    py::dict options;
    for (int i = 1; i < 4; ++i) options[names[i]] = values[i];
    return py::module_::import("functools").attr("partial")(py::module_::import("mxcore").attr("compile"), **options);
  }
  return make_compiled(values[0], values[1], values[2], py::cast<bool>(values[3]));
}

void write_text(const py::object& file, const std::string& text) {
  auto os_path_like = py::module_::import("os").attr("PathLike");
  if (py::isinstance<py::str>(file) || py::isinstance(file, os_path_like)) {
    auto f = py::module_::import("builtins").attr("open")(file, "w");
    try {
      f.attr("write")(text);
    } catch (...) {
      f.attr("close")();
      throw;
    }
    f.attr("close")();
  } else {
    file.attr("write")(text);
  }
}

std::vector<array> arrays_of(const py::args& args) {
  std::vector<array> out;
  for (auto& a : args) out.push_back(a.cast<array>());
  return out;
}

} // namespace

void init_compile(py::module_& m) {
  m.def("compile", &compile_entry,
        R"pbdoc(
        compile(fun, inputs=None, outputs=None, shapeless=False)

        Returns a compiled function which produces the same output as ``fun``.

        Args:
            fun (Callable): A function which takes a variable number of trees of
                arrays (and constants) and returns a variable number of trees of
                arrays. Non-array arguments (ints, floats, bools, strings, None)
                and the tree structure are compile-time constants: a call with
                other values traces again.
            inputs (list or dict, optional): Additional implicit inputs: a tree of
                arrays (e.g. ``mx.random.state`` or a model's state) the function
                reads without receiving them as arguments. Default: ``None``.
            outputs (list or dict, optional): Additional implicit outputs: a tree
                of containers the function updates; they are written back after
                each call. Default: ``None``.
            shapeless (bool, optional): A function compiled with ``shapeless=True``
                is not recompiled when the input shapes change (the number of
                dimensions and dtypes still count). Default: ``False``.
      )pbdoc");
  m.def(
      "export_to_dot",
      [](const py::object& file, py::args args, py::kwargs kwargs) {
        auto arrays = tree_flatten(args, false);
        std::vector<std::pair<array, std::string>> names;
        for (auto item : kwargs) {
          auto name = py::cast<std::string>(item.first);
          auto named = tree_flatten(item.second, false);
          for (size_t i = 0; i < named.size(); ++i) {
            names.emplace_back(named[i], i == 0 ? name : name + "_" + std::to_string(i));
            arrays.push_back(named[i]);
          }
        }
        std::ostringstream os;
        export_to_dot(os, arrays, names);
        write_text(file, os.str());
      },
      py::arg("file"),
      R"pbdoc(
        Writes the graph computing ``args`` (trees of arrays) as graphviz dot.

        ``file`` is a path or a file-like object. Keyword arguments name arrays
        (``export_to_dot("g.dot", out, x=x)``) and add them to the graph.
        Fused regions of a compiled function show as ``Compiled(...)`` nodes.
      )pbdoc");
  m.def("_compile_clear_cache", &compile_clear_cache,
        py::call_guard<py::gil_scoped_release>(), "Internal: empty the compile cache.");
  m.def("_compile_trace_count", &detail::compile_trace_count,
        "Internal: the number of traces run by compile so far.");
  m.def("_set_jit_background", &cpu::set_jit_background, py::arg("on"),
        "Internal: build missing JIT kernels in the background (the calls meanwhile run\n"
        "on eager kernels); on by default; MXCORE_JIT_BACKGROUND=0 turns it off at start.");
  m.def("_jit_background", &cpu::jit_background,
        "Internal: whether JIT kernels are built in the background.");
  m.def("_jit_wait_for_background_builds", &cpu::jit_wait_for_background_builds,
        py::call_guard<py::gil_scoped_release>(),
        "Internal: wait until every queued background kernel build has finished.");
  m.def("_jit_background_pending", &cpu::jit_background_pending,
        "Internal: the number of background kernel builds queued or running.");
  m.def("_jit_kernel_runs", &cpu::jit_kernel_runs,
        "Internal: how many Compiled evaluations ran a JIT kernel (not the eager kernels).");
  m.def("_jit_short_row_runs", &cpu::jit_short_row_runs,
        "Internal: how many strided JIT kernel calls ran with their short rows widened.");
  m.def("disable_compile", &disable_compile,
        "Globally disable compilation. Setting the environment variable "
        "``MLX_DISABLE_COMPILE`` (or ``MXCORE_DISABLE_COMPILE``) does the same.");
  m.def("enable_compile", &enable_compile,
        "Globally enable compilation (undoes disable_compile and the environment flag).");
  m.def("_set_eval_profile", &detail::set_eval_profile, py::arg("on"),
        "Internal: time every primitive eval runs (MXCORE_LOG=profile turns it on at start).");
  m.def("_eval_profile", [](bool reset) {
    auto r = detail::eval_profile_report(reset);
    py::list rows;
    for (auto& row : r.rows) rows.append(py::make_tuple(row.key, row.calls, row.ns, row.minor_faults));
    py::dict d;
    d["rows"] = rows;
    d["evals"] = r.evals;
    d["eval_ns"] = r.eval_ns;
    d["kernel_ns"] = r.kernel_ns;
    return d;
  }, py::arg("reset") = true,
     "Internal: {rows: [(primitive, calls, ns, minor faults)], evals, eval_ns, kernel_ns}.");
  m.def("_graph_primitive_names", [](const py::args& args) {
    return graph_primitive_names(arrays_of(args));
  }, "Internal: the primitive names of the unevaluated graph of the arrays.");
}
