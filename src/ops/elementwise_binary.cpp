// Binary and ternary elementwise ops: MLX's dtype rules and graph construction.
#include "ops/elementwise_util.h"
#include "primitives/elementwise.h"

namespace mxcore {

namespace {

// Ordering ops (floor_divide, remainder, maximum, ...) need real numbers.
Dtype real_result_type(const array& a, const array& b, const char* op) {
  auto t = result_type(a, b);
  check_not_complex(t, op);
  return t;
}

template <typename Prim>
array compare(const array& a, const array& b, StreamOrDevice s) {
  // Complex operands are allowed: MLX orders them lexicographically.
  auto t = result_type(a, b);
  return make_binary<Prim>(a, b, t, bool_, s);
}

array bitwise(const array& a, const array& b, BitwiseBinary::Op op, const char* name,
              StreamOrDevice s) {
  auto t = result_type(a, b);
  if (!(is_integral(t) || t == bool_)) {
    // MLX raises a RuntimeError here.
    throw std::runtime_error(std::string("[") + name +
                             "] Only allowed on integer or boolean types but got types " +
                             dtype_name(a.dtype()) + " and " + dtype_name(b.dtype()) + ".");
  }
  bool shift = op == BitwiseBinary::LeftShift || op == BitwiseBinary::RightShift;
  if (shift && t == bool_) t = uint8;
  return make_binary<BitwiseBinary>(a, b, t, t, s, op);
}

} // namespace

array add(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Add>(a, b, t, t, s);
}
array subtract(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Subtract>(a, b, t, t, s);
}
array multiply(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Multiply>(a, b, t, t, s);
}
array divide(const array& a, const array& b, StreamOrDevice s) {
  auto t = at_least_float(result_type(a, b));
  return make_binary<Divide>(a, b, t, t, s);
}

array floor_divide(const array& a, const array& b, StreamOrDevice s) {
  auto t = real_result_type(a, b, "floor_divide");
  // On bools MLX's integer kernels give a // b == a && b (x // False is 0).
  if (t == bool_) return logical_and(a, b, s);
  if (is_floating_point(t)) return floor(divide(a, b, s), s);
  // Divide on integers rounds toward -inf.
  return make_binary<Divide>(a, b, t, t, s);
}

array remainder(const array& a, const array& b, StreamOrDevice s) {
  auto t = real_result_type(a, b, "remainder");
  // On bools MLX gives a % b == a && !b (x % False is x).
  if (t == bool_) return logical_and(a, logical_not(b, s), s);
  return make_binary<Remainder>(a, b, t, t, s);
}

std::vector<array> divmod(const array& a, const array& b, StreamOrDevice s) {
  auto t = real_result_type(a, b, "divmod");
  // On bools MLX gives the bool floor_divide and remainder.
  if (t == bool_) return {floor_divide(a, b, s), remainder(a, b, s)};
  auto stream = to_stream(s);
  auto inputs = broadcast_arrays({astype(a, t, stream), astype(b, t, stream)}, stream);
  auto shape = inputs[0].shape();
  return array::make_arrays({shape, shape}, {t, t}, std::make_shared<DivMod>(stream),
                            inputs);
}

array power(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  // On bools MLX gives a ** b == a || !b (x ** False is 1).
  if (t == bool_) return logical_or(a, logical_not(b, s), s);
  return make_binary<Power>(a, b, t, t, s);
}

array maximum(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Maximum>(a, b, t, t, s);
}
array minimum(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Minimum>(a, b, t, t, s);
}

array logaddexp(const array& a, const array& b, StreamOrDevice s) {
  auto t = at_least_float(result_type(a, b));
  return make_binary<LogAddExp>(a, b, t, t, s);
}
array arctan2(const array& a, const array& b, StreamOrDevice s) {
  auto t = at_least_float(real_result_type(a, b, "arctan2"));
  return make_binary<ArcTan2>(a, b, t, t, s);
}

array equal(const array& a, const array& b, StreamOrDevice s) {
  return compare<Equal>(a, b, s);
}
array not_equal(const array& a, const array& b, StreamOrDevice s) {
  return compare<NotEqual>(a, b, s);
}
array less(const array& a, const array& b, StreamOrDevice s) {
  return compare<Less>(a, b, s);
}
array less_equal(const array& a, const array& b, StreamOrDevice s) {
  return compare<LessEqual>(a, b, s);
}
array greater(const array& a, const array& b, StreamOrDevice s) {
  return compare<Greater>(a, b, s);
}
array greater_equal(const array& a, const array& b, StreamOrDevice s) {
  return compare<GreaterEqual>(a, b, s);
}

array logical_and(const array& a, const array& b, StreamOrDevice s) {
  return make_binary<LogicalAnd>(a, b, bool_, bool_, s);
}
array logical_or(const array& a, const array& b, StreamOrDevice s) {
  return make_binary<LogicalOr>(a, b, bool_, bool_, s);
}

array bitwise_and(const array& a, const array& b, StreamOrDevice s) {
  return bitwise(a, b, BitwiseBinary::And, "bitwise_and", s);
}
array bitwise_or(const array& a, const array& b, StreamOrDevice s) {
  return bitwise(a, b, BitwiseBinary::Or, "bitwise_or", s);
}
array bitwise_xor(const array& a, const array& b, StreamOrDevice s) {
  return bitwise(a, b, BitwiseBinary::Xor, "bitwise_xor", s);
}
array left_shift(const array& a, const array& b, StreamOrDevice s) {
  return bitwise(a, b, BitwiseBinary::LeftShift, "left_shift", s);
}
array right_shift(const array& a, const array& b, StreamOrDevice s) {
  return bitwise(a, b, BitwiseBinary::RightShift, "right_shift", s);
}

array where(const array& condition, const array& x, const array& y, StreamOrDevice s) {
  auto stream = to_stream(s);
  auto t = result_type(x, y);
  auto inputs = broadcast_arrays(
      {astype(condition, bool_, stream), astype(x, t, stream), astype(y, t, stream)},
      stream);
  auto shape = inputs[0].shape();
  return array(shape, t, std::make_shared<Select>(stream), std::move(inputs));
}

array operator+(const array& a, const array& b) { return add(a, b); }
array operator-(const array& a, const array& b) { return subtract(a, b); }
array operator*(const array& a, const array& b) { return multiply(a, b); }
array operator/(const array& a, const array& b) { return divide(a, b); }
array operator%(const array& a, const array& b) { return remainder(a, b); }
array operator<(const array& a, const array& b) { return less(a, b); }
array operator<=(const array& a, const array& b) { return less_equal(a, b); }
array operator>(const array& a, const array& b) { return greater(a, b); }
array operator>=(const array& a, const array& b) { return greater_equal(a, b); }
array operator&&(const array& a, const array& b) { return logical_and(a, b); }
array operator||(const array& a, const array& b) { return logical_or(a, b); }
array operator&(const array& a, const array& b) { return bitwise_and(a, b); }
array operator|(const array& a, const array& b) { return bitwise_or(a, b); }
array operator^(const array& a, const array& b) { return bitwise_xor(a, b); }
array operator<<(const array& a, const array& b) { return left_shift(a, b); }
array operator>>(const array& a, const array& b) { return right_shift(a, b); }

} // namespace mxcore
