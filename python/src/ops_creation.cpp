// Python bindings of the creation ops.
#include "convert.h"
#include "mxcore/ops_extra.h"

using namespace mxcore;
using mxpy::to_shape;

namespace {

bool is_float_scalar(const py::handle& x) { return py::isinstance<py::float_>(x); }

double scalar_value(const py::handle& x, const char* name) {
  if (py::isinstance<py::float_>(x) || py::isinstance<py::int_>(x) || PyIndex_Check(x.ptr()) ||
      py::hasattr(x, "__float__")) {
    return x.cast<double>();
  }
  throw py::type_error(std::string("[arange] ") + name + " must be an int or a float, got " +
                       std::string(py::str(py::type::handle_of(x).attr("__name__"))) + ".");
}

bool outside_int32(const py::handle& x) {
  if (!py::isinstance<py::int_>(x)) return false;
  auto v = x.cast<double>();
  return v < -2147483648.0 || v > 2147483647.0;
}

// MLX: any float argument gives float32; integers give int32, or int64 when
// one of them does not fit in int32 (unless dtype says).
array arange_py(const py::object& start, const py::object& stop, const py::object& step,
                std::optional<Dtype> dtype, mxpy::StreamArg s) {
  for (const py::object* v : {&start, &stop, &step}) {
    if (py::isinstance<py::bool_>(*v)) throw std::invalid_argument("bool not supported for arange.");
  }
  bool any_float = is_float_scalar(start) || is_float_scalar(stop) || is_float_scalar(step);
  double b = start.is_none() ? 0.0 : scalar_value(start, "start");
  double e = scalar_value(stop, "stop");
  double st = step.is_none() ? 1.0 : scalar_value(step, "step");
  bool wide = outside_int32(start) || outside_int32(stop) || outside_int32(step);
  Dtype inferred = any_float ? float32 : (wide ? int64 : int32);
  return arange(b, e, st, dtype.value_or(inferred), s);
}

} // namespace

void init_ops_creation(py::module_& m) {
  // arange(start, stop=None, step=None): a lone start is the stop, as in range().
  m.def("arange", [](const py::object& start, const py::object& stop, const py::object& step,
                     std::optional<Dtype> dtype, mxpy::StreamArg s) {
    if (stop.is_none()) return arange_py(py::none(), start, step, dtype, s);
    return arange_py(start, stop, step, dtype, s);
  }, py::arg("start"), py::arg("stop") = py::none(), py::arg("step") = py::none(),
        py::arg("dtype") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
        "Values in [start, stop) spaced by step.");
  m.def("arange", [](const py::object& stop, const py::object& step, std::optional<Dtype> dtype,
                     mxpy::StreamArg s) { return arange_py(py::none(), stop, step, dtype, s); },
        py::arg("stop"), py::arg("step") = py::none(), py::arg("dtype") = py::none(),
        py::kw_only(), py::arg("stream") = py::none());
  m.def("linspace", [](double start, double stop, int num, bool endpoint,
                       std::optional<Dtype> dtype, mxpy::StreamArg s) {
    // Without the endpoint the step is (stop - start) / num, so the last value
    // is start + (num - 1) * step.
    if (!endpoint && num > 0) stop = start + (num - 1) * ((stop - start) / num);
    return linspace(start, stop, num, dtype.value_or(float32), s);
  }, py::arg("start"), py::arg("stop"), py::arg("num") = 50, py::arg("endpoint") = true,
     py::arg("dtype") = float32, py::arg("stream") = py::none(),
     "num evenly spaced values in [start, stop] (or [start, stop) without the endpoint).");
  m.def("eye", [](int n, std::optional<int> m_, int k, std::optional<Dtype> dtype,
                  mxpy::StreamArg s) {
    return eye(n, m_.value_or(n), k, dtype.value_or(float32), s);
  }, py::arg("n"), py::arg("m") = py::none(), py::arg("k") = 0, py::arg("dtype") = float32,
     py::kw_only(), py::arg("stream") = py::none(), "Ones on the k-th diagonal, zeros elsewhere.");
  m.def("identity", [](int n, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return identity(n, dtype.value_or(float32), s);
  }, py::arg("n"), py::arg("dtype") = float32, py::kw_only(), py::arg("stream") = py::none());
  m.def("full", [](const py::object& shape, const py::object& vals, std::optional<Dtype> dtype,
                   mxpy::StreamArg s) {
    // As in MLX, dtype is only the weak type of a Python scalar `vals` (a float
    // with an integer dtype stays float32; arrays keep their own dtype).
    array v = mxpy::to_array(vals, dtype);
    return full(to_shape(shape), v, s);
  }, py::arg("shape"), py::arg("vals"), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "An array of the shape filled with vals (broadcast).");
  m.def("zeros", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return zeros(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = float32, py::kw_only(), py::arg("stream") = py::none());
  m.def("ones", [](const py::object& shape, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return ones(to_shape(shape), dtype.value_or(float32), s);
  }, py::arg("shape"), py::arg("dtype") = float32, py::kw_only(), py::arg("stream") = py::none());
  m.def("zeros_like", [](const py::object& a, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    Dtype t = dtype.value_or(x.dtype());
    return full_like(x, array(0, t), t, s);
  }, py::arg("a"), py::pos_only(), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("ones_like", [](const py::object& a, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    Dtype t = dtype.value_or(x.dtype());
    return full_like(x, array(true, t), t, s);
  }, py::arg("a"), py::pos_only(), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none());
}
