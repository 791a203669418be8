// Basic indexing of arrays: a[idx] and a[idx] = v with ints, slices, None and
// Ellipsis (and tuples of them), iteration over the first axis.
#include <pybind11/numpy.h>

#include <sstream>

#include "convert.h"
#include "ops/util.h"

using namespace mxcore;

namespace {

// One source axis of the array: the window it is cut to, and whether an int
// index removes it from the result.
struct AxisWindow {
  int start = 0;
  int stop = 0;
  int stride = 1;
  int length = 0;
  bool removed = false;
};

// The parsed index: a window per source axis plus the result's shape (where
// None inserts a size-1 axis and an int removes one).
struct BasicIndex {
  std::vector<AxisWindow> windows;
  Shape result_shape;
};

enum class Kind { integer, slice, none, ellipsis };

bool is_integer_index(const py::handle& obj) {
  if (py::isinstance<py::bool_>(obj)) return false;
  if (py::isinstance<py::int_>(obj)) return true;
  if (py::isinstance<array>(obj)) {
    auto& a = obj.cast<const array&>();
    return a.ndim() == 0 && is_integral(a.dtype());
  }
  if (py::isinstance<py::array>(obj)) {
    auto arr = obj.cast<py::array>();
    return arr.ndim() == 0 && (arr.dtype().kind() == 'i' || arr.dtype().kind() == 'u');
  }
  // NumPy integer scalars and other __index__ objects.
  return py::hasattr(obj, "__index__");
}

Kind classify(const py::handle& obj) {
  if (obj.is_none()) return Kind::none;
  if (obj.ptr() == Py_Ellipsis) return Kind::ellipsis;
  if (PySlice_Check(obj.ptr())) return Kind::slice;
  if (is_integer_index(obj)) return Kind::integer;
  if (py::isinstance<array>(obj) || py::isinstance<py::list>(obj) ||
      py::isinstance<py::bool_>(obj) || py::hasattr(obj, "__array__")) {
    throw std::invalid_argument(
        "[indexing] Indexing with integer or boolean arrays (gather) is not supported yet; "
        "only ints, slices, None and Ellipsis are.");
  }
  throw py::type_error("Cannot index an mxcore array with an object of type " +
                       std::string(py::str(obj.get_type().attr("__name__"))) + ".");
}

int64_t index_value(const py::handle& obj) {
  if (py::isinstance<array>(obj)) {
    array a = obj.cast<array>();
    py::gil_scoped_release release;
    return a.item<int64_t>();
  }
  return py::reinterpret_borrow<py::object>(obj).attr("__index__")().cast<int64_t>();
}

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
  Py_ssize_t start, stop, step;
  if (PySlice_Unpack(obj.ptr(), &start, &stop, &step) < 0) throw py::error_already_set();
  int length = static_cast<int>(PySlice_AdjustIndices(n, &start, &stop, step));
  if (length == 0) return {0, 0, 1, 0, false};
  int64_t end = start + int64_t(length) * step;
  // A negative stop would count from the end: -n - 1 normalizes to -1, "past the front".
  if (end < 0) end = -int64_t(n) - 1;
  return {static_cast<int>(start), static_cast<int>(end), static_cast<int>(step), length, false};
}

BasicIndex parse_index(const array& a, const py::object& idx) {
  std::vector<py::object> items;
  if (py::isinstance<py::tuple>(idx)) {
    for (auto it : idx) items.push_back(py::reinterpret_borrow<py::object>(it));
  } else {
    items.push_back(idx);
  }
  std::vector<Kind> kinds;
  int consumed = 0;
  int ellipses = 0;
  for (auto& it : items) {
    kinds.push_back(classify(it));
    consumed += kinds.back() == Kind::integer || kinds.back() == Kind::slice;
    ellipses += kinds.back() == Kind::ellipsis;
  }
  if (ellipses > 1) throw py::index_error("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim()) {
    std::ostringstream msg;
    msg << "too many indices for array: array is " << a.ndim() << "-dimensional, but "
        << consumed << " were indexed";
    throw py::index_error(msg.str());
  }
  BasicIndex out;
  int axis = 0;
  auto full_axis = [&]() {
    int n = a.shape(axis++);
    out.windows.push_back({0, n, 1, n, false});
    out.result_shape.push_back(n);
  };
  for (size_t k = 0; k < items.size(); ++k) {
    switch (kinds[k]) {
      case Kind::none:
        out.result_shape.push_back(1);
        break;
      case Kind::ellipsis:
        for (int i = 0; i < a.ndim() - consumed; ++i) full_axis();
        break;
      case Kind::integer:
        out.windows.push_back(int_window(items[k], axis, a.shape(axis)));
        ++axis;
        break;
      case Kind::slice:
        out.windows.push_back(slice_window(items[k], a.shape(axis)));
        out.result_shape.push_back(out.windows.back().length);
        ++axis;
        break;
    }
  }
  while (axis < a.ndim()) full_axis();
  return out;
}

void window_params(const BasicIndex& index, Shape& start, Shape& stop, Shape& strides) {
  for (auto& w : index.windows) {
    start.push_back(w.start);
    stop.push_back(w.stop);
    strides.push_back(w.stride);
  }
}

array get_item(const array& a, const py::object& idx) {
  auto index = parse_index(a, idx);
  Shape start, stop, strides;
  window_params(index, start, stop, strides);
  array out = slice(a, start, stop, strides);
  return reshape(out, index.result_shape);
}

void set_item(array& a, const py::object& idx, const py::object& val) {
  auto index = parse_index(a, idx);
  Shape start, stop, strides;
  window_params(index, start, stop, strides);
  // The value broadcasts against the indexed shape (NumPy's rule), then is laid
  // out in the window's shape (int-indexed axes kept with size 1).
  array upd = mxpy::to_array(val, a.dtype());
  while (upd.ndim() > static_cast<int>(index.result_shape.size()) && upd.shape(0) == 1) {
    upd = squeeze(upd, 0);
  }
  Shape bshape;
  try {
    bshape = broadcast_shapes(upd.shape(), index.result_shape);
  } catch (const std::invalid_argument&) {
  }
  if (bshape != index.result_shape) {
    std::ostringstream msg;
    msg << "[setitem] Cannot broadcast a value of shape " << shape_str(upd.shape())
        << " to the indexed shape " << shape_str(index.result_shape) << ".";
    throw std::invalid_argument(msg.str());
  }
  upd = broadcast_to(upd, index.result_shape);
  Shape window_shape;
  for (auto& w : index.windows) window_shape.push_back(w.length);
  upd = reshape(upd, window_shape);
  a = slice_update(a, upd, start, stop, strides);
}

// Iterates over the first axis, one lazy slice at a time.
struct ArrayIterator {
  array a;
  int next = 0;
};

} // namespace

void init_indexing(py::module_& m) {
  py::class_<ArrayIterator>(m, "_ArrayIterator")
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

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def("__getitem__", &get_item, py::arg("index"))
      .def("__setitem__", &set_item, py::arg("index"), py::arg("value"))
      .def("__iter__", [](const array& a) {
        if (a.ndim() == 0) throw py::type_error("iteration over a 0-d array");
        return ArrayIterator{a, 0};
      });
}
