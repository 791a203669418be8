#include "convert.h"

#include <pybind11/complex.h>
#include <pybind11/numpy.h>

#include <limits>

#include "kernel/dtype_dispatch.h"
#include "mxcore/transforms.h"

namespace mxpy {

using namespace mxcore;

namespace {

// NumPy dtype name → Dtype for arrays coming from NumPy or buffers.
std::optional<Dtype> from_numpy_kind(const py::dtype& dt) {
  char kind = dt.kind();
  int size = static_cast<int>(dt.itemsize());
  switch (kind) {
    case 'b': return bool_;
    case 'u':
      return size == 1 ? uint8 : size == 2 ? uint16 : size == 4 ? uint32 : uint64;
    case 'i':
      return size == 1 ? int8 : size == 2 ? int16 : size == 4 ? int32 : int64;
    case 'f':
      if (size == 2) return float16;
      if (size == 4) return float32;
      if (size == 8) return float64;
      break;
    case 'c':
      return complex64;
  }
  return std::nullopt;
}

const char* numpy_name(Dtype t) {
  switch (t.val) {
    case Dtype::Val::bool_: return "bool";
    case Dtype::Val::uint8: return "uint8";
    case Dtype::Val::uint16: return "uint16";
    case Dtype::Val::uint32: return "uint32";
    case Dtype::Val::uint64: return "uint64";
    case Dtype::Val::int8: return "int8";
    case Dtype::Val::int16: return "int16";
    case Dtype::Val::int32: return "int32";
    case Dtype::Val::int64: return "int64";
    case Dtype::Val::float16: return "float16";
    case Dtype::Val::float32: return "float32";
    case Dtype::Val::float64: return "float64";
    case Dtype::Val::complex64: return "complex64";
    default: return nullptr;
  }
}

array from_numpy(py::array arr, std::optional<Dtype> dtype, bool from_python_values) {
  auto src = from_numpy_kind(arr.dtype());
  if (!src) {
    // MLX raises ValueError for values it cannot hold (strings, bytes, objects).
    char kind = arr.dtype().kind();
    std::string type = kind == 'U' ? "str" : kind == 'S' ? "bytes" : kind == 'O' ? "object" : "";
    throw std::invalid_argument(
        "[array] Invalid type " + (type.empty() ? std::string() : type + " ") + "(NumPy dtype " +
        std::string(py::str(arr.dtype())) + ") received in array initialization.");
  }
  Dtype src_t = *src;
  if (from_python_values && !dtype) {
    // Python ints become int32 (int64 when a value does not fit) and Python
    // floats float32, like MLX.
    if (src_t == int64 && arr.size() > 0) {
      auto lo = arr.attr("min")().cast<int64_t>();
      auto hi = arr.attr("max")().cast<int64_t>();
      if (lo >= INT32_MIN && hi <= INT32_MAX) src_t = int32;
    } else if (src_t == int64) {
      src_t = int32;
    }
    if (src_t == uint64) src_t = int64;
    if (src_t == float64) src_t = float32;
  }
  if (!from_python_values && !dtype && src_t == float64) {
    src_t = float32; // MLX's default for NumPy float64 input
  }
  Dtype target = dtype.value_or(src_t);
  // Let NumPy produce a C-contiguous buffer of the NumPy equivalent dtype, then
  // convert in C++ (bfloat16 has no NumPy dtype).
  const char* name = numpy_name(target == bfloat16 ? float32 : target);
  py::module_ np = py::module_::import("numpy");
  // asarray(order="C") rather than ascontiguousarray, which turns 0-d into 1-d.
  py::array contiguous =
      np.attr("asarray")(arr, py::arg("dtype") = name, py::arg("order") = "C");
  Shape shape;
  for (py::ssize_t i = 0; i < contiguous.ndim(); ++i) {
    if (contiguous.shape(i) > INT32_MAX) {
      throw std::invalid_argument("Shape dimension falls outside supported `int` range.");
    }
    shape.push_back(static_cast<int32_t>(contiguous.shape(i)));
  }
  Dtype buf_t = target == bfloat16 ? float32 : target;
  size_t n = shape_size(shape);
  auto buffer = allocator::malloc(n * target.size);
  array out(buffer, shape, target);
  const void* data = contiguous.data();
  dispatch_all_types(buf_t, [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    detail::fill_converted(static_cast<const T*>(data), n, target, out.raw_data());
  });
  return out;
}

bool is_mx_array(const py::handle& obj) { return py::isinstance<array>(obj); }

// The range of an integer type narrower than 64 bits.
std::pair<long long, long long> integer_range(Dtype t) {
  switch (t.val) {
    case Dtype::Val::uint8: return {0, UINT8_MAX};
    case Dtype::Val::uint16: return {0, UINT16_MAX};
    case Dtype::Val::uint32: return {0, UINT32_MAX};
    case Dtype::Val::int8: return {INT8_MIN, INT8_MAX};
    case Dtype::Val::int16: return {INT16_MIN, INT16_MAX};
    default: return {INT32_MIN, INT32_MAX};
  }
}

} // namespace

bool is_python_scalar(const py::handle& obj) {
  return py::isinstance<py::bool_>(obj) || py::isinstance<py::int_>(obj) ||
         py::isinstance<py::float_>(obj) || PyComplex_Check(obj.ptr());
}

array to_array(const py::handle& obj, std::optional<Dtype> hint) {
  if (is_mx_array(obj)) return obj.cast<array>();
  if (py::isinstance<py::bool_>(obj)) {
    return array(obj.cast<bool>(), hint.value_or(bool_)); // MLX: a bool takes the hint
  }
  if (py::isinstance<py::int_>(obj)) {
    Dtype t = hint && *hint != bool_ ? *hint : int32;
    // Values that do not fit int32 become int64 (or float32 when the hint is integral).
    long long v;
    try {
      v = obj.cast<long long>();
    } catch (const py::cast_error&) {
      throw std::invalid_argument("[array] Integer is too large to convert.");
    }
    if (!hint && (v > INT32_MAX || v < INT32_MIN)) t = int64;
    // MLX refuses a weak int that does not fit the other side's (narrow) integer type.
    if (hint && issubdtype(t, integer) && t.size < 8) {
      auto [lo, hi] = integer_range(t);
      if (v < lo || v > hi) {
        throw std::invalid_argument("Converting " + std::to_string(v) + " to " +
                                    dtype_name(t) + " would result in overflow.");
      }
    }
    if (is_inexact(t)) return array(static_cast<double>(v), t);
    if (t == uint64) return array(static_cast<uint64_t>(v), t);
    return array(static_cast<int64_t>(v), t);
  }
  if (py::isinstance<py::float_>(obj)) {
    // MLX: a float takes a floating hint only (complex and integer hints give float32).
    Dtype t = hint && is_floating_point(*hint) ? *hint : float32;
    return array(obj.cast<double>(), t);
  }
  if (PyComplex_Check(obj.ptr())) {
    auto c = obj.cast<std::complex<double>>();
    return array(complex64_t(static_cast<float>(c.real()), static_cast<float>(c.imag())),
                 complex64);
  }
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    py::sequence seq = py::reinterpret_borrow<py::sequence>(obj);
    // Lists of arrays are stacked, keeping the arrays' dtype.
    bool has_array = false;
    for (auto item : seq) has_array |= is_mx_array(item);
    py::module_ np = py::module_::import("numpy");
    py::object npa;
    try {
      if (has_array) {
        std::vector<array> items;
        for (auto item : seq) items.push_back(to_array(item));
        Dtype t = items[0].dtype();
        for (auto& it : items) t = promote_types(t, it.dtype());
        py::list converted;
        for (auto& it : items) converted.append(to_numpy(astype(it, t == bfloat16 ? float32 : t)));
        npa = np.attr("array")(converted);
        return from_numpy(npa, t, false);
      }
      npa = np.attr("array")(obj);
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_ValueError)) {
        throw std::invalid_argument(
            "Initialization encountered non-uniform length.");
      }
      throw;
    }
    if (npa.attr("dtype").attr("kind").cast<std::string>() == "O") {
      throw std::invalid_argument("Initialization encountered non-uniform length.");
    }
    if (py::len(seq) == 0) {
      return from_numpy(npa, hint.value_or(float32), true);
    }
    return from_numpy(npa, std::nullopt, true);
  }
  if (PyBytes_Check(obj.ptr())) {
    // bytes are a buffer of uint8 to MLX (NumPy would make a string scalar).
    py::module_ np = py::module_::import("numpy");
    return from_numpy(np.attr("frombuffer")(obj, py::arg("dtype") = "uint8"), std::nullopt, false);
  }
  if (py::isinstance<py::array>(obj) || py::hasattr(obj, "__array__") ||
      PyObject_CheckBuffer(obj.ptr())) {
    py::module_ np = py::module_::import("numpy");
    py::array npa = np.attr("asarray")(obj);
    // NumPy arrays take the hint (MLX converts them with the other side's dtype).
    return from_numpy(npa, py::isinstance<py::array>(obj) ? hint : std::nullopt, false);
  }
  if (obj.is_none()) { // MLX's binding refuses None before conversion
    throw py::type_error("Cannot convert None to an array.");
  }
  // MLX raises ValueError here (not TypeError).
  throw std::invalid_argument("Invalid type " +
                              std::string(py::str(py::type::handle_of(obj).attr("__name__"))) +
                              " received in array initialization.");
}

array to_array_as(const py::handle& obj, std::optional<Dtype> dtype) {
  if (!dtype) return to_array(obj);
  if (is_mx_array(obj)) return astype(obj.cast<array>(), *dtype);
  if (py::isinstance<py::bool_>(obj)) return array(obj.cast<bool>(), *dtype);
  if (py::isinstance<py::int_>(obj)) {
    if (*dtype == uint64 && obj.cast<py::int_>() >= py::int_(0)) {
      return array(obj.cast<uint64_t>(), *dtype);
    }
    try {
      return array(obj.cast<int64_t>(), *dtype);
    } catch (const py::cast_error&) {
      throw std::invalid_argument("[array] Integer is too large to convert.");
    }
  }
  if (py::isinstance<py::float_>(obj)) return array(obj.cast<double>(), *dtype);
  if ((py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) && py::len(obj) > 0) {
    bool has_array = false;
    for (auto item : obj) has_array |= is_mx_array(item);
    if (!has_array) {
      py::object npa;
      try {
        npa = py::module_::import("numpy").attr("array")(obj);
      } catch (py::error_already_set& e) {
        if (e.matches(PyExc_ValueError)) {
          throw std::invalid_argument("Initialization encountered non-uniform length.");
        }
        throw;
      }
      if (npa.attr("dtype").attr("kind").cast<std::string>() == "O") {
        throw std::invalid_argument("Initialization encountered non-uniform length.");
      }
      return from_numpy(npa, dtype, true);
    }
  }
  if (py::isinstance<py::array>(obj)) return from_numpy(obj.cast<py::array>(), dtype, false);
  return astype(to_array(obj, dtype), *dtype);
}

namespace {
// A dimension as MLX reads it: an int outside int32 is an OverflowError.
int shape_dim(const py::handle& d) {
  if (!py::isinstance<py::int_>(d) && !PyIndex_Check(d.ptr())) {
    throw py::type_error("Expected an int as a shape dimension, got " +
                         std::string(py::str(py::type::handle_of(d).attr("__name__"))) + ".");
  }
  py::int_ as_int = py::reinterpret_steal<py::int_>(PyNumber_Index(d.ptr()));
  if (!as_int) throw py::error_already_set();
  long long v = PyLong_AsLongLong(as_int.ptr());
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set(); // beyond int64
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    PyErr_SetString(PyExc_OverflowError,
                    ("Integer value " + std::to_string(v) +
                     " is outside the supported range [-2147483648, 2147483647].").c_str());
    throw py::error_already_set();
  }
  return static_cast<int>(v);
}
} // namespace

Shape to_shape(const py::handle& obj) {
  if (py::isinstance<py::int_>(obj) || PyIndex_Check(obj.ptr())) {
    return {shape_dim(obj)};
  }
  if (!py::isinstance<py::sequence>(obj)) {
    throw py::type_error("Expected an int or a sequence of ints as shape, got " +
                         std::string(py::str(py::type::handle_of(obj).attr("__name__"))) + ".");
  }
  Shape shape;
  for (auto d : obj) shape.push_back(shape_dim(d));
  return shape;
}

std::vector<int> to_axes(const py::handle& obj) {
  auto shape = to_shape(obj);
  return std::vector<int>(shape.begin(), shape.end());
}

std::vector<array> to_array_list(const py::handle& seq) {
  std::vector<array> out;
  for (auto item : seq) out.push_back(to_array(item));
  return out;
}

std::pair<array, array> to_arrays(const py::handle& a, const py::handle& b) {
  bool a_scalar = is_python_scalar(a);
  bool b_scalar = is_python_scalar(b);
  if (a_scalar && !b_scalar) {
    array y = to_array(b);
    return {to_array(a, y.dtype()), y};
  }
  if (b_scalar && !a_scalar) {
    array x = to_array(a);
    return {x, to_array(b, x.dtype())};
  }
  // A NumPy array next to an mx.array is weak too: it takes the array's dtype
  // (MLX converts it with the other side's dtype).
  if (is_mx_array(a) && !is_mx_array(b) && py::isinstance<py::array>(b)) {
    array x = a.cast<array>();
    return {x, from_numpy(b.cast<py::array>(), x.dtype(), false)};
  }
  if (is_mx_array(b) && !is_mx_array(a) && py::isinstance<py::array>(a)) {
    array y = b.cast<array>();
    return {from_numpy(a.cast<py::array>(), y.dtype(), false), y};
  }
  return {to_array(a), to_array(b)};
}

py::object to_numpy(array a) {
  if (a.dtype() == bfloat16) {
    throw std::invalid_argument(
        "Item size 2 for PEP 3118 buffer format string does not match the "
        "dtype V item size 0. Convert bfloat16 arrays to float32 first.");
  }
  {
    py::gil_scoped_release release;
    a.eval();
  }
  py::module_ np = py::module_::import("numpy");
  py::dtype dt(numpy_name(a.dtype()));
  std::vector<py::ssize_t> shape(a.shape().begin(), a.shape().end());
  std::vector<py::ssize_t> strides;
  for (auto s : a.strides()) strides.push_back(s * static_cast<int64_t>(a.itemsize()));
  // A view that keeps the array alive, then copied.
  py::array view(dt, shape, strides, a.raw_data(), py::cast(a));
  return np.attr("array")(view, py::arg("copy") = true);
}

py::object tolist(array a) {
  {
    py::gil_scoped_release release;
    a.eval();
  }
  if (a.dtype() == bfloat16) {
    return to_numpy(astype(a, float32)).attr("tolist")();
  }
  return to_numpy(a).attr("tolist")();
}

} // namespace mxpy
