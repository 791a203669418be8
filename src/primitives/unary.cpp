#include "backend/cpu/unary.h"
#include "mxcore/ops.h"
#include "primitives/elementwise.h"

namespace mxcore {

// ---- Exp
void Exp::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::unary_op(inputs[0], out, kernel_ops::Exp{}, name());
}
std::vector<array> Exp::jvp(const std::vector<array>& primals,
                            const std::vector<array>& tangents,
                            const std::vector<int>&) {
  return {multiply(tangents[0], exp(primals[0], stream()), stream())};
}
std::vector<array> Exp::vjp(const std::vector<array>&,
                            const std::vector<array>& cotangents,
                            const std::vector<int>&,
                            const std::vector<array>& outputs) {
  return {multiply(cotangents[0], outputs[0], stream())};
}
std::pair<std::vector<array>, std::vector<int>> Exp::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  return {{exp(inputs[0], stream())}, axes};
}

// ---- Negative
void Negative::eval_cpu(const std::vector<array>& inputs, array& out) {
  cpu::unary_op(inputs[0], out, kernel_ops::Negative{}, name());
}
std::vector<array> Negative::jvp(const std::vector<array>&,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>&) {
  return {negative(tangents[0], stream())};
}
std::vector<array> Negative::vjp(const std::vector<array>&,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>&,
                                 const std::vector<array>&) {
  return {negative(cotangents[0], stream())};
}
std::pair<std::vector<array>, std::vector<int>> Negative::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  return {{negative(inputs[0], stream())}, axes};
}

} // namespace mxcore
