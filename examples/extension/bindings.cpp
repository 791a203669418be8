// The Python module: `import axpby_ext; axpby_ext.axpby(x, y, 2.0, 3.0)`.
#include <pybind11/pybind11.h>

#include "axpby.h"

namespace py = pybind11;

PYBIND11_MODULE(axpby_ext, m) {
  // mxcore's array type is registered by mxcore._core: import it first so
  // pybind11 can convert mxcore arrays in and out of this module.
  py::module_::import("mxcore");
  m.doc() = "An example mxcore extension: a custom primitive with its gradient rules.";
  m.def("axpby",
        [](const mxcore::array& x, const mxcore::array& y, float alpha, float beta) {
          return axpby_ext::axpby(x, y, alpha, beta);
        },
        py::arg("x"), py::arg("y"), py::arg("alpha"), py::arg("beta"),
        R"(alpha * x + beta * y, computed by the custom primitive Axpby.

Args:
    x (array): A floating-point array.
    y (array): A floating-point array, broadcast against ``x``.
    alpha (float): Scale of ``x``.
    beta (float): Scale of ``y``.

Returns:
    array: ``alpha * x + beta * y`` in the promoted dtype of ``x`` and ``y``.)");
}
