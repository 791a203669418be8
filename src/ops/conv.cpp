// Channels-last convolution ops: validate the user's arguments and build one
// Convolution primitive (src/primitives/conv.h). Transposed convolutions are
// convolutions with input dilation = stride and a flipped kernel; convolve is
// NumPy's 1-D convolution expressed the same way.
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "ops/util.h"
#include "primitives/conv.h"

namespace mxcore {

namespace {

std::vector<int> fill_arg(std::vector<int> v, int n, int dflt, const char* what) {
  if (v.empty()) return std::vector<int>(n, dflt);
  if (v.size() == 1 && n > 1) return std::vector<int>(n, v[0]);
  if (int(v.size()) != n) {
    std::ostringstream msg;
    msg << "[conv] Invalid " << what << " with " << v.size() << " elements for " << n
        << " spatial dimensions.";
    throw std::invalid_argument(msg.str());
  }
  return v;
}

} // namespace

array conv_general(array input, array weight, std::vector<int> stride,
                   std::vector<int> padding_lo, std::vector<int> padding_hi,
                   std::vector<int> kernel_dilation, std::vector<int> input_dilation, int groups,
                   bool flip, StreamOrDevice s) {
  if (input.ndim() < 3) {
    throw std::invalid_argument("[conv] Input must have at least 3 dimensions (N, ..., C_in) "
                                "but got shape " + shape_str(input.shape()) + ".");
  }
  if (weight.ndim() != input.ndim()) {
    throw std::invalid_argument("[conv] Input and weight must have the same number of "
                                "dimensions but got input " + shape_str(input.shape()) +
                                " and weight " + shape_str(weight.shape()) + ".");
  }
  const int nd = input.ndim() - 2; // spatial dimensions
  const int c_in = input.shape(-1);
  const int c_out = weight.shape(0);
  if (groups < 1 || c_in % groups != 0 || c_out % groups != 0) {
    std::ostringstream msg;
    msg << "[conv] The number of groups (" << groups << ") must divide both the input channels ("
        << c_in << ") and the output channels (" << c_out << ").";
    throw std::invalid_argument(msg.str());
  }
  if (weight.shape(-1) * groups != c_in) {
    throw std::invalid_argument(
        "[conv] Expect the input channels in the input and weight array to match but got "
        "shapes - input: " + shape_str(input.shape()) + " and weight: " +
        shape_str(weight.shape()) + ".");
  }
  if (!is_floating_point(input.dtype()) || !is_floating_point(weight.dtype())) {
    // Matches MLX: convolutions are defined on real floating point arrays.
    Dtype t = at_least_float(result_type(input, weight));
    if (!is_floating_point(t)) throw std::invalid_argument("[conv] Complex inputs are not supported.");
    input = astype(input, t, s);
    weight = astype(weight, t, s);
  }
  stride = fill_arg(std::move(stride), nd, 1, "stride");
  padding_lo = fill_arg(std::move(padding_lo), nd, 0, "padding");
  padding_hi = fill_arg(std::move(padding_hi), nd, 0, "padding");
  kernel_dilation = fill_arg(std::move(kernel_dilation), nd, 1, "kernel dilation");
  input_dilation = fill_arg(std::move(input_dilation), nd, 1, "input dilation");
  for (int i = 0; i < nd; ++i) {
    if (stride[i] < 1 || kernel_dilation[i] < 1 || input_dilation[i] < 1) {
      throw std::invalid_argument("[conv] Stride and dilation must be positive.");
    }
  }
  for (int i = 0; i < nd; ++i) {
    if (weight.shape(i + 1) < 1) {
      throw std::invalid_argument("[conv] The weight's spatial dimensions must be positive but "
                                  "got weight " + shape_str(weight.shape()) + ".");
    }
  }
  // Negative padding crops the input (as in MLX).
  Dtype out_t = result_type(input, weight);
  ConvParams p{stride, padding_lo, padding_hi, kernel_dilation, input_dilation, groups, flip};
  for (int i = 0; i < nd; ++i) {
    int len = input.shape(i + 1);
    int dilated = len == 0 ? 0 : (len - 1) * input_dilation[i] + 1;
    int avail = dilated + padding_lo[i] + padding_hi[i];
    int span = kernel_dilation[i] * (weight.shape(i + 1) - 1) + 1;
    if (avail < span) {
      std::ostringstream msg;
      msg << "[conv] The (dilated, padded) input of size " << avail << " along spatial axis "
          << i << " is smaller than the (dilated) kernel (" << span << ") for input "
          << shape_str(input.shape()) << " and weight " << shape_str(weight.shape()) << ".";
      throw std::invalid_argument(msg.str());
    }
  }
  Stream st = to_stream(s);
  return convolution(astype(input, out_t, s), astype(weight, out_t, s), p, st);
}

array conv1d(const array& input, const array& weight, int stride, int padding, int dilation,
             int groups, StreamOrDevice s) {
  if (input.ndim() != 3 || weight.ndim() != 3) {
    throw std::invalid_argument("[conv1d] Input and weight must be 3 dimensional but got input " +
                                shape_str(input.shape()) + " and weight " +
                                shape_str(weight.shape()) + ".");
  }
  return conv_general(input, weight, {stride}, {padding}, {padding}, {dilation}, {1}, groups,
                      false, s);
}

array conv2d(const array& input, const array& weight, const std::pair<int, int>& stride,
             const std::pair<int, int>& padding, const std::pair<int, int>& dilation, int groups,
             StreamOrDevice s) {
  if (input.ndim() != 4 || weight.ndim() != 4) {
    throw std::invalid_argument("[conv2d] Input and weight must be 4 dimensional but got input " +
                                shape_str(input.shape()) + " and weight " +
                                shape_str(weight.shape()) + ".");
  }
  std::vector<int> pad{padding.first, padding.second};
  return conv_general(input, weight, {stride.first, stride.second}, pad, pad,
                      {dilation.first, dilation.second}, {1, 1}, groups, false, s);
}

array conv3d(const array& input, const array& weight, const std::tuple<int, int, int>& stride,
             const std::tuple<int, int, int>& padding, const std::tuple<int, int, int>& dilation,
             int groups, StreamOrDevice s) {
  if (input.ndim() != 5 || weight.ndim() != 5) {
    throw std::invalid_argument("[conv3d] Input and weight must be 5 dimensional but got input " +
                                shape_str(input.shape()) + " and weight " +
                                shape_str(weight.shape()) + ".");
  }
  auto v = [](const std::tuple<int, int, int>& t) {
    return std::vector<int>{std::get<0>(t), std::get<1>(t), std::get<2>(t)};
  };
  return conv_general(input, weight, v(stride), v(padding), v(padding), v(dilation), {1, 1, 1},
                      groups, false, s);
}

// ---- transposed convolutions

namespace {

void check_transpose_ranks(const array& input, const array& weight, int nd, const char* op) {
  if (int(input.ndim()) != nd + 2 || int(weight.ndim()) != nd + 2) {
    std::ostringstream msg;
    msg << "[" << op << "] Input and weight must be " << nd + 2 << " dimensional but got input "
        << shape_str(input.shape()) << " and weight " << shape_str(weight.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
}

} // namespace

array conv_transpose_general(const array& input, const array& weight, std::vector<int> stride,
                             std::vector<int> padding, std::vector<int> dilation,
                             std::vector<int> output_padding, int groups, StreamOrDevice s) {
  if (input.ndim() < 3 || weight.ndim() != input.ndim()) {
    throw std::invalid_argument("[conv_transpose] Input and weight must have the same number "
                                "(at least 3) of dimensions but got input " +
                                shape_str(input.shape()) + " and weight " +
                                shape_str(weight.shape()) + ".");
  }
  const int nd = input.ndim() - 2;
  stride = fill_arg(std::move(stride), nd, 1, "stride");
  padding = fill_arg(std::move(padding), nd, 0, "padding");
  dilation = fill_arg(std::move(dilation), nd, 1, "dilation");
  output_padding = fill_arg(std::move(output_padding), nd, 0, "output padding");
  // The transpose of a strided convolution: dilate the input by the stride and
  // run a stride-1 convolution with the flipped kernel, padded so the output
  // has (in - 1) * stride - 2 * padding + dilation * (k - 1) + 1 + output_padding
  // positions.
  std::vector<int> lo(nd), hi(nd);
  for (int i = 0; i < nd; ++i) {
    int span = dilation[i] * (weight.shape(i + 1) - 1) + 1;
    lo[i] = span - 1 - padding[i];
    hi[i] = span - 1 - padding[i] + output_padding[i];
  }
  array dilated = conv_general(input, weight, std::vector<int>(nd, 1), lo, hi, dilation, stride,
                               groups, /*flip=*/true, s); // validates; shape and dtype
  if (std::all_of(stride.begin(), stride.end(), [](int v) { return v == 1; })) return dilated;
  // With a stride, most of the dilated input is zeros that the convolution
  // above multiplies too (stride^nd times the work). A transposed convolution
  // is the input gradient of the convolution it transposes: col2im(x @ w)
  // reads every input once, and its own gradients are that strided
  // convolution and its weight gradient.
  ConvParams forward{stride, padding, {}, dilation, std::vector<int>(nd, 1), groups, false};
  for (int i = 0; i < nd; ++i) forward.padding_hi.push_back(padding[i] - output_padding[i]);
  auto stream = to_stream(s);
  return transposed_convolution(astype(input, dilated.dtype(), stream),
                                astype(weight, dilated.dtype(), stream), dilated.shape(), forward,
                                stream);
}

array conv_transpose1d(const array& input, const array& weight, int stride, int padding,
                       int dilation, int output_padding, int groups, StreamOrDevice s) {
  check_transpose_ranks(input, weight, 1, "conv_transpose1d");
  return conv_transpose_general(input, weight, {stride}, {padding}, {dilation}, {output_padding},
                                groups, s);
}

array conv_transpose2d(const array& input, const array& weight,
                       const std::pair<int, int>& stride, const std::pair<int, int>& padding,
                       const std::pair<int, int>& dilation,
                       const std::pair<int, int>& output_padding, int groups, StreamOrDevice s) {
  check_transpose_ranks(input, weight, 2, "conv_transpose2d");
  auto v = [](const std::pair<int, int>& t) { return std::vector<int>{t.first, t.second}; };
  return conv_transpose_general(input, weight, v(stride), v(padding), v(dilation),
                                v(output_padding), groups, s);
}

array conv_transpose3d(const array& input, const array& weight,
                       const std::tuple<int, int, int>& stride,
                       const std::tuple<int, int, int>& padding,
                       const std::tuple<int, int, int>& dilation,
                       const std::tuple<int, int, int>& output_padding, int groups,
                       StreamOrDevice s) {
  check_transpose_ranks(input, weight, 3, "conv_transpose3d");
  auto v = [](const std::tuple<int, int, int>& t) {
    return std::vector<int>{std::get<0>(t), std::get<1>(t), std::get<2>(t)};
  };
  return conv_transpose_general(input, weight, v(stride), v(padding), v(dilation),
                                v(output_padding), groups, s);
}

// ---- NumPy's 1-D convolve

array convolve(const array& a, const array& v, const std::string& mode, StreamOrDevice s) {
  if (a.ndim() != 1 || v.ndim() != 1) {
    throw std::invalid_argument("[convolve] Inputs must be 1D.");
  }
  if (a.size() == 0 || v.size() == 0) {
    throw std::invalid_argument("[convolve] Inputs cannot be empty.");
  }
  if (mode != "full" && mode != "same" && mode != "valid") {
    throw std::invalid_argument("[convolve] Invalid mode.");
  }
  // Convolution is symmetric; slide the shorter array over the longer one.
  const bool swap = a.size() < v.size();
  const array& in = swap ? v : a;
  const array& kernel = swap ? a : v;
  const int k = kernel.size();
  int lo = 0, hi = 0;
  if (mode == "full") {
    lo = hi = k - 1;
  } else if (mode == "same") {
    // NumPy centres the output: the extra position of an even kernel goes left.
    lo = k / 2;
    hi = k - 1 - lo;
  }
  array out = conv_general(reshape(in, {1, -1, 1}, s), reshape(kernel, {1, -1, 1}, s), {1},
                           {lo}, {hi}, {1}, {1}, 1, /*flip=*/true, s);
  return reshape(out, {-1}, s);
}

} // namespace mxcore
