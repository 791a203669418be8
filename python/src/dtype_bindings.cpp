#include <limits>
#include <sstream>

#include "bindings.h"
#include "mxcore/dtype.h"

using namespace mxcore;

void init_dtype(py::module_& m) {
  py::class_<Dtype>(m, "Dtype", "An object holding the type of an array's elements.")
      .def_property_readonly("size", [](const Dtype& t) { return static_cast<int>(t.size); },
                             "Size of the type in bytes.")
      .def("__repr__", [](const Dtype& t) { return "mlx.core." + dtype_name(t); })
      .def("__eq__", [](const Dtype& a, const py::object& b) {
        return py::isinstance<Dtype>(b) && a == b.cast<Dtype>();
      })
      .def("__hash__", [](const Dtype& t) { return static_cast<int>(t.val); });

  const std::pair<const char*, Dtype> dtypes[] = {
      {"bool_", bool_},       {"uint8", uint8},     {"uint16", uint16},
      {"uint32", uint32},     {"uint64", uint64},   {"int8", int8},
      {"int16", int16},       {"int32", int32},     {"int64", int64},
      {"float16", float16},   {"float32", float32}, {"float64", float64},
      {"bfloat16", bfloat16}, {"complex64", complex64}};
  for (auto& [name, t] : dtypes) m.attr(name) = py::cast(t);

  auto categories = py::enum_<Dtype::Category>(m, "DtypeCategory", "Abstract type categories for issubdtype.")
      .value("complexfloating", complexfloating)
      .value("floating", floating)
      .value("inexact", inexact)
      .value("signedinteger", signedinteger)
      .value("unsignedinteger", unsignedinteger)
      .value("integer", integer)
      .value("number", number)
      .value("generic", generic);
  // MLX prints DtypeCategory.floating (replacing pybind11's <DtypeCategory.floating: 1>).
  categories.attr("__repr__") = py::cpp_function([](Dtype::Category c) {
    std::ostringstream os;
    os << "DtypeCategory." << c;
    return os.str();
  }, py::is_method(categories));
  for (auto c : {complexfloating, floating, inexact, signedinteger, unsignedinteger,
                 integer, number, generic}) {
    std::ostringstream os;
    os << c;
    m.attr(os.str().c_str()) = py::cast(c);
  }

  m.def("issubdtype", [](const py::object& a, const py::object& b) {
    auto is_dt = [](const py::object& o) { return py::isinstance<Dtype>(o); };
    auto is_cat = [](const py::object& o) { return py::isinstance<Dtype::Category>(o); };
    if (!is_dt(a) && !is_cat(a)) throw py::value_error("[issubdtype] Received invalid type for first input.");
    if (!is_dt(b) && !is_cat(b)) throw py::value_error("[issubdtype] Received invalid type for second input.");
    if (is_dt(a) && is_dt(b)) return issubdtype(a.cast<Dtype>(), b.cast<Dtype>());
    if (is_dt(a)) return issubdtype(a.cast<Dtype>(), b.cast<Dtype::Category>());
    if (is_dt(b)) return issubdtype(a.cast<Dtype::Category>(), b.cast<Dtype>());
    return issubdtype(a.cast<Dtype::Category>(), b.cast<Dtype::Category>());
  }, py::arg("arg1"), py::arg("arg2"),
     "Check if a Dtype or DtypeCategory is a subtype of another.");

  py::class_<finfo>(m, "finfo", "Machine limits of floating point types.")
      .def(py::init<Dtype>(), py::arg("dtype"))
      .def_property_readonly("min", [](const finfo& f) { return f.min; })
      .def_property_readonly("max", [](const finfo& f) { return f.max; })
      .def_property_readonly("eps", [](const finfo& f) { return f.eps; })
      .def_property_readonly("dtype", [](const finfo& f) { return f.dtype; })
      .def_property_readonly("bits", [](const finfo& f) { return 8 * static_cast<int>(f.dtype.size); })
      .def_property_readonly("smallest_normal", [](const finfo& f) {
        if (f.dtype == float16) return 6.103515625e-05;
        if (f.dtype == float64) return std::numeric_limits<double>::min();
        return static_cast<double>(std::numeric_limits<float>::min()); // float32, bfloat16
      })
      .def("__repr__", [](const finfo& f) {
        std::ostringstream os;
        os << "finfo(min=" << f.min << ", max=" << f.max << ", dtype=" << f.dtype << ")";
        return os.str();
      });
  py::class_<iinfo>(m, "iinfo", "Machine limits of integer types.")
      .def(py::init<Dtype>(), py::arg("dtype"))
      .def_property_readonly("min", [](const iinfo& f) { return f.min; })
      .def_property_readonly("max", [](const iinfo& f) { return f.max; })
      .def_property_readonly("dtype", [](const iinfo& f) { return f.dtype; })
      .def("__repr__", [](const iinfo& f) {
        std::ostringstream os;
        os << "iinfo(min=" << f.min << ", max=" << f.max << ", dtype=" << f.dtype << ")";
        return os.str();
      });
}
