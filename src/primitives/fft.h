// The FFT primitive (MLX's FFT): a discrete Fourier transform over `axes`.
// Complex-to-complex when !real; real-to-complex (rfftn, the last axis halved
// to n/2 + 1) when real && !inverse; complex-to-real (irfftn, the last axis
// n = 2 (m - 1) + odd_out from an input of m) when real && inverse. Inverse
// transforms include the 1/n factor ("backward" normalization); the ops in
// src/ops/fft.cpp apply the other normalizations and the padding/cropping.
#pragma once

#include <vector>

#include "mxcore/primitives.h"

namespace mxcore {

class FFT : public UnaryPrimitive {
 public:
  FFT(Stream stream, std::vector<int> axes, bool inverse, bool real, bool odd_out = false)
      : UnaryPrimitive(stream), axes_(std::move(axes)), inverse_(inverse), real_(real),
        odd_out_(odd_out) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {output_shape(inputs[0].shape())};
  }
  MXCORE_DEFINE_NAME(FFT)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const FFT&>(other);
    return axes_ == o.axes_ && inverse_ == o.inverse_ && real_ == o.real_ &&
           odd_out_ == o.odd_out_;
  }

  // Output shape for an input shape, and the dtypes on each side.
  Shape output_shape(Shape in_shape) const;
  Dtype input_dtype() const;
  Dtype output_dtype() const;

  // Builds the lazy transform of `in` (already of input_dtype()).
  static array make(const array& in, std::vector<int> axes, bool inverse, bool real,
                    bool odd_out, Stream s);

  // State, read by export (src/export/).
  const std::vector<int>& axes() const { return axes_; }
  bool inverse() const { return inverse_; }
  bool real() const { return real_; }
  bool odd_out() const { return odd_out_; }
 private:
  std::vector<int> axes_;
  bool inverse_;
  bool real_;
  bool odd_out_;
};

} // namespace mxcore
