// Elementwise ops: dtype rules and graph construction.
#include "ops/elementwise_util.h"
#include "primitives/elementwise.h"

namespace mxcore {

array astype(array a, Dtype dtype, StreamOrDevice s) {
  if (a.dtype() == dtype) return a;
  return array(a.shape(), dtype, std::make_shared<AsType>(to_stream(s), dtype), {a});
}

array copy(array a, StreamOrDevice s) {
  return array(a.shape(), a.dtype(), std::make_shared<Copy>(to_stream(s)), {a});
}

array stop_gradient(const array& a, StreamOrDevice s) {
  return array(a.shape(), a.dtype(), std::make_shared<StopGradient>(to_stream(s)), {a});
}

array exp(const array& a, StreamOrDevice s) {
  auto t = at_least_float(a.dtype());
  return make_unary<Exp>(a, t, t, s);
}

array negative(const array& a, StreamOrDevice s) {
  if (a.dtype() == bool_) {
    throw std::invalid_argument("[negative] The negative operator on a boolean array is not supported.");
  }
  return make_unary<Negative>(a, a.dtype(), a.dtype(), s);
}
array operator-(const array& a) { return negative(a); }

array add(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Add>(a, b, t, t, s);
}
array operator+(const array& a, const array& b) { return add(a, b); }

array multiply(const array& a, const array& b, StreamOrDevice s) {
  auto t = result_type(a, b);
  return make_binary<Multiply>(a, b, t, t, s);
}
array operator*(const array& a, const array& b) { return multiply(a, b); }

} // namespace mxcore
