// Creation primitives: arrays computed from parameters alone.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

// out[i] = start + i * step, for i in [0, size); no inputs.
class Arange : public UnaryPrimitive {
 public:
  Arange(Stream stream, double start, double step, int size)
      : UnaryPrimitive(stream), start_(start), step_(step), size_(size) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override; // backend/cpu/arange.cpp
  std::vector<array> jvp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&) override {
    return {};
  }
  std::vector<array> vjp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&, const std::vector<array>&) override {
    return {};
  }
  std::pair<std::vector<array>, std::vector<int>> vmap(const std::vector<array>&,
                                                       const std::vector<int>&) override {
    throw std::invalid_argument("[Arange] vmap over a primitive without inputs.");
  }
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {{size_}}; }
  MXCORE_DEFINE_NAME(Arange)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Arange&>(other);
    return start_ == o.start_ && step_ == o.step_ && size_ == o.size_;
  }
  double start() const { return start_; }
  double step() const { return step_; }

  // State, read by export (src/export/).
  int size() const { return size_; }
 private:
  double start_;
  double step_;
  int size_;
};

} // namespace mxcore
