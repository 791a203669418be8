// RandomBits: counter-based random bits from threefry2x32 keys.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

class RandomBits : public UnaryPrimitive {
 public:
  RandomBits(Stream stream, Shape shape, int width)
      : UnaryPrimitive(stream), shape_(std::move(shape)), width_(width) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>& inputs, const std::vector<int>& axes) override;
  std::vector<array> jvp(const std::vector<array>& primals,
                         const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  MXCORE_DEFINE_NAME(RandomBits)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const RandomBits&>(other);
    return shape_ == o.shape_ && width_ == o.width_;
  }
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {shape_}; }

  // State, read by export (src/export/).
  const Shape& shape() const { return shape_; }
  int width() const { return width_; }
 private:
  Shape shape_;
  int width_;
};

} // namespace mxcore
