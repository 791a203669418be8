// NumPy's symmetric window functions (hanning, hamming, bartlett, blackman).
#include <cmath>
#include <functional>

#include "mxcore/ops_extra.h"
#include "ops/util.h"

namespace mxcore {

namespace {

constexpr double kPi = 3.141592653589793;

// n runs from 1-M to M-1 in steps of 2 (angles pi*n/(M-1)), in float64 so
// both ends agree exactly; `shape(n, M - 1)` gives the window, then float32.
array window(int M, StreamOrDevice s,
             const std::function<array(const array&, double, const Stream&)>& shape) {
  auto stream = to_stream(s);
  if (M < 1) return zeros({0}, float32, stream);
  if (M == 1) return ones({1}, float32, stream);
  array n = arange(1.0 - M, static_cast<double>(M), 2.0, float64, stream);
  return astype(shape(n, M - 1.0, stream), float32, stream);
}

array scalar(double v) { return array(v, float64); }

// cos(k pi n / d)
array cos_term(const array& n, double d, double k, const Stream& s) {
  return cos(multiply(n, scalar(k * kPi / d), s), s);
}

} // namespace

array hanning(int M, StreamOrDevice s) {
  return window(M, s, [](const array& n, double d, const Stream& st) {
    return add(scalar(0.5), multiply(scalar(0.5), cos_term(n, d, 1, st), st), st);
  });
}

array hamming(int M, StreamOrDevice s) {
  return window(M, s, [](const array& n, double d, const Stream& st) {
    return add(scalar(0.54), multiply(scalar(0.46), cos_term(n, d, 1, st), st), st);
  });
}

array bartlett(int M, StreamOrDevice s) {
  return window(M, s, [](const array& n, double d, const Stream& st) {
    return subtract(scalar(1.0), abs(divide(n, scalar(d), st), st), st);
  });
}

array blackman(int M, StreamOrDevice s) {
  return window(M, s, [](const array& n, double d, const Stream& st) {
    array w = add(scalar(0.42), multiply(scalar(0.5), cos_term(n, d, 1, st), st), st);
    return add(w, multiply(scalar(0.08), cos_term(n, d, 2, st), st), st);
  });
}

} // namespace mxcore
