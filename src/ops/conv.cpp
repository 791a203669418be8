// Channels-last convolutions as a composition (so vjp/jvp/vmap/compile come for
// free): dilate the input, zero-pad it, gather one strided slice per kernel
// position (im2col: the slices are concatenated along the channel axis) and
// contract with the reshaped weight through one (batched) matmul.
#include <sstream>
#include <stdexcept>

#include "ops/util.h"

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

// Inserts (d - 1) zeros between neighbours along `axis`.
array dilate_axis(const array& x, int axis, int d, const StreamOrDevice& s) {
  if (d == 1 || x.shape(axis) <= 1) return x;
  int len = x.shape(axis);
  array e = expand_dims(x, axis + 1, s);
  Shape zshape = e.shape();
  zshape[axis + 1] = d - 1;
  array z = zeros(zshape, x.dtype(), s);
  array both = concatenate({e, z}, axis + 1, s);
  Shape flat = x.shape();
  flat[axis] = len * d;
  array r = reshape(both, flat, s);
  Shape start(x.ndim(), 0), stop = r.shape();
  stop[axis] = (len - 1) * d + 1;
  return slice(r, start, stop, s);
}

array pad_axis(const array& x, int axis, int lo, int hi, const StreamOrDevice& s) {
  if (lo == 0 && hi == 0) return x;
  std::vector<array> parts;
  Shape zshape = x.shape();
  if (lo > 0) {
    zshape[axis] = lo;
    parts.push_back(zeros(zshape, x.dtype(), s));
  }
  parts.push_back(x);
  if (hi > 0) {
    zshape[axis] = hi;
    parts.push_back(zeros(zshape, x.dtype(), s));
  }
  return concatenate(parts, axis, s);
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
    if (padding_lo[i] < 0 || padding_hi[i] < 0) {
      throw std::invalid_argument("[conv] Padding must be non-negative.");
    }
  }

  Dtype out_t = result_type(input, weight);
  array x = astype(input, out_t, s);
  array w = astype(weight, out_t, s);
  for (int i = 0; i < nd; ++i) {
    x = dilate_axis(x, i + 1, input_dilation[i], s);
    x = pad_axis(x, i + 1, padding_lo[i], padding_hi[i], s);
  }
  if (flip) {
    Shape start(w.ndim(), 0), stop = w.shape(), steps(w.ndim(), 1);
    for (int i = 1; i <= nd; ++i) {
      start[i] = -1;
      stop[i] = -w.shape(i) - 1;
      steps[i] = -1;
    }
    w = slice(w, start, stop, steps, s);
  }

  const int n = x.shape(0);
  Shape out_spatial(nd);
  int kernel_size = 1;
  for (int i = 0; i < nd; ++i) {
    int k = w.shape(i + 1);
    int span = kernel_dilation[i] * (k - 1) + 1;
    int avail = x.shape(i + 1);
    if (avail < span) {
      throw std::invalid_argument(
          "[conv] The (dilated, padded) input " + shape_str(x.shape()) +
          " is smaller than the (dilated) kernel " + shape_str(weight.shape()) + ".");
    }
    out_spatial[i] = (avail - span) / stride[i] + 1;
    kernel_size *= k;
  }

  // im2col: one strided window per kernel position, ordered like weight's
  // (k_0, ..., k_{nd-1}, c) flattening.
  std::vector<array> cols;
  cols.reserve(kernel_size);
  Shape kpos(nd, 0);
  for (int idx = 0; idx < kernel_size; ++idx) {
    Shape start(x.ndim(), 0), stop = x.shape(), steps(x.ndim(), 1);
    for (int i = 0; i < nd; ++i) {
      start[i + 1] = kpos[i] * kernel_dilation[i];
      stop[i + 1] = start[i + 1] + (out_spatial[i] - 1) * stride[i] + 1;
      steps[i + 1] = stride[i];
    }
    cols.push_back(slice(x, start, stop, steps, s));
    for (int i = nd - 1; i >= 0; --i) { // next kernel position, last axis fastest
      if (++kpos[i] < w.shape(i + 1)) break;
      kpos[i] = 0;
    }
  }
  array patches = cols.size() == 1 ? cols[0] : concatenate(cols, -1, s);

  int rows = n;
  for (int v : out_spatial) rows *= v;
  const int cg = c_in / groups;
  const int og = c_out / groups;
  Shape out_shape{n};
  out_shape.insert(out_shape.end(), out_spatial.begin(), out_spatial.end());
  out_shape.push_back(c_out);
  if (groups == 1) {
    array lhs = reshape(patches, {rows, kernel_size * c_in}, s);
    array rhs = transpose(reshape(w, {c_out, kernel_size * c_in}, s), {1, 0}, s);
    return reshape(matmul(lhs, rhs, s), out_shape, s);
  }
  // Grouped: columns are (kernel position, group, channel); bring the group
  // axis to the front and run one batched matmul.
  array lhs = reshape(patches, {rows, kernel_size, groups, cg}, s);
  lhs = reshape(transpose(lhs, {2, 0, 1, 3}, s), {groups, rows, kernel_size * cg}, s);
  array rhs = reshape(w, {groups, og, kernel_size * cg}, s);
  array prod = matmul(lhs, transpose(rhs, {0, 2, 1}, s), s); // (groups, rows, og)
  return reshape(transpose(prod, {1, 0, 2}, s), out_shape, s);
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

} // namespace mxcore
