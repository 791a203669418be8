// Convolution primitive: shape rule, eval dispatch and the transforms. The
// derivatives are themselves convolutions (as in MLX): the input gradient
// convolves the cotangent with the flipped, channel-transposed weight; the
// weight gradient convolves the (batch <-> channel transposed) input with the
// cotangent used as a kernel.
#include "primitives/conv.h"

#include <numeric>
#include <optional>

#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "ops/util.h"

namespace mxcore {

namespace {

int dilated_size(int len, int dilation) { return len == 0 ? 0 : (len - 1) * dilation + 1; }

// Swaps the first and last axes of x. With groups, the axis `group_dim` is
// first split into (groups, rest) and axes a and b of the split array are
// swapped, so the group index stays the slow part of that axis (MLX's
// group_transpose): used to turn grouped channel layouts inside out.
array group_transpose(const array& x, int groups, int group_dim, int a, int b, Stream s) {
  if (groups == 1) return swapaxes(x, 0, -1, s);
  if (group_dim < 0) group_dim += x.ndim();
  Shape shape = x.shape();
  shape.insert(shape.begin() + group_dim, groups);
  shape[group_dim + 1] /= groups;
  array y = swapaxes(reshape(x, shape, s), a, b, s);
  return flatten(y, group_dim, group_dim + 1, s);
}

array flip_spatial(const array& x, Stream s) {
  Shape start(x.ndim(), 0), stop = x.shape(), steps(x.ndim(), 1);
  for (int i = 1; i + 1 < int(x.ndim()); ++i) {
    start[i] = x.shape(i) - 1;
    stop[i] = -x.shape(i) - 1;
    steps[i] = -1;
  }
  return slice(x, start, stop, steps, s);
}

} // namespace

Shape conv_output_shape(const Shape& input, const Shape& weight, const ConvParams& p) {
  const int nd = int(input.size()) - 2;
  Shape out{input[0]};
  for (int i = 0; i < nd; ++i) {
    int padded = dilated_size(input[i + 1], p.input_dilation[i]) + p.padding_lo[i] +
                 p.padding_hi[i];
    int span = dilated_size(weight[i + 1], p.kernel_dilation[i]);
    out.push_back(std::max(0, (padded - span) / p.stride[i] + 1));
  }
  out.push_back(weight[0]);
  return out;
}

array convolution(const array& input, const array& weight, const ConvParams& p, Stream s) {
  // The ops validate user input; this guards the transforms' own rewrites.
  if (input.ndim() != weight.ndim() || input.shape(-1) != weight.shape(-1) * p.groups ||
      weight.shape(0) % p.groups != 0 || input.dtype() != weight.dtype()) {
    throw std::logic_error("[Convolution] Inconsistent input " + shape_str(input.shape()) +
                           " and weight " + shape_str(weight.shape()) + ".");
  }
  return array(conv_output_shape(input.shape(), weight.shape(), p), input.dtype(),
               std::make_shared<Convolution>(s, p), {input, weight});
}

std::vector<Shape> Convolution::output_shapes(const std::vector<array>& inputs) {
  return {conv_output_shape(inputs[0].shape(), inputs[1].shape(), params_)};
}

std::vector<array> Convolution::jvp(const std::vector<array>& primals,
                                    const std::vector<array>& tangents,
                                    const std::vector<int>& argnums) {
  // Bilinear: d(x * w) = dx * w + x * dw.
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    array term = argnums[i] == 0 ? convolution(tangents[i], primals[1], params_, stream())
                                 : convolution(primals[0], tangents[i], params_, stream());
    out = out ? add(*out, term, stream()) : term;
  }
  return {*out};
}

array conv_input_grad(const Shape& in_shape, const array& wt, const array& cotan,
                      const ConvParams& p, Stream s) {
  return array(in_shape, wt.dtype(), std::make_shared<ConvInputGrad>(s, p, in_shape),
               {wt, astype(cotan, wt.dtype(), s)});
}

array transposed_convolution(const array& x, const array& weight, const Shape& out_shape,
                             const ConvParams& forward, Stream s) {
  return conv_input_grad(out_shape, group_transpose(weight, forward.groups, 0, 1, -1, s), x,
                         forward, s);
}

array conv_weight_grad(const array& in, const Shape& wt_shape, const array& cotan,
                       const ConvParams& p, Stream s) {
  return array(wt_shape, in.dtype(), std::make_shared<ConvWeightGrad>(s, p, wt_shape),
               {in, astype(cotan, in.dtype(), s)});
}

namespace {

array input_grad_as_conv(const Shape& in_shape, const array& wt, const array& cotan,
                      const ConvParams& p, Stream s) {
  // The input gradient as a convolution (MLX's formulation), only used to
  // vectorize ConvInputGrad under vmap.
  // dx_dilated[i] = sum_k dy_dilated[i + lo - k * kd] w[k]: a stride-1
  // convolution of the stride-dilated cotangent with the flipped kernel,
  // sampled every input_dilation positions.
  const int nd = int(in_shape.size()) - 2;
  ConvParams q;
  q.groups = p.groups;
  for (int i = 0; i < nd; ++i) {
    int span = dilated_size(wt.shape(i + 1), p.kernel_dilation[i]);
    int in_size = dilated_size(in_shape[i + 1], p.input_dilation[i]);
    int out_size = dilated_size(cotan.shape(i + 1), p.stride[i]);
    q.padding_lo.push_back(span - 1 - p.padding_lo[i]);
    q.padding_hi.push_back(in_size - out_size + p.padding_lo[i]);
  }
  q.stride = p.input_dilation;
  q.kernel_dilation = p.kernel_dilation;
  q.input_dilation = p.stride;
  q.flip = !p.flip;
  array w_t = group_transpose(wt, p.groups, 0, 1, -1, s); // (C_in, *kernel, C_out / groups)
  return convolution(astype(cotan, wt.dtype(), s), w_t, q, s);
}

// The weight gradient written as a convolution (MLX's general path): the input
// with batch and channels swapped, convolved with the cotangent as kernel
// (dilated by the forward stride), stepping by the kernel dilation. Only used
// to vectorize ConvWeightGrad under vmap, where it is made of Convolutions.
array weight_grad_as_conv(const array& in, const Shape& wt_shape, const array& cotan,
                          const ConvParams& p, Stream s) {
  const int nd = in.ndim() - 2;
  ConvParams q;
  q.groups = p.groups;
  for (int i = 0; i < nd; ++i) {
    int span = dilated_size(wt_shape[i + 1], p.kernel_dilation[i]);
    int in_size = dilated_size(in.shape(i + 1), p.input_dilation[i]);
    int out_size = dilated_size(cotan.shape(i + 1), p.stride[i]);
    q.padding_lo.push_back(p.padding_lo[i]);
    q.padding_hi.push_back(span - 1 + out_size - in_size - p.padding_lo[i]);
  }
  q.stride = p.kernel_dilation;
  q.kernel_dilation = p.stride;
  q.input_dilation = p.input_dilation;
  q.flip = false;
  array in_t = group_transpose(in, p.groups, -1, 0, -1, s); // (C_in/g, *spatial, g * N)
  array cotan_t = swapaxes(cotan, 0, -1, s);                 // (C_out, *out, N)
  array g = convolution(in_t, cotan_t, q, s);                 // (C_in/g, *kernel, C_out)
  if (p.flip) g = flip_spatial(g, s);
  return swapaxes(g, 0, -1, s);
}

} // namespace

std::vector<array> Convolution::vjp(const std::vector<array>& primals,
                                    const std::vector<array>& cotangents,
                                    const std::vector<int>& argnums,
                                    const std::vector<array>&) {
  std::vector<array> grads;
  for (int arg : argnums) {
    grads.push_back(arg == 0
        ? conv_input_grad(primals[0].shape(), primals[1], cotangents[0], params_, stream())
        : conv_weight_grad(primals[0], primals[1].shape(), cotangents[0], params_, stream()));
  }
  return grads;
}

// ---------------------------------------------------------------- ConvInputGrad

std::vector<array> ConvInputGrad::jvp(const std::vector<array>& primals,
                                      const std::vector<array>& tangents,
                                      const std::vector<int>& argnums) {
  // Bilinear in (weight, cotangent).
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    array term = argnums[i] == 0
        ? conv_input_grad(input_shape_, tangents[i], primals[1], params_, stream())
        : conv_input_grad(input_shape_, primals[0], tangents[i], params_, stream());
    out = out ? add(*out, term, stream()) : term;
  }
  return {*out};
}

std::vector<array> ConvInputGrad::vjp(const std::vector<array>& primals,
                                      const std::vector<array>& cotangents,
                                      const std::vector<int>& argnums,
                                      const std::vector<array>&) {
  // <dx(w, dy), c> = <conv(c, w), dy>: w.r.t. dy it is the forward convolution
  // of c, w.r.t. w the weight gradient of that convolution.
  const array& c = cotangents[0];
  std::vector<array> grads;
  for (int arg : argnums) {
    grads.push_back(arg == 0
        ? conv_weight_grad(c, primals[0].shape(), primals[1], params_, stream())
        : convolution(c, primals[0], params_, stream()));
  }
  return grads;
}

std::pair<std::vector<array>, std::vector<int>> ConvInputGrad::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  ConvParams p = params_;
  Shape in_shape = input_shape_;
  Stream s = stream();
  auto f = [p, in_shape, s](const std::vector<array>& xs) {
    return std::vector<array>{input_grad_as_conv(in_shape, xs[0], xs[1], p, s)};
  };
  return {mxcore::vmap(f, axes, {0})(inputs), {0}};
}

// ---------------------------------------------------------------- ConvWeightGrad

std::vector<array> ConvWeightGrad::jvp(const std::vector<array>& primals,
                                       const std::vector<array>& tangents,
                                       const std::vector<int>& argnums) {
  // Bilinear in (input, cotangent).
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    array term = argnums[i] == 0
        ? conv_weight_grad(tangents[i], weight_shape_, primals[1], params_, stream())
        : conv_weight_grad(primals[0], weight_shape_, tangents[i], params_, stream());
    out = out ? add(*out, term, stream()) : term;
  }
  return {*out};
}

std::vector<array> ConvWeightGrad::vjp(const std::vector<array>& primals,
                                       const std::vector<array>& cotangents,
                                       const std::vector<int>& argnums,
                                       const std::vector<array>&) {
  // <dw(x, dy), c> = <conv(x, c), dy>: w.r.t. dy it is the forward convolution
  // with c as weight, w.r.t. x the input gradient of that convolution.
  const array& c = cotangents[0];
  std::vector<array> grads;
  for (int arg : argnums) {
    grads.push_back(arg == 0
        ? conv_input_grad(primals[0].shape(), c, primals[1], params_, stream())
        : convolution(primals[0], c, params_, stream()));
  }
  return grads;
}

std::pair<std::vector<array>, std::vector<int>> ConvWeightGrad::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  ConvParams p = params_;
  Shape wt_shape = weight_shape_;
  Stream s = stream();
  auto f = [p, wt_shape, s](const std::vector<array>& xs) {
    return std::vector<array>{weight_grad_as_conv(xs[0], wt_shape, xs[1], p, s)};
  };
  return {mxcore::vmap(f, axes, {0})(inputs), {0}};
}

std::pair<std::vector<array>, std::vector<int>> Convolution::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto s = stream();
  array x = inputs[0], w = inputs[1];
  const int ax = axes[0], aw = axes[1];
  if (ax < 0 && aw < 0) return {{convolution(x, w, params_, s)}, {-1}};
  const int nd = x.ndim() - (ax >= 0 ? 3 : 2);
  const int groups = params_.groups;
  if (aw < 0) {
    // Fold the vmapped axis into the batch.
    x = moveaxis(x, ax, 0, s);
    const int b = x.shape(0);
    array y = convolution(flatten(x, 0, 1, s), w, params_, s);
    Shape shape = y.shape();
    shape[0] = x.shape(1);
    shape.insert(shape.begin(), b);
    return {{reshape(y, shape, s)}, {0}};
  }
  w = moveaxis(w, aw, 0, s); // (B, C_out, *kernel, C_in / groups)
  const int b = w.shape(0), c_out = w.shape(1);
  if (ax < 0) {
    // Fold the vmapped axis into each group's output channels.
    Shape split = w.shape();
    split[1] = c_out / groups;
    split.insert(split.begin() + 1, groups); // (B, groups, og, ...)
    array wf = flatten(swapaxes(reshape(w, split, s), 0, 1, s), 0, 2, s);
    array y = convolution(x, wf, params_, s); // (N, *out, groups * B * og)
    Shape shape(y.shape().begin(), y.shape().end() - 1);
    shape.insert(shape.end(), {groups, b, c_out / groups});
    y = moveaxis(reshape(y, shape, s), nd + 2, 0, s); // (B, N, *out, groups, og)
    return {{flatten(y, -2, -1, s)}, {0}};
  }
  // Both batched: every vmapped instance becomes its own set of groups.
  x = moveaxis(x, ax, -2, s); // (N, *spatial, B, C_in)
  x = flatten(x, -2, -1, s);
  ConvParams q = params_;
  q.groups = groups * b;
  array y = convolution(x, flatten(w, 0, 1, s), q, s); // (N, *out, B * C_out)
  Shape shape(y.shape().begin(), y.shape().end() - 1);
  shape.insert(shape.end(), {b, c_out});
  return {{reshape(y, shape, s)}, {nd + 1}};
}

} // namespace mxcore
