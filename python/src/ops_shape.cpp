// Python bindings of the shape ops, and the array methods that are shape ops.
#include "convert.h"
#include "ops/util.h"

using namespace mxcore;
using mxpy::to_array;
using mxpy::to_axes;
using mxpy::to_shape;

void init_indexing(py::module_& m); // indexing_bindings.cpp

namespace {

// Shape from *args: f(2, 3) or f((2, 3)).
Shape shape_from_args(const py::args& args) {
  if (args.size() == 1 && !py::isinstance<py::int_>(args[0])) return to_shape(args[0]);
  return to_shape(args);
}

py::object split_py(const array& a, const py::object& indices_or_sections, int axis,
                    mxpy::StreamArg s) {
  std::vector<array> parts;
  if (py::isinstance<py::int_>(indices_or_sections)) {
    parts = split(a, indices_or_sections.cast<int>(), axis, s);
  } else {
    parts = split(a, to_shape(indices_or_sections), axis, s);
  }
  return py::cast(parts);
}

array squeeze_py(const array& a, const py::object& axis, mxpy::StreamArg s) {
  return axis.is_none() ? squeeze(a, s) : squeeze(a, to_axes(axis), s);
}

py::object atleast(const py::args& arys, mxpy::StreamArg s, array (*f)(const array&, StreamOrDevice)) {
  if (arys.size() == 1) return py::cast(f(to_array(arys[0]), s));
  py::list out;
  for (auto x : arys) out.append(py::cast(f(to_array(x), s)));
  return out;
}

} // namespace

void init_ops_shape(py::module_& m) {
  m.def("reshape", [](const py::object& a, const py::object& shape, mxpy::StreamArg s) {
    return reshape(to_array(a), to_shape(shape), s);
  }, py::arg("a"), py::pos_only(), py::arg("shape"), py::kw_only(), py::arg("stream") = py::none(),
     "Reshape an array, preserving its size.");
  m.def("flatten", [](const py::object& a, int start_axis, int end_axis, mxpy::StreamArg s) {
    return flatten(to_array(a), start_axis, end_axis, s);
  }, py::arg("a"), py::pos_only(), py::arg("start_axis") = 0, py::arg("end_axis") = -1,
     py::kw_only(), py::arg("stream") = py::none());
  m.def("unflatten", [](const py::object& a, int axis, const py::object& shape, mxpy::StreamArg s) {
    return unflatten(to_array(a), axis, to_shape(shape), s);
  }, py::arg("a"), py::pos_only(), py::arg("axis"), py::arg("shape"), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("squeeze", [](const py::object& a, const py::object& axis, mxpy::StreamArg s) {
    return squeeze_py(to_array(a), axis, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("expand_dims", [](const py::object& a, const py::object& axis, mxpy::StreamArg s) {
    return expand_dims(to_array(a), to_axes(axis), s);
  }, py::arg("a"), py::arg("axis"), py::kw_only(), py::arg("stream") = py::none());
  m.def("transpose", [](const py::object& a, const py::object& axes, mxpy::StreamArg s) {
    array x = to_array(a);
    return axes.is_none() ? transpose(x, s) : transpose(x, to_axes(axes), s);
  }, py::arg("a"), py::pos_only(), py::arg("axes") = py::none(), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("swapaxes", [](const py::object& a, int axis1, int axis2, mxpy::StreamArg s) {
    return swapaxes(to_array(a), axis1, axis2, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis1"), py::arg("axis2"), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("moveaxis", [](const py::object& a, int source, int destination, mxpy::StreamArg s) {
    return moveaxis(to_array(a), source, destination, s);
  }, py::arg("a"), py::pos_only(), py::arg("source"), py::arg("destination"), py::kw_only(),
     py::arg("stream") = py::none());
  m.def("broadcast_to", [](const py::object& a, const py::object& shape, mxpy::StreamArg s) {
    return broadcast_to(to_array(a), to_shape(shape), s);
  }, py::arg("a"), py::pos_only(), py::arg("shape"), py::kw_only(), py::arg("stream") = py::none());
  m.def("broadcast_arrays", [](const py::args& arrays, mxpy::StreamArg s) {
    // a list, as in MLX
    return py::cast(broadcast_arrays_following(mxpy::to_array_list(arrays), s));
  }, py::kw_only(), py::arg("stream") = py::none(), "Broadcast arrays against one another.");
  m.def("concatenate", [](const py::object& arrays, std::optional<int> axis, mxpy::StreamArg s) {
    auto xs = mxpy::to_array_list(arrays);
    return axis ? concatenate(xs, *axis, s) : concatenate(xs, s);
  }, py::arg("arrays"), py::arg("axis") = 0, py::kw_only(), py::arg("stream") = py::none());
  m.def("concat", [](const py::object& arrays, std::optional<int> axis, mxpy::StreamArg s) {
    auto xs = mxpy::to_array_list(arrays);
    return axis ? concatenate(xs, *axis, s) : concatenate(xs, s);
  }, py::arg("arrays"), py::arg("axis") = 0, py::kw_only(), py::arg("stream") = py::none(),
     "Alias of concatenate.");
  m.def("stack", [](const py::object& arrays, int axis, mxpy::StreamArg s) {
    return stack(mxpy::to_array_list(arrays), axis, s);
  }, py::arg("arrays"), py::arg("axis") = 0, py::kw_only(), py::arg("stream") = py::none());
  m.def("split", [](const py::object& a, const py::object& idx, int axis, mxpy::StreamArg s) {
    return split_py(to_array(a), idx, axis, s);
  }, py::arg("a"), py::arg("indices_or_sections"), py::arg("axis") = 0, py::kw_only(),
     py::arg("stream") = py::none());
  m.def("as_strided", [](const py::object& a, const py::object& shape, const py::object& strides,
                         size_t offset, mxpy::StreamArg s) {
    array x = to_array(a);
    Shape sh = shape.is_none() ? x.shape() : to_shape(shape);
    Strides st;
    if (strides.is_none()) {
      st = row_major_strides(sh);
    } else {
      for (auto v : strides) st.push_back(v.cast<int64_t>());
    }
    return as_strided(x, sh, st, offset, s);
  }, py::arg("a"), py::arg("shape") = py::none(), py::arg("strides") = py::none(),
     py::arg("offset") = 0, py::kw_only(), py::arg("stream") = py::none());
  m.def("atleast_1d", [](const py::args& arys, mxpy::StreamArg s) {
    return atleast(arys, s, &atleast_1d);
  }, py::kw_only(), py::arg("stream") = py::none());
  m.def("atleast_2d", [](const py::args& arys, mxpy::StreamArg s) {
    return atleast(arys, s, &atleast_2d);
  }, py::kw_only(), py::arg("stream") = py::none());
  m.def("atleast_3d", [](const py::args& arys, mxpy::StreamArg s) {
    return atleast(arys, s, &atleast_3d);
  }, py::kw_only(), py::arg("stream") = py::none());

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def_property_readonly("T", [](const array& a) { return transpose(a); },
                            "Equivalent to calling self.transpose() with no arguments.")
      .def("reshape", [](const array& a, const py::args& shape, mxpy::StreamArg s) {
        return reshape(a, shape_from_args(shape), s);
      }, py::kw_only(), py::arg("stream") = py::none(),
         "Equivalent to reshape but the shape can be passed as a tuple or as separate ints.")
      .def("flatten", [](const array& a, int start_axis, int end_axis, mxpy::StreamArg s) {
        return flatten(a, start_axis, end_axis, s);
      }, py::arg("start_axis") = 0, py::arg("end_axis") = -1, py::kw_only(),
         py::arg("stream") = py::none())
      .def("squeeze", &squeeze_py, py::arg("axis") = py::none(), py::kw_only(),
           py::arg("stream") = py::none())
      .def("transpose", [](const array& a, const py::args& axes, mxpy::StreamArg s) {
        if (axes.size() == 0) return transpose(a, s);
        auto ax = shape_from_args(axes);
        return transpose(a, std::vector<int>(ax.begin(), ax.end()), s);
      }, py::kw_only(), py::arg("stream") = py::none(),
         "Equivalent to transpose but the axes can be passed as a tuple or as separate ints.")
      .def("swapaxes", [](const array& a, int axis1, int axis2, mxpy::StreamArg s) {
        return swapaxes(a, axis1, axis2, s);
      }, py::arg("axis1"), py::arg("axis2"), py::kw_only(), py::arg("stream") = py::none())
      .def("moveaxis", [](const array& a, int source, int destination, mxpy::StreamArg s) {
        return moveaxis(a, source, destination, s);
      }, py::arg("source"), py::arg("destination"), py::kw_only(), py::arg("stream") = py::none())
      .def("split", &split_py, py::arg("indices_or_sections"), py::arg("axis") = 0, py::kw_only(),
           py::arg("stream") = py::none());

  init_indexing(m);
}
