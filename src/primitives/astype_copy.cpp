#include "mxcore/ops.h"
#include "primitives/elementwise.h"

namespace mxcore {

// ---- AsType
std::vector<array> AsType::jvp(const std::vector<array>&,
                               const std::vector<array>& tangents,
                               const std::vector<int>&) {
  return {astype(tangents[0], dtype_, stream())};
}
std::vector<array> AsType::vjp(const std::vector<array>& primals,
                               const std::vector<array>& cotangents,
                               const std::vector<int>&,
                               const std::vector<array>&) {
  if (cotangents[0].dtype() != dtype_) {
    throw std::invalid_argument(
        "[astype] Type of cotangent does not match primal output type.");
  }
  return {astype(cotangents[0], primals[0].dtype(), stream())};
}
std::pair<std::vector<array>, std::vector<int>> AsType::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  return {{astype(inputs[0], dtype_, stream())}, axes};
}

// ---- Copy
std::vector<array> Copy::jvp(const std::vector<array>&,
                             const std::vector<array>& tangents,
                             const std::vector<int>&) {
  return tangents;
}
std::vector<array> Copy::vjp(const std::vector<array>&,
                             const std::vector<array>& cotangents,
                             const std::vector<int>&,
                             const std::vector<array>&) {
  return cotangents;
}
std::pair<std::vector<array>, std::vector<int>> Copy::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  return {{copy(inputs[0], stream())}, axes};
}

// ---- StopGradient
std::vector<array> StopGradient::jvp(const std::vector<array>& primals,
                                     const std::vector<array>&,
                                     const std::vector<int>&) {
  return {zeros_like(primals[0], stream())};
}
std::vector<array> StopGradient::vjp(const std::vector<array>& primals,
                                     const std::vector<array>&,
                                     const std::vector<int>&,
                                     const std::vector<array>&) {
  return {zeros_like(primals[0], stream())};
}
std::pair<std::vector<array>, std::vector<int>> StopGradient::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  return {{stop_gradient(inputs[0], stream())}, axes};
}

} // namespace mxcore
