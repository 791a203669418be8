// Group-wise quantization (MLX 0.32's formats) as compositions of existing ops,
// so every transform applies. See include/mxcore/quantized.h for the formats.
//
// affine: scale = max((max - min) / (2^bits - 1), eps), bias = min, and
// q = clip(round((w - bias) / scale), 0, 2^bits - 1). For bits > 1 MLX makes
// the endpoint of larger magnitude ("edge") exact: the scale is negated unless
// |min| > |max|, q0 = round(edge / scale), and if q0 != 0 then
// scale = edge / q0, bias = edge (else bias = 0).
// mxfp4 / mxfp8: per group of 32, e = ceil(log2(max|w| / M)) (e8m0 byte
// e + 127) with M = 6 / 448, and each w / 2^e is rounded to the nearest fp4
// e2m1 value (ties toward zero) / fp8 e4m3 value (ties to even).
// nvfp4: per group of 16, the scale is the e4m3 code of max|w| / 6 * enc
// (enc = 448 * 6 / global_scale, or 1), and each w / scale * enc is rounded
// to the nearest fp4 e2m1 value; MLX's dtype of every step is kept so that
// the codes are bit-equal to MLX's.
#include "mxcore/quantized.h"
#include "ops/quantized_ops.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "mxcore/gather_mm.h"
#include "mxcore/ops_extra.h"
#include "mxcore/transforms.h"
#include "ops/util.h"
#include "primitives/quantized_matmul.h"

namespace mxcore {

namespace {

enum class Mode { affine, mxfp4, mxfp8, nvfp4 };

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::affine: return "affine";
    case Mode::mxfp4: return "mxfp4";
    case Mode::mxfp8: return "mxfp8";
    default: return "nvfp4";
  }
}

struct Params {
  Mode mode;
  int group_size;
  int bits;
};

std::string prefix(const char* op) { return std::string("[") + op + "] "; }

Params resolve(const std::string& mode, std::optional<int> group_size, std::optional<int> bits,
               const char* op) {
  if (mode == "affine") {
    Params p{Mode::affine, group_size.value_or(64), bits.value_or(4)};
    if (p.bits < 1 || p.bits > 8 || p.bits == 7) {
      throw std::invalid_argument(prefix(op) + "The requested number of bits " +
                                  std::to_string(p.bits) +
                                  " is not supported. The supported bits are 1, 2, 3, 4, 5, 6 "
                                  "and 8.");
    }
    if (p.group_size != 32 && p.group_size != 64 && p.group_size != 128) {
      throw std::invalid_argument(prefix(op) + "The requested group size " +
                                  std::to_string(p.group_size) +
                                  " is not supported. The supported group sizes are 32, 64, "
                                  "and 128.");
    }
    return p;
  }
  if (mode == "mxfp4" || mode == "mxfp8" || mode == "nvfp4") {
    const int want_bits = mode == "mxfp8" ? 8 : 4;
    const int want_group = mode == "nvfp4" ? 16 : 32;
    const int g = group_size.value_or(want_group), b = bits.value_or(want_bits);
    if (g != want_group) {
      throw std::invalid_argument(prefix(op) + mode + " quantization requires group size " +
                                  std::to_string(want_group) + " but got " +
                                  std::to_string(g) + ".");
    }
    if (b != want_bits) {
      throw std::invalid_argument(prefix(op) + mode + " quantization requires bits to be " +
                                  std::to_string(want_bits) + " but got " + std::to_string(b) +
                                  ".");
    }
    const Mode m = mode == "nvfp4" ? Mode::nvfp4 : (want_bits == 4 ? Mode::mxfp4 : Mode::mxfp8);
    return {m, want_group, want_bits};
  }
  throw std::invalid_argument(prefix(op) + "Invalid quantization mode '" + mode + "'.");
}

Shape grouped_shape(const Shape& shape, int group_size) {
  Shape g = shape;
  g.back() = shape.back() / group_size;
  g.push_back(group_size);
  return g;
}

Shape side_shape(const Shape& shape, int group_size) {
  Shape g = shape;
  g.back() = shape.back() / group_size;
  return g;
}

// MLX's scheme for bits > 1: the endpoint of larger magnitude is exact.
std::pair<array, array> edge_exact(const array& w_min, const array& w_max, array scales,
                                   Stream s) {
  const Dtype t = scales.dtype();
  array min_is_edge = greater(abs(w_min, s), abs(w_max, s), s);
  scales = where(min_is_edge, scales, negative(scales, s), s);
  array edge = where(min_is_edge, w_min, w_max, s);
  array q0 = round(divide(edge, scales, s), 0, s);
  array exact = not_equal(q0, array(0.0, t), s);
  scales = where(exact, divide(edge, q0, s), scales, s);
  return {scales, where(exact, edge, array(0.0, t), s)};
}

std::vector<array> quantize_affine(const array& w, const Params& p, Stream s) {
  // Half inputs are quantized in float32 (as MLX does); only the returned
  // scales and biases are rounded to the input type.
  const Dtype t = w.dtype() == float64 ? float64 : float32;
  const double n_bins = double((1 << p.bits) - 1);
  array wg = astype(reshape(w, grouped_shape(w.shape(), p.group_size), s), t, s);
  array w_max = max(wg, -1, true, s);
  array w_min = min(wg, -1, true, s);
  array scales = maximum(divide(subtract(w_max, w_min, s), array(n_bins, t), s),
                         array(1e-7, t), s);
  array biases = w_min;
  if (p.bits > 1) {
    std::tie(scales, biases) = edge_exact(w_min, w_max, scales, s);
  }
  array q = round(divide(subtract(wg, biases, s), scales, s), 0, s);
  q = astype(clip(q, array(0.0, t), array(n_bins, t), s), uint32, s);
  array packed = detail::pack_bits(reshape(q, w.shape(), s), p.bits, s);
  Shape side = side_shape(w.shape(), p.group_size);
  return {packed, astype(reshape(scales, side, s), w.dtype(), s),
          astype(reshape(biases, side, s), w.dtype(), s)};
}

// Magnitudes of the 8 non-negative fp4 e2m1 values; a code's high bit is its sign.
constexpr float kFp4Values[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};

// The value of every code of the element format (16 fp4 e2m1 or 256 fp8 e4m3).
std::vector<float> element_table(Mode mode) {
  std::vector<float> table;
  if (mode != Mode::mxfp8) {
    for (int sign : {1, -1}) {
      for (float v : kFp4Values) table.push_back(sign * v);
    }
    return table;
  }
  // e4m3: bias 7, no infinities; exponent field 0 is subnormal (m * 2^-9),
  // and 0x7f / 0xff are nan.
  for (int code = 0; code < 256; ++code) {
    const int exp = (code >> 3) & 15, mant = code & 7;
    float v = exp == 0 ? std::ldexp(float(mant), -9) : std::ldexp(1.0f + mant / 8.0f, exp - 7);
    if ((code & 127) == 127) v = std::nanf("");
    table.push_back(code & 128 ? -v : v);
  }
  return table;
}

// fp4 e2m1 code of v (|v| <= 6): the number of rounding midpoints strictly
// below |v| (ties go toward zero, as MLX), plus 8 for negative nonzero codes.
array encode_fp4(const array& v, Stream s) {
  std::vector<float> mids;
  for (int i = 0; i < 7; ++i) mids.push_back(0.5f * (kFp4Values[i] + kFp4Values[i + 1]));
  array mag = expand_dims(abs(v, s), -1, s);
  array code = sum(astype(greater(mag, array(mids.begin(), {7}, float32), s), uint32, s), -1,
                   false, s);
  array negative_code = logical_and(less(v, array(0.0f), s),
                                    greater(code, array(0u, uint32), s), s);
  return add(code, multiply(astype(negative_code, uint32, s), array(8u, uint32), s), s);
}

// fp8 e4m3 code of v (|v| <= 448), rounding to nearest even: the quantum is
// 2^(max(floor(log2|v|), -6) - 3) (subnormals below 2^-6).
array encode_fp8(const array& v, Stream s) {
  // Out-of-range magnitudes (only inf can exceed 448 after scaling) saturate.
  array mag = minimum(abs(v, s), array(448.0f), s);
  array tiny = array(std::ldexp(1.0f, -6));
  array e = floor(log2(maximum(mag, tiny, s), s), s);
  array quantum = power(array(2.0f), subtract(e, array(3.0f), s), s);
  array r = minimum(multiply(round(divide(mag, quantum, s), 0, s), quantum, s), array(448.0f), s);
  // Re-derive the exponent from the rounded value (rounding may carry).
  array normal = greater_equal(r, tiny, s);
  array er = floor(log2(maximum(r, tiny, s), s), s);
  array mant_normal = subtract(multiply(divide(r, power(array(2.0f), er, s), s), array(8.0f), s),
                               array(8.0f), s);
  array code_normal = add(multiply(add(er, array(7.0f), s), array(8.0f), s), mant_normal, s);
  array code_sub = multiply(r, array(std::ldexp(1.0f, 9)), s);
  array code = astype(where(normal, code_normal, code_sub, s), uint32, s);
  // The sign bit is kept even when the value rounds to zero (-0.0 included,
  // whose reciprocal is -inf), as MLX does.
  array negative = astype(less(divide(array(1.0f), v, s), array(0.0f), s), uint32, s);
  return add(code, multiply(negative, array(128u, uint32), s), s);
}

// mx modes: e = ceil(log2(max|w| / max_element)) per group of 32 (0 for an
// all-zero group), stored as the e8m0 byte e + 127; w / 2^e is encoded.
std::vector<array> quantize_mx(const array& w, const Params& p, Stream s) {
  const float max_element = p.mode == Mode::mxfp4 ? 6.0f : 448.0f;
  array g = astype(reshape(w, grouped_shape(w.shape(), 32), s), float32, s);
  array amax = max(abs(g, s), -1, true, s);
  array e = ceil(log2(divide(amax, array(max_element), s), s), s);
  e = clip(where(equal(amax, array(0.0f), s), array(0.0f), e, s), array(-127.0f),
           array(127.0f), s);
  array v = divide(g, power(array(2.0f), e, s), s);
  array code = p.mode == Mode::mxfp4 ? encode_fp4(v, s) : encode_fp8(v, s);
  array packed = detail::pack_bits(reshape(code, w.shape(), s), p.bits, s);
  array scales = astype(add(e, array(127.0f), s), uint8, s);
  return {packed, reshape(scales, side_shape(w.shape(), 32), s)};
}

// 448 * 6: the largest e4m3 value times the largest e2m1 value.
constexpr float kNvRange = 448.0f * 6.0f;

// nvfp4 (see the top of the file). MLX computes max|w| / 6 and w / scale in
// w's dtype and the rest in float32; so does this.
std::vector<array> quantize_nv(const array& w, const std::optional<array>& global_scale,
                               Stream s) {
  const Dtype t = w.dtype();
  array g = reshape(w, grouped_shape(w.shape(), 16), s);
  array amax_over_6 = divide(max(abs(g, s), -1, true, s), array(6.0, t), s);
  array enc = global_scale ? divide(array(kNvRange), reshape(*global_scale, {}, s), s)
                           : array(1.0f);
  array scale_codes = to_fp8(multiply(amax_over_6, enc, s), s);
  array scale = from_fp8(scale_codes, t, s);
  array v = multiply(divide(g, scale, s), enc, s);
  // A zero scale (an all-zero or tiny group) gives code 0 for every element,
  // as MLX's nearest-value search does on the inf / nan quotients.
  array code = where(equal(scale, array(0.0, t), s), array(0u, uint32), encode_fp4(v, s), s);
  array packed = detail::pack_bits(reshape(code, w.shape(), s), 4, s);
  return {packed, reshape(scale_codes, side_shape(w.shape(), 16), s)};
}

// nvfp4's global scale: a float32 array of `want` shape (a scalar for
// quantize / dequantize, one entry per matrix for gather_qmm).
void check_global_scale(const std::optional<array>& global_scale, Mode mode, const char* op) {
  if (!global_scale) return;
  if (mode != Mode::nvfp4) {
    throw std::invalid_argument(prefix(op) + "Global scale is only supported for 'nvfp4' "
                                "quantization mode.");
  }
  if (global_scale->dtype() != float32) {
    throw std::invalid_argument(prefix(op) + "Global scale must have dtype float32 but got " +
                                dtype_name(global_scale->dtype()) + ".");
  }
}

void check_scalar_global_scale(const std::optional<array>& global_scale, Mode mode,
                               const char* op) {
  check_global_scale(global_scale, mode, op);
  if (global_scale && global_scale->size() != 1) {
    throw std::invalid_argument(prefix(op) + "Global scale must be a scalar but got shape " +
                                shape_str(global_scale->shape()) + ".");
  }
}

// The fp modes' scales are codes, not values: like MLX, refuse to
// differentiate through them (vjp_name: "QuantizedMatmul", "GatherQMM").
array without_scale_gradient(const array& scale_values, Mode mode, const std::string& vjp_name) {
  const std::string message = "[" + vjp_name + "::vjp] no gradient wrt scales in " +
                              mode_name(mode) + " quantization.";
  const std::string jvp_message = "[" + vjp_name + "::jvp] No JVP wrt the quantized matrix yet.";
  auto identity = [](const std::vector<array>& in) { return in; };
  auto vjp_rule = [message](const std::vector<array>&, const std::vector<array>&,
                            const std::vector<array>&) -> std::vector<array> {
    throw std::invalid_argument(message);
  };
  auto jvp_rule = [jvp_message](const std::vector<array>&, const std::vector<array>&,
                                const std::vector<int>&) -> std::vector<array> {
    throw std::runtime_error(jvp_message);
  };
  auto vmap_rule = [](const std::vector<array>& in, const std::vector<int>& axes) {
    return std::make_pair(in, axes);
  };
  return custom_function(identity, vjp_rule, jvp_rule, vmap_rule)({scale_values})[0];
}

// Shared checks and dequantization; op names the public op in messages.
// global_scale (nvfp4) is already shaped to broadcast against the scales
// with a trailing group axis. vjp_name, when given, makes fp scales refuse
// gradients under that primitive's name.
array dequantize_impl(const array& w, const array& scales, const std::optional<array>& biases,
                      const Params& p, const std::optional<array>& global_scale,
                      std::optional<Dtype> dtype, const char* op, Stream s,
                      const char* vjp_name = nullptr) {
  if (w.dtype() != uint32) {
    throw std::invalid_argument(prefix(op) + "The matrix should be given as a uint32.");
  }
  if (w.ndim() < 2) {
    throw std::invalid_argument(prefix(op) + "The matrix to be dequantized must have at least 2 "
                                "dimension but it has only " + std::to_string(w.ndim()) + ".");
  }
  if (p.mode == Mode::affine && !biases) {
    throw std::invalid_argument(prefix(op) + "Biases must be provided for affine quantization.");
  }
  if (p.mode != Mode::affine && biases) {
    throw std::invalid_argument(prefix(op) + "Biases must be null for quantization mode '" +
                                mode_name(p.mode) + "'.");
  }
  if (dtype && !is_floating_point(*dtype)) {
    throw std::invalid_argument(prefix(op) + "Only real floating types are supported but "
                                "output dtype == " + dtype_name(*dtype) + ".");
  }
  const int64_t length = int64_t(w.shape(-1)) * 32 / p.bits;
  Shape full = w.shape();
  full.back() = static_cast<int>(length);
  Shape side = side_shape(full, p.group_size);
  const bool shapes_ok = (int64_t(w.shape(-1)) * 32) % p.bits == 0 &&
                         length % p.group_size == 0 && scales.shape() == side &&
                         (!biases || biases->shape() == side);
  if (!shapes_ok && std::string(op) != "dequantize") {
    // The matmul ops' wording, as MLX's.
    std::ostringstream msg;
    msg << prefix(op) << "The shapes of the weight and scales are incompatible based on bits "
        << "and group_size. w.shape() == " << shape_str(w.shape()) << " and scales.shape() == "
        << shape_str(scales.shape()) << " with group_size=" << p.group_size
        << " and bits=" << p.bits;
    throw std::invalid_argument(msg.str());
  }
  if (!shapes_ok) {
    std::ostringstream msg;
    msg << prefix(op) << "Shape of scales and biases does not match the matrix given the "
        << "quantization parameters. Provided matrix of shape " << shape_str(w.shape())
        << " and scales" << (biases ? "/biases" : "") << " of shape "
        << shape_str(scales.shape());
    if (biases) msg << "/" << shape_str(biases->shape());
    msg << " with group_size=" << p.group_size << " and bits=" << p.bits << ".";
    throw std::invalid_argument(msg.str());
  }
  // The packed integers carry no gradient; affine scales and biases do.
  array q = detail::unpack_bits(stop_gradient(w, s), p.bits, s);
  Shape grouped = grouped_shape(full, p.group_size);
  if (p.mode == Mode::affine) {
    if (!is_floating_point(scales.dtype())) {
      throw std::invalid_argument(prefix(op) + "Scales must be a floating point array.");
    }
    Dtype t = scales.dtype();
    array qg = reshape(astype(q, t, s), grouped, s);
    array out = add(multiply(qg, expand_dims(scales, -1, s), s),
                    expand_dims(*biases, -1, s), s);
    out = reshape(out, full, s);
    return dtype && *dtype != out.dtype() ? astype(out, *dtype, s) : out;
  }
  if (scales.dtype() != uint8) {
    throw std::invalid_argument(prefix(op) + "Scale type must be uint8 but received type " +
                                dtype_name(scales.dtype()) + ".");
  }
  std::vector<float> table = element_table(p.mode);
  const int codes = static_cast<int>(table.size());
  array values = reshape(take(array(table.begin(), {codes}, float32), q, s), grouped, s);
  // Every product below is exact in float32 except the global-scale ones,
  // which MLX also rounds in float32.
  array scale = p.mode == Mode::nvfp4
                    ? from_fp8(scales, float32, s)
                    : power(array(2.0f), subtract(astype(scales, float32, s), array(127.0f), s), s);
  if (vjp_name) scale = without_scale_gradient(scale, p.mode, vjp_name);
  scale = expand_dims(scale, -1, s);
  if (global_scale) scale = multiply(scale, divide(*global_scale, array(kNvRange), s), s);
  array out = reshape(multiply(values, scale, s), full, s);
  return astype(out, dtype.value_or(bfloat16), s);
}

// Promotes x with the scales (affine) and returns it with the dequantized
// weight laid out for x @ w_d: (..., K, N).
std::pair<array, array> quantized_operands(const array& x, const array& w, const array& scales,
                                           const std::optional<array>& biases, bool transpose,
                                           std::optional<int> group_size,
                                           std::optional<int> bits, const std::string& mode,
                                           const std::optional<array>& global_scale,
                                           const char* op, const char* vjp_name, Stream s) {
  Params p = resolve(mode, group_size, bits, op);
  Dtype t = p.mode == Mode::affine ? promote_types(x.dtype(), scales.dtype()) : x.dtype();
  if (!is_floating_point(t)) {
    if (p.mode != Mode::affine) {
      throw std::invalid_argument(prefix(op) + "Only real floating types are supported but "
                                  "x.dtype() == " + dtype_name(x.dtype()) + ".");
    }
    throw std::invalid_argument(prefix(op) + "Only real floating point types are supported but " +
                                dtype_name(x.dtype()) + " and " + dtype_name(scales.dtype()) +
                                " were provided.");
  }
  array wd = dequantize_impl(w, scales, biases, p, global_scale, t, op, s, vjp_name);
  if (transpose) wd = swapaxes(wd, -1, -2, s);
  if (x.ndim() < 1 || x.shape(-1) != wd.shape(-2)) {
    std::ostringstream msg;
    msg << prefix(op) << "Last dimension of first input with shape (..., "
        << (x.ndim() ? x.shape(-1) : 0) << ") does not match the expanded quantized matrix ("
        << wd.shape(-2) << ", " << wd.shape(-1) << ") computed from shape "
        << shape_str(w.shape()) << " with group_size=" << p.group_size << ", bits=" << p.bits
        << " and transpose=" << (transpose ? "true" : "false");
    throw std::invalid_argument(msg.str());
  }
  return {astype(x, t, s), wd};
}

} // namespace

namespace detail {

std::vector<array> quantize_as(const char* op, const array& w, std::optional<int> group_size,
                               std::optional<int> bits, const std::string& mode,
                               const std::optional<array>& global_scale, Stream s) {
  Params p = resolve(mode, group_size, bits, op);
  if (!is_floating_point(w.dtype())) {
    throw std::invalid_argument(prefix(op) + "Only real floating types can be quantized but w "
                                "has type " + dtype_name(w.dtype()) + ".");
  }
  if (w.ndim() < 2) {
    throw std::invalid_argument(prefix(op) + "The matrix to be quantized must have at least 2 "
                                "dimension but it has only " + std::to_string(w.ndim()) + ".");
  }
  if (w.shape(-1) % p.group_size != 0) {
    std::ostringstream msg;
    msg << prefix(op) << "The last dimension of the matrix needs to be divisible by the "
        << "quantization group size " << p.group_size << ". However the provided matrix has "
        << "shape " << shape_str(w.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
  check_scalar_global_scale(global_scale, p.mode, op);
  if (p.mode == Mode::affine) return quantize_affine(w, p, s);
  return p.mode == Mode::nvfp4 ? quantize_nv(w, global_scale, s) : quantize_mx(w, p, s);
}

array dequantize_as(const char* op, const array& w, const array& scales,
                    const std::optional<array>& biases, std::optional<int> group_size,
                    std::optional<int> bits, const std::string& mode,
                    const std::optional<array>& global_scale, std::optional<Dtype> dtype,
                    Stream s) {
  Params p = resolve(mode, group_size, bits, op);
  check_scalar_global_scale(global_scale, p.mode, op);
  std::optional<array> gs;
  if (global_scale) gs = reshape(*global_scale, {}, s);
  return dequantize_impl(w, scales, biases, p, gs, dtype, op, s);
}

} // namespace detail

std::vector<array> quantize(const array& w, std::optional<int> group_size,
                            std::optional<int> bits, const std::string& mode,
                            const std::optional<array>& global_scale, StreamOrDevice s) {
  return detail::quantize_as("quantize", w, group_size, bits, mode, global_scale, to_stream(s));
}

array dequantize(const array& w, const array& scales, const std::optional<array>& biases,
                 std::optional<int> group_size, std::optional<int> bits, const std::string& mode,
                 const std::optional<array>& global_scale, std::optional<Dtype> dtype,
                 StreamOrDevice s) {
  return detail::dequantize_as("dequantize", w, scales, biases, group_size, bits, mode,
                               global_scale, dtype, to_stream(s));
}

array detail::quantized_matmul_composed(const array& x, const array& w, const array& scales,
                                        const std::optional<array>& biases, bool transpose,
                                        std::optional<int> group_size, std::optional<int> bits,
                                        const std::string& mode, Stream s) {
  auto [xt, wd] = quantized_operands(x, w, scales, biases, transpose, group_size, bits, mode,
                                     std::nullopt, "quantized_matmul", "QuantizedMatmul", s);
  return matmul(xt, wd, s);
}

array quantized_matmul(const array& x, const array& w, const array& scales,
                       const std::optional<array>& biases, bool transpose,
                       std::optional<int> group_size, std::optional<int> bits,
                       const std::string& mode, StreamOrDevice sd) {
  auto s = to_stream(sd);
  // Linear layers' layout (affine, transposed) runs on QuantizedMatmul's
  // kernel, which unpacks w as it multiplies; the rest as dequantize + matmul.
  if (transpose && mode == "affine" && biases) {
    const int gs = group_size.value_or(64), nb = bits.value_or(4);
    if (quantized_matmul_fits(x, w, scales, *biases, gs, nb)) {
      Shape shape = x.shape();
      shape.back() = w.shape(0);
      Dtype t = promote_types(x.dtype(), scales.dtype());
      return array(shape, t, std::make_shared<QuantizedMatmul>(s, gs, nb),
                   {x, w, scales, *biases});
    }
  }
  return detail::quantized_matmul_composed(x, w, scales, biases, transpose, group_size, bits,
                                           mode, s);
}

array gather_qmm(const array& x, const array& w, const array& scales,
                 const std::optional<array>& biases, std::optional<array> lhs_indices,
                 std::optional<array> rhs_indices, bool transpose,
                 std::optional<int> group_size, std::optional<int> bits,
                 const std::string& mode, const std::optional<array>& global_scale,
                 bool sorted_indices, StreamOrDevice sd) {
  auto s = to_stream(sd);
  if (x.ndim() < 2) {
    throw std::invalid_argument("[gather_qmm] Input must have at least two dimensions but got "
                                "input with shape " + shape_str(x.shape()) + ".");
  }
  for (const auto* idx : {&lhs_indices, &rhs_indices}) {
    if (*idx && !is_integral((*idx)->dtype())) {
      throw std::invalid_argument(
          "[gather_qmm] Got indices with invalid dtype. Indices must be integral.");
    }
  }
  // One global scale per matrix of w, broadcast over its rows and groups.
  std::optional<array> gs;
  if (global_scale) {
    check_global_scale(global_scale, resolve(mode, group_size, bits, "gather_qmm").mode,
                       "gather_qmm");
    Shape batch(w.shape().begin(), w.shape().end() - std::min<int>(2, w.ndim()));
    if (global_scale->shape() != batch && !(global_scale->size() == 1 && batch.empty())) {
      throw std::invalid_argument("[gather_qmm] Global scale must have one entry per expert "
                                  "with shape " + shape_str(batch) + " but got " +
                                  shape_str(global_scale->shape()) + ".");
    }
    Shape broadcastable = batch;
    broadcastable.insert(broadcastable.end(), {1, 1, 1});
    gs = reshape(*global_scale, broadcastable, s);
  }
  auto [xt, wd] = quantized_operands(x, w, scales, biases, transpose, group_size, bits, mode, gs,
                                     "gather_qmm", "GatherQMM", s);
  // Unlike gather_mm, missing indices never fall back to a broadcasting
  // matmul: they enumerate the operand's batch.
  if (!lhs_indices && !rhs_indices) {
    int64_t count = 1;
    for (int i = 0; i + 2 < xt.ndim(); ++i) count *= xt.shape(i);
    lhs_indices = reshape(arange(0.0, double(count), 1.0, uint32, s),
                          Shape(xt.shape().begin(), xt.shape().end() - 2), s);
  }
  return gather_mm(xt, wd, std::move(lhs_indices), std::move(rhs_indices), sorted_indices, s);
}

// The fixed-signature affine forms declared in ops.h.
std::tuple<array, array, array> quantize(const array& w, int group_size, int bits,
                                         StreamOrDevice s) {
  auto r = quantize(w, std::optional<int>(group_size), std::optional<int>(bits), "affine",
                    std::nullopt, s);
  return {r[0], r[1], r[2]};
}

array dequantize(const array& w, const array& scales, const array& biases, int group_size,
                 int bits, StreamOrDevice s) {
  return dequantize(w, scales, std::optional<array>(biases), std::optional<int>(group_size),
                    std::optional<int>(bits), "affine", std::nullopt, std::nullopt, s);
}

array quantized_matmul(const array& x, const array& w, const array& scales, const array& biases,
                       bool transpose, int group_size, int bits, StreamOrDevice s) {
  return quantized_matmul(x, w, scales, std::optional<array>(biases), transpose,
                          std::optional<int>(group_size), std::optional<int>(bits), "affine", s);
}

} // namespace mxcore
