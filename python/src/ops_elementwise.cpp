// Python bindings of the elementwise ops and the array's arithmetic,
// comparison and bitwise operators.
#include <pybind11/numpy.h>

#include "convert.h"

using namespace mxcore;
using mxpy::to_array;
using mxpy::to_arrays;

namespace {

using UnaryFn = array (*)(const array&, StreamOrDevice);
using BinaryFn = array (*)(const array&, const array&, StreamOrDevice);

// Objects an array operator accepts on its other side (MLX's rule): arrays,
// Python scalars, sequences and NumPy-like arrays.
bool is_comparable_with_array(const py::handle& v) {
  // Lists and tuples are not: `a == [1, 2]` is False and `a + [1, 2]` raises.
  return py::isinstance<array>(v) || mxpy::is_python_scalar(v) ||
         py::isinstance<py::array>(v) || py::hasattr(v, "__array__");
}

// None is a TypeError (in MLX it matches no overload), other objects a ValueError.
[[noreturn]] void throw_invalid_operation(const char* what, const py::handle& v) {
  std::string msg = std::string("Cannot perform ") + what + " on an mlx.core.array and " +
                    std::string(py::str(py::type::handle_of(v).attr("__name__")));
  if (v.is_none()) throw py::type_error(msg);
  throw std::invalid_argument(msg);
}

void reject_none(const char* op, const py::handle& a, const py::handle& b) {
  if (a.is_none() || b.is_none()) {
    throw py::type_error(std::string(op) + "(): None is not an array or a scalar.");
  }
}

void def_unary(py::module_& m, const char* name, UnaryFn fn, const char* doc, bool stream_positional) {
  auto call = [fn](const py::object& a, mxpy::StreamArg s) { return fn(to_array(a), s); };
  if (stream_positional) {  // MLX's isnan(a, stream=None) family
    m.def(name, call, py::arg("a"), py::arg("stream") = py::none(), doc);
  } else {
    m.def(name, call, py::arg("a"), py::kw_only(), py::arg("stream") = py::none(), doc);
  }
}

void def_binary(py::module_& m, const char* name, BinaryFn fn, const char* doc) {
  m.def(name, [fn, name](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    reject_none(name, a, b);
    auto [x, y] = to_arrays(a, b);
    return fn(x, y, s);
  }, py::arg("a"), py::arg("b"), py::arg("stream") = py::none(), doc); // stream may be positional
}

// MLX's bitwise operators (&, |, ^, <<, >>) refuse floating point operands with
// a ValueError (the functions raise a RuntimeError from the op itself).
void check_bitwise_operands(const array& x, const array& y, const char* what) {
  if (issubdtype(x.dtype(), inexact) || issubdtype(y.dtype(), inexact)) {
    throw std::invalid_argument(std::string("Floating point types not allowed with ") + what +
                                ".");
  }
}

// a OP other, other OP a (reflected) and the in-place form, which replaces the
// array held by the same Python object (MLX's rule: `b = a; b += 1` changes a,
// and id(a) is kept).
void def_operator(py::class_<array>& cls, const std::string& op, BinaryFn fn,
                  const char* what, bool bitwise = false) {
  auto forward = [fn, what, bitwise](const py::object& a, const py::object& v) {
    if (!is_comparable_with_array(v)) throw_invalid_operation(what, v);
    auto [x, y] = to_arrays(a, v);
    if (bitwise) check_bitwise_operands(x, y, what);
    return fn(x, y, {});
  };
  auto reflected = [fn, what, bitwise](const py::object& a, const py::object& v) {
    if (!is_comparable_with_array(v)) throw_invalid_operation(what, v);
    auto [x, y] = to_arrays(v, a);
    if (bitwise) check_bitwise_operands(x, y, what);
    return fn(x, y, {});
  };
  auto inplace = [forward, op](const py::object& self, const py::object& v) {
    array& a = self.cast<array&>();
    if (op == "truediv" && !issubdtype(a.dtype(), inexact)) {
      throw std::invalid_argument("In place division cannot cast to non-floating point type.");
    }
    a = forward(self, v);
    return self;
  };
  cls.def(("__" + op + "__").c_str(), forward, py::arg("other"));
  cls.def(("__r" + op + "__").c_str(), reflected, py::arg("other"));
  cls.def(("__i" + op + "__").c_str(), inplace, py::arg("other"));
}

void def_comparison(py::class_<array>& cls, const char* dunder, BinaryFn fn,
                    const char* what) {
  cls.def(dunder, [fn, what](const array& a, const py::object& v) {
    if (!is_comparable_with_array(v)) throw_invalid_operation(what, v);
    auto [x, y] = to_arrays(py::cast(a), v);
    return fn(x, y, {});
  }, py::arg("other"));
}

array round_py(const py::object& a, int decimals, mxpy::StreamArg s) {
  return round(to_array(a), decimals, s);
}

} // namespace

void init_ops_elementwise(py::module_& m) {
  struct UnaryEntry {
    const char* name;
    UnaryFn fn;
    const char* doc;
    bool stream_positional = false;
  };
  const UnaryEntry unary_ops[] = {
      {"abs", mxcore::abs, "Element-wise absolute value."},
      {"negative", mxcore::negative, "Element-wise negation."},
      {"sign", mxcore::sign, "Element-wise sign."},
      {"square", mxcore::square, "Element-wise square."},
      {"sqrt", mxcore::sqrt, "Element-wise square root."},
      {"rsqrt", mxcore::rsqrt, "Element-wise reciprocal and square root."},
      {"reciprocal", mxcore::reciprocal, "Element-wise reciprocal."},
      {"exp", mxcore::exp, "Element-wise exponential."},
      {"expm1", mxcore::expm1, "Element-wise exponential minus 1."},
      {"log", mxcore::log, "Element-wise natural logarithm."},
      {"log2", mxcore::log2, "Element-wise base-2 logarithm."},
      {"log10", mxcore::log10, "Element-wise base-10 logarithm."},
      {"log1p", mxcore::log1p, "Element-wise natural log of one plus the array."},
      {"sin", mxcore::sin, "Element-wise sine."},
      {"cos", mxcore::cos, "Element-wise cosine."},
      {"tan", mxcore::tan, "Element-wise tangent."},
      {"arcsin", mxcore::arcsin, "Element-wise inverse sine."},
      {"arccos", mxcore::arccos, "Element-wise inverse cosine."},
      {"arctan", mxcore::arctan, "Element-wise inverse tangent."},
      {"sinh", mxcore::sinh, "Element-wise hyperbolic sine."},
      {"cosh", mxcore::cosh, "Element-wise hyperbolic cosine."},
      {"tanh", mxcore::tanh, "Element-wise hyperbolic tangent."},
      {"arcsinh", mxcore::arcsinh, "Element-wise inverse hyperbolic sine."},
      {"arccosh", mxcore::arccosh, "Element-wise inverse hyperbolic cosine."},
      {"arctanh", mxcore::arctanh, "Element-wise inverse hyperbolic tangent."},
      {"erf", mxcore::erf, "Element-wise error function."},
      {"erfinv", mxcore::erfinv, "Element-wise inverse of erf."},
      {"sigmoid", mxcore::sigmoid, "Element-wise logistic sigmoid."},
      {"floor", mxcore::floor, "Element-wise floor."},
      {"ceil", mxcore::ceil, "Element-wise ceil."},
      {"logical_not", mxcore::logical_not, "Element-wise logical not."},
      {"bitwise_invert", mxcore::bitwise_invert, "Element-wise bitwise inverse.", true},
      {"conjugate", mxcore::conjugate, "Return the elementwise complex conjugate of the input."},
      {"conj", mxcore::conjugate, "Return the elementwise complex conjugate of the input."},
      {"real", mxcore::real, "Returns the real part of a complex array."},
      {"imag", mxcore::imag, "Returns the imaginary part of a complex array."},
      {"isnan", mxcore::isnan, "Return a boolean array indicating which elements are NaN.", true},
      {"isinf", mxcore::isinf, "Return a boolean array indicating which elements are +/- infinity.", true},
      {"isfinite", mxcore::isfinite, "Return a boolean array indicating which elements are finite.", true},
      {"isposinf", mxcore::isposinf, "Return a boolean array indicating which elements are positive infinity.", true},
      {"isneginf", mxcore::isneginf, "Return a boolean array indicating which elements are negative infinity.", true},
  };
  for (const auto& e : unary_ops) def_unary(m, e.name, e.fn, e.doc, e.stream_positional);
  m.def("round", &round_py, py::arg("a"), py::arg("decimals") = 0,
        py::arg("stream") = py::none(), "Round to the given number of decimals.");

  struct BinaryEntry {
    const char* name;
    BinaryFn fn;
    const char* doc;
  };
  const BinaryEntry binary_ops[] = {
      {"add", mxcore::add, "Element-wise addition."},
      {"subtract", mxcore::subtract, "Element-wise subtraction."},
      {"multiply", mxcore::multiply, "Element-wise multiplication."},
      {"divide", mxcore::divide, "Element-wise division."},
      {"floor_divide", mxcore::floor_divide, "Element-wise integer division."},
      {"remainder", mxcore::remainder, "Element-wise remainder of division."},
      {"power", mxcore::power, "Element-wise power operation."},
      {"maximum", mxcore::maximum, "Element-wise maximum."},
      {"minimum", mxcore::minimum, "Element-wise minimum."},
      {"logaddexp", mxcore::logaddexp, "Element-wise log-add-exp."},
      {"arctan2", mxcore::arctan2, "Element-wise inverse tangent of the ratio of two arrays."},
      {"equal", mxcore::equal, "Element-wise equality."},
      {"not_equal", mxcore::not_equal, "Element-wise not equal."},
      {"less", mxcore::less, "Element-wise less than."},
      {"less_equal", mxcore::less_equal, "Element-wise less than or equal."},
      {"greater", mxcore::greater, "Element-wise greater than."},
      {"greater_equal", mxcore::greater_equal, "Element-wise greater or equal."},
      {"bitwise_and", mxcore::bitwise_and, "Element-wise bitwise and."},
      {"bitwise_or", mxcore::bitwise_or, "Element-wise bitwise or."},
      {"bitwise_xor", mxcore::bitwise_xor, "Element-wise bitwise xor."},
      {"left_shift", mxcore::left_shift, "Element-wise left shift."},
      {"right_shift", mxcore::right_shift, "Element-wise right shift."},
  };
  for (const auto& e : binary_ops) def_binary(m, e.name, e.fn, e.doc);
  // As in MLX, a Python scalar operand of logical_and/or is converted on its
  // own (not to the other array's dtype): uint8 `x and -3` does not overflow.
  for (auto [name, fn, doc] : {std::tuple{"logical_and", BinaryFn(mxcore::logical_and), "Element-wise logical and."},
                               std::tuple{"logical_or", BinaryFn(mxcore::logical_or), "Element-wise logical or."}}) {
    m.def(name, [fn, name](const py::object& a, const py::object& b, mxpy::StreamArg s) {
      reject_none(name, a, b);
      return fn(to_array(a), to_array(b), s);
    }, py::arg("a"), py::arg("b"), py::arg("stream") = py::none(), doc);
  }

  m.def("divmod", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = to_arrays(a, b);
    auto out = divmod(x, y, s);
    return py::cast(out); // a list, as in MLX
  }, py::arg("a"), py::arg("b"), py::arg("stream") = py::none(),
     "Element-wise quotient and remainder.");

  m.def("where", [](const py::object& condition, const py::object& x, const py::object& y,
                    mxpy::StreamArg s) {
    auto [a, b] = to_arrays(x, y);
    return where(to_array(condition), a, b, s);
  }, py::arg("condition"), py::arg("x"), py::arg("y"), py::kw_only(),
     py::arg("stream") = py::none(), "Select from x or y according to condition.");

  // ---- array operators and methods
  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  def_operator(cls, "add", add, "addition");
  def_operator(cls, "sub", subtract, "subtraction");
  def_operator(cls, "mul", multiply, "multiplication");
  def_operator(cls, "truediv", divide, "division");
  def_operator(cls, "floordiv", floor_divide, "floor division");
  def_operator(cls, "mod", remainder, "modulus");
  def_operator(cls, "pow", power, "power");
  def_operator(cls, "and", bitwise_and, "bitwise and", true);
  def_operator(cls, "or", bitwise_or, "bitwise or", true);
  def_operator(cls, "xor", bitwise_xor, "bitwise xor", true);
  def_operator(cls, "lshift", left_shift, "left shift", true);
  def_operator(cls, "rshift", right_shift, "right shift", true);
  def_comparison(cls, "__lt__", less, "less than");
  def_comparison(cls, "__le__", less_equal, "less than or equal");
  def_comparison(cls, "__gt__", greater, "greater than");
  def_comparison(cls, "__ge__", greater_equal, "greater than or equal");
  // == and != with an unrelated object (None, a string, ...) are False / True.
  cls.def("__eq__", [](const array& a, const py::object& v) -> py::object {
    if (!is_comparable_with_array(v)) return py::bool_(false);
    auto [x, y] = to_arrays(py::cast(a), v);
    return py::cast(equal(x, y));
  }, py::arg("other"));
  cls.def("__ne__", [](const array& a, const py::object& v) -> py::object {
    if (!is_comparable_with_array(v)) return py::bool_(true);
    auto [x, y] = to_arrays(py::cast(a), v);
    return py::cast(not_equal(x, y));
  }, py::arg("other"));
  cls.def("__divmod__", [](const array& a, const py::object& v) {
    if (!is_comparable_with_array(v)) throw_invalid_operation("divmod", v);
    auto [x, y] = to_arrays(py::cast(a), v);
    auto out = divmod(x, y);
    return py::make_tuple(out[0], out[1]);
  }, py::arg("other"));
  cls.def("__neg__", [](const array& a) { return negative(a); });
  cls.def("__abs__", [](const array& a) { return abs(a); });
  cls.def("__invert__", [](const array& a) {
    if (issubdtype(a.dtype(), inexact)) {
      throw std::invalid_argument("Floating point types not allowed with bitwise inversion.");
    }
    return bitwise_invert(a);
  });

  const UnaryEntry methods[] = {
      {"abs", mxcore::abs, "See :func:`abs`."},
      {"square", mxcore::square, "See :func:`square`."},
      {"sqrt", mxcore::sqrt, "See :func:`sqrt`."},
      {"rsqrt", mxcore::rsqrt, "See :func:`rsqrt`."},
      {"reciprocal", mxcore::reciprocal, "See :func:`reciprocal`."},
      {"exp", mxcore::exp, "See :func:`exp`."},
      {"log", mxcore::log, "See :func:`log`."},
      {"log2", mxcore::log2, "See :func:`log2`."},
      {"log10", mxcore::log10, "See :func:`log10`."},
      {"log1p", mxcore::log1p, "See :func:`log1p`."},
      {"sin", mxcore::sin, "See :func:`sin`."},
      {"cos", mxcore::cos, "See :func:`cos`."},
      {"conj", mxcore::conjugate, "See :func:`conj`."},
  };
  for (const auto& e : methods) {
    UnaryFn fn = e.fn;
    cls.def(e.name, [fn](const array& a, mxpy::StreamArg s) { return fn(a, s); },
            py::kw_only(), py::arg("stream") = py::none(), e.doc);
  }
  cls.def("round", [](const array& a, int decimals, mxpy::StreamArg s) {
    return round(a, decimals, s);
  }, py::arg("decimals") = 0, py::kw_only(), py::arg("stream") = py::none(),
     "See :func:`round`.");
  cls.def_property_readonly("real", [](const array& a) { return real(a); },
                            "The real part of a complex array.");
  cls.def_property_readonly("imag", [](const array& a) { return imag(a); },
                            "The imaginary part of a complex array.");
}
