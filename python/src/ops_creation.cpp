#include "convert.h"

using namespace mxcore;

namespace {
Shape to_shape(const py::object& obj) {
  if (py::isinstance<py::int_>(obj)) return {obj.cast<int>()};
  return obj.cast<Shape>();
}
} // namespace

void init_ops_creation(py::module_& m) {
  m.def("zeros", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return zeros(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none());
  m.def("ones", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return ones(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none());
}
