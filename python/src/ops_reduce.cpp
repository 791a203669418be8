// Python bindings of the reductions: module functions and array methods.
#include "convert.h"

using namespace mxcore;

namespace {

// axis=None → every axis; an int or a sequence of ints otherwise.
std::vector<int> axes_arg(const array& a, const py::object& axis) {
  if (axis.is_none()) {
    std::vector<int> axes(a.ndim());
    for (int i = 0; i < a.ndim(); ++i) axes[i] = i;
    return axes;
  }
  // Anything else matches no overload in MLX: a TypeError.
  auto one_axis = [](const py::handle& ax) {
    if (!py::isinstance<py::int_>(ax) && !PyIndex_Check(ax.ptr())) {
      throw py::type_error("axis must be an int or a sequence of ints, got " +
                           std::string(py::str(py::type::handle_of(ax).attr("__name__"))) + ".");
    }
    return ax.cast<int>(); // ints, NumPy integers, anything with __index__
  };
  if (py::isinstance<py::str>(axis)) one_axis(axis);
  if (py::isinstance<py::sequence>(axis)) {
    std::vector<int> axes;
    for (auto ax : axis) axes.push_back(one_axis(ax));
    return axes;
  }
  return {one_axis(axis)};
}

using ReduceFn = array (*)(const array&, const std::vector<int>&, bool, StreamOrDevice);
using VarFn = array (*)(const array&, const std::vector<int>&, bool, int, StreamOrDevice);
using ArgFn = array (*)(const array&, int, bool, StreamOrDevice);
using ArgAllFn = array (*)(const array&, bool, StreamOrDevice);

void def_reduce(py::module_& m, py::class_<array>& cls, const char* name, ReduceFn fn,
                const char* doc) {
  m.def(name, [fn](const py::object& a, const py::object& axis, bool keepdims,
                   mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return fn(x, axes_arg(x, axis), keepdims, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(),
     py::arg("keepdims") = false, py::kw_only(), py::arg("stream") = py::none(), doc);
  cls.def(name, [fn](const array& a, const py::object& axis, bool keepdims,
                     mxpy::StreamArg s) {
    return fn(a, axes_arg(a, axis), keepdims, s);
  }, py::arg("axis") = py::none(), py::arg("keepdims") = false, py::kw_only(),
     py::arg("stream") = py::none(), doc);
}

// MLX's `correction` (keyword only) overrides `ddof` when given.
void def_var(py::module_& m, py::class_<array>& cls, const char* name, VarFn fn,
             const char* doc) {
  m.def(name, [fn](const py::object& a, const py::object& axis, bool keepdims, int ddof,
                   std::optional<int> correction, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return fn(x, axes_arg(x, axis), keepdims, correction.value_or(ddof), s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(),
     py::arg("keepdims") = false, py::arg("ddof") = 0, py::kw_only(),
     py::arg("correction") = py::none(), py::arg("stream") = py::none(), doc);
  cls.def(name, [fn](const array& a, const py::object& axis, bool keepdims, int ddof,
                     std::optional<int> correction, mxpy::StreamArg s) {
    return fn(a, axes_arg(a, axis), keepdims, correction.value_or(ddof), s);
  }, py::arg("axis") = py::none(), py::arg("keepdims") = false, py::arg("ddof") = 0,
     py::kw_only(), py::arg("correction") = py::none(), py::arg("stream") = py::none(), doc);
}

void def_arg(py::module_& m, py::class_<array>& cls, const char* name, ArgFn fn,
             ArgAllFn all_fn, const char* doc) {
  auto call = [fn, all_fn](const array& a, std::optional<int> axis, bool keepdims,
                           mxpy::StreamArg s) {
    return axis ? fn(a, *axis, keepdims, s) : all_fn(a, keepdims, s);
  };
  m.def(name, [call](const py::object& a, std::optional<int> axis, bool keepdims,
                     mxpy::StreamArg s) {
    return call(mxpy::to_array(a), axis, keepdims, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(),
     py::arg("keepdims") = false, py::kw_only(), py::arg("stream") = py::none(), doc);
  cls.def(name, call, py::arg("axis") = py::none(), py::arg("keepdims") = false,
          py::kw_only(), py::arg("stream") = py::none(), doc);
}

} // namespace

void init_ops_reduce(py::module_& m) {
  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  def_reduce(m, cls, "sum", &sum, "Sum reduction over the given axes.");
  def_reduce(m, cls, "prod", &prod, "A product reduction over the given axes.");
  def_reduce(m, cls, "max", &max, "A `max` reduction over the given axes.");
  def_reduce(m, cls, "min", &min, "A `min` reduction over the given axes.");
  def_reduce(m, cls, "mean", &mean, "Compute the mean(s) over the given axes.");
  def_reduce(m, cls, "all", &all, "An `and` reduction over the given axes.");
  def_reduce(m, cls, "any", &any, "An `or` reduction over the given axes.");
  def_reduce(m, cls, "logsumexp", &logsumexp,
             "A log-sum-exp reduction over the given axes, computed stably.");
  def_var(m, cls, "var", &var, "Compute the variance(s) over the given axes.");
  def_var(m, cls, "std", &mxcore::std, "Compute the standard deviation(s) over the given axes.");
  def_arg(m, cls, "argmax", &argmax, &argmax, "Indices of the maximum values along the axis.");
  def_arg(m, cls, "argmin", &argmin, &argmin, "Indices of the minimum values along the axis.");
}
