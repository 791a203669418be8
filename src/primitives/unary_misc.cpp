// Unary primitives that are linear (Negative, Conjugate, Real, Imag) or
// piecewise constant (Sign, Floor, Ceil, Round, LogicalNot, BitwiseInvert).
#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/elementwise_rules.h"

namespace mxcore {

namespace {
array round_to_integer(const array& a, Stream s) { return round(a, 0, s); }
} // namespace

#define MXCORE_UNARY_VMAP(NAME, FN)                                     \
  std::pair<std::vector<array>, std::vector<int>> NAME::vmap(           \
      const std::vector<array>& inputs, const std::vector<int>& axes) { \
    return {{FN(inputs[0], stream())}, axes};                           \
  }

// A linear op L: jvp is L(t), vjp is ADJOINT(cotangent).
#define MXCORE_LINEAR_UNARY(NAME, FN, ADJOINT)                          \
  std::vector<array> NAME::jvp(const std::vector<array>&,               \
                               const std::vector<array>& tangents,      \
                               const std::vector<int>&) {               \
    return {FN(tangents[0], stream())};                                 \
  }                                                                     \
  std::vector<array> NAME::vjp(const std::vector<array>& primals,       \
                               const std::vector<array>& cotangents,    \
                               const std::vector<int>&,                 \
                               const std::vector<array>&) {             \
    const array& c = cotangents[0];                                     \
    Stream s = stream();                                                \
    (void)primals;                                                      \
    return {ADJOINT};                                                   \
  }                                                                     \
  MXCORE_UNARY_VMAP(NAME, FN)

// A piecewise constant op: zero derivatives.
#define MXCORE_CONSTANT_UNARY(NAME, FN)                                 \
  std::vector<array> NAME::jvp(const std::vector<array>& primals,       \
                               const std::vector<array>&,               \
                               const std::vector<int>&) {               \
    return {zeros_like(primals[0], stream())};                          \
  }                                                                     \
  std::vector<array> NAME::vjp(const std::vector<array>& primals,       \
                               const std::vector<array>&,               \
                               const std::vector<int>& argnums,         \
                               const std::vector<array>&) {             \
    return detail::zero_vjps(primals, argnums, stream());               \
  }                                                                     \
  MXCORE_UNARY_VMAP(NAME, FN)

MXCORE_LINEAR_UNARY(Negative, negative, negative(c, s))
MXCORE_LINEAR_UNARY(Conjugate, conjugate, conjugate(c, s))

// Real and Imag map complex64 to float32.
MXCORE_LINEAR_UNARY(Real, real, astype(c, primals[0].dtype(), s))
// Imag(z) = Re(-i z); its adjoint maps a real cotangent c to i c (MLX's
// gradient convention: d Im(z) = dy gives the gradient 0 + 1i).
MXCORE_LINEAR_UNARY(Imag, imag,
                    multiply(array(complex64_t{0.0f, 1.0f}, primals[0].dtype()), c, s))

// sign(x) is piecewise constant for real x, but for complex z != 0 it is
// z / |z|, smooth: with u = z / |z|, d sign = (dz - u Re(conj(u) dz)) / |z|.
// That real-linear map is self-adjoint, so the vjp applies the same formula to
// the cotangent. Taken as 0 at z = 0. (It is what makes second derivatives of
// |z| right, since d|z| is built from sign(z).)
namespace {
array complex_sign_derivative(const array& z, const array& v, Stream s) {
  array u = sign(z, s);
  array r = abs(z, s);
  array at_zero = equal(r, array(0.0f, r.dtype()), s);
  array safe_r = where(at_zero, array(1.0f, r.dtype()), r, s);
  array along_u = multiply(u, real(multiply(conjugate(u, s), v, s), s), s);
  array d = divide(subtract(v, along_u, s), safe_r, s);
  return where(at_zero, zeros_like(d, s), d, s);
}
} // namespace

std::vector<array> Sign::jvp(const std::vector<array>& primals,
                             const std::vector<array>& tangents, const std::vector<int>&) {
  if (primals[0].dtype() != complex64) return {zeros_like(primals[0], stream())};
  return {complex_sign_derivative(primals[0], tangents[0], stream())};
}
std::vector<array> Sign::vjp(const std::vector<array>& primals,
                             const std::vector<array>& cotangents,
                             const std::vector<int>& argnums, const std::vector<array>&) {
  if (primals[0].dtype() != complex64) return detail::zero_vjps(primals, argnums, stream());
  return {complex_sign_derivative(primals[0], cotangents[0], stream())};
}
MXCORE_UNARY_VMAP(Sign, sign)
MXCORE_CONSTANT_UNARY(Floor, floor)
MXCORE_CONSTANT_UNARY(Ceil, ceil)
MXCORE_CONSTANT_UNARY(Round, round_to_integer)
MXCORE_CONSTANT_UNARY(LogicalNot, logical_not)
MXCORE_CONSTANT_UNARY(BitwiseInvert, bitwise_invert)

#undef MXCORE_UNARY_VMAP
#undef MXCORE_LINEAR_UNARY
#undef MXCORE_CONSTANT_UNARY

} // namespace mxcore
