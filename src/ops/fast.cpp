// mx.fast on the CPU: MLX's documented formulas written as compositions of
// ordinary ops (MLX's own fallback path), computed in float32 and cast back.
#include "mxcore/fast.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "ops/eager_fusion.h"
#include "ops/util.h"
#include "primitives/axis_index.h"
#include "primitives/number_of_elements.h"
#include "transforms_impl.h"

namespace mxcore::fast {

namespace {

void check_norm_param(const array& x, const array& p, const char* op, const char* what) {
  if (p.ndim() != 1) {
    std::ostringstream msg;
    msg << "[" << op << "] " << what << " must have 1 dimension but has " << p.ndim()
        << " dimensions.";
    throw std::invalid_argument(msg.str());
  }
  if (p.shape(0) != x.shape(-1)) {
    std::ostringstream msg;
    msg << "[" << op << "] " << what << " must have the same size as the last dimension of x "
        << "but has " << p.shape(0) << " elements while x has shape " << shape_str(x.shape())
        << ".";
    throw std::invalid_argument(msg.str());
  }
}

Dtype norm_out_type(const array& x, const std::optional<array>& w, const std::optional<array>& b,
                    const char* op) {
  if (x.ndim() == 0) {
    throw std::invalid_argument(std::string("[") + op + "] Input must have at least 1 dimension.");
  }
  Dtype t = x.dtype();
  if (w) t = promote_types(t, w->dtype());
  if (b) t = promote_types(t, b->dtype());
  if (!is_floating_point(t)) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Received unsupported type; expected a floating point type.");
  }
  return t;
}

// The mean over the last axis (of length dim), kept. Outside a user's
// shapeless trace it is the sum times the constant 1/dim, which is what
// mean() computes there too; dim is part of the fused form's key, so that
// form's own shapeless trace holds the constant and becomes one row kernel
// (mean()'s NumberOfElements would split it). Inside a user's shapeless
// trace the last axis may change at the call: mean() counts it.
array last_axis_mean(const array& a, int dim, bool in_user_shapeless_trace, StreamOrDevice s) {
  if (in_user_shapeless_trace) return mean(a, -1, true, s);
  return multiply(sum(a, -1, true, s), array(1.0 / double(dim), a.dtype()), s);
}

// eps as a cache key of the fused form.
uint64_t eps_bits(float eps) {
  uint32_t bits;
  std::memcpy(&bits, &eps, sizeof(bits));
  return bits;
}

} // namespace

array layer_norm(const array& x, const std::optional<array>& weight,
                 const std::optional<array>& bias, float eps, StreamOrDevice s) {
  Dtype out_t = norm_out_type(x, weight, bias, "layer_norm");
  if (weight) check_norm_param(x, *weight, "layer_norm", "weight");
  if (bias) check_norm_param(x, *bias, "layer_norm", "bias");
  Dtype ct = out_t == float64 ? float64 : float32;
  const int dim = x.shape(-1);
  const bool in_user_shapeless_trace = detail::in_dynamic_tracing();
  auto row_mean = [&](const array& a) { return last_axis_mean(a, dim, in_user_shapeless_trace, s); };
  auto composite = [&](const std::vector<array>& in) -> std::vector<array> {
    array xf = astype(in[0], ct, s);
    array mu = row_mean(xf);
    array centered = subtract(xf, mu, s);
    array variance = row_mean(square(centered, s));
    array out = multiply(centered, rsqrt(add(variance, array(eps, ct), s), s), s);
    size_t next = 1;
    if (weight) out = multiply(out, astype(in[next++], ct, s), s);
    if (bias) out = add(out, astype(in[next], ct, s), s);
    return {astype(out, out_t, s)};
  };
  static const char op_id = 0;
  std::vector<array> inputs{x};
  if (weight) inputs.push_back(*weight);
  if (bias) inputs.push_back(*bias);
  return detail::run_fused(
      &op_id, {eps_bits(eps), uint64_t(bool(weight)), uint64_t(bool(bias)), uint64_t(dim)}, inputs,
      s, composite)[0];
}

array rms_norm(const array& x, const std::optional<array>& weight, float eps, StreamOrDevice s) {
  Dtype out_t = norm_out_type(x, weight, std::nullopt, "rms_norm");
  if (weight) check_norm_param(x, *weight, "rms_norm", "weight");
  Dtype ct = out_t == float64 ? float64 : float32;
  const int dim = x.shape(-1);
  const bool in_user_shapeless_trace = detail::in_dynamic_tracing();
  auto composite = [&](const std::vector<array>& in) -> std::vector<array> {
    array xf = astype(in[0], ct, s);
    array ms = last_axis_mean(square(xf, s), dim, in_user_shapeless_trace, s);
    array out = multiply(xf, rsqrt(add(ms, array(eps, ct), s), s), s);
    if (weight) out = multiply(out, astype(in[1], ct, s), s);
    return {astype(out, out_t, s)};
  };
  static const char op_id = 0;
  std::vector<array> inputs{x};
  if (weight) inputs.push_back(*weight);
  return detail::run_fused(&op_id, {eps_bits(eps), uint64_t(bool(weight)), uint64_t(dim)}, inputs,
                           s, composite)[0];
}

array rope(const array& x, int dims, bool traditional, std::optional<float> base, float scale,
           int offset, const std::optional<array>& freqs, StreamOrDevice s) {
  return rope(x, dims, traditional, base, scale, array(offset, int32), freqs, s);
}

array rope(const array& x, int dims, bool traditional, std::optional<float> base, float scale,
           const array& offset, const std::optional<array>& freqs, StreamOrDevice s) {
  if (x.ndim() < 3) {
    throw std::invalid_argument("[rope] Input must have at least 3 dimensions but got shape " +
                                shape_str(x.shape()) + ".");
  }
  if (!is_floating_point(x.dtype())) {
    throw std::invalid_argument("[rope] Input must be a real floating point array.");
  }
  if (dims <= 0 || dims % 2 != 0 || dims > x.shape(-1)) {
    std::ostringstream msg;
    msg << "[rope] dims must be a positive even number no larger than the last dimension "
        << x.shape(-1) << " but got " << dims << ".";
    throw std::invalid_argument(msg.str());
  }
  if (base.has_value() == freqs.has_value()) {
    throw std::invalid_argument("[rope] Exactly one of base or freqs must be provided.");
  }
  if (offset.ndim() > 1 || (offset.ndim() == 1 && offset.size() != 1 &&
                            offset.shape(0) != x.shape(0))) {
    throw std::invalid_argument("[rope] offset must be a scalar or a vector of B = " +
                                std::to_string(x.shape(0)) + " offsets but got shape " +
                                shape_str(offset.shape()) + ".");
  }
  const int half = dims / 2;
  if (freqs && (freqs->ndim() != 1 || freqs->shape(0) != half)) {
    throw std::invalid_argument("[rope] freqs must be one dimensional with dims / 2 = " +
                                std::to_string(half) + " elements but got shape " +
                                shape_str(freqs->shape()) + ".");
  }
  const Dtype t = x.dtype();
  const Dtype ct = t == float64 ? float64 : float32;
  const int batch = x.shape(0);
  const int length = x.shape(-2);
  const int feat = x.shape(-1);
  const Shape x_shape = x.shape();
  // in = {x, offset[, freqs]}.
  auto composite = [=](const std::vector<array>& in) -> std::vector<array> {
    // theta[b, p, j] = (offset[b] + p) * scale * inv_freq[j], inv_freq[j] = base^(-j / half);
    // laid out (B or 1, 1, T, half) against the input as (B, rest, T, D).
    array first = reshape(in[1], {-1, 1, 1}, s);
    array positions = multiply(astype(add(first, arange(0, length, 1, s), s), ct, s),
                               array(double(scale), ct), s);
    array inv_freqs = in.size() > 2
        ? reciprocal(astype(in[2], ct, s), s)
        : exp(multiply(astype(arange(0, -half, -1, s), ct, s),
                       array(std::log(double(*base)) / half, ct), s), s);
    array theta = multiply(expand_dims(positions, -1, s), inv_freqs, s);
    array cosv = cos(theta, s);
    array sinv = sin(theta, s);

    array xs = astype(reshape(in[0], {batch, -1, length, feat}, s), ct, s);
    const int m = xs.shape(1);
    array x1 = traditional ? slice(xs, {0, 0, 0, 0}, {batch, m, length, dims}, {1, 1, 1, 2}, s)
                           : slice(xs, {0, 0, 0, 0}, {batch, m, length, half}, s);
    array x2 = traditional ? slice(xs, {0, 0, 0, 1}, {batch, m, length, dims}, {1, 1, 1, 2}, s)
                           : slice(xs, {0, 0, 0, half}, {batch, m, length, dims}, s);
    array r1 = subtract(multiply(x1, cosv, s), multiply(x2, sinv, s), s);
    array r2 = add(multiply(x1, sinv, s), multiply(x2, cosv, s), s);
    array rotated = traditional
        ? reshape(stack({r1, r2}, -1, s), {batch, m, length, dims}, s)
        : concatenate({r1, r2}, -1, s);
    if (dims < feat) {
      rotated = concatenate(
          {rotated, slice(xs, {0, 0, 0, dims}, {batch, m, length, feat}, s)}, -1, s);
    }
    return {reshape(astype(rotated, t, s), x_shape, s)};
  };
  // One fused call (a decoding step ropes q and k of every layer: two
  // dozen small ops each, one by one), traced per shape: the composite
  // slices and reshapes to x's.
  static const char op_id = 0;
  std::vector<uint64_t> key{uint64_t(dims), uint64_t(traditional), uint64_t(bool(freqs)),
                            eps_bits(base.value_or(0.0f)), eps_bits(scale)};
  std::vector<array> inputs{x, offset};
  if (freqs) inputs.push_back(*freqs);
  return detail::run_fused(&op_id, std::move(key), inputs, s, composite, /*shapeless=*/false)[0];
}

array scaled_dot_product_attention(const array& q, const array& k, const array& v, float scale,
                                   const std::string& mask_mode,
                                   const std::optional<array>& mask, StreamOrDevice s) {
  return scaled_dot_product_attention(q, k, v, scale, mask_mode, mask, std::nullopt, s);
}

array scaled_dot_product_attention(const array& q, const array& k, const array& v, float scale,
                                   const std::string& mask_mode,
                                   const std::optional<array>& mask,
                                   const std::optional<array>& sinks, StreamOrDevice s) {
  constexpr const char* op = "[scaled_dot_product_attention]";
  for (const array* a : {&q, &k, &v}) {
    if (a->ndim() != 4) {
      throw std::invalid_argument(std::string(op) + " queries, keys and values must be 4 "
                                  "dimensional (B, heads, L, D) but got shape " +
                                  shape_str(a->shape()) + ".");
    }
  }
  const int batch = q.shape(0), hq = q.shape(1), lq = q.shape(2), d = q.shape(3);
  const int hkv = k.shape(1), lk = k.shape(2), dv = v.shape(3);
  if (k.shape(0) != batch || v.shape(0) != batch || v.shape(1) != hkv || v.shape(2) != lk ||
      k.shape(3) != d) {
    throw std::invalid_argument(std::string(op) + " Incompatible shapes: queries " +
                                shape_str(q.shape()) + ", keys " + shape_str(k.shape()) +
                                ", values " + shape_str(v.shape()) + ".");
  }
  if (hkv == 0 || hq % hkv != 0) {
    std::ostringstream msg;
    msg << op << " The number of query heads (" << hq
        << ") must be a multiple of the number of key/value heads (" << hkv << ").";
    throw std::invalid_argument(msg.str());
  }
  if (!mask_mode.empty() && mask_mode != "causal") {
    throw std::invalid_argument(std::string(op) + " Invalid mask_mode '" + mask_mode +
                                "'; expected 'causal' or an array.");
  }
  Dtype out_t = promote_types(promote_types(q.dtype(), k.dtype()), v.dtype());
  if (!is_floating_point(out_t)) {
    throw std::invalid_argument(std::string(op) + " Inputs must be floating point arrays.");
  }
  // As MLX: an array mask (other than bool) and the sinks are added in the
  // output type, which they must not widen.
  if (mask && mask->dtype() != bool_ && promote_types(mask->dtype(), out_t) != out_t) {
    throw std::invalid_argument(std::string(op) + " Mask type must promote to output type " +
                                dtype_name(out_t) + ".");
  }
  if (sinks && promote_types(sinks->dtype(), out_t) != out_t) {
    throw std::invalid_argument(std::string(op) + " Type of sinks must promote to output type " +
                                dtype_name(out_t) + ".");
  }
  const int rep = hq / hkv;
  // Grouped-query attention: query heads (kv_head, rep) share one key/value
  // head. With one query head per key/value head the products stay 4-D (no
  // reshape to the traced sizes: a shapeless trace follows B and L).
  array qs = multiply(astype(q, out_t, s), array(double(scale), out_t), s);
  array ks = astype(k, out_t, s);
  array vs = astype(v, out_t, s);
  if (rep > 1) {
    qs = reshape(qs, {batch, hkv, rep, lq, d}, s);
    ks = expand_dims(ks, 2, s);
    vs = expand_dims(vs, 2, s);
  }
  array scores = matmul(qs, swapaxes(ks, -1, -2, s), s);
  if (rep > 1) scores = reshape(scores, {batch, hq, lq, lk}, s);
  // The heads' products, back to (B, hq, lq, dv).
  auto attend = [&](const array& probs) {
    if (rep == 1) return matmul(probs, vs, s);
    return reshape(matmul(reshape(probs, {batch, hkv, rep, lq, lk}, s), vs, s),
                   {batch, hq, lq, dv}, s);
  };
  // MLX masks with the dtype's lowest finite value, not -inf: a row with every
  // key masked then attends uniformly instead of producing NaN.
  array masked_score = array(finfo(scores.dtype()).min, scores.dtype());
  if (mask_mode == "causal") {
    // Queries align with the last lq keys: query i sees keys j <= i + (lk - lq).
    // Positions and lengths come from the arrays (constants unless a
    // shapeless trace runs), so a shapeless trace follows each call's lengths.
    array offset = subtract(number_of_elements(k, {2}, false, int32, s),
                            number_of_elements(q, {2}, false, int32, s), s);
    array qi = add(axis_index(scores, 2, s), offset, s);
    array kj = axis_index(scores, 3, s);
    array allowed = greater_equal(qi, kj, s);
    scores = where(allowed, scores, masked_score, s);
  } else if (mask) {
    Shape bshape;
    try {
      bshape = broadcast_shapes(mask->shape(), scores.shape());
    } catch (const std::exception&) {
      bshape = {};
    }
    if (bshape != scores.shape()) {
      throw std::invalid_argument(std::string(op) + " Mask with shape " +
                                  shape_str(mask->shape()) +
                                  " does not broadcast to the scores shape " +
                                  shape_str(scores.shape()) + ".");
    }
    if (mask->dtype() == bool_) {
      scores = where(*mask, scores, masked_score, s);
    } else {
      scores = add(scores, astype(*mask, scores.dtype(), s), s);
    }
  }
  if (sinks) {
    // One extra logit per query head joins the softmax's denominator and is
    // dropped afterwards (attention sinks).
    if (sinks->size() != static_cast<size_t>(hq)) {
      throw std::invalid_argument(std::string(op) + " sinks must have one value per query "
                                  "head, got shape " + shape_str(sinks->shape()) + ".");
    }
    array sink = reshape(astype(*sinks, scores.dtype(), s), {1, hq, 1, 1}, s);
    sink = broadcast_to(sink, {batch, hq, lq, 1}, s);
    array probs = softmax(concatenate({sink, scores}, -1, s), -1, /*precise=*/true, s);
    probs = slice(probs, {0, 0, 0, 1}, {batch, hq, lq, lk + 1}, s);
    return attend(probs);
  }
  return attend(softmax(scores, -1, /*precise=*/true, s));
}

} // namespace mxcore::fast
