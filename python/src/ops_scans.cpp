// Python bindings of the scans (cumsum, ...), sorting (sort, topk, ...) and
// shape extras (repeat, tile, pad, roll, diag, tri, meshgrid, view, ...).
#include "convert.h"

using namespace mxcore;

namespace {

using ScanFn = array (*)(const array&, int, bool, bool, StreamOrDevice);
using AxisFn = array (*)(const array&, int, StreamOrDevice);
using FlatFn = array (*)(const array&, StreamOrDevice);
using KthFn = array (*)(const array&, int, int, StreamOrDevice);
using KthFlatFn = array (*)(const array&, int, StreamOrDevice);

// axis=None scans the flattened array.
array call_scan(ScanFn fn, const array& a, std::optional<int> axis, bool reverse,
                bool inclusive, StreamOrDevice s) {
  if (!axis) return fn(reshape(a, {-1}, s), 0, reverse, inclusive, s);
  return fn(a, *axis, reverse, inclusive, s);
}

// with_dtype: cumsum and cumprod take MLX's `dtype` keyword (cast before the scan).
void def_scan(py::module_& m, py::class_<array>& cls, const char* name, ScanFn fn,
              const char* doc, bool with_dtype = false) {
  if (with_dtype) {
    m.def(name, [fn](const py::object& a, std::optional<int> axis, bool reverse, bool inclusive,
                     std::optional<Dtype> dtype, mxpy::StreamArg s) {
      array x = mxpy::to_array(a);
      if (dtype) x = astype(x, *dtype, s);
      return call_scan(fn, x, axis, reverse, inclusive, s);
    }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::kw_only(),
       py::arg("reverse") = false, py::arg("inclusive") = true, py::arg("dtype") = py::none(),
       py::arg("stream") = py::none(), doc);
  } else {
    m.def(name, [fn](const py::object& a, std::optional<int> axis, bool reverse, bool inclusive,
                     mxpy::StreamArg s) {
      return call_scan(fn, mxpy::to_array(a), axis, reverse, inclusive, s);
    }, py::arg("a"), py::pos_only(), py::arg("axis") = py::none(), py::kw_only(),
       py::arg("reverse") = false, py::arg("inclusive") = true, py::arg("stream") = py::none(),
       doc);
  }
  cls.def(name, [fn](const array& a, std::optional<int> axis, bool reverse, bool inclusive,
                     mxpy::StreamArg s) {
    return call_scan(fn, a, axis, reverse, inclusive, s);
  }, py::arg("axis") = py::none(), py::kw_only(), py::arg("reverse") = false,
     py::arg("inclusive") = true, py::arg("stream") = py::none(), doc);
}

void def_sort(py::module_& m, const char* name, AxisFn fn, FlatFn flat_fn, const char* doc) {
  m.def(name, [fn, flat_fn](const py::object& a, std::optional<int> axis, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return axis ? fn(x, *axis, s) : flat_fn(x, s);
  }, py::arg("a"), py::pos_only(), py::arg("axis") = -1, py::kw_only(),
     py::arg("stream") = py::none(), doc);
}

void def_kth(py::module_& m, const char* name, const char* kth_name, KthFn fn,
             KthFlatFn flat_fn, const char* doc) {
  m.def(name, [fn, flat_fn](const py::object& a, int kth, std::optional<int> axis,
                            mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return axis ? fn(x, kth, *axis, s) : flat_fn(x, kth, s);
  }, py::arg("a"), py::pos_only(), py::arg(kth_name), py::arg("axis") = -1, py::kw_only(),
     py::arg("stream") = py::none(), doc);
}

// Widths fix the output shape: an array (e.g. one mapped by vmap) cannot.
constexpr const char* kArrayWidthError =
    "[pad] pad_width must be Python ints or tuples of ints, not an array (the widths set the "
    "output shape, so they cannot be mapped by vmap or traced).";

// pad_width: int, (w,), (before, after), or one (before, after) per axis.
std::vector<std::pair<int, int>> pad_width_arg(const py::object& obj, int ndim) {
  auto as_pair = [](const py::handle& h) -> std::pair<int, int> {
    if (py::isinstance<array>(h)) throw py::type_error(kArrayWidthError);
    if (py::isinstance<py::sequence>(h)) {
      for (auto w : h.cast<py::sequence>()) {
        if (py::isinstance<array>(w)) throw py::type_error(kArrayWidthError);
      }
      auto v = h.cast<std::vector<int>>();
      if (v.size() == 1) return {v[0], v[0]};
      if (v.size() == 2) return {v[0], v[1]};
      throw std::invalid_argument("[pad] Invalid pad_width: expected pairs of ints.");
    }
    int w = h.cast<int>();
    return {w, w};
  };
  if (py::isinstance<array>(obj) || !py::isinstance<py::sequence>(obj)) {
    return {size_t(ndim), as_pair(obj)};
  }
  auto seq = obj.cast<py::sequence>();
  for (auto item : seq) {
    if (py::isinstance<array>(item)) as_pair(item);  // raises the TypeError above
  }
  bool nested = seq.size() > 0 && py::isinstance<py::sequence>(seq[0]);
  if (!nested) return {size_t(ndim), as_pair(obj)};
  std::vector<std::pair<int, int>> widths;
  for (auto item : seq) widths.push_back(as_pair(item));
  if (widths.size() == 1) widths.resize(ndim, widths[0]);
  return widths;
}

std::vector<int> int_or_ints(const py::object& obj) {
  if (py::isinstance<py::sequence>(obj)) return obj.cast<std::vector<int>>();
  return {obj.cast<int>()};
}

} // namespace

void init_ops_scans(py::module_& m) {
  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  def_scan(m, cls, "cumsum", &cumsum, "Return the cumulative sum of the elements along the given axis.", true);
  def_scan(m, cls, "cumprod", &cumprod, "Return the cumulative product of the elements along the given axis.", true);
  def_scan(m, cls, "cummax", &cummax, "Return the cumulative maximum of the elements along the given axis.");
  def_scan(m, cls, "cummin", &cummin, "Return the cumulative minimum of the elements along the given axis.");
  def_scan(m, cls, "logcumsumexp", &logcumsumexp,
           "Return the cumulative logsumexp of the elements along the given axis.");

  def_sort(m, "sort", &sort, &sort, "Returns a sorted copy of the array (NaN last).");
  def_sort(m, "argsort", &argsort, &argsort,
           "Returns the indices that sort the array (stable, uint32).");
  def_kth(m, "partition", "kth", &partition, &partition,
          "Returns a partitioned copy: the kth element is in its sorted position.");
  def_kth(m, "argpartition", "kth", &argpartition, &argpartition,
          "Returns the indices that partition the array.");
  def_kth(m, "topk", "k", &topk, &topk, "Returns the k largest elements along an axis, unsorted.");

  m.def("repeat", [](const py::object& a, int repeats, std::optional<int> axis,
                     mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return axis ? repeat(x, repeats, *axis, s) : repeat(x, repeats, s);
  }, py::arg("array"), py::arg("repeats"), py::arg("axis") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "Repeat an array along a specified axis.");
  m.def("tile", [](const py::object& a, const py::object& reps, mxpy::StreamArg s) {
    return tile(mxpy::to_array(a), int_or_ints(reps), s);
  }, py::arg("a"), py::arg("reps"), py::pos_only(), py::kw_only(),
     py::arg("stream") = py::none(), "Construct an array by repeating `a` the number of times given by `reps`.");
  m.def("pad", [](const py::object& a, const py::object& pad_width, const std::string& mode,
                  const py::object& constant_values, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    array value = mxpy::to_array(constant_values, x.dtype());
    return pad(x, pad_width_arg(pad_width, x.ndim()), value, mode, s);
  }, py::arg("a"), py::arg("pad_width"), py::arg("mode") = "constant",
     py::arg("constant_values") = 0, py::kw_only(), py::arg("stream") = py::none(),
     "Pad an array (modes 'constant', 'edge', 'reflect' and 'symmetric').");
  m.def("roll", [](const py::object& a, const py::object& shift, const py::object& axis,
                   mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    auto shifts = int_or_ints(shift);
    if (axis.is_none()) {
      int total = 0;
      for (int k : shifts) total += k;
      return roll(x, total, s);
    }
    return roll(x, shifts, int_or_ints(axis), s);
  }, py::arg("a"), py::arg("shift"), py::arg("axis") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "Roll array elements along a given axis.");

  auto diag_fn = [](const array& a, int k, mxpy::StreamArg s) { return diag(a, k, s); };
  m.def("diag", [diag_fn](const py::object& a, int k, mxpy::StreamArg s) {
    return diag_fn(mxpy::to_array(a), k, s);
  }, py::arg("a"), py::pos_only(), py::arg("k") = 0, py::kw_only(),
     py::arg("stream") = py::none(), "Extract a diagonal or construct a diagonal matrix.");
  cls.def("diag", diag_fn, py::arg("k") = 0, py::kw_only(), py::arg("stream") = py::none(),
          "Extract a diagonal or construct a diagonal matrix.");
  auto diagonal_fn = [](const array& a, int offset, int axis1, int axis2, mxpy::StreamArg s) {
    return diagonal(a, offset, axis1, axis2, s);
  };
  m.def("diagonal", [diagonal_fn](const py::object& a, int offset, int axis1, int axis2,
                                  mxpy::StreamArg s) {
    return diagonal_fn(mxpy::to_array(a), offset, axis1, axis2, s);
  }, py::arg("a"), py::arg("offset") = 0, py::arg("axis1") = 0, py::arg("axis2") = 1,
     py::arg("stream") = py::none(), "Return specified diagonals.");
  cls.def("diagonal", diagonal_fn, py::arg("offset") = 0, py::arg("axis1") = 0,
          py::arg("axis2") = 1, py::arg("stream") = py::none(),
          "Return specified diagonals.");
  m.def("trace", [](const py::object& a, int offset, int axis1, int axis2,
                    std::optional<Dtype> dtype, mxpy::StreamArg s) {
    array x = mxpy::to_array(a);
    return trace(x, offset, axis1, axis2, dtype.value_or(x.dtype()), s);
  }, py::arg("a"), py::pos_only(), py::arg("offset") = 0, py::arg("axis1") = 0,
     py::arg("axis2") = 1, py::arg("dtype") = py::none(), py::kw_only(),
     py::arg("stream") = py::none(), "Return the sum along a specified diagonal.");
  m.def("tri", [](int n, std::optional<int> m_, int k, std::optional<Dtype> dtype,
                  mxpy::StreamArg s) {
    return tri(n, m_.value_or(n), k, dtype.value_or(float32), s);
  }, py::arg("n"), py::arg("m") = py::none(), py::arg("k") = 0, py::arg("dtype") = py::none(),
     py::kw_only(), py::arg("stream") = py::none(),
     "An array with ones at and below the given diagonal and zeros elsewhere.");
  m.def("tril", [](const py::object& x, int k, mxpy::StreamArg s) {
    return tril(mxpy::to_array(x), k, s);
  }, py::arg("x"), py::arg("k") = 0, py::kw_only(), py::arg("stream") = py::none(),
     "Zeros the array above the given diagonal.");
  m.def("triu", [](const py::object& x, int k, mxpy::StreamArg s) {
    return triu(mxpy::to_array(x), k, s);
  }, py::arg("x"), py::arg("k") = 0, py::kw_only(), py::arg("stream") = py::none(),
     "Zeros the array below the given diagonal.");
  m.def("meshgrid", [](py::args arrays, bool sparse, const std::string& indexing,
                       mxpy::StreamArg s) {
    std::vector<array> xs;
    for (auto a : arrays) xs.push_back(mxpy::to_array(a));
    return py::tuple(py::cast(meshgrid(xs, sparse, indexing, s))); // a tuple, as in MLX
  }, py::arg("sparse") = false, py::arg("indexing") = "xy", py::arg("stream") = py::none(),
     "Generate multidimensional coordinate grids from 1-D coordinate arrays.");
  auto view_fn = [](const array& a, Dtype dtype, mxpy::StreamArg s) { return view(a, dtype, s); };
  m.def("view", [view_fn](const py::object& a, Dtype dtype, mxpy::StreamArg s) {
    return view_fn(mxpy::to_array(a), dtype, s);
  }, py::arg("a"), py::arg("dtype"), py::arg("stream") = py::none(),
     "View the array as a different type (bit reinterpretation).");
  cls.def("view", view_fn, py::arg("dtype"), py::kw_only(), py::arg("stream") = py::none(),
          "View the array as a different type (bit reinterpretation).");
}
