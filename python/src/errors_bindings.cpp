// Python exception types for mxcore's C++ error classes.
#include "bindings.h"

#include "mxcore/errors.h"

namespace {
PyObject* axis_error_type = nullptr;
} // namespace

void init_errors(py::module_& m) {
  // Subclass of ValueError and IndexError: see mxcore/errors.h.
  py::tuple bases = py::make_tuple(py::handle(PyExc_ValueError), py::handle(PyExc_IndexError));
  axis_error_type =
      PyErr_NewExceptionWithDoc("mxcore.AxisError",
                                "An axis outside an array's dimensions (a ValueError and an IndexError).",
                                bases.ptr(), nullptr);
  if (!axis_error_type) throw py::error_already_set();
  m.attr("AxisError") = py::handle(axis_error_type);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const mxcore::axis_error& e) {
      PyErr_SetString(axis_error_type, e.what());
    }
  });
}
