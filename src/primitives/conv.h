// The Convolution primitive (MLX's design): one channels-last N-d convolution
// parameterised by kernel strides, low/high padding (may be negative: the
// input is cropped), kernel dilation, input dilation (zeros between input
// elements, which is how transposed convolutions are expressed), groups and
// kernel flipping. Inputs: input (N, *spatial, C_in) and weight
// (C_out, *kernel, C_in / groups), both of the output dtype.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

struct ConvParams {
  std::vector<int> stride;
  std::vector<int> padding_lo;
  std::vector<int> padding_hi;
  std::vector<int> kernel_dilation;
  std::vector<int> input_dilation;
  int groups = 1;
  bool flip = false;

  bool operator==(const ConvParams&) const = default;
};

class Convolution : public UnaryPrimitive {
 public:
  Convolution(Stream stream, ConvParams params)
      : UnaryPrimitive(stream), params_(std::move(params)) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Convolution)
  bool is_equivalent(const Primitive& other) const override {
    return params_ == static_cast<const Convolution&>(other).params_;
  }
  const ConvParams& params() const { return params_; }

 private:
  ConvParams params_;
};

// The weight gradient of a Convolution with params p: inputs are the forward
// input and the cotangent of the forward output; the output has the weight's
// shape. Evaluated directly as (cotangent^T @ unfolded input) instead of as a
// convolution with a huge kernel.
class ConvWeightGrad : public UnaryPrimitive {
 public:
  ConvWeightGrad(Stream stream, ConvParams params, Shape weight_shape)
      : UnaryPrimitive(stream),
        params_(std::move(params)),
        weight_shape_(std::move(weight_shape)) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {weight_shape_}; }
  MXCORE_DEFINE_NAME(ConvWeightGrad)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const ConvWeightGrad&>(other);
    return params_ == o.params_ && weight_shape_ == o.weight_shape_;
  }

  // State, read by export (src/export/).
  const ConvParams& params() const { return params_; }
  const Shape& weight_shape() const { return weight_shape_; }
 private:
  ConvParams params_;
  Shape weight_shape_;
};

// The input gradient of a Convolution with params p: inputs are the weight and
// the cotangent of the forward output; the output has the input's shape.
// Evaluated as col2im(cotangent @ weight) instead of as a convolution of the
// (stride-dilated) cotangent.
class ConvInputGrad : public UnaryPrimitive {
 public:
  ConvInputGrad(Stream stream, ConvParams params, Shape input_shape)
      : UnaryPrimitive(stream),
        params_(std::move(params)),
        input_shape_(std::move(input_shape)) {}

  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  MXCORE_TRANSFORM_DECLS
  std::vector<Shape> output_shapes(const std::vector<array>&) override { return {input_shape_}; }
  MXCORE_DEFINE_NAME(ConvInputGrad)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const ConvInputGrad&>(other);
    return params_ == o.params_ && input_shape_ == o.input_shape_;
  }

  // State, read by export (src/export/).
  const ConvParams& params() const { return params_; }
  const Shape& input_shape() const { return input_shape_; }
 private:
  ConvParams params_;
  Shape input_shape_;
};

// Output spatial+channel shape of a convolution (no validation beyond what
// the shape arithmetic needs; the ops validate user arguments).
Shape conv_output_shape(const Shape& input, const Shape& weight, const ConvParams& p);

// Builds the Convolution node without user-facing validation (used by the
// ops after validating and by the transforms). Inputs must share a float dtype.
array convolution(const array& input, const array& weight, const ConvParams& p, Stream s);

// Gradients of convolution(input, weight, p) given the output cotangent.
array conv_input_grad(const Shape& input_shape, const array& weight, const array& cotan,
                      const ConvParams& p, Stream s);
array conv_weight_grad(const array& input, const Shape& weight_shape, const array& cotan,
                       const ConvParams& p, Stream s);

// conv_transpose of x with weight (C_out, *kernel, C_in / groups): the input
// gradient of the convolution it transposes (forward: that convolution's
// params), evaluated as col2im(x @ weight).
array transposed_convolution(const array& x, const array& weight, const Shape& out_shape,
                             const ConvParams& forward, Stream s);

} // namespace mxcore
