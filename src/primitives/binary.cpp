// Arithmetic binary primitives. Inputs are broadcast to one shape and share a
// dtype (the op builders in ops/ arrange both).
#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/elementwise_rules.h"

namespace mxcore {

namespace {
using detail::scalar_like;

// The op a Divide node re-issues (vmap, jvp): on integers Divide is
// floor_divide's kernel, and divide() would promote them to float.
array divide_like(const array& a, const array& b, StreamOrDevice s) {
  if (is_integral(a.dtype()) && is_integral(b.dtype())) return floor_divide(a, b, s);
  return divide(a, b, s);
}

// d/db a^b = a^b log(a), taken as 0 where a^b is 0 (0 * log 0, as MLX); a
// negative real base gives NaN, as in MLX.
array power_exponent_partial(const array& a, const array& y, Stream s) {
  array zero = scalar_like(0.0, y);
  return where(not_equal(y, zero, s), multiply(y, log(a, s), s), zero, s);
}

// d/da a^b = b a^(b-1). For a constant exponent of 2 (a square in a loss) or
// 1 the partial is 2a or 1: no pass computes the exponent b - 1 over the whole
// array, and no kernel runs pow for it.
array power_base_partial(const array& a, const array& b, Stream s) {
  const array* c = detail::fill_constant(b);
  if (c != nullptr && !is_complex(a.dtype()) &&
      (is_floating_point(c->dtype()) || is_integral(c->dtype()))) {
    const double v = c->item<double>();
    if (v == 2.0) return multiply(scalar_like(2.0, a), a, s);
    if (v == 1.0) return ones_like(a, s);
  }
  return multiply(b, power(a, subtract(b, scalar_like(1.0, a), s), s), s);
}
} // namespace

// PARTIAL is the derivative with respect to input `arg` (0 or 1), holomorphic
// for complex inputs (vjp conjugates it, see conj_if_complex), as an
// expression of arg, a, b, y (= f(a, b)), s (the stream) and k(v) (a scalar
// of a's dtype).
#define MXCORE_SMOOTH_BINARY(NAME, FN, PARTIAL)                                  \
  static array NAME##_partial(int arg, const array& a, const array& b,           \
                              const array& y, Stream s) {                        \
    auto k = [&](double v) { return scalar_like(v, a); };                        \
    (void)k;                                                                     \
    (void)y;                                                                     \
    return PARTIAL;                                                              \
  }                                                                              \
  std::vector<array> NAME::jvp(const std::vector<array>& primals,                \
                               const std::vector<array>& tangents,               \
                               const std::vector<int>& argnums) {                \
    Stream s = stream();                                                         \
    array y = FN(primals[0], primals[1], s);                                     \
    return {detail::jvp_from_partials(                                           \
        tangents, argnums,                                                       \
        [&](int arg) { return NAME##_partial(arg, primals[0], primals[1], y, s); }, \
        s)};                                                                     \
  }                                                                              \
  std::vector<array> NAME::vjp(const std::vector<array>& primals,                \
                               const std::vector<array>& cotangents,             \
                               const std::vector<int>& argnums,                  \
                               const std::vector<array>& outputs) {              \
    Stream s = stream();                                                         \
    return detail::vjp_from_partials(                                            \
        cotangents[0], argnums,                                                  \
        [&](int arg) {                                                           \
          return NAME##_partial(arg, primals[0], primals[1], outputs[0], s);     \
        },                                                                       \
        s);                                                                      \
  }                                                                              \
  std::pair<std::vector<array>, std::vector<int>> NAME::vmap(                    \
      const std::vector<array>& inputs, const std::vector<int>& axes) {          \
    Stream s = stream();                                                         \
    return detail::vmap_binary(                                                  \
        inputs, axes, [&](const array& a, const array& b) { return FN(a, b, s); }, s); \
  }

MXCORE_SMOOTH_BINARY(Multiply, multiply, arg == 0 ? b : a)
MXCORE_SMOOTH_BINARY(Divide, divide_like,
                     arg == 0 ? divide(k(1.0), b, s) : negative(divide(y, b, s), s))
MXCORE_SMOOTH_BINARY(Remainder, remainder,
                     arg == 0 ? k(1.0) : negative(floor_divide(a, b, s), s))
MXCORE_SMOOTH_BINARY(Power, power,
                     arg == 0 ? power_base_partial(a, b, s) : power_exponent_partial(a, y, s))
// Ties send the gradient to the second input, as in MLX.
MXCORE_SMOOTH_BINARY(Maximum, maximum,
                     astype(arg == 0 ? greater(a, b, s) : less_equal(a, b, s), a.dtype(), s))
MXCORE_SMOOTH_BINARY(Minimum, minimum,
                     astype(arg == 0 ? less(a, b, s) : greater_equal(a, b, s), a.dtype(), s))
MXCORE_SMOOTH_BINARY(LogAddExp, logaddexp,
                     arg == 0 ? sigmoid(subtract(a, b, s), s) : sigmoid(subtract(b, a, s), s))
// atan2(a, b): d/da = b / (a^2 + b^2), d/db = -a / (a^2 + b^2).
MXCORE_SMOOTH_BINARY(ArcTan2, arctan2,
                     divide(arg == 0 ? b : negative(a, s),
                            add(square(a, s), square(b, s), s), s))

#undef MXCORE_SMOOTH_BINARY

// ---- Add and Subtract: the tangents themselves, no multiplications.
std::vector<array> Add::jvp(const std::vector<array>&,
                            const std::vector<array>& tangents,
                            const std::vector<int>& argnums) {
  return {argnums.size() > 1 ? add(tangents[0], tangents[1], stream()) : tangents[0]};
}
std::vector<array> Add::vjp(const std::vector<array>&,
                            const std::vector<array>& cotangents,
                            const std::vector<int>& argnums,
                            const std::vector<array>&) {
  return std::vector<array>(argnums.size(), cotangents[0]);
}
std::pair<std::vector<array>, std::vector<int>> Add::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  Stream s = stream();
  return detail::vmap_binary(
      inputs, axes, [&](const array& a, const array& b) { return add(a, b, s); }, s);
}

std::vector<array> Subtract::jvp(const std::vector<array>&,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>& argnums) {
  if (argnums.size() > 1) return {subtract(tangents[0], tangents[1], stream())};
  return {argnums[0] == 0 ? tangents[0] : negative(tangents[0], stream())};
}
std::vector<array> Subtract::vjp(const std::vector<array>&,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>& argnums,
                                 const std::vector<array>&) {
  std::vector<array> out;
  for (int arg : argnums) {
    out.push_back(arg == 0 ? cotangents[0] : negative(cotangents[0], stream()));
  }
  return out;
}
std::pair<std::vector<array>, std::vector<int>> Subtract::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  Stream s = stream();
  return detail::vmap_binary(
      inputs, axes, [&](const array& a, const array& b) { return subtract(a, b, s); }, s);
}

// ---- DivMod: two piecewise constant outputs.
std::vector<array> DivMod::jvp(const std::vector<array>& primals,
                               const std::vector<array>&,
                               const std::vector<int>&) {
  return {zeros_like(primals[0], stream()), zeros_like(primals[0], stream())};
}
std::vector<array> DivMod::vjp(const std::vector<array>& primals,
                               const std::vector<array>&,
                               const std::vector<int>& argnums,
                               const std::vector<array>&) {
  return detail::zero_vjps(primals, argnums, stream());
}
std::pair<std::vector<array>, std::vector<int>> DivMod::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto [a, b, to_ax] = vmap_binary_op(inputs[0], inputs[1], axes[0], axes[1], stream());
  return {divmod(a, b, stream()), {to_ax, to_ax}};
}

} // namespace mxcore
