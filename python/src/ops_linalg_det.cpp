// Python bindings of mx.linalg.det and mx.linalg.slogdet.
#include "bindings.h"
#include "convert.h"
#include "mxcore/linalg_det.h"

using namespace mxcore;

void init_linalg_det(py::module_& m) {
  auto lin = m.attr("linalg").cast<py::module_>();
  lin.def("det", [](const array& a, mxpy::StreamArg s) { return linalg::det(a, s); },
          py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
          "Compute the determinant of a square matrix (batched over leading dims).");
  lin.def("slogdet", [](const array& a, mxpy::StreamArg s) {
    auto [sign, logabsdet] = linalg::slogdet(a, s);
    return py::make_tuple(sign, logabsdet);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
     "Compute the sign and natural log of the absolute value of the determinant of a square "
     "matrix: (sign, logabsdet) with det = sign * exp(logabsdet).");
}
