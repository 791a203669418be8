// linalg::norm: vector norms over one axis, matrix norms over two, as MLX
// (and NumPy) define them. Integer inputs give float32 results.
#include <cmath>
#include <limits>

#include "mxcore/linalg.h"
#include "ops/util.h"

namespace mxcore::linalg {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The norm's float result dtype (complex inputs give real norms).
Dtype norm_dtype(const array& a) {
  return a.dtype() == complex64 ? float32 : at_least_float(a.dtype());
}

array vector_norm(const array& a, double ord, const std::vector<int>& axes, bool keepdims,
                  Stream s) {
  Dtype t = norm_dtype(a);
  array mag = astype(abs(a, s), t, s);
  if (ord == 0.0) return astype(sum(not_equal(a, array(0), s), axes, keepdims, s), t, s);
  if (ord == 1.0) return sum(mag, axes, keepdims, s);
  if (ord == 2.0) return sqrt(sum(square(mag, s), axes, keepdims, s), s);
  if (ord == kInf) return max(mag, axes, keepdims, s);
  if (ord == -kInf) return min(mag, axes, keepdims, s);
  return power(sum(power(mag, array(ord, t), s), axes, keepdims, s), array(1.0 / ord, t), s);
}

std::string ord_str(double ord) {
  if (std::isinf(ord)) return ord > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << ord;
  return os.str();
}

// Singular values of the matrices spanned by the two axes (moved last).
array singular_values(const array& a, int row, int col, Stream s) {
  std::vector<int> perm;
  for (int i = 0; i < a.ndim(); ++i) {
    if (i != row && i != col) perm.push_back(i);
  }
  perm.push_back(row);
  perm.push_back(col);
  array x = transpose(a, perm, s);
  // Half and integer types factor in float32; complex is rejected by svd.
  if (x.dtype() != float32 && x.dtype() != float64 && x.dtype() != complex64) {
    x = astype(x, float32, s);
  }
  return svd(x, false, s)[0];
}

array restore_dims(array r, int row, int col, bool keepdims, Stream s) {
  if (!keepdims) return r;
  std::vector<int> axes{std::min(row, col), std::max(row, col)};
  return expand_dims(r, axes, s);
}

array matrix_norm(const array& a, double ord, const std::vector<int>& axes, bool keepdims,
                  Stream s) {
  Dtype t = norm_dtype(a);
  int row = axes[0], col = axes[1];
  array mag = astype(abs(a, s), t, s);
  if (ord == 1.0 || ord == -1.0 || std::isinf(ord)) {
    // 1: max column sum (sum over rows); inf: max row sum (sum over columns).
    bool col_sums = !std::isinf(ord);
    int sum_axis = col_sums ? row : col;
    int red_axis = col_sums ? col : row;
    if (!keepdims && red_axis > sum_axis) red_axis -= 1;
    array sums = sum(mag, sum_axis, keepdims, s);
    return ord > 0 ? max(sums, red_axis, keepdims, s) : min(sums, red_axis, keepdims, s);
  }
  if (ord == 2.0 || ord == -2.0) {
    array sv = singular_values(a, row, col, s);
    array r = ord > 0 ? max(sv, -1, false, s) : min(sv, -1, false, s);
    return astype(restore_dims(r, row, col, keepdims, s), t, s);
  }
  throw std::invalid_argument("[linalg::norm] Invalid ord " + ord_str(ord) +
                              " for matrix norm.");
}

std::vector<int> resolve_axes(const array& a, const std::optional<std::vector<int>>& axis) {
  std::vector<int> axes;
  if (axis) {
    // The count first: MLX reports too many axes before any of them is out of range.
    if (axis->empty() || axis->size() > 2) {
      throw std::invalid_argument("[linalg::norm] Received too many axes for norm.");
    }
    for (int ax : *axis) axes.push_back(normalize_axis(ax, a.ndim(), "linalg::norm"));
    if (axes.size() == 2 && axes[0] == axes[1]) {
      throw std::invalid_argument("[linalg::norm] Received duplicate axis.");
    }
  } else {
    if (a.ndim() != 1 && a.ndim() != 2) {
      throw std::invalid_argument(
          "[linalg::norm] Received ord with axis None, which requires an array with 1 or "
          "2 dimensions but got " + std::to_string(a.ndim()) + ".");
    }
    for (int i = 0; i < a.ndim(); ++i) axes.push_back(i);
  }
  return axes;
}

} // namespace

array norm(const array& a, double ord, const std::optional<std::vector<int>>& axis,
           bool keepdims, StreamOrDevice s) {
  auto st = to_stream(s);
  auto axes = resolve_axes(a, axis);
  return axes.size() == 1 ? vector_norm(a, ord, axes, keepdims, st)
                          : matrix_norm(a, ord, axes, keepdims, st);
}

array norm(const array& a, const std::string& ord, const std::optional<std::vector<int>>& axis,
           bool keepdims, StreamOrDevice s) {
  auto st = to_stream(s);
  auto axes = resolve_axes(a, axis);
  if (axes.size() != 2) {
    throw std::invalid_argument("[linalg::norm] Norm '" + ord +
                                "' only supported for matrices, but got " +
                                std::to_string(axes.size()) + " axis.");
  }
  if (ord == "fro") return vector_norm(a, 2.0, axes, keepdims, st);
  if (ord == "nuc") {
    array sv = singular_values(a, axes[0], axes[1], st);
    array r = sum(sv, -1, false, st);
    return astype(restore_dims(r, axes[0], axes[1], keepdims, st), norm_dtype(a), st);
  }
  throw std::invalid_argument("[linalg::norm] Invalid ord '" + ord + "' for matrix norm.");
}

array norm(const array& a, const std::optional<std::vector<int>>& axis, bool keepdims,
           StreamOrDevice s) {
  auto st = to_stream(s);
  if (axis) {
    auto axes = resolve_axes(a, axis);
    return vector_norm(a, 2.0, axes, keepdims, st);  // 2-norm / Frobenius
  }
  std::vector<int> all(a.ndim());
  for (int i = 0; i < a.ndim(); ++i) all[i] = i;
  return vector_norm(a, 2.0, all, keepdims, st);
}

} // namespace mxcore::linalg
