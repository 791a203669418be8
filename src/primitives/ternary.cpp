// Select: where(condition, x, y).
#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/vmap_util.h"

namespace mxcore {

std::vector<array> Select::jvp(const std::vector<array>& primals,
                               const std::vector<array>& tangents,
                               const std::vector<int>& argnums) {
  // Missing tangents of x or y are zero; the condition has none.
  Stream s = stream();
  const array& cond = primals[0];
  array tx = zeros_like(primals[1], s);
  array ty = zeros_like(primals[2], s);
  for (size_t i = 0; i < argnums.size(); ++i) {
    if (argnums[i] == 1) tx = tangents[i];
    if (argnums[i] == 2) ty = tangents[i];
  }
  return {where(cond, tx, ty, s)};
}

std::vector<array> Select::vjp(const std::vector<array>& primals,
                               const std::vector<array>& cotangents,
                               const std::vector<int>& argnums,
                               const std::vector<array>&) {
  Stream s = stream();
  const array& cond = primals[0];
  const array& c = cotangents[0];
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 0) {
      out.push_back(zeros_like(cond, s));
    } else {
      array zero = zeros_like(c, s);
      out.push_back(arg == 1 ? where(cond, c, zero, s) : where(cond, zero, c, s));
    }
  }
  return out;
}

std::pair<std::vector<array>, std::vector<int>> Select::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto [c, x, y, to_ax] = vmap_ternary_op(inputs[0], inputs[1], inputs[2], axes[0],
                                          axes[1], axes[2], stream());
  return {{where(c, x, y, stream())}, {to_ax}};
}

} // namespace mxcore
