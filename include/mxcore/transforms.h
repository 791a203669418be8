// Evaluation and function transformations.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "mxcore/array.h"

namespace mxcore {

void eval(std::vector<array> outputs);
template <typename... Arrays>
void eval(Arrays&&... outputs) {
  eval(std::vector<array>{std::forward<Arrays>(outputs)...});
}
// Evaluation is synchronous today; async_eval has eval's effect.
void async_eval(std::vector<array> outputs);

using ArrayFn = std::function<std::vector<array>(const std::vector<array>&)>;

// (outputs, vjps) for cotangents of fun's outputs at primals.
std::pair<std::vector<array>, std::vector<array>> vjp(
    const ArrayFn& fun,
    const std::vector<array>& primals,
    const std::vector<array>& cotangents);
std::pair<array, array> vjp(const std::function<array(const array&)>& fun,
                            const array& primal, const array& cotangent);

// (outputs, jvps) for tangents of fun's inputs at primals.
std::pair<std::vector<array>, std::vector<array>> jvp(
    const ArrayFn& fun,
    const std::vector<array>& primals,
    const std::vector<array>& tangents);
std::pair<array, array> jvp(const std::function<array(const array&)>& fun,
                            const array& primal, const array& tangent);

using ValueAndGradFn =
    std::function<std::pair<std::vector<array>, std::vector<array>>(
        const std::vector<array>&)>;
using SimpleValueAndGradFn = std::function<std::pair<array, std::vector<array>>(
    const std::vector<array>&)>;

// fun's first output must be a scalar; gradients w.r.t. the inputs in argnums.
ValueAndGradFn value_and_grad(const ArrayFn& fun, const std::vector<int>& argnums);
ValueAndGradFn value_and_grad(const ArrayFn& fun, int argnum = 0);
std::function<std::pair<array, array>(const array&)> value_and_grad(
    const std::function<array(const array&)>& fun);
SimpleValueAndGradFn value_and_grad(
    const std::function<array(const std::vector<array>&)>& fun,
    const std::vector<int>& argnums);

std::function<std::vector<array>(const std::vector<array>&)> grad(
    const std::function<array(const std::vector<array>&)>& fun,
    const std::vector<int>& argnums);
std::function<std::vector<array>(const std::vector<array>&)> grad(
    const std::function<array(const std::vector<array>&)>& fun, int argnum = 0);
std::function<array(const array&)> grad(const std::function<array(const array&)>& fun);

// Vectorize fun over axis in_axes[i] of input i (-1: not mapped).
ArrayFn vmap(const ArrayFn& fun, const std::vector<int>& in_axes = {},
             const std::vector<int>& out_axes = {});
std::function<array(const array&)> vmap(const std::function<array(const array&)>& fun,
                                        int in_axis = 0, int out_axis = 0);
std::function<array(const array&, const array&)> vmap(
    const std::function<array(const array&, const array&)>& fun,
    int in_axis_a = 0, int in_axis_b = 0, int out_axis = 0);

// Recompute fun's intermediates during the backward pass instead of storing them.
ArrayFn checkpoint(ArrayFn fun);

// A function with user-provided transformation rules.
using VJPRule = std::function<std::vector<array>(
    const std::vector<array>& primals, const std::vector<array>& cotangents,
    const std::vector<array>& outputs)>;
using JVPRule = std::function<std::vector<array>(
    const std::vector<array>& primals, const std::vector<array>& tangents,
    const std::vector<int>& argnums)>;
using VmapRule = std::function<std::pair<std::vector<array>, std::vector<int>>(
    const std::vector<array>& inputs, const std::vector<int>& axes)>;
ArrayFn custom_function(ArrayFn fun, std::optional<VJPRule> vjp = std::nullopt,
                        std::optional<JVPRule> jvp = std::nullopt,
                        std::optional<VmapRule> vmap = std::nullopt);
ArrayFn custom_vjp(ArrayFn fun, VJPRule vjp);

} // namespace mxcore
