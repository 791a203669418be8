// Convolution kernels (im2col + a register-tiled or BLAS product) (CPU
// backend): called by the primitives' eval_cpu.
#pragma once

#include "primitives/conv.h"

namespace mxcore::cpu {

// im2col into a bounded scratch + a product (conv.cpp); out is allocated here.
void convolution(const array& input, const array& weight, array& out, const ConvParams& p);
// dw = cotan^T @ im2col(input), tiled like convolution; out has the weight's shape.
void conv_weight_grad(const array& input, const array& cotan, array& out, const ConvParams& p);
// dx = col2im(cotan @ weight); out has the input's shape.
void conv_input_grad(const array& weight, const array& cotan, array& out, const ConvParams& p);

} // namespace mxcore::cpu
