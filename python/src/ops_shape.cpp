#include "convert.h"

using namespace mxcore;

void init_ops_shape(py::module_& m) {
  m.def("broadcast_to", [](const py::object& a, const Shape& shape, mxpy::StreamArg s) {
    return broadcast_to(mxpy::to_array(a), shape, s);
  }, py::arg("a"), py::arg("shape"), py::kw_only(), py::arg("stream") = py::none());
  m.def("transpose", [](const array& a, std::optional<std::vector<int>> axes, mxpy::StreamArg s) {
    return axes ? transpose(a, *axes, s) : transpose(a, s);
  }, py::arg("a"), py::arg("axes") = py::none(), py::kw_only(), py::arg("stream") = py::none());
}
