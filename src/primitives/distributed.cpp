// Transform rules of the communication primitives, as MLX defines them.
#include "primitives/distributed.h"

#include "mxcore/ops.h"

namespace mxcore::distributed {

std::vector<array> AllReduce::jvp(const std::vector<array>&, const std::vector<array>& tangents,
                                  const std::vector<int>&) {
  if (op_ != detail::ReduceOp::sum) {
    throw std::invalid_argument(std::string("[") + name() + "] jvp is only defined for all_sum.");
  }
  return {all_sum(tangents[0], group(), stream())};
}

std::vector<array> AllReduce::vjp(const std::vector<array>&, const std::vector<array>& cotangents,
                                  const std::vector<int>&, const std::vector<array>&) {
  if (op_ != detail::ReduceOp::sum) {
    throw std::invalid_argument(std::string("[") + name() + "] vjp is only defined for all_sum.");
  }
  return cotangents;
}

std::pair<std::vector<array>, std::vector<int>> AllReduce::vmap(const std::vector<array>& inputs,
                                                                const std::vector<int>& axes) {
  // Elementwise over the group: the batch axis stays where it is.
  auto fn = op_ == detail::ReduceOp::sum ? all_sum : op_ == detail::ReduceOp::max ? all_max : all_min;
  return {{fn(inputs[0], group(), stream())}, axes};
}

std::vector<array> AllGather::jvp(const std::vector<array>&, const std::vector<array>& tangents,
                                  const std::vector<int>&) {
  return {all_gather(tangents[0], group(), stream())};
}

std::vector<array> AllGather::vjp(const std::vector<array>& primals,
                                  const std::vector<array>& cotangents, const std::vector<int>&,
                                  const std::vector<array>&) {
  const array& x = primals[0];
  if (x.ndim() == 0) {
    return {reshape(slice(cotangents[0], {group().rank()}, {group().rank() + 1}), {})};
  }
  Shape starts(x.ndim(), 0);
  Shape stops = x.shape();
  starts[0] = group().rank() * x.shape(0);
  stops[0] = starts[0] + x.shape(0);
  return {slice(cotangents[0], starts, stops)};
}

} // namespace mxcore::distributed
