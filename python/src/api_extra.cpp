// Bindings of mlx.core's wider API that need C++: dtype promotion queries,
// print options, buffer sizes and `depends` (primitives/custom.h). The ops of
// the wider API are bound in ops_api_bindings.cpp.
#include <unordered_set>

#include "convert.h"
#include "primitives/custom.h"
#include "mxcore/dtype.h"
#include "mxcore/utils.h"

using namespace mxcore;

namespace {

struct PrintOptions {
  int precision;
};

// Restores the previous precision on exit (mx.printoptions).
struct PrintOptionsContext {
  int precision;
  int saved = -1;
};

Dtype dtype_arg(const py::handle& obj, const char* op, const char* what) {
  if (py::isinstance<Dtype>(obj)) return obj.cast<Dtype>();
  if (py::isinstance<array>(obj)) return obj.cast<array>().dtype();
  throw std::invalid_argument(std::string("[") + op + "] " + what);
}

// Adds the buffers of the arrays in a tree (lists, tuples, dicts) to `seen`.
void collect_buffers(const py::handle& obj, std::unordered_set<const void*>& seen,
                     size_t& total) {
  if (py::isinstance<array>(obj)) {
    const auto& a = obj.cast<const array&>();
    if (!a.data_shared_ptr()) {
      throw std::invalid_argument(
          "[get_array_buffer_size] Arrays must be evaluated before querying buffer size.");
    }
    const void* key = a.data_shared_ptr().get();
    if (key != nullptr && seen.insert(key).second) total += a.buffer_size();
  } else if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    for (auto item : obj) collect_buffers(item, seen, total);
  } else if (py::isinstance<py::dict>(obj)) {
    for (auto item : obj.cast<py::dict>()) collect_buffers(item.second, seen, total);
  }
}

} // namespace

void init_api_extra(py::module_& m) {
  m.def("result_type", [](const py::args& args) {
    if (args.size() == 0) {
      throw std::invalid_argument("[result_type] At least one array or dtype is required.");
    }
    Dtype out = dtype_arg(args[0], "result_type", "Inputs must be arrays or dtypes.");
    for (size_t i = 1; i < args.size(); ++i) {
      out = promote_types(out, dtype_arg(args[i], "result_type", "Inputs must be arrays or dtypes."));
    }
    return out;
  }, "The type that results from applying type promotion to the inputs.");

  m.def("can_cast", [](const py::object& from, Dtype to) {
    Dtype f = dtype_arg(from, "can_cast", "`from_` must be an array or a dtype.");
    return promote_types(f, to) == to;
  }, py::arg("from_"), py::arg("to"),
     "Whether `from_` can be cast to `to` by type promotion (promoting both gives `to`).");

  py::class_<PrintOptions>(m, "PrintOptions", "The options used to print arrays.")
      .def_readwrite("precision", &PrintOptions::precision);
  m.def("get_printoptions", [] { return PrintOptions{get_print_precision()}; },
        "Get global printing precision for array formatting.");
  m.def("set_printoptions", [](int precision) {
    set_print_precision(precision < 0 ? -1 : precision);
  }, py::arg("precision") = -1, "Set global printing precision for array formatting.");
  py::class_<PrintOptionsContext>(m, "_PrintOptionsContext")
      .def("__enter__", [](PrintOptionsContext& c) {
        c.saved = get_print_precision();
        set_print_precision(c.precision < 0 ? -1 : c.precision);
        return &c;
      }, py::return_value_policy::reference)
      .def("__exit__", [](PrintOptionsContext& c, py::args) {
        set_print_precision(c.saved);
        return false;
      });
  m.def("printoptions", [](int precision) { return PrintOptionsContext{precision}; },
        py::arg("precision") = -1, "Context manager for setting print options temporarily.");

  m.def("get_array_buffer_size", [](const py::args& args) {
    std::unordered_set<const void*> seen;
    size_t total = 0;
    for (auto a : args) collect_buffers(a, seen, total);
    return total;
  }, "Get the size of the buffers backing arrays in bytes (each buffer once).");

  m.def("depends", [](const py::object& inputs, const py::object& deps) -> py::object {
    bool single = py::isinstance<array>(inputs);
    auto xs = single ? std::vector<array>{inputs.cast<array>()} : mxpy::to_array_list(inputs);
    auto ds = py::isinstance<array>(deps) ? std::vector<array>{deps.cast<array>()}
                                          : mxpy::to_array_list(deps);
    if (xs.empty()) throw std::invalid_argument("[depends] Expected at least one input array.");
    auto out = depends(xs, ds);
    if (single) return py::cast(out[0]);
    return py::cast(out);
  }, py::arg("inputs"), py::arg("dependencies"),
     "Insert dependencies between arrays in the graph.");
}
