// Helpers that build jvp / vjp / vmap rules of elementwise primitives.
#pragma once

#include <typeinfo>
#include <vector>

#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/shape.h"
#include "primitives/vmap_util.h"

namespace mxcore::detail {

// A scalar with x's dtype, for constants in derivative formulas.
inline array scalar_like(double v, const array& x) { return array(v, x.dtype()); }

// The one-element constant an array fills itself with: the array itself or
// the end of a Broadcast / AsType chain (zeros(), the exponent of x ** 2),
// read without evaluating anything; null when there is none.
inline const array* fill_constant(const array& a) {
  const array* x = &a;
  while (x->has_primitive() &&
         (typeid(x->primitive()) == typeid(Broadcast) || typeid(x->primitive()) == typeid(AsType))) {
    x = &x->inputs()[0];
  }
  if (x->has_primitive() || x->size() != 1 || x->raw_data() == nullptr) return nullptr;
  return x;
}

// MLX's convention for complex inputs: the jvp of a holomorphic f is
// t * f'(z) and its vjp is c * conj(f'(z)) (the adjoint of the jvp), so the
// gradient of a real loss L(x + iy) is dL/dx + i dL/dy. Rules that multiply a
// cotangent by a derivative conjugate the derivative through this helper.
inline array conj_if_complex(const array& x, Stream s) {
  return x.dtype() == complex64 ? conjugate(x, s) : x;
}

// Tangent of an elementwise output: sum_i tangents[i] * partial(argnums[i]).
template <typename Partial>
array jvp_from_partials(const std::vector<array>& tangents,
                        const std::vector<int>& argnums, Partial&& partial, Stream s) {
  array out = multiply(tangents[0], partial(argnums[0]), s);
  for (size_t i = 1; i < argnums.size(); ++i) {
    out = add(out, multiply(tangents[i], partial(argnums[i]), s), s);
  }
  return out;
}

// Cotangents: cotangent * conj(partial(arg)) for each arg in argnums.
template <typename Partial>
std::vector<array> vjp_from_partials(const array& cotangent,
                                     const std::vector<int>& argnums,
                                     Partial&& partial, Stream s) {
  std::vector<array> out;
  out.reserve(argnums.size());
  for (int arg : argnums) {
    out.push_back(multiply(cotangent, conj_if_complex(partial(arg), s), s));
  }
  return out;
}

// Zero cotangents for outputs that are piecewise constant in their inputs.
inline std::vector<array> zero_vjps(const std::vector<array>& primals,
                                    const std::vector<int>& argnums, Stream s) {
  std::vector<array> out;
  out.reserve(argnums.size());
  for (int arg : argnums) out.push_back(zeros_like(primals[arg], s));
  return out;
}

// vmap of a binary elementwise op: align batch axes, then apply op.
template <typename Op>
std::pair<std::vector<array>, std::vector<int>> vmap_binary(
    const std::vector<array>& inputs, const std::vector<int>& axes, Op&& op, Stream s) {
  auto [a, b, to_ax] = vmap_binary_op(inputs[0], inputs[1], axes[0], axes[1], s);
  return {{op(a, b)}, {to_ax}};
}

} // namespace mxcore::detail
