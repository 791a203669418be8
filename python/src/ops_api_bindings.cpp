// Python bindings of mlx.core's wider API (include/mxcore/ops_extra.h):
// constants and aliases, Array-API names, windows, search, unique, the
// Hadamard transform and the fp8 conversions.
#include <cmath>
#include <optional>

#include "convert.h"
#include "mxcore/ops_extra.h"

using namespace mxcore;
using mxpy::to_array;
using mxpy::to_axes;
using mxpy::to_shape;

namespace {

// An axis argument that may be None (every axis).
std::vector<int> axes_or_all(const py::object& axis, int ndim) {
  if (!axis.is_none()) return to_axes(axis);
  std::vector<int> all(ndim);
  for (int i = 0; i < ndim; ++i) all[i] = i;
  return all;
}

py::tuple shape_tuple(const Shape& shape) {
  py::tuple t(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) t[i] = shape[i];
  return t;
}

bool isdtype_one(Dtype dtype, const py::handle& kind) {
  if (py::isinstance<Dtype>(kind)) return dtype == kind.cast<Dtype>();
  if (py::isinstance<py::str>(kind)) return isdtype(dtype, kind.cast<std::string>());
  throw py::type_error("[isdtype] kind must be a Dtype, a string or a tuple of them.");
}

// Forwards to an existing binding of _core, keeping its keywords (dtype, reverse, ...).
py::object call_core(const char* name, const py::object& a, const py::object& axis,
                     const py::kwargs& kwargs) {
  return py::module_::import("mxcore._core").attr(name)(a, axis, **kwargs);
}

void def_constants_and_aliases(py::module_& m) {
  m.attr("e") = py::float_(M_E);
  m.attr("pi") = py::float_(M_PI);
  m.attr("inf") = py::float_(INFINITY);
  m.attr("nan") = py::float_(NAN);
  m.attr("euler_gamma") = py::float_(0.5772156649015329);
  m.attr("newaxis") = py::none();
  const char* aliases[][2] = {
      {"acos", "arccos"}, {"acosh", "arccosh"}, {"asin", "arcsin"}, {"asinh", "arcsinh"},
      {"atan", "arctan"}, {"atan2", "arctan2"}, {"atanh", "arctanh"}, {"pow", "power"},
      {"bitwise_left_shift", "left_shift"}, {"bitwise_right_shift", "right_shift"},
  };
  for (auto& [alias, name] : aliases) m.attr(alias) = m.attr(name);
  m.attr("matrix_norm") = m.attr("linalg").attr("norm");
  m.def("cumulative_sum", [](const py::object& a, const py::object& axis, const py::kwargs& kw) {
    return call_core("cumsum", a, axis, kw);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), "See :func:`cumsum`.");
  m.def("cumulative_prod", [](const py::object& a, const py::object& axis, const py::kwargs& kw) {
    return call_core("cumprod", a, axis, kw);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), "See :func:`cumprod`.");
}

void def_shapes_and_dtypes(py::module_& m) {
  m.def("permute_dims", [](const py::object& a, const py::object& axes, mxpy::StreamArg s) {
    array x = to_array(a);
    return axes.is_none() ? transpose(x, s) : transpose(x, to_axes(axes), s);
  }, py::arg("a"), py::pos_only(), py::arg("axes") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "See :func:`transpose`.");
  m.def("matrix_transpose", [](const py::object& a, mxpy::StreamArg s) {
    return matrix_transpose(to_array(a), s);
  }, py::arg("a"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Transpose the last two dimensions of the array.");
  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def_property_readonly("mT", [](const array& a) { return matrix_transpose(a); },
                            "Transpose of the last two dimensions (see :func:`matrix_transpose`).");
  m.def("flip", [](const py::object& a, const py::object& axis, mxpy::StreamArg s) {
    array x = to_array(a);
    return flip(x, axes_or_all(axis, x.ndim()), s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(),
     "Reverse the order of elements along the given axis (all axes if None).");
  m.def("unstack", [](const py::object& x, int axis, mxpy::StreamArg s) {
    return py::tuple(py::cast(unstack(to_array(x), axis, s)));
  }, py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = 0,
     py::arg("stream") = py::none(),
     "Split an array into a tuple of arrays along ``axis``, removing it.");
  m.def("broadcast_shapes", [](const py::args& shapes) {
    std::vector<Shape> all;
    for (auto shape : shapes) all.push_back(to_shape(shape));
    return shape_tuple(broadcast_shapes(all));
  }, "The shape that results from broadcasting the given shapes together.");
  m.def("contiguous", [](const py::object& a, bool allow_col_major, mxpy::StreamArg s) {
    return contiguous(to_array(a), allow_col_major, s);
  }, py::arg("a"), py::pos_only(), py::arg("allow_col_major") = false, py::kw_only(),
     py::arg("stream") = py::none(), "Force an array to be row contiguous, copying it.");
  m.def("isdtype", [](Dtype dtype, const py::object& kind) {
    if (!py::isinstance<py::tuple>(kind)) return isdtype_one(dtype, kind);
    for (auto k : kind) {
      if (isdtype_one(dtype, k)) return true;
    }
    return false;
  }, py::arg("dtype"), py::arg("kind"),
     "Whether ``dtype`` belongs to one of the kinds (dtypes or kind strings).");
  m.def("astype", [](const py::object& a, Dtype dtype, mxpy::StreamArg s) {
    return astype(to_array(a), dtype, s);
  }, py::arg("a"), py::arg("dtype"), py::pos_only(), py::kw_only(),
     py::arg("stream") = py::none(), "Cast the array to ``dtype``.");
  m.def("asarray", [](const py::object& a, std::optional<Dtype> dtype,
                      std::optional<bool> copy) -> py::object {
    const char* no_copy = "Unable to avoid copy while creating an array as requested.";
    if (py::isinstance<array>(a)) {
      const auto& x = a.cast<const array&>();
      if (dtype && *dtype != x.dtype()) {
        if (copy == false) throw std::invalid_argument(no_copy);
        return py::cast(astype(x, *dtype));
      }
      return copy.value_or(false) ? py::cast(mxpy::to_array_as(a, std::nullopt)) : a;
    }
    if (copy == false) throw std::invalid_argument(no_copy);
    return py::cast(mxpy::to_array_as(a, dtype));
  }, py::arg("a"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("copy") = py::none(),
     "Convert the input to an array (an mx.array input is returned when possible).");
}

void def_creation(py::module_& m) {
  m.def("empty", [](const py::object& shape, Dtype dtype, mxpy::StreamArg s) {
    return empty(to_shape(shape), dtype, s);
  }, py::arg("shape"), py::arg("dtype") = float32, py::kw_only(), py::arg("stream") = py::none(),
     "An array of the given shape (filled with zeros).");
  m.def("empty_like", [](const py::object& a, std::optional<Dtype> dtype, mxpy::StreamArg s) {
    return empty_like(to_array(a), dtype, s);
  }, py::arg("a"), py::pos_only(), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "An array like ``a`` (filled with zeros).");
  m.def("full_like", [](const py::object& a, const py::object& vals, std::optional<Dtype> dtype,
                        mxpy::StreamArg s) {
    array x = to_array(a);
    Dtype t = dtype.value_or(x.dtype());
    return full_like(x, to_array(vals, t), t, s);
  }, py::arg("a"), py::arg("vals"), py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(),
     "An array like ``a`` filled with ``vals`` (broadcast), of ``a``'s dtype by default.");
  using WindowFn = array (*)(int, StreamOrDevice);
  const std::pair<const char*, WindowFn> windows[] = {
      {"hanning", &hanning}, {"hamming", &hamming}, {"bartlett", &bartlett},
      {"blackman", &blackman}};
  for (auto [name, fn] : windows) {
    m.def(name, [fn](int M, mxpy::StreamArg s) { return fn(M, s); }, py::arg("M"),
          py::kw_only(), py::arg("stream") = py::none(),
          "NumPy's symmetric window of length M (float32).");
  }
}

void def_elementwise_and_reductions(py::module_& m) {
  m.def("trunc", [](const py::object& a, mxpy::StreamArg s) { return trunc(to_array(a), s); },
        py::arg("a"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
        "Element-wise truncation towards zero.");
  m.def("positive", [](const py::object& a, mxpy::StreamArg s) {
    return positive(to_array(a), s);
  }, py::arg("a"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Element-wise unary plus: a copy of the input.");
  m.def("logical_xor", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return logical_xor(x, y, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Element-wise logical exclusive or.");
  m.def("count_nonzero", [](const py::object& a, const py::object& axis, bool keepdims,
                            mxpy::StreamArg s) {
    array x = to_array(a);
    return count_nonzero(x, axes_or_all(axis, x.ndim()), keepdims, s);
  }, py::arg("a"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
     py::arg("keepdims") = false, py::arg("stream") = py::none(),
     "The number of non-zero elements along the given axes (int32).");
  m.def("minmax", [](const py::object& a, const py::object& axis, bool keepdims,
                     mxpy::StreamArg s) {
    array x = to_array(a);
    auto [lo, hi] = minmax(x, axes_or_all(axis, x.ndim()), keepdims, s);
    return py::make_tuple(lo, hi);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::arg("keepdims") = false,
     py::kw_only(), py::arg("stream") = py::none(), "The minimum and maximum over the given axes.");
  m.def("median", [](const py::object& a, const py::object& axis, bool keepdims,
                     mxpy::StreamArg s) {
    array x = to_array(a);
    return median(x, axes_or_all(axis, x.ndim()), keepdims, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::arg("keepdims") = false,
     py::kw_only(), py::arg("stream") = py::none(),
     "The median over the given axes (NaN if a NaN is present).");
  m.def("vecdot", [](const py::object& a, const py::object& b, int axis, mxpy::StreamArg s) {
    return vecdot(to_array(a), to_array(b), axis, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(), py::arg("axis") = -1,
     py::arg("stream") = py::none(), "The vector dot product sum(conj(a) * b) along ``axis``.");
  m.def("diff", [](const py::object& a, int n, int axis, mxpy::StreamArg s) {
    return diff(to_array(a), n, axis, s);
  }, py::arg("a"), py::pos_only(), py::arg("n") = 1, py::arg("axis") = -1, py::kw_only(),
     py::arg("stream") = py::none(),
     "The n-th discrete difference along ``axis`` (not_equal for bool).");
}

void def_search_and_transforms(py::module_& m) {
  m.def("searchsorted", [](const py::object& seq, const py::object& values,
                           const std::string& side, mxpy::StreamArg s) {
    return searchsorted(to_array(seq), to_array(values), side, s);
  }, py::arg("sorted_sequence"), py::arg("values"), py::pos_only(), py::arg("side") = "left",
     py::kw_only(), py::arg("stream") = py::none(),
     "Indices (uint32) that keep ``sorted_sequence`` sorted when inserting ``values``.");
  m.def("unique", [](const py::object& a, int size, bool return_index, bool return_inverse,
                     bool return_counts, const py::object& fill_value,
                     mxpy::StreamArg s) -> py::object {
    std::optional<array> fill;
    if (!fill_value.is_none()) fill = to_array(fill_value);
    auto outs = unique(to_array(a), size, return_index, return_inverse, return_counts, fill, s);
    if (outs.size() == 1) return py::cast(outs[0]);
    return py::tuple(py::cast(outs));
  }, py::arg("a"), py::pos_only(), py::arg("size"), py::arg("return_index") = false,
     py::arg("return_inverse") = false, py::arg("return_counts") = false,
     py::arg("fill_value") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "The sorted unique elements of the flattened array, padded/truncated to ``size``.");
  m.def("hadamard_transform", [](const py::object& a, std::optional<float> scale,
                                 mxpy::StreamArg s) {
    return hadamard_transform(to_array(a), scale, s);
  }, py::arg("a"), py::arg("scale") = py::none(), py::arg("stream") = py::none(),
     "The Walsh-Hadamard transform of ``a`` along its last axis, times ``scale`` (default "
     "1/sqrt(n), which makes it orthonormal). Supports n = m * 2^k for m in (1, 12, 20, 28).");
  m.def("to_fp8", [](const py::object& x, mxpy::StreamArg s) { return to_fp8(to_array(x), s); },
        py::arg("x"), py::kw_only(), py::arg("stream") = py::none(),
        "Convert a floating point array to fp8 (e4m3), returned as uint8.");
  m.def("from_fp8", [](const py::object& x, Dtype dtype, mxpy::StreamArg s) {
    return from_fp8(to_array(x), dtype, s);
  }, py::arg("x"), py::arg("dtype") = bfloat16, py::kw_only(), py::arg("stream") = py::none(),
     "Convert an fp8 (e4m3) array stored as uint8 to ``dtype``.");
}

} // namespace

void init_ops_api(py::module_& m) {
  def_constants_and_aliases(m);
  def_shapes_and_dtypes(m);
  def_creation(m);
  def_elementwise_and_reductions(m);
  def_search_and_transforms(m);
}
