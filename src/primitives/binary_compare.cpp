// Binary primitives with piecewise constant outputs: comparisons (bool
// results), logical and bitwise ops. Their derivatives are zero.
#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/elementwise_rules.h"

namespace mxcore {

// jvp: zeros shaped as the output with dtype OUT_DTYPE; vjp: zeros like each input.
#define MXCORE_CONSTANT_BINARY_RULES(NAME, FN, OUT_DTYPE)                        \
  std::vector<array> NAME::jvp(const std::vector<array>& primals,                \
                               const std::vector<array>&,                        \
                               const std::vector<int>&) {                        \
    return {zeros(primals[0].shape(), OUT_DTYPE, stream())};                     \
  }                                                                              \
  std::vector<array> NAME::vjp(const std::vector<array>& primals,                \
                               const std::vector<array>&,                        \
                               const std::vector<int>& argnums,                  \
                               const std::vector<array>&) {                      \
    return detail::zero_vjps(primals, argnums, stream());                        \
  }                                                                              \
  std::pair<std::vector<array>, std::vector<int>> NAME::vmap(                    \
      const std::vector<array>& inputs, const std::vector<int>& axes) {          \
    Stream s = stream();                                                         \
    return detail::vmap_binary(                                                  \
        inputs, axes, [&](const array& a, const array& b) { return FN; }, s);    \
  }

#define MXCORE_COMPARISON(NAME, FN) \
  MXCORE_CONSTANT_BINARY_RULES(NAME, FN(a, b, s), bool_)

MXCORE_COMPARISON(NotEqual, not_equal)
MXCORE_COMPARISON(Less, less)
MXCORE_COMPARISON(LessEqual, less_equal)
MXCORE_COMPARISON(Greater, greater)
MXCORE_COMPARISON(GreaterEqual, greater_equal)
MXCORE_COMPARISON(LogicalAnd, logical_and)
MXCORE_COMPARISON(LogicalOr, logical_or)

MXCORE_CONSTANT_BINARY_RULES(
    Equal,
    array(broadcast_shapes(a.shape(), b.shape()), bool_, std::make_shared<Equal>(s, equal_nan_),
          broadcast_arrays({a, b}, s)),
    bool_)

const char* BitwiseBinary::name() const {
  switch (op_) {
    case And: return "BitwiseAnd";
    case Or: return "BitwiseOr";
    case Xor: return "BitwiseXor";
    case LeftShift: return "LeftShift";
    case RightShift: return "RightShift";
  }
  return "BitwiseBinary";
}

MXCORE_CONSTANT_BINARY_RULES(
    BitwiseBinary,
    array(broadcast_shapes(a.shape(), b.shape()), a.dtype(),
          std::make_shared<BitwiseBinary>(s, op_), broadcast_arrays({a, b}, s)),
    primals[0].dtype())

#undef MXCORE_COMPARISON
#undef MXCORE_CONSTANT_BINARY_RULES

} // namespace mxcore
