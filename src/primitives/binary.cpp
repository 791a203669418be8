#include "backend/cpu/binary.h"
#include "mxcore/ops.h"
#include "primitives/elementwise.h"
#include "primitives/vmap_util.h"

namespace mxcore {

// ---- Add
void Add::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::Add{}, name());
}
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
  auto [a, b, to_ax] = vmap_binary_op(inputs[0], inputs[1], axes[0], axes[1], stream());
  return {{add(a, b, stream())}, {to_ax}};
}

// ---- Multiply
void Multiply::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::Multiply{}, name());
}
std::vector<array> Multiply::jvp(const std::vector<array>& primals,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>& argnums) {
  auto term = [&](size_t i) {
    return multiply(tangents[i], primals[1 - argnums[i]], stream());
  };
  array out = term(0);
  if (argnums.size() > 1) out = add(out, term(1), stream());
  return {out};
}
std::vector<array> Multiply::vjp(const std::vector<array>& primals,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>& argnums,
                                 const std::vector<array>&) {
  std::vector<array> vjps;
  for (int arg : argnums) {
    vjps.push_back(multiply(cotangents[0], primals[1 - arg], stream()));
  }
  return vjps;
}
std::pair<std::vector<array>, std::vector<int>> Multiply::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto [a, b, to_ax] = vmap_binary_op(inputs[0], inputs[1], axes[0], axes[1], stream());
  return {{multiply(a, b, stream())}, {to_ax}};
}

} // namespace mxcore
