// The Python array class: construction, metadata, conversion, printing.
#include <pybind11/complex.h>
#include <pybind11/numpy.h>

#include <sstream>

#include "convert.h"
#include "eval_interrupt.h"
#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "mxcore/utils.h"

using namespace mxcore;
using mxpy::to_array;

namespace {

// NumPy's name of a dtype (bfloat16 has none).
std::string numpy_dtype_name(Dtype t) { return t == bool_ ? "bool" : dtype_name(t); }

const char* buffer_format(Dtype t) {
  switch (t.val) {
    case Dtype::Val::bool_: return "?";
    case Dtype::Val::uint8: return "B";
    case Dtype::Val::uint16: return "H";
    case Dtype::Val::uint32: return "I";
    case Dtype::Val::uint64: return "Q";
    case Dtype::Val::int8: return "b";
    case Dtype::Val::int16: return "h";
    case Dtype::Val::int32: return "i";
    case Dtype::Val::int64: return "q";
    case Dtype::Val::float16: return "e";
    case Dtype::Val::float32: return "f";
    case Dtype::Val::float64: return "d";
    case Dtype::Val::complex64: return "Zf";
    default: return nullptr;
  }
}

py::object item(array a) {
  if (a.size() != 1) {
    throw std::invalid_argument("[item] Only size-1 arrays can be converted to Python scalars.");
  }
  {
    py::gil_scoped_release release;
    a.eval();
  }
  auto t = a.dtype();
  if (t == bool_) return py::bool_(a.item<bool>());
  if (is_integral(t)) {
    if (t == uint64) return py::int_(a.item<uint64_t>());
    return py::int_(a.item<int64_t>());
  }
  if (t == complex64) return py::cast(std::complex<double>(a.item<complex64_t>()));
  if (t == float64) return py::float_(a.item<double>());
  return py::float_(static_cast<double>(a.item<float>()));
}

// A NumPy array over the evaluated array's memory. Its base keeps both the
// Python object (so weak references to it live as long as the view) and the
// buffer itself (an in-place operator may replace the object's array later).
py::object numpy_view(const py::object& self, array a) {
  if (a.dtype() == bfloat16) {
    throw std::invalid_argument("'bfloat16' is not a valid PEP 3118 buffer format string");
  }
  {
    py::gil_scoped_release release;
    a.eval();
  }
  std::vector<py::ssize_t> shape(a.shape().begin(), a.shape().end());
  std::vector<py::ssize_t> strides;
  for (auto st : a.strides()) strides.push_back(st * static_cast<int64_t>(a.itemsize()));
  py::object base = py::make_tuple(self, py::cast(a));
  py::dtype dt = py::module_::import("numpy").attr("dtype")(numpy_dtype_name(a.dtype()));
  return py::array(dt, shape, strides, a.raw_data(), base);
}

} // namespace

void init_array(py::module_& m) {
  py::class_<array> cls(m, "array", py::buffer_protocol(), "An N-dimensional array object.");
  cls.def(py::init([](const py::object& val, std::optional<Dtype> dtype) {
            return mxpy::to_array_as(val, dtype);
          }),
          py::arg("val"), py::arg("dtype") = py::none())
      .def_property_readonly("shape", [](const array& a) {
        py::tuple t(a.ndim());
        for (int i = 0; i < a.ndim(); ++i) t[i] = a.shape(i);
        return t;
      }, "The array's dimensions as a tuple.")
      .def_property_readonly("ndim", &array::ndim)
      .def_property_readonly("size", &array::size)
      .def_property_readonly("dtype", &array::dtype)
      .def_property_readonly("itemsize", &array::itemsize)
      .def_property_readonly("nbytes", &array::nbytes)
      .def("item", &item, "Access the value of a scalar array as a Python scalar.")
      .def("tolist", &mxpy::tolist, "Convert the array to a (nested) Python list.")
      // copy=True (np.array(x)) gives an owning copy; otherwise (np.asarray(x),
      // np.array(x, copy=False)) a writeable view of the array's memory, as in MLX.
      .def("__array__", [](const py::object& self, py::object dtype, py::object copy) {
        array a = self.cast<array>();
        bool want_copy = !copy.is_none() && copy.cast<bool>();
        py::object out = want_copy ? mxpy::to_numpy(a) : numpy_view(self, a);
        if (!dtype.is_none()) out = out.attr("astype")(dtype);
        return out;
      }, py::arg("dtype") = py::none(), py::arg("copy") = py::none())
      .def("__len__", [](const array& a) {
        if (a.ndim() == 0) throw py::type_error("len() 0-dimensional array.");
        return a.shape(0);
      })
      .def("__bool__", [](array& a) { return py::bool_(item(a)); })
      .def("__int__", [](array& a) { return py::int_(item(a)); })
      .def("__float__", [](array& a) { return py::float_(item(a)); })
      .def("__index__", [](array& a) {
        if (!is_integral(a.dtype()) && a.dtype() != bool_) {
          throw py::type_error("Only integer arrays can be converted to an index.");
        }
        return py::int_(item(a));
      })
      .def("__repr__", [](array& a) {
        std::ostringstream os;
        {
          py::gil_scoped_release release;
          os << a;
        }
        return os.str();
      })
      .def("__copy__", [](const array& a) { return copy(a); })
      .def("__deepcopy__", [](const array& a, py::dict) { return copy(a); }, py::arg("memo"))
      .def("__hash__", [](const array& a) { return a.id(); })
      .def("astype", [](const array& a, Dtype dtype, mxpy::StreamArg s) { return astype(a, dtype, s); },
           py::arg("dtype"), py::arg("stream") = py::none())
      .def("__pos__", [](const array& a) { return a; })
      .def("__complex__", [](array& a) {
        return py::module_::import("builtins").attr("complex")(item(a));
      })
      // Formats 0-d arrays as their scalar (so f"{x:.2f}" works); other arrays
      // print as str() and take no format spec, as in MLX.
      .def("__format__", [](array& a, const py::str& spec) -> py::object {
        if (a.ndim() == 0) {
          PyObject* text = PyObject_Format(item(a).ptr(), spec.ptr());
          if (text == nullptr) throw py::error_already_set();  // Python's own error (f"{1.5:d}")
          return py::reinterpret_steal<py::object>(text);
        }
        if (py::len(spec) > 0) {
          throw py::type_error("unsupported format string passed to mx.array.__format__");
        }
        return py::repr(py::cast(a));
      }, py::arg("format_spec"))
      // The raw bytes of the array in row-major order.
      .def("__bytes__", [](const array& a) {
        array bits = a.dtype() == bfloat16 ? view(a, uint16) : a;
        return mxpy::to_numpy(bits).attr("tobytes")();
      })
      // Pickling: the values (bfloat16 as its 16-bit patterns) and the dtype.
      .def(py::pickle(
          [](const array& a) {
            array bits = a.dtype() == bfloat16 ? view(a, uint16) : a;
            return py::make_tuple(mxpy::to_numpy(bits), dtype_name(a.dtype()));
          },
          [](const py::tuple& state) {
            if (state.size() != 2) throw std::invalid_argument("[array] Invalid pickle state.");
            std::string name = state[1].cast<std::string>();
            if (name == "bool") name = "bool_";
            Dtype t = py::module_::import("mxcore").attr(name.c_str()).cast<Dtype>();
            array bits = mxpy::to_array_as(state[0], t == bfloat16 ? uint16 : t);
            return t == bfloat16 ? view(bits, bfloat16) : bits;
          }))
      .def_buffer([](array& a) -> py::buffer_info {
        // bfloat16 has no PEP 3118 code; MLX names it in full.
        const char* fmt = a.dtype() == bfloat16 ? "bfloat16" : buffer_format(a.dtype());
        if (fmt == nullptr) {
          throw std::invalid_argument(
              "Item size 2 for PEP 3118 buffer format string does not match the dtype V item size 0.");
        }
        try {
          py::gil_scoped_release release;
          a.eval();
        } catch (py::error_already_set& e) {
          if (e.matches(PyExc_KeyboardInterrupt)) mxpy::interrupt_again();
          throw;
        }
        std::vector<py::ssize_t> shape(a.shape().begin(), a.shape().end());
        std::vector<py::ssize_t> strides;
        for (auto s : a.strides()) strides.push_back(s * static_cast<int64_t>(a.itemsize()));
        return py::buffer_info(a.raw_data(), static_cast<py::ssize_t>(a.itemsize()), fmt,
                               a.ndim(), shape, strides);
      });
}
