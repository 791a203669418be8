// Smooth unary primitives: derivative rules from one formula f'(x) (given x
// and y = f(x)), vmap by applying f again. Their kernels are in backend/.
#include <cmath>

#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/elementwise_rules.h"

namespace mxcore {

namespace {
using detail::scalar_like;
constexpr double kLn2 = 0.6931471805599453;
constexpr double kLn10 = 2.302585092994046;
constexpr double kTwoOverSqrtPi = 1.1283791670955126;
constexpr double kSqrtPiOverTwo = 0.886226925452758;
} // namespace

// DERIV is f'(x) of a holomorphic f (vjp conjugates it, see conj_if_complex),
// an expression of x, y (= f(x)), s (the stream) and k(v) (a scalar of x's
// dtype).
#define MXCORE_SMOOTH_UNARY(NAME, FN, DERIV)                                     \
  static array NAME##_derivative(const array& x, const array& y, Stream s) {     \
    auto k = [&](double v) { return scalar_like(v, x); };                        \
    (void)k;                                                                     \
    (void)y;                                                                     \
    return DERIV;                                                                \
  }                                                                              \
  std::vector<array> NAME::jvp(const std::vector<array>& primals,                \
                               const std::vector<array>& tangents,               \
                               const std::vector<int>&) {                        \
    array y = FN(primals[0], stream());                                          \
    return {multiply(tangents[0], NAME##_derivative(primals[0], y, stream()),    \
                     stream())};                                                 \
  }                                                                              \
  std::vector<array> NAME::vjp(const std::vector<array>& primals,                \
                               const std::vector<array>& cotangents,             \
                               const std::vector<int>&,                          \
                               const std::vector<array>& outputs) {              \
    Stream s = stream();                                                         \
    return {multiply(cotangents[0],                                              \
                     detail::conj_if_complex(                                    \
                         NAME##_derivative(primals[0], outputs[0], s), s),       \
                     s)};                                                        \
  }                                                                              \
  std::pair<std::vector<array>, std::vector<int>> NAME::vmap(                    \
      const std::vector<array>& inputs, const std::vector<int>& axes) {          \
    return {{FN(inputs[0], stream())}, axes};                                    \
  }

MXCORE_SMOOTH_UNARY(Square, square, multiply(k(2.0), x, s))
MXCORE_SMOOTH_UNARY(Sqrt, sqrt, divide(k(0.5), y, s))
MXCORE_SMOOTH_UNARY(Rsqrt, rsqrt, multiply(k(-0.5), divide(y, x, s), s))
MXCORE_SMOOTH_UNARY(Exp, exp, y)
MXCORE_SMOOTH_UNARY(Expm1, expm1, add(y, k(1.0), s))
MXCORE_SMOOTH_UNARY(Log, log, divide(k(1.0), x, s))
MXCORE_SMOOTH_UNARY(Log2, log2, divide(k(1.0), multiply(x, k(kLn2), s), s))
MXCORE_SMOOTH_UNARY(Log10, log10, divide(k(1.0), multiply(x, k(kLn10), s), s))
MXCORE_SMOOTH_UNARY(Log1p, log1p, divide(k(1.0), add(x, k(1.0), s), s))
MXCORE_SMOOTH_UNARY(Sin, sin, cos(x, s))
MXCORE_SMOOTH_UNARY(Cos, cos, negative(sin(x, s), s))
MXCORE_SMOOTH_UNARY(Tan, tan, divide(k(1.0), square(cos(x, s), s), s))
MXCORE_SMOOTH_UNARY(ArcSin, arcsin, rsqrt(subtract(k(1.0), square(x, s), s), s))
MXCORE_SMOOTH_UNARY(ArcCos, arccos,
                    negative(rsqrt(subtract(k(1.0), square(x, s), s), s), s))
MXCORE_SMOOTH_UNARY(ArcTan, arctan, divide(k(1.0), add(k(1.0), square(x, s), s), s))
MXCORE_SMOOTH_UNARY(Sinh, sinh, cosh(x, s))
MXCORE_SMOOTH_UNARY(Cosh, cosh, sinh(x, s))
MXCORE_SMOOTH_UNARY(Tanh, tanh, subtract(k(1.0), square(y, s), s))
MXCORE_SMOOTH_UNARY(ArcSinh, arcsinh, rsqrt(add(square(x, s), k(1.0), s), s))
// 1 / (sqrt(x - 1) sqrt(x + 1)), not rsqrt(x^2 - 1): equal for real x, but
// only the first has arccosh's branch cut for complex x.
MXCORE_SMOOTH_UNARY(ArcCosh, arccosh,
                    reciprocal(multiply(sqrt(subtract(x, k(1.0), s), s),
                                        sqrt(add(x, k(1.0), s), s), s),
                               s))
MXCORE_SMOOTH_UNARY(ArcTanh, arctanh, divide(k(1.0), subtract(k(1.0), square(x, s), s), s))
MXCORE_SMOOTH_UNARY(Erf, erf,
                    multiply(k(kTwoOverSqrtPi), exp(negative(square(x, s), s), s), s))
MXCORE_SMOOTH_UNARY(ErfInv, erfinv, multiply(k(kSqrtPiOverTwo), exp(square(y, s), s), s))
MXCORE_SMOOTH_UNARY(Sigmoid, sigmoid, multiply(y, subtract(k(1.0), y, s), s))

#undef MXCORE_SMOOTH_UNARY

// |z| is not holomorphic: for complex z its jvp is Re(conj(z) t) / |z| (a real
// tangent) and its vjp c * z / |z| (the gradient convention above). For real
// inputs both reduce to multiplying by sign(x).
std::vector<array> Abs::jvp(const std::vector<array>& primals,
                            const std::vector<array>& tangents, const std::vector<int>&) {
  Stream s = stream();
  const array& x = primals[0];
  if (x.dtype() != complex64) return {multiply(tangents[0], sign(x, s), s)};
  return {real(multiply(tangents[0], conjugate(sign(x, s), s), s), s)};
}
std::vector<array> Abs::vjp(const std::vector<array>& primals,
                            const std::vector<array>& cotangents, const std::vector<int>&,
                            const std::vector<array>&) {
  return {multiply(cotangents[0], sign(primals[0], stream()), stream())};
}
std::pair<std::vector<array>, std::vector<int>> Abs::vmap(const std::vector<array>& inputs,
                                                          const std::vector<int>& axes) {
  return {{abs(inputs[0], stream())}, axes};
}

} // namespace mxcore
