// Unary elementwise ops: MLX's dtype rules and graph construction.
#include <cmath>
#include <limits>

#include "ops/elementwise_util.h"
#include "primitives/elementwise.h"

namespace mxcore {

array astype(array a, Dtype dtype, StreamOrDevice s) {
  if (a.dtype() == dtype) return a;
  // A complex number is true when either part is nonzero (the converting copy
  // alone would look at the real part only).
  if (a.dtype() == complex64 && dtype == bool_) {
    return not_equal(a, array(complex64_t(0.0f, 0.0f), complex64), s);
  }
  return array(a.shape(), dtype, std::make_shared<AsType>(to_stream(s), dtype), {a});
}

array copy(array a, StreamOrDevice s) {
  return array(a.shape(), a.dtype(), std::make_shared<Copy>(to_stream(s)), {a});
}

array stop_gradient(const array& a, StreamOrDevice s) {
  return array(a.shape(), a.dtype(), std::make_shared<StopGradient>(to_stream(s)), {a});
}

namespace {

bool is_integer_or_bool(Dtype t) { return is_integral(t) || t == bool_; }

// Same dtype in and out.
template <typename Prim>
array same_type_unary(const array& a, StreamOrDevice s) {
  return make_unary<Prim>(a, a.dtype(), a.dtype(), s);
}

// Integers and bools are computed in float32 (exp, sqrt, sin, ...).
template <typename Prim>
array float_unary(const array& a, StreamOrDevice s, const char* op,
                  bool complex_ok = true) {
  if (!complex_ok) check_not_complex(a.dtype(), op);
  auto t = at_least_float(a.dtype());
  return make_unary<Prim>(a, t, t, s);
}

} // namespace

array abs(const array& a, StreamOrDevice s) {
  array out = same_type_unary<Abs>(a, s);
  return a.dtype() == complex64 ? astype(out, float32, s) : out;
}

array negative(const array& a, StreamOrDevice s) {
  if (a.dtype() == bool_) {
    throw std::invalid_argument(
        "[negative] The negative operator on a boolean array is not supported.");
  }
  return same_type_unary<Negative>(a, s);
}
array operator-(const array& a) { return negative(a); }

array sign(const array& a, StreamOrDevice s) {
  if (a.dtype() == bool_) return a;
  return same_type_unary<Sign>(a, s);
}

array square(const array& a, StreamOrDevice s) { return same_type_unary<Square>(a, s); }

array sqrt(const array& a, StreamOrDevice s) { return float_unary<Sqrt>(a, s, "sqrt"); }
array rsqrt(const array& a, StreamOrDevice s) { return float_unary<Rsqrt>(a, s, "rsqrt"); }
array reciprocal(const array& a, StreamOrDevice s) {
  auto t = at_least_float(a.dtype());
  return divide(array(1.0, t), a, s);
}
array exp(const array& a, StreamOrDevice s) { return float_unary<Exp>(a, s, "exp"); }
array expm1(const array& a, StreamOrDevice s) {
  return float_unary<Expm1>(a, s, "expm1", false);
}
array log(const array& a, StreamOrDevice s) { return float_unary<Log>(a, s, "log"); }
array log2(const array& a, StreamOrDevice s) { return float_unary<Log2>(a, s, "log2"); }
array log10(const array& a, StreamOrDevice s) { return float_unary<Log10>(a, s, "log10"); }
array log1p(const array& a, StreamOrDevice s) {
  return float_unary<Log1p>(a, s, "log1p");
}
array sin(const array& a, StreamOrDevice s) { return float_unary<Sin>(a, s, "sin"); }
array cos(const array& a, StreamOrDevice s) { return float_unary<Cos>(a, s, "cos"); }
array tan(const array& a, StreamOrDevice s) { return float_unary<Tan>(a, s, "tan"); }
array arcsin(const array& a, StreamOrDevice s) { return float_unary<ArcSin>(a, s, "arcsin"); }
array arccos(const array& a, StreamOrDevice s) { return float_unary<ArcCos>(a, s, "arccos"); }
array arctan(const array& a, StreamOrDevice s) { return float_unary<ArcTan>(a, s, "arctan"); }
array sinh(const array& a, StreamOrDevice s) { return float_unary<Sinh>(a, s, "sinh"); }
array cosh(const array& a, StreamOrDevice s) { return float_unary<Cosh>(a, s, "cosh"); }
array tanh(const array& a, StreamOrDevice s) { return float_unary<Tanh>(a, s, "tanh"); }
array arcsinh(const array& a, StreamOrDevice s) { return float_unary<ArcSinh>(a, s, "arcsinh"); }
array arccosh(const array& a, StreamOrDevice s) { return float_unary<ArcCosh>(a, s, "arccosh"); }
array arctanh(const array& a, StreamOrDevice s) { return float_unary<ArcTanh>(a, s, "arctanh"); }
array erf(const array& a, StreamOrDevice s) { return float_unary<Erf>(a, s, "erf", false); }
array erfinv(const array& a, StreamOrDevice s) {
  return float_unary<ErfInv>(a, s, "erfinv", false);
}
array sigmoid(const array& a, StreamOrDevice s) {
  return float_unary<Sigmoid>(a, s, "sigmoid", false);
}

array floor(const array& a, StreamOrDevice s) {
  check_not_complex(a.dtype(), "floor");
  return same_type_unary<Floor>(a, s);
}
array ceil(const array& a, StreamOrDevice s) {
  check_not_complex(a.dtype(), "ceil");
  return same_type_unary<Ceil>(a, s);
}

array round(const array& a, int decimals, StreamOrDevice s) {
  if (decimals == 0) return same_type_unary<Round>(a, s);
  // As MLX and NumPy: scale, round half to even, unscale, in at least float32,
  // then cast back (integers with decimals > 0 come back unchanged).
  auto t = at_least_float(a.dtype());
  array scale(std::pow(10.0, decimals), t);
  array out = divide(round(multiply(a, scale, s), 0, s), scale, s);
  return astype(out, a.dtype(), s);
}

array logical_not(const array& a, StreamOrDevice s) {
  return make_unary<LogicalNot>(a, bool_, bool_, s);
}

array bitwise_invert(const array& a, StreamOrDevice s) {
  if (!is_integer_or_bool(a.dtype())) {
    throw std::invalid_argument(
        "[bitwise_invert] Bitwise inverse only allowed on integer types.");
  }
  return same_type_unary<BitwiseInvert>(a, s);
}
array operator~(const array& a) { return bitwise_invert(a); }

array conjugate(const array& a, StreamOrDevice s) {
  if (a.dtype() != complex64) return a;
  return same_type_unary<Conjugate>(a, s);
}
array real(const array& a, StreamOrDevice s) {
  if (a.dtype() != complex64) return a;
  return make_unary<Real>(a, complex64, float32, s);
}
array imag(const array& a, StreamOrDevice s) {
  if (a.dtype() != complex64) return zeros_like(a, s);
  return make_unary<Imag>(a, complex64, float32, s);
}

// isnan and friends are compositions, as in MLX; integers have no NaN or inf.
array isnan(const array& a, StreamOrDevice s) {
  if (is_integer_or_bool(a.dtype())) return zeros(a.shape(), bool_, s);
  return not_equal(a, a, s);
}
// Complex values compare with inf + 0j, as in MLX.
array isposinf(const array& a, StreamOrDevice s) {
  if (is_integer_or_bool(a.dtype())) return zeros(a.shape(), bool_, s);
  return equal(a, array(std::numeric_limits<double>::infinity(), a.dtype()), s);
}
array isneginf(const array& a, StreamOrDevice s) {
  if (is_integer_or_bool(a.dtype())) return zeros(a.shape(), bool_, s);
  return equal(a, array(-std::numeric_limits<double>::infinity(), a.dtype()), s);
}
array isinf(const array& a, StreamOrDevice s) {
  if (is_integer_or_bool(a.dtype())) return zeros(a.shape(), bool_, s);
  if (a.dtype() == complex64) {
    return logical_or(isinf(real(a, s), s), isinf(imag(a, s), s), s);
  }
  return logical_or(isposinf(a, s), isneginf(a, s), s);
}
array isfinite(const array& a, StreamOrDevice s) {
  if (is_integer_or_bool(a.dtype())) return ones(a.shape(), bool_, s);
  return logical_not(logical_or(isinf(a, s), isnan(a, s), s), s);
}

} // namespace mxcore
