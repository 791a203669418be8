// Numerical helpers built as compositions of existing ops (so grad, vmap and
// compile come for free): clip, isclose, allclose, array_equal, nan_to_num,
// softmax, degrees, radians.
#include <cfloat>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "ops/eager_fusion.h"
#include "ops/util.h"

namespace mxcore {

namespace {

// Largest finite value of a floating dtype (NumPy's finfo(dtype).max).
double finite_max(Dtype t) {
  if (t == float16) return 65504.0;
  if (t == bfloat16) return 3.3895313892515355e38;
  if (t == float32) return FLT_MAX;
  return DBL_MAX;
}

std::vector<int> all_axes_of(const array& a) {
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  return axes;
}

} // namespace

array clip(const array& a, const std::optional<array>& a_min, const std::optional<array>& a_max,
           StreamOrDevice s) {
  if (!a_min && !a_max) {
    throw std::invalid_argument("[clip] At most one of a_min and a_max may be None");
  }
  array out = a;
  if (a_min) out = maximum(out, *a_min, s);
  if (a_max) out = minimum(out, *a_max, s);
  return out;
}

array isclose(const array& a, const array& b, double rtol, double atol, bool equal_nan,
              StreamOrDevice s) {
  // Integers compare in floating point so that |a - b| cannot wrap around.
  Dtype t = at_least_float(result_type(a, b));
  array x = astype(a, t, s);
  array y = astype(b, t, s);
  Dtype real_t = is_complex(t) ? float32 : t;
  array rhs = add(array(atol, real_t), multiply(array(rtol, real_t), abs(y, s), s), s);
  array out = less_equal(abs(subtract(x, y, s), s), rhs, s);
  if (!is_complex(t)) {
    // inf - inf is nan (never close) and inf is never within tolerance of a
    // finite value; equal infinities are close.
    array any_inf = logical_or(isinf(x, s), isinf(y, s), s);
    array both_inf = logical_or(logical_and(isposinf(x, s), isposinf(y, s), s),
                                logical_and(isneginf(x, s), isneginf(y, s), s), s);
    out = logical_or(logical_and(out, logical_not(any_inf, s), s), both_inf, s);
  }
  if (equal_nan) {
    out = logical_or(out, logical_and(isnan(x, s), isnan(y, s), s), s);
  }
  return out;
}

array allclose(const array& a, const array& b, double rtol, double atol, bool equal_nan,
               StreamOrDevice s) {
  return all(isclose(a, b, rtol, atol, equal_nan, s), false, s);
}

array array_equal(const array& a, const array& b, bool equal_nan, StreamOrDevice s) {
  if (a.shape() != b.shape()) return array(false);
  array eq = equal(a, b, s);
  if (equal_nan && is_inexact(result_type(a, b))) {
    eq = logical_or(eq, logical_and(isnan(a, s), isnan(b, s), s), s);
  }
  return all(eq, false, s);
}

array nan_to_num(const array& a, float nan, std::optional<float> posinf,
                 std::optional<float> neginf, StreamOrDevice s) {
  Dtype t = a.dtype();
  if (!is_inexact(t)) return a;
  if (is_complex(t)) {
    throw std::invalid_argument("[nan_to_num] Complex inputs are not supported.");
  }
  double hi = posinf ? double(*posinf) : finite_max(t);
  double lo = neginf ? double(*neginf) : -finite_max(t);
  array out = where(isnan(a, s), array(double(nan), t), a, s);
  out = where(isposinf(a, s), array(hi, t), out, s);
  out = where(isneginf(a, s), array(lo, t), out, s);
  return out;
}

array softmax(const array& a, const std::vector<int>& axes, bool precise, StreamOrDevice s) {
  if (a.ndim() == 0 && !axes.empty()) {
    throw std::invalid_argument("[softmax] Received non-empty axes for array with 0 dimensions.");
  }
  if (a.size() == 0) return astype(a, at_least_float(a.dtype()), s);
  Dtype out_t = at_least_float(a.dtype());
  // Complex inputs work as in MLX: the shift is the lexicographic max.
  // precise: accumulate half-precision inputs in float32.
  Dtype compute_t = precise && out_t.size < 4 ? float32 : out_t;
  auto composite = [&](const std::vector<array>& in) -> std::vector<array> {
    array x = astype(in[0], compute_t, s);
    // Subtracting the (constant) max keeps exp in range without changing the value.
    array shifted = subtract(x, stop_gradient(max(x, axes, true, s), s), s);
    array e = exp(shifted, s);
    return {astype(divide(e, sum(e, axes, true, s), s), out_t, s)};
  };
  static const char op_id = 0;
  std::vector<uint64_t> settings{uint64_t(precise)};
  for (int ax : axes) settings.push_back(uint64_t(ax < 0 ? ax + a.ndim() : ax));
  return detail::run_fused(&op_id, std::move(settings), {a}, s, composite)[0];
}
array softmax(const array& a, int axis, bool precise, StreamOrDevice s) {
  return softmax(a, std::vector<int>{axis}, precise, s);
}
array softmax(const array& a, bool precise, StreamOrDevice s) {
  return softmax(a, all_axes_of(a), precise, s);
}

array degrees(const array& a, StreamOrDevice s) {
  Dtype t = at_least_float(a.dtype());
  return multiply(astype(a, t, s), array(180.0 / M_PI, t), s);
}

array radians(const array& a, StreamOrDevice s) {
  Dtype t = at_least_float(a.dtype());
  return multiply(astype(a, t, s), array(M_PI / 180.0, t), s);
}

} // namespace mxcore
