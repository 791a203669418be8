// Reading through an index: a[idx] with ints, slices, None, Ellipsis, integer
// arrays and boolean masks; the a.at property; iteration over the first axis.
// Writing is in indexing_scatter.cpp.
#include <pybind11/numpy.h>

#include <climits>
#include <optional>
#include <sstream>

#include "convert.h"
#include "indexing_parse.h"
#include "indexing_scatter.h"
#include "ops/util.h"

using namespace mxcore;

namespace mxpy::indexing {

[[noreturn]] void boolean_index_error() {
  throw std::invalid_argument("boolean indices are not yet supported");
}

// Integer array index (mx.array, list, NumPy array) as an array.
array index_array(const py::handle& obj) {
  array a = [&]() {
    if (py::isinstance<py::list>(obj) && py::len(obj) == 0) {
      return array(allocator::malloc(0), Shape{0}, int32);
    }
    return mxpy::to_array(obj);
  }();
  if (a.dtype() == bool_) boolean_index_error();
  if (!is_integral(a.dtype())) {
    throw std::invalid_argument(
        "[indexing] Arrays used as indices must be of integer type, got " +
        std::string(py::str(py::cast(a.dtype()))) + ".");
  }
  return a;
}

bool is_integer_index(const py::handle& obj) {
  if (py::isinstance<py::bool_>(obj)) return false;
  if (py::isinstance<py::int_>(obj)) return true;
  // NumPy integer scalars and other __index__ objects.
  return PyIndex_Check(obj.ptr());
}

Item classify(const py::handle& h) {
  py::object obj = py::reinterpret_borrow<py::object>(h);
  if (obj.is_none()) return {Kind::none, obj, {}};
  if (obj.ptr() == Py_Ellipsis) return {Kind::ellipsis, obj, {}};
  if (PySlice_Check(obj.ptr())) return {Kind::slice, obj, {}};
  if (py::isinstance<py::bool_>(obj)) boolean_index_error();
  if (py::isinstance<py::array>(obj) && obj.cast<py::array>().ndim() == 0) {
    if (obj.cast<py::array>().dtype().kind() == 'b') boolean_index_error();
    return {Kind::integer, obj, {}};
  }
  if (py::isinstance<array>(obj) || py::isinstance<py::array>(obj)) {
    array a = index_array(obj);
    // 0-d integer arrays behave as ints (NumPy's rule); a traced one (an index
    // mapped by vmap) has no value yet, so it stays an array index, which
    // selects the same elements.
    if (a.ndim() == 0 && !a.is_tracer()) return {Kind::integer, obj, {}};
    return {Kind::array, obj, a};
  }
  if (py::isinstance<py::list>(obj)) return {Kind::array, obj, index_array(obj)};
  if (is_integer_index(obj)) {
    if (py::hasattr(obj, "dtype") && py::str(obj.attr("dtype")).cast<std::string>() == "bool") {
      boolean_index_error();
    }
    return {Kind::integer, obj, {}};
  }
  // MLX's error type and message.
  throw std::invalid_argument("Cannot index mlx array using the given type.");
}

// MLX's check and message: an int index, or a slice bound, outside the int32
// range (which array dims use) is a ValueError, not an out-of-bounds index.
int64_t checked_int32(const py::handle& value) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || v < INT32_MIN || v > INT32_MAX) {
    throw std::invalid_argument("Slice indices must be 32-bit integers.");
  }
  return v;
}

int64_t index_value(const py::handle& obj) {
  if (py::isinstance<array>(obj)) {
    array a = obj.cast<array>();
    int64_t v;
    {
      py::gil_scoped_release release;
      v = a.item<int64_t>();
    }
    if (v < INT32_MIN || v > INT32_MAX || (a.dtype() == uint64 && v < 0)) {
      throw std::invalid_argument("Slice indices must be 32-bit integers.");
    }
    return v;
  }
  py::object value = py::isinstance<py::array>(obj) ? obj.attr("item")()
                                                    : py::reinterpret_borrow<py::object>(obj);
  return checked_int32(value.attr("__index__")());
}

namespace {

void check_slice_bounds(const py::handle& obj) {
  auto* s = reinterpret_cast<PySliceObject*>(obj.ptr());
  for (PyObject* bound : {s->start, s->stop, s->step}) {
    if (bound == Py_None) continue;
    checked_int32(py::reinterpret_borrow<py::object>(bound).attr("__index__")());
  }
}

} // namespace

AxisWindow int_window(const py::handle& obj, int axis, int n) {
  int64_t i = index_value(obj);
  int64_t j = i < 0 ? i + n : i;
  if (j < 0 || j >= n) {
    std::ostringstream msg;
    msg << "index " << i << " is out of bounds for axis " << axis << " with size " << n;
    throw py::index_error(msg.str());
  }
  return {static_cast<int>(j), static_cast<int>(j + 1), 1, 1, true};
}

// Python's slice rules give (start, length, step); the window's stop is
// written so that the C++ slice normalization reads it back unambiguously.
AxisWindow slice_window(const py::handle& obj, int n) {
  check_slice_bounds(obj);
  Py_ssize_t start, stop, step;
  if (PySlice_Unpack(obj.ptr(), &start, &stop, &step) < 0) throw py::error_already_set();
  int length = static_cast<int>(PySlice_AdjustIndices(n, &start, &stop, step));
  if (length == 0) return {0, 0, 1, 0, false};
  int64_t end = start + int64_t(length) * step;
  // A negative stop would count from the end: -n - 1 normalizes to -1, "past the front".
  if (end < 0) end = -int64_t(n) - 1;
  return {static_cast<int>(start), static_cast<int>(end), static_cast<int>(step), length, false};
}

ParsedIndex parse_items(const array& a, const py::object& idx) {
  std::vector<Item> raw;
  if (py::isinstance<py::tuple>(idx)) {
    for (auto it : idx) raw.push_back(classify(it));
  } else {
    raw.push_back(classify(idx));
  }
  int consumed = 0, ellipses = 0;
  for (auto& it : raw) {
    consumed += it.kind == Kind::integer || it.kind == Kind::slice || it.kind == Kind::array;
    ellipses += it.kind == Kind::ellipsis;
  }
  if (ellipses > 1) { // a ValueError in MLX
    throw std::invalid_argument("An index can only have a single ellipsis (...)");
  }
  if (consumed > a.ndim()) {
    std::ostringstream msg; // a ValueError in MLX
    msg << "Too many indices for array with " << a.ndim() << " dimensions.";
    throw std::invalid_argument(msg.str());
  }
  ParsedIndex out;
  int axis = 0;
  auto full_slice = [&]() {
    out.items.push_back({Kind::slice, py::reinterpret_steal<py::object>(
                                          PySlice_New(nullptr, nullptr, nullptr)), {}});
    out.axis_of.push_back(axis++);
  };
  for (auto& it : raw) {
    if (it.kind == Kind::ellipsis) {
      for (int i = 0; i < a.ndim() - consumed; ++i) full_slice();
      continue;
    }
    out.has_array |= it.kind == Kind::array;
    out.axis_of.push_back(it.kind == Kind::none ? -1 : axis++);
    out.items.push_back(std::move(it));
  }
  while (axis < a.ndim()) full_slice();
  return out;
}

BasicIndex basic_index(const array& a, const ParsedIndex& p) {
  BasicIndex out;
  for (size_t k = 0; k < p.items.size(); ++k) {
    int ax = p.axis_of[k];
    switch (p.items[k].kind) {
      case Kind::none:
        out.result_shape.push_back(1);
        break;
      case Kind::integer:
        out.windows.push_back(int_window(p.items[k].obj, ax, a.shape(ax)));
        break;
      case Kind::slice:
        out.windows.push_back(slice_window(p.items[k].obj, a.shape(ax)));
        out.result_shape.push_back(out.windows.back().length);
        break;
      default:
        break;
    }
  }
  return out;
}

void window_params(const BasicIndex& index, Shape& start, Shape& stop, Shape& strides) {
  for (auto& w : index.windows) {
    start.push_back(w.start);
    stop.push_back(w.stop);
    strides.push_back(w.stride);
  }
}

// NumPy's placement of the broadcast advanced-index dims B: where the first
// advanced index (int or array) is when all of them are adjacent in the index,
// else in front. Returns the number of slice dims before B, -1 when separated.
int advanced_position(const ParsedIndex& p) {
  int first = -1, last = -1, slices_before = 0;
  for (size_t k = 0; k < p.items.size(); ++k) {
    Kind kind = p.items[k].kind;
    if (kind == Kind::integer || kind == Kind::array) {
      if (first < 0) first = static_cast<int>(k);
      last = static_cast<int>(k);
    } else if (first < 0 && kind == Kind::slice) {
      ++slices_before;
    }
  }
  if (first < 0) return slices_before; // no advanced index (slices only): nothing to place
  for (int k = first; k <= last; ++k) {
    Kind kind = p.items[k].kind;
    if (kind != Kind::integer && kind != Kind::array) return -1; // separated
  }
  return slices_before;
}

// The result shape: slice dims (sizes in item order) with B placed as NumPy
// does and a 1 for each None.
Shape result_shape(const ParsedIndex& p, const Shape& B, const Shape& slice_dims) {
  bool separated = advanced_position(p) < 0;
  Shape out;
  if (separated) out = B;
  int s = 0;
  bool placed = separated;
  for (auto& it : p.items) {
    if (it.kind == Kind::slice) out.push_back(slice_dims[s++]);
    if (it.kind == Kind::none) out.push_back(1);
    if (!placed && (it.kind == Kind::integer || it.kind == Kind::array)) {
      out.insert(out.end(), B.begin(), B.end());
      placed = true;
    }
  }
  return out;
}

std::vector<array> advanced_arrays(const ParsedIndex& p, std::vector<int>& axes) {
  std::vector<array> out;
  for (size_t k = 0; k < p.items.size(); ++k) {
    if (p.items[k].kind == Kind::array) {
      out.push_back(*p.items[k].arr);
      axes.push_back(p.axis_of[k]);
    }
  }
  return out;
}

Shape broadcast_all(const std::vector<array>& arrays) {
  Shape B;
  for (auto& x : arrays) B = broadcast_shapes(B, x.shape());
  return B;
}

// a[idx] with integer arrays: slice the basic part as a view, gather the
// array-indexed axes, then lay the dims out as NumPy does.
array advanced_get(const array& a, const ParsedIndex& p) {
  // Windows per source axis: ints and slices as in basic indexing, array
  // axes in full.
  Shape start, stop, strides;
  Shape slice_dims;
  for (size_t k = 0; k < p.items.size(); ++k) {
    int ax = p.axis_of[k];
    const Item& it = p.items[k];
    if (it.kind == Kind::none) continue;
    AxisWindow w = it.kind == Kind::integer ? int_window(it.obj, ax, a.shape(ax))
                   : it.kind == Kind::slice ? slice_window(it.obj, a.shape(ax))
                                            : AxisWindow{0, a.shape(ax), 1, a.shape(ax), false};
    start.push_back(w.start);
    stop.push_back(w.stop);
    strides.push_back(w.stride);
    if (it.kind == Kind::slice) slice_dims.push_back(w.length);
  }
  array v = slice(a, start, stop, strides);
  std::vector<int> axes;
  auto arrays = advanced_arrays(p, axes);
  Shape B = broadcast_all(arrays);
  Shape sizes = v.shape();
  for (int ax : axes) sizes[ax] = std::min(1, sizes[ax]);
  array g = gather(v, arrays, axes, sizes);
  Shape g_shape = B;
  g_shape.insert(g_shape.end(), slice_dims.begin(), slice_dims.end());
  g = reshape(g, g_shape);
  int pos = std::max(0, advanced_position(p));
  if (pos > 0 && !B.empty()) {
    int nb = static_cast<int>(B.size());
    std::vector<int> perm;
    for (int i = 0; i < pos; ++i) perm.push_back(nb + i);
    for (int i = 0; i < nb; ++i) perm.push_back(i);
    for (int i = nb + pos; i < g.ndim(); ++i) perm.push_back(i);
    g = transpose(g, perm);
  }
  return reshape(g, result_shape(p, B, slice_dims));
}

// The index as a boolean mask when it is one (a bool, or an mx/NumPy array
// or list of bools); a mask replaces the whole index, MLX's rule.
std::optional<array> boolean_mask(const py::object& idx) {
  if (py::isinstance<py::bool_>(idx)) return array(idx.cast<bool>());
  if (py::isinstance<array>(idx)) {
    array m = idx.cast<array>();
    if (m.dtype() == bool_) return m;
  } else if (py::isinstance<py::array>(idx)) {
    if (idx.cast<py::array>().dtype().kind() == 'b') return mxpy::to_array(idx);
  } else if (py::isinstance<py::list>(idx) && py::len(idx) > 0) {
    try {
      array m = mxpy::to_array(idx);
      if (m.dtype() == bool_) return m;
    } catch (const std::exception&) {
      // Not an array-like list: the general index parser reports it.
    }
  }
  return std::nullopt;
}

void check_mask_shape(const array& a, const array& mask) {
  if (mask.ndim() > a.ndim() ||
      !std::equal(mask.shape().begin(), mask.shape().end(), a.shape().begin())) {
    throw py::index_error("[getitem] The boolean mask of shape " + shape_str(mask.shape()) +
                          " does not match the indexed array of shape " +
                          shape_str(a.shape()) + ".");
  }
}

// a[mask]: the output's length is the number of trues, so the mask is
// evaluated here (NumPy's semantics; MLX refuses boolean reads). The selected
// rows are then a take, so gradients flow to a.
array masked_get(const array& a, const array& mask) {
  check_mask_shape(a, mask);
  py::object flat = mxpy::to_numpy(reshape(mask, {-1}));
  py::object where = py::module_::import("numpy").attr("flatnonzero")(flat);
  array positions = mxpy::to_array(where.attr("astype")(mask.size() > INT32_MAX ? "int64" : "int32"));
  Shape rows(a.shape().begin() + mask.ndim(), a.shape().end());
  rows.insert(rows.begin(), static_cast<int>(mask.size()));
  return take(reshape(a, rows), positions, 0);
}

array get_item(const array& a, const py::object& idx) {
  if (auto mask = boolean_mask(idx)) return masked_get(a, *mask);
  auto p = parse_items(a, idx);
  if (p.has_array) return advanced_get(a, p);
  auto index = basic_index(a, p);
  Shape start, stop, strides;
  window_params(index, start, stop, strides);
  array out = slice(a, start, stop, strides);
  // Integer items drop their axis and None items add one: a squeeze and an
  // expand_dims, which shapeless compile follows (a reshape to the traced
  // result shape would pin it).
  std::vector<int> dropped, inserted;
  int slice_axis = 0, result_axis = 0;
  for (auto& item : p.items) {
    if (item.kind == Kind::integer) {
      dropped.push_back(slice_axis++);
    } else if (item.kind == Kind::slice) {
      ++slice_axis;
      ++result_axis;
    } else if (item.kind == Kind::none) {
      inserted.push_back(result_axis++);
    }
  }
  if (!dropped.empty()) out = squeeze(out, dropped);
  if (!inserted.empty()) out = expand_dims(out, inserted);
  return out;
}

} // namespace mxpy::indexing

namespace {

using namespace mxpy::indexing;

// a.at[idx]: an index waiting for one of the updating methods.
struct ArrayAt {
  array a;
  py::object index;
};

ArrayAt& checked(ArrayAt& at) {
  if (!at.index) throw std::invalid_argument("[at] Index the at property first: a.at[idx].add(v).");
  return at;
}

using ScatterFn = array (*)(const array&, const std::vector<array>&, const array&,
                            const std::vector<int>&, StreamOrDevice);

array at_update(ArrayAt& at, const py::object& val, ScatterFn fn, const char* op,
                bool negate = false) {
  checked(at);
  array value = mxpy::to_array(val, at.a.dtype());
  if (negate) value = negative(astype(value, at.a.dtype()));
  auto args = scatter_args(at.a, at.index, value, op);
  return fn(at.a, args.indices, args.updates, args.axes, {});
}

// Iterates over the first axis, one lazy slice at a time.
struct ArrayIterator {
  array a;
  int next = 0;
};

} // namespace

void init_indexing(py::module_& m) {
  py::class_<ArrayIterator>(m, "ArrayIterator", "A helper object to iterate over the first axis of an array.")
      .def("__iter__", [](ArrayIterator& it) -> ArrayIterator& { return it; },
           py::return_value_policy::reference_internal)
      .def("__next__", [](ArrayIterator& it) {
        if (it.next >= it.a.shape(0)) throw py::stop_iteration();
        int i = it.next++;
        Shape start(it.a.ndim(), 0), stop = it.a.shape();
        start[0] = i;
        stop[0] = i + 1;
        return squeeze(slice(it.a, start, stop), 0);
      });

  py::class_<ArrayAt>(m, "ArrayAt",
                      "A helper object to apply updates at specific indices (``a.at[idx]``).")
      .def("__getitem__",
           [](const ArrayAt& at, py::object index) { return ArrayAt{at.a, std::move(index)}; })
      .def("add", [](ArrayAt& at, const py::object& v) {
        return at_update(at, v, scatter_add, "at.add");
      }, py::arg("value"))
      .def("subtract", [](ArrayAt& at, const py::object& v) {
        return at_update(at, v, scatter_add, "at.subtract", /*negate=*/true);
      }, py::arg("value"))
      .def("multiply", [](ArrayAt& at, const py::object& v) {
        return at_update(at, v, scatter_prod, "at.multiply");
      }, py::arg("value"))
      .def("divide", [](ArrayAt& at, const py::object& v) {
        checked(at);
        // MLX multiplies by the reciprocal cast to the array's dtype (so integer
        // arrays divided by 2 get 0: 1/2 truncates).
        array value = mxpy::to_array(v, at.a.dtype());
        if (!is_inexact(value.dtype())) value = astype(value, float32);
        array recip = astype(reciprocal(value), at.a.dtype());
        auto args = scatter_args(at.a, at.index, recip, "at.divide");
        return scatter_prod(at.a, args.indices, args.updates, args.axes);
      }, py::arg("value"))
      .def("maximum", [](ArrayAt& at, const py::object& v) {
        return at_update(at, v, scatter_max, "at.maximum");
      }, py::arg("value"))
      .def("minimum", [](ArrayAt& at, const py::object& v) {
        return at_update(at, v, scatter_min, "at.minimum");
      }, py::arg("value"));

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def_property_readonly("at", [](const array& a) { return ArrayAt{a, py::object()}; },
                            "Used to apply updates at the given indices: ``a.at[idx].add(v)``.");
  cls.def("__getitem__", &get_item, py::arg("index"))
      .def("__setitem__", &set_item, py::arg("index"), py::arg("value"))
      .def("__iter__", [](const array& a) {
        if (a.ndim() == 0) throw py::type_error("iteration over a 0-d array");
        return ArrayIterator{a, 0};
      });

  using mxpy::StreamArg;
  using mxpy::to_array;
  m.def("take", [](const py::object& a, const py::object& indices, const py::object& axis,
                   StreamArg s) {
    array x = to_array(a);
    if (is_integer_index(indices) && !py::isinstance<array>(indices) &&
        !py::isinstance<py::array>(indices)) {
      py::object value = py::reinterpret_borrow<py::object>(indices).attr("__index__")();
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
      if (overflow != 0 || v < INT32_MIN || v > INT32_MAX) {
        throw std::invalid_argument("[take] Index " + std::string(py::str(value)) +
                                    " is outside the 32-bit integer range.");
      }
      int i = static_cast<int>(v);
      return axis.is_none() ? take(x, i, s) : take(x, i, axis.cast<int>(), s);
    }
    array idx = to_array(indices);
    return axis.is_none() ? take(x, idx, s) : take(x, idx, axis.cast<int>(), s);
  }, py::arg("a"), py::pos_only(), py::arg("indices"), py::arg("axis") = py::none(),
     py::kw_only(), py::arg("stream") = py::none(),
     "Take elements along an axis (of the flattened array when axis is None).");
  m.def("take_along_axis", [](const py::object& a, const py::object& indices,
                              const py::object& axis, StreamArg s) {
    array x = to_array(a);
    array idx = to_array(indices);
    if (axis.is_none()) return take_along_axis(reshape(x, {-1}, s), idx, 0, s);
    return take_along_axis(x, idx, axis.cast<int>(), s);
  }, py::arg("a"), py::pos_only(), py::arg("indices"), py::arg("axis") = -1,
     py::kw_only(), py::arg("stream") = py::none(),
     "Take values along an axis at the specified indices.");
  m.def("put_along_axis", [](const py::object& a, const py::object& indices,
                             const py::object& values, const py::object& axis, StreamArg s) {
    array x = to_array(a);
    array idx = to_array(indices);
    array v = to_array(values, x.dtype());
    if (axis.is_none()) {
      return reshape(put_along_axis(reshape(x, {-1}, s), idx, v, 0, s), x.shape(), s);
    }
    return put_along_axis(x, idx, v, axis.cast<int>(), s);
  }, py::arg("a"), py::pos_only(), py::arg("indices"), py::arg("values"),
     py::arg("axis") = py::none(), py::kw_only(), py::arg("stream") = py::none(),
     "Put values along an axis at the specified indices.");
  m.def("masked_scatter", [](const py::object& a, const py::object& mask,
                             const py::object& value, StreamArg s) {
    array x = to_array(a);
    return masked_scatter(x, to_array(mask), to_array(value, x.dtype()), s);
  }, py::arg("a"), py::arg("mask"), py::arg("value"), py::kw_only(),
     py::arg("stream") = py::none(),
     "Copy of a whose positions where mask is true take consecutive elements of value "
     "(a[mask] = value).");
  m.def("slice", [](const py::object& a, const py::object& start, const py::object& axes,
                    const py::object& slice_size, StreamArg s) {
    return dynamic_slice(to_array(a), to_array(start), mxpy::to_axes(axes),
                         mxpy::to_shape(slice_size), s);
  }, py::arg("a"), py::arg("start_indices"), py::arg("axes"), py::arg("slice_size"),
     py::kw_only(), py::arg("stream") = py::none(),
     "Extract a sub-array of shape slice_size starting at start_indices on axes.");
  m.def("slice_update", [](const py::object& a, const py::object& update,
                           const py::object& start, const py::object& axes, StreamArg s) {
    array x = to_array(a);
    return dynamic_slice_update(x, to_array(update, x.dtype()), to_array(start),
                                mxpy::to_axes(axes), s);
  }, py::arg("a"), py::arg("update"), py::arg("start_indices"), py::arg("axes"),
     py::kw_only(), py::arg("stream") = py::none(),
     "Update a sub-array starting at start_indices on axes.");
}
