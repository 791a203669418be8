#include "mxcore/primitives.h"

namespace mxcore {

void Primitive::eval_gpu(const std::vector<array>&, std::vector<array>&) {
  throw std::runtime_error(std::string("[") + name() +
                           "] No GPU backend is available in this build.");
}

std::vector<array> Primitive::jvp(const std::vector<array>&,
                                  const std::vector<array>&,
                                  const std::vector<int>&) {
  throw std::invalid_argument(std::string("[") + name() +
                              "] jvp is not implemented.");
}

std::vector<array> Primitive::vjp(const std::vector<array>&,
                                  const std::vector<array>&,
                                  const std::vector<int>&,
                                  const std::vector<array>&) {
  throw std::invalid_argument(std::string("[") + name() +
                              "] vjp is not implemented.");
}

std::pair<std::vector<array>, std::vector<int>> Primitive::vmap(
    const std::vector<array>&, const std::vector<int>&) {
  throw std::invalid_argument(std::string("[") + name() +
                              "] vmap is not implemented.");
}

std::vector<Shape> Primitive::output_shapes(const std::vector<array>&) {
  throw std::invalid_argument(std::string("[Primitive::output_shapes] ") +
                              name() + " cannot infer output shapes.");
}

} // namespace mxcore
