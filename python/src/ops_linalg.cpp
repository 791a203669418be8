// Python bindings of matmul / addmm and the array's @ operator.
#include "convert.h"

using namespace mxcore;

void init_ops_linalg(py::module_& m) {
  m.def("matmul", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    return matmul(mxpy::to_array(a), mxpy::to_array(b), s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(),
     py::arg("stream") = py::none(),
     "Matrix multiplication with NumPy's rules for 1-D operands and broadcast batch dims.");
  m.def("addmm", [](const py::object& c, const py::object& a, const py::object& b,
                    float alpha, float beta, mxpy::StreamArg s) {
    return addmm(mxpy::to_array(c), mxpy::to_array(a), mxpy::to_array(b), alpha, beta, s);
  }, py::arg("c"), py::arg("a"), py::arg("b"), py::pos_only(), py::arg("alpha") = 1.0f,
     py::arg("beta") = 1.0f, py::kw_only(), py::arg("stream") = py::none(),
     "Matrix multiplication with addition and optional scaling: alpha * (a @ b) + beta * c.");

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def("__matmul__", [](const array& a, const py::object& b) {
       return matmul(a, mxpy::to_array(b));
     })
     .def("__rmatmul__", [](const array& a, const py::object& b) {
       return matmul(mxpy::to_array(b), a);
     });
}
