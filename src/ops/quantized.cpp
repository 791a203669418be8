// Group-wise affine quantization (MLX's format) as compositions of existing ops.
// Along the last axis, every `group_size` consecutive values share a scale and
// a bias: w ~= scale * q + bias with q in [0, 2^bits - 1],
//   scale = max((max(w) - min(w)) / (2^bits - 1), eps), bias = min(w),
//   q = clip(round((w - bias) / scale), 0, 2^bits - 1).
// The q values are packed little-endian into uint32 words: element j of a word
// occupies bits [j * bits, (j + 1) * bits).
#include <sstream>
#include <stdexcept>

#include "ops/util.h"

namespace mxcore {

namespace {

void check_params(int group_size, int bits, const char* op) {
  if (bits != 2 && bits != 4 && bits != 8) {
    std::ostringstream msg;
    msg << "[" << op << "] The requested number of bits " << bits
        << " is not supported. The supported bits are 2, 4 and 8.";
    throw std::invalid_argument(msg.str());
  }
  if (group_size != 32 && group_size != 64 && group_size != 128) {
    std::ostringstream msg;
    msg << "[" << op << "] The requested group size " << group_size
        << " is not supported. The supported group sizes are 32, 64 and 128.";
    throw std::invalid_argument(msg.str());
  }
}

// Per-word shift amounts 0, bits, 2 * bits, ... as uint32.
array word_shifts(int bits, const StreamOrDevice& s) {
  return astype(arange(0, 32, bits, s), uint32, s);
}

} // namespace

std::tuple<array, array, array> quantize(const array& w, int group_size, int bits,
                                         StreamOrDevice s) {
  check_params(group_size, bits, "quantize");
  if (w.ndim() < 2) {
    throw std::invalid_argument("[quantize] The matrix to be quantized must have at least 2 "
                                "dimensions but got shape " + shape_str(w.shape()) + ".");
  }
  if (!is_floating_point(w.dtype())) {
    throw std::invalid_argument("[quantize] Only real floating point inputs can be quantized.");
  }
  const int last = w.shape(-1);
  if (last % group_size != 0) {
    std::ostringstream msg;
    msg << "[quantize] The last dimension of the matrix needs to be divisible by the "
           "quantization group size " << group_size << ". However the provided matrix has shape "
        << shape_str(w.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
  const int per_word = 32 / bits;
  const Dtype t = w.dtype();
  const double n_bins = double((1 << bits) - 1);

  Shape grouped = w.shape();
  grouped.back() = last / group_size;
  grouped.push_back(group_size);
  array wg = reshape(w, grouped, s);
  array w_max = max(wg, -1, true, s);
  array w_min = min(wg, -1, true, s);
  array scales = maximum(divide(subtract(w_max, w_min, s), array(n_bins, t), s),
                         array(1e-7, t), s);
  array biases = w_min;
  array q = round(divide(subtract(wg, biases, s), scales, s), 0, s);
  q = astype(clip(q, array(0.0, t), array(n_bins, t), s), uint32, s);

  Shape words = w.shape();
  words.back() = last / per_word;
  words.push_back(per_word);
  q = reshape(q, words, s);
  // The shifted fields do not overlap, so their sum is their bitwise or.
  array packed = sum(left_shift(q, word_shifts(bits, s), s), -1, false, s);

  Shape side = w.shape();
  side.back() = last / group_size;
  return {packed, reshape(scales, side, s), reshape(biases, side, s)};
}

array dequantize(const array& w, const array& scales, const array& biases, int group_size,
                 int bits, StreamOrDevice s) {
  check_params(group_size, bits, "dequantize");
  if (w.dtype() != uint32) {
    throw std::invalid_argument("[dequantize] The matrix should be given as a uint32.");
  }
  if (w.ndim() < 2) {
    throw std::invalid_argument("[dequantize] The matrix to be dequantized must have at least 2 "
                                "dimensions but got shape " + shape_str(w.shape()) + ".");
  }
  const int per_word = 32 / bits;
  const int last = w.shape(-1) * per_word;
  Shape side = w.shape();
  side.back() = last / group_size;
  if (last % group_size != 0 || scales.shape() != side || biases.shape() != side) {
    std::ostringstream msg;
    msg << "[dequantize] Shape of scales and biases does not match the matrix given the "
           "quantization parameters. Provided matrix of shape " << shape_str(w.shape())
        << " and scales/biases of shape " << shape_str(scales.shape()) << "/"
        << shape_str(biases.shape()) << " with group_size=" << group_size
        << " and bits=" << bits << ".";
    throw std::invalid_argument(msg.str());
  }
  // The packed integers carry no gradient; scales and biases do.
  array words = expand_dims(stop_gradient(w, s), -1, s);
  array mask = array(uint32_t((1u << bits) - 1), uint32);
  array q = bitwise_and(right_shift(words, word_shifts(bits, s), s), mask, s);
  Dtype t = scales.dtype();
  Shape grouped = w.shape();
  grouped.back() = last / group_size;
  grouped.push_back(group_size);
  q = reshape(astype(q, t, s), grouped, s);
  array out = add(multiply(q, expand_dims(scales, -1, s), s), expand_dims(biases, -1, s), s);
  Shape full_shape = w.shape();
  full_shape.back() = last;
  return reshape(out, full_shape, s);
}

array quantized_matmul(const array& x, const array& w, const array& scales, const array& biases,
                       bool transpose, int group_size, int bits, StreamOrDevice s) {
  array wd = dequantize(w, scales, biases, group_size, bits, s);
  if (transpose) wd = swapaxes(wd, -1, -2, s);
  if (x.ndim() < 1 || x.shape(-1) != wd.shape(-2)) {
    throw std::invalid_argument(
        "[quantized_matmul] The shapes of the weight and scales are incompatible with the input "
        "shape " + shape_str(x.shape()) + ": the dequantized weight has shape " +
        shape_str(wd.shape()) + (transpose ? " after transposition." : "."));
  }
  if (!is_floating_point(x.dtype())) {
    throw std::invalid_argument("[quantized_matmul] Only real floating point inputs are "
                                "supported.");
  }
  return matmul(x, astype(wd, x.dtype(), s), s);
}

} // namespace mxcore
