// value_and_grad and grad: a vjp with a unit cotangent for the first output.
#include <set>
#include <sstream>

#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "transforms/tape.h"

namespace mxcore {

ValueAndGradFn value_and_grad(const ArrayFn& fun, const std::vector<int>& argnums) {
  if (argnums.empty()) {
    throw std::invalid_argument("[grad] Must specify at least one argument.");
  }
  return [fun, argnums](const std::vector<array>& inputs) {
    int n = static_cast<int>(inputs.size());
    std::set<int> args;
    for (int arg : argnums) args.insert(arg < 0 ? arg + n : arg);
    if (args.size() != argnums.size()) {
      throw std::invalid_argument("[grad] Repeat argument number not allowed in grad.");
    }
    if (*args.begin() < 0 || *args.rbegin() >= n) {
      std::ostringstream msg;
      msg << "[grad] Invalid argument number for function with " << n << " inputs.";
      throw std::invalid_argument(msg.str());
    }

    auto gfun = [&fun, &inputs, &args](const std::vector<array>& ginputs) {
      std::vector<array> all_inputs(inputs);
      auto arg = args.begin();
      for (auto& g : ginputs) all_inputs[*arg++] = g;
      auto outputs = fun(all_inputs);
      if (outputs.empty()) {
        throw std::invalid_argument(
            "[grad] The function whose gradient we want to compute returned no outputs.");
      }
      // Only the first output is differentiated; the rest are auxiliary.
      for (size_t i = 1; i < outputs.size(); ++i) {
        outputs[i] = stop_gradient(outputs[i], detail::stream_of(outputs[i]));
      }
      return outputs;
    };

    std::vector<array> ginputs;
    for (int arg : args) ginputs.push_back(inputs[arg]);
    // vjp casts the unit cotangent to the output's dtype.
    return vjp(gfun, ginputs, {array(1.0f)});
  };
}

ValueAndGradFn value_and_grad(const ArrayFn& fun, int argnum) {
  return value_and_grad(fun, std::vector<int>{argnum});
}

std::function<std::pair<array, array>(const array&)> value_and_grad(
    const std::function<array(const array&)>& fun) {
  auto vfun = value_and_grad(
      [fun](const std::vector<array>& in) { return std::vector<array>{fun(in[0])}; }, 0);
  return [vfun](const array& a) {
    auto [values, grads] = vfun({a});
    return std::make_pair(values[0], grads[0]);
  };
}

SimpleValueAndGradFn value_and_grad(
    const std::function<array(const std::vector<array>&)>& fun,
    const std::vector<int>& argnums) {
  auto vfun = value_and_grad(
      [fun](const std::vector<array>& in) { return std::vector<array>{fun(in)}; },
      argnums);
  return [vfun](const std::vector<array>& inputs) {
    auto [values, grads] = vfun(inputs);
    return std::make_pair(values[0], grads);
  };
}

std::function<std::vector<array>(const std::vector<array>&)> grad(
    const std::function<array(const std::vector<array>&)>& fun,
    const std::vector<int>& argnums) {
  auto vfun = value_and_grad(fun, argnums);
  return [vfun](const std::vector<array>& inputs) { return vfun(inputs).second; };
}

std::function<std::vector<array>(const std::vector<array>&)> grad(
    const std::function<array(const std::vector<array>&)>& fun, int argnum) {
  return grad(fun, std::vector<int>{argnum});
}

std::function<array(const array&)> grad(const std::function<array(const array&)>& fun) {
  auto vfun = value_and_grad(fun);
  return [vfun](const array& a) { return vfun(a).second; };
}

} // namespace mxcore
