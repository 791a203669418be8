#include "backend/cpu/copy.h"
#include "mxcore/ops.h"
#include "primitives/elementwise.h"

namespace mxcore {

namespace {
// Shares the input's buffer when it cannot be written anyway.
void copy_or_share(const array& in, array& out) {
  if (in.flags().contiguous && in.is_donatable()) {
    out.copy_shared_buffer(in);
  } else {
    cpu::copy_to_row_major(in, out);
  }
}
} // namespace

// ---- AsType
void AsType::eval_cpu(const std::vector<array>& inputs, array& out) {
  const array& in = inputs[0];
  if (in.dtype() == out.dtype()) {
    copy_or_share(in, out);
    return;
  }
  cpu::copy_to_row_major(in, out);
}
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
void Copy::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.copy_shared_buffer(inputs[0]); // arrays are immutable: sharing is a copy
}
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
void StopGradient::eval_cpu(const std::vector<array>& inputs, array& out) {
  out.copy_shared_buffer(inputs[0]);
}
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
