// Python bindings of the creation ops.
#include "convert.h"

using namespace mxcore;
using mxpy::to_shape;

namespace {

bool is_float_scalar(const py::handle& x) { return py::isinstance<py::float_>(x); }

double scalar_value(const py::handle& x, const char* name) {
  if (py::isinstance<py::float_>(x) || py::isinstance<py::int_>(x) || py::hasattr(x, "__index__") ||
      py::hasattr(x, "__float__")) {
    return x.cast<double>();
  }
  throw py::type_error(std::string("[arange] ") + name + " must be an int or a float, got " +
                       std::string(py::str(x.get_type().attr("__name__"))) + ".");
}

// MLX: any float argument gives float32, otherwise int32 (unless dtype says).
array arange_py(const py::object& start, const py::object& stop, const py::object& step,
                std::optional<Dtype> dtype, mxpy::StreamArg s) {
  bool any_float = is_float_scalar(start) || is_float_scalar(stop) || is_float_scalar(step);
  double b = start.is_none() ? 0.0 : scalar_value(start, "start");
  double e = scalar_value(stop, "stop");
  double st = step.is_none() ? 1.0 : scalar_value(step, "step");
  return arange(b, e, st, dtype.value_or(any_float ? float32 : int32), s);
}

} // namespace

void init_ops_creation(py::module_& m) {
  m.def("arange", &arange_py, py::arg("start"), py::arg("stop"), py::arg("step") = py::none(),
        py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
        "Values in [start, stop) spaced by step.");
  m.def("arange", [](const py::object& stop, const py::object& step, std::optional<Dtype> dtype,
                     mxpy::StreamArg s) { return arange_py(py::none(), stop, step, dtype, s); },
        py::arg("stop"), py::arg("step") = py::none(), py::arg("dtype") = py::none(),
        py::kw_only(), py::arg("stream") = py::none());
  m.def("linspace", [](double start, double stop, int num, std::optional<Dtype> dtype,
                       mxpy::StreamArg s) {
    return linspace(start, stop, num, dtype.value_or(float32), s);
  }, py::arg("start"), py::arg("stop"), py::arg("num") = 50, py::arg("dtype") = py::none(),
     py::kw_only(), py::arg("stream") = py::none(), "num evenly spaced values in [start, stop].");
  m.def("eye", [](int n, std::optional<int> m_, int k, std::optional<Dtype> dtype,
                  mxpy::StreamArg s) {
    return eye(n, m_.value_or(n), k, dtype.value_or(float32), s);
  }, py::arg("n"), py::arg("m") = py::none(), py::arg("k") = 0, py::arg("dtype") = py::none(),
     py::kw_only(), py::arg("stream") = py::none(), "Ones on the k-th diagonal, zeros elsewhere.");
  m.def("identity", [](int n, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return identity(n, dtype.value_or(float32), s);
  }, py::arg("n"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none());
  m.def("full", [](const py::object& shape, const py::object& vals, std::optional<Dtype> dtype,
                   mxpy::StreamArg s) {
    array v = mxpy::to_array_as(vals, dtype);
    return full(to_shape(shape), v, s);
  }, py::arg("shape"), py::arg("vals"), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "An array of the shape filled with vals (broadcast).");
  m.def("zeros", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return zeros(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none());
  m.def("ones", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return ones(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none());
  m.def("zeros_like", [](const py::object& a, mxpy::StreamArg s) {
    return zeros_like(mxpy::to_array(a), s);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none());
  m.def("ones_like", [](const py::object& a, mxpy::StreamArg s) {
    return ones_like(mxpy::to_array(a), s);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none());
}
