// Products composed from matmul and elementwise ops: inner, outer,
// tensordot, kron (MLX semantics; matmul restricts them to inexact types).
#include <numeric>

#include "ops/util.h"

namespace mxcore {

array tensordot(const array& a, const array& b, const std::vector<int>& axes_a,
                const std::vector<int>& axes_b, StreamOrDevice s) {
  auto st = to_stream(s);
  if (axes_a.size() != axes_b.size()) {
    throw std::invalid_argument("[tensordot] Arrays must have the same number of axes to sum over.");
  }
  std::vector<bool> sum_a(a.ndim(), false), sum_b(b.ndim(), false);
  int64_t csize = 1;
  std::vector<int> ca, cb;
  for (size_t i = 0; i < axes_a.size(); ++i) {
    int x = normalize_axis(axes_a[i], a.ndim(), "tensordot");
    int y = normalize_axis(axes_b[i], b.ndim(), "tensordot");
    if (a.shape(x) != b.shape(y)) {
      std::ostringstream msg;
      msg << "[tensordot] Dimension " << x << " of a (size " << a.shape(x)
          << ") does not match dimension " << y << " of b (size " << b.shape(y) << ").";
      throw std::invalid_argument(msg.str());
    }
    if (sum_a[x] || sum_b[y]) throw std::invalid_argument("[tensordot] Repeated axis.");
    sum_a[x] = sum_b[y] = true;
    ca.push_back(x);
    cb.push_back(y);
    csize *= a.shape(x);
  }
  // a -> (free_a, contracted), b -> (contracted, free_b), one matmul.
  std::vector<int> perm_a, perm_b = cb;
  Shape out_shape;
  int64_t fa = 1, fb = 1;
  for (int i = 0; i < a.ndim(); ++i) {
    if (!sum_a[i]) {
      perm_a.push_back(i);
      out_shape.push_back(a.shape(i));
      fa *= a.shape(i);
    }
  }
  perm_a.insert(perm_a.end(), ca.begin(), ca.end());
  for (int i = 0; i < b.ndim(); ++i) {
    if (!sum_b[i]) {
      perm_b.push_back(i);
      out_shape.push_back(b.shape(i));
      fb *= b.shape(i);
    }
  }
  array am = reshape(transpose(a, perm_a, st), {static_cast<int>(fa), static_cast<int>(csize)}, st);
  array bm = reshape(transpose(b, perm_b, st), {static_cast<int>(csize), static_cast<int>(fb)}, st);
  return reshape(matmul(am, bm, st), out_shape, st);
}

array tensordot(const array& a, const array& b, int axes, StreamOrDevice s) {
  if (axes < 0) {
    throw std::invalid_argument("[tensordot] axes must be a non-negative integer.");
  }
  if (axes > a.ndim() || axes > b.ndim()) {
    throw std::invalid_argument("[tensordot] axes exceeds the number of dimensions.");
  }
  std::vector<int> xa(axes), xb(axes);
  std::iota(xa.begin(), xa.end(), a.ndim() - axes);
  std::iota(xb.begin(), xb.end(), 0);
  return tensordot(a, b, xa, xb, s);
}

array inner(const array& a, const array& b, StreamOrDevice s) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b, s);
  if (a.shape(-1) != b.shape(-1)) {
    std::ostringstream msg;
    msg << "[inner] Last dimension of a (" << a.shape(-1) << ") and b (" << b.shape(-1)
        << ") must match.";
    throw std::invalid_argument(msg.str());
  }
  return tensordot(a, b, {-1}, {-1}, s);
}

array outer(const array& a, const array& b, StreamOrDevice s) {
  auto st = to_stream(s);
  return multiply(reshape(a, {-1, 1}, st), flatten(b, st), st);
}

array kron(const array& a, const array& b, StreamOrDevice s) {
  auto st = to_stream(s);
  if (a.size() == 0 || b.size() == 0) {
    throw std::invalid_argument("[kron] Input arrays cannot be empty.");
  }
  int ndim = std::max(a.ndim(), b.ndim());
  // Interleave: a as (a0, 1, a1, 1, ...), b as (1, b0, 1, b1, ...).
  Shape sa, sb, out;
  for (int i = 0; i < ndim; ++i) {
    int da = i < ndim - a.ndim() ? 1 : a.shape(i - (ndim - a.ndim()));
    int db = i < ndim - b.ndim() ? 1 : b.shape(i - (ndim - b.ndim()));
    sa.insert(sa.end(), {da, 1});
    sb.insert(sb.end(), {1, db});
    out.push_back(da * db);
  }
  return reshape(multiply(reshape(a, sa, st), reshape(b, sb, st), st), out, st);
}

} // namespace mxcore
