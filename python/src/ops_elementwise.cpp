#include "convert.h"

using namespace mxcore;
using mxpy::to_arrays;

void init_ops_elementwise(py::module_& m) {
  m.def("add", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = to_arrays(a, b);
    return add(x, y, s);
  }, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("stream") = py::none());
  m.def("multiply", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = to_arrays(a, b);
    return multiply(x, y, s);
  }, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("stream") = py::none());
  m.def("exp", [](const py::object& a, mxpy::StreamArg s) {
    return exp(mxpy::to_array(a), s);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none());

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def("__add__", [](const array& a, const py::object& b) {
       auto [x, y] = to_arrays(py::cast(a), b);
       return add(x, y);
     })
     .def("__radd__", [](const array& a, const py::object& b) {
       auto [x, y] = to_arrays(b, py::cast(a));
       return add(x, y);
     })
     .def("__mul__", [](const array& a, const py::object& b) {
       auto [x, y] = to_arrays(py::cast(a), b);
       return multiply(x, y);
     })
     .def("__rmul__", [](const array& a, const py::object& b) {
       auto [x, y] = to_arrays(b, py::cast(a));
       return multiply(x, y);
     })
     .def("__neg__", [](const array& a) { return negative(a); });
}
