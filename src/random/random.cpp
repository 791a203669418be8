// Random distributions built from RandomBits and elementwise ops, as in MLX.
#include "mxcore/random.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>

#include "ops/util.h"
#include "primitives/random_bits.h"
#include "primitives/sort.h"

namespace mxcore::random {

namespace {

struct KeySequence {
  std::mutex mtx;
  array key_state;
  KeySequence()
      : key_state(key(static_cast<uint64_t>(
            std::chrono::system_clock::now().time_since_epoch().count()))) {}
};

KeySequence& sequence() {
  static KeySequence* ks = new KeySequence();
  return *ks;
}

array next_key() {
  auto& ks = sequence();
  std::lock_guard lock(ks.mtx);
  auto [a, b] = random::split(ks.key_state);
  ks.key_state = a;
  return b;
}

array resolve_key(const std::optional<array>& k) {
  if (!k) return next_key();
  if (k->dtype() != uint32 || k->ndim() < 1 || k->shape(-1) != 2) {
    throw std::invalid_argument(
        "[random] Invalid key: expected a uint32 array with last dimension 2.");
  }
  return *k;
}

void check_float(Dtype dtype, const char* op) {
  if (!is_floating_point(dtype)) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Can only generate random values of real floating point type.");
  }
}

// The largest value of dtype strictly below 1.
double below_one(Dtype dtype) {
  if (dtype == float16) return 1.0 - 0.00048828125;
  if (dtype == bfloat16) return 1.0 - 0.00390625;
  if (dtype == float64) return std::nextafter(1.0, 0.0);
  return std::nextafter(1.0f, 0.0f);
}

} // namespace

array key(uint64_t seed) {
  uint32_t k0 = static_cast<uint32_t>(seed >> 32);
  uint32_t k1 = static_cast<uint32_t>(seed);
  return array({k0, k1}, uint32);
}

void seed(uint64_t s) {
  auto& ks = sequence();
  std::lock_guard lock(ks.mtx);
  ks.key_state = key(s);
}

array global_key() {
  auto& ks = sequence();
  std::lock_guard lock(ks.mtx);
  return ks.key_state;
}

void set_global_key(array k) {
  auto& ks = sequence();
  std::lock_guard lock(ks.mtx);
  ks.key_state = std::move(k);
}

array bits(const Shape& shape, int width, const std::optional<array>& key_opt,
           StreamOrDevice s) {
  if (width != 1 && width != 2 && width != 4) {
    throw std::invalid_argument("[bits] Bit width must be in {1, 2, 4} but got " +
                                std::to_string(width) + ".");
  }
  array k = resolve_key(key_opt);
  Dtype dtype = width == 1 ? uint8 : width == 2 ? uint16 : uint32;
  return array(shape, dtype, std::make_shared<RandomBits>(to_stream(s), shape, width), {k});
}

array split(const array& k, int num, StreamOrDevice s) {
  return bits({num, 2}, 4, k, s);
}

std::pair<array, array> split(const array& k, StreamOrDevice s) {
  auto keys = random::split(k, 2, s);
  return {reshape(slice(keys, {0, 0}, {1, 2}, s), {2}, s),
          reshape(slice(keys, {1, 0}, {2, 2}, s), {2}, s)};
}

array uniform(const array& low, const array& high, const Shape& shape, Dtype dtype,
              const std::optional<array>& key_opt, StreamOrDevice s) {
  check_float(dtype, "uniform");
  auto stream = to_stream(s);
  auto lo = astype(low, dtype, stream);
  auto range = subtract(astype(high, dtype, stream), lo, stream);
  auto out_shape = broadcast_shapes(shape, range.shape());
  if (out_shape != shape) {
    throw std::invalid_argument("[uniform] Cannot generate random values of shape " +
                                shape_str(shape) + " from broadcasted shape " +
                                shape_str(out_shape) + ".");
  }
  // MLX's mapping, so a key gives MLX's sample: 32 random bits over
  // 2^32 - 1 in float32, capped just below one in dtype.
  auto raw = bits(shape, 4, key_opt, stream);
  auto u = astype(divide(astype(raw, float32, stream),
                         array(static_cast<float>(std::numeric_limits<uint32_t>::max())), stream),
                  dtype, stream);
  u = minimum(u, array(below_one(dtype), dtype), stream);
  auto scaled = add(multiply(range, u, stream), lo, stream);
  // Rounding to narrower dtypes may reach `high`: keep the interval half-open.
  auto top = subtract(astype(high, dtype, stream),
                      multiply(range, array(1.0 - below_one(dtype), dtype), stream), stream);
  return minimum(scaled, maximum(top, lo, stream), stream);
}

array uniform(const Shape& shape, Dtype dtype, const std::optional<array>& key,
              StreamOrDevice s) {
  return uniform(array(0.0f, dtype), array(1.0f, dtype), shape, dtype, key, s);
}

array normal(const Shape& shape, Dtype dtype, const array& loc, const array& scale,
             const std::optional<array>& key, StreamOrDevice s) {
  auto stream = to_stream(s);
  if (dtype == complex64) {
    // MLX: real and imaginary parts are pairs of erfinv(u), u uniform in
    // (-1, 1) of shape + [2]: normal samples of variance 1/2, so E|z|^2 = 1.
    Shape pair_shape = shape;
    pair_shape.push_back(2);
    auto u = uniform(array(std::nextafter(-1.0f, 0.0f)), array(1.0f), pair_shape, float32, key,
                     stream);
    auto pairs = erfinv(u, stream);
    auto z = reshape(view(pairs, complex64, stream), shape, stream);
    return add(multiply(z, astype(scale, complex64, stream), stream),
               astype(loc, complex64, stream), stream);
  }
  check_float(dtype, "normal");
  // Inverse-CDF sampling as MLX: u uniform in (-1, 1) drawn in float32, then
  // (sqrt(2) * scale) * erfinv(u) + loc in dtype.
  auto lo = array(std::nextafter(-1.0f, 0.0f));
  auto u = astype(uniform(lo, array(1.0f), shape, float32, key, stream), dtype, stream);
  auto factor = multiply(array(std::sqrt(2.0), dtype), astype(scale, dtype, stream), stream);
  return add(astype(loc, dtype, stream), multiply(factor, erfinv(u, stream), stream), stream);
}

array randint(const array& low, const array& high, const Shape& shape, Dtype dtype,
              const std::optional<array>& key, StreamOrDevice s) {
  if (!is_integral(dtype)) {
    throw std::invalid_argument("[randint] randint only accepts integer dtypes and bool.");
  }
  auto stream = to_stream(s);
  auto lo = astype(low, float32, stream);
  auto hi = astype(high, float32, stream);
  auto u = uniform(lo, hi, shape, float32, key, stream);
  return astype(maximum(floor(u, stream), lo, stream), dtype, stream);
}

array bernoulli(const array& p, const std::optional<Shape>& shape,
                const std::optional<array>& key, StreamOrDevice s) {
  auto stream = to_stream(s);
  Shape out_shape = shape.value_or(p.shape());
  if (shape && broadcast_shapes(p.shape(), *shape) != *shape) {
    throw std::invalid_argument("[bernoulli] Shape of p " + shape_str(p.shape()) +
                                " must broadcast to the requested shape " +
                                shape_str(*shape) + ".");
  }
  Dtype t = is_floating_point(p.dtype()) ? p.dtype() : float32;
  return less(uniform(out_shape, t, key, stream), astype(p, t, stream), stream);
}

array truncated_normal(const array& lower, const array& upper,
                       const std::optional<Shape>& shape_opt, Dtype dtype,
                       const std::optional<array>& key, StreamOrDevice s) {
  check_float(dtype, "truncated_normal");
  auto stream = to_stream(s);
  auto sqrt2 = array(std::sqrt(2.0f));
  auto lo = astype(lower, float32, stream);
  auto hi = astype(upper, float32, stream);
  Shape shape = shape_opt.value_or(broadcast_shapes(lo.shape(), hi.shape()));
  auto a = erf(divide(lo, sqrt2, stream), stream);
  auto b = erf(divide(hi, sqrt2, stream), stream);
  auto u = uniform(a, b, shape, float32, key, stream);
  auto out = multiply(erfinv(u, stream), sqrt2, stream);
  out = maximum(minimum(out, hi, stream), lo, stream);
  return astype(out, dtype, stream);
}

array gumbel(const Shape& shape, Dtype dtype, const std::optional<array>& key,
             StreamOrDevice s) {
  auto stream = to_stream(s);
  auto tiny = array(std::numeric_limits<float>::min());
  auto u = uniform(tiny, array(1.0f), shape, float32, key, stream);
  return astype(negative(log(negative(log(u, stream), stream), stream), stream), dtype,
                stream);
}

namespace {

// One distribution drawn many times: MLX inverts the CDF with one uniform per
// sample (exp(l - max) cumulated and normalized in float32).
array categorical_inverse_cdf(const array& logits_1d, const Shape& shape,
                              const std::optional<array>& key, const Stream& stream) {
  auto lg = astype(logits_1d, float32, stream);
  auto e = exp(subtract(lg, max(lg, false, stream), stream), stream);
  auto cdf = divide(cumsum(e, 0, false, true, stream), sum(e, false, stream), stream);
  auto u = expand_dims(uniform(shape, float32, key, stream), -1, stream);
  return astype(sum(less(cdf, u, stream), -1, false, stream), uint32, stream);
}

// Gumbel-max in MLX's layout: the class axis of the noise sits at `offset`,
// where it lines up with `axis` of the logits when they broadcast.
array categorical_gumbel(const array& logits, int axis, const Shape& shape,
                         const std::optional<array>& key, const Stream& stream) {
  Shape noise_shape = shape;
  int offset = axis + static_cast<int>(shape.size()) - logits.ndim() + 1;
  noise_shape.insert(noise_shape.begin() + offset, logits.shape(axis));
  auto g = gumbel(noise_shape, float32, key, stream);
  return argmax(add(g, astype(logits, float32, stream), stream), offset, false, stream);
}

array categorical_impl(const array& logits, int axis, const Shape& shape,
                       const std::optional<array>& key, const Stream& stream) {
  if (logits.size() == 0) {
    throw std::invalid_argument("[categorical] Cannot sample from empty logits of shape " +
                                shape_str(logits.shape()) + ".");
  }
  bool one_distribution = logits.size() == static_cast<size_t>(logits.shape(axis));
  if (one_distribution && !shape.empty()) {
    return categorical_inverse_cdf(reshape(logits, {-1}, stream), shape, key, stream);
  }
  return categorical_gumbel(logits, axis, shape, key, stream);
}

} // namespace

array categorical(const array& logits, int axis, const std::optional<Shape>& shape,
                  const std::optional<int>& num_samples,
                  const std::optional<array>& key, StreamOrDevice s) {
  auto stream = to_stream(s);
  int ax = normalize_axis(axis, logits.ndim(), "categorical");
  if (shape && num_samples) {
    throw std::invalid_argument(
        "[categorical] At most one of shape or num_samples can be specified.");
  }
  Shape batch = logits.shape();
  batch.erase(batch.begin() + ax);
  if (num_samples) {
    // Samples go last; the logits gain a trailing axis to broadcast with them.
    batch.push_back(*num_samples);
    return categorical_impl(expand_dims(logits, -1, stream), ax, batch, key, stream);
  }
  if (shape) {
    if (broadcast_shapes(*shape, batch) != *shape) {
      throw std::invalid_argument("[categorical] Requested shape " + shape_str(*shape) +
                                  " is not broadcast compatible with the logits batch shape " +
                                  shape_str(batch) + ".");
    }
    return categorical_impl(logits, ax, *shape, key, stream);
  }
  return categorical_impl(logits, ax, batch, key, stream);
}

// Shuffles x along axis by the order of fresh random bits (as MLX).
array permutation(const array& x, int axis, const std::optional<array>& key,
                  StreamOrDevice s) {
  auto stream = to_stream(s);
  int ax = normalize_axis(axis, x.ndim(), "permutation");
  int n = x.shape(ax);
  array perm = argsort(bits({n}, 4, key, stream), 0, stream);
  Shape line(x.ndim(), 1);
  line[ax] = n;
  array idx = broadcast_to(reshape(perm, line, stream), x.shape(), stream);
  return gather_axis(x, idx, ax, stream, /*permutation=*/true);
}

array permutation(int n, const std::optional<array>& key, StreamOrDevice s) {
  return permutation(arange(0, n, 1, s), 0, key, s);
}

} // namespace mxcore::random
