// Reverse-mode rule of the (real) SVD A = U S V^T, A: (..., M, N), K = min(M, N).
//
// Only the leading K columns of U and V are determined by A (the rest span an
// arbitrary orthonormal complement), so only their cotangents are used. With
// F_ij = 1 / (s_j^2 - s_i^2) off the diagonal (0 on it), U = U[:, :K],
// V = Vt[:K]^T and dU, dV the matching cotangent columns (Townsend, 2016):
//   dA = U [(F o (U^T dU - dU^T U)) S + diag(dS) + S (F o (V^T dV - dV^T V))] V^T
//        + (I - U U^T) dU S^-1 V^T + U S^-1 dV^T (I - V V^T).
// Repeated or zero singular values make the U/V terms infinite, as in every
// framework; the singular values' own gradient U diag(dS) V^T is always finite.
#include "mxcore/linalg.h"
#include "mxcore/ops.h"
#include "primitives/linalg.h"

namespace mxcore {

namespace {

array mT(const array& x, Stream s) { return swapaxes(x, -1, -2, s); }

array leading_columns(const array& x, int k, Stream s) {
  Shape start(x.ndim(), 0), stop = x.shape();
  stop.back() = k;
  return slice(x, start, stop, s);
}

// X diag(v): scales column j by v_j.
array times_diag(const array& x, const array& v, Stream s) {
  return multiply(x, expand_dims(v, -2, s), s);
}

} // namespace

std::vector<array> SVD::vjp(const std::vector<array>& primals,
                            const std::vector<array>& cotangents, const std::vector<int>&,
                            const std::vector<array>& outputs) {
  auto s = stream();
  const array& a = primals[0];
  const int k = std::min(a.shape(-2), a.shape(-1));
  std::vector<array> factors = compute_uv_ ? outputs : linalg::svd(a, true, s);
  array u = leading_columns(factors[0], k, s);          // (..., M, K)
  array sv = factors[1];                                // (..., K)
  array v = leading_columns(mT(factors[2], s), k, s);   // (..., N, K)
  const array& d_s = compute_uv_ ? cotangents[1] : cotangents[0];

  // U diag(dS) V^T
  array inner = multiply(expand_dims(d_s, -1, s), eye(k, a.dtype(), s), s);
  if (!compute_uv_) return {matmul(matmul(u, inner, s), mT(v, s), s)};

  array du = leading_columns(cotangents[0], k, s);
  array dv = leading_columns(mT(cotangents[2], s), k, s);
  array s2 = square(sv, s);
  array gap = subtract(expand_dims(s2, -2, s), expand_dims(s2, -1, s), s);  // s_j^2 - s_i^2
  array off_diag = logical_not(astype(eye(k, a.dtype(), s), bool_, s), s);
  array f = where(off_diag, divide(array(1.0, a.dtype()), gap, s), array(0.0, a.dtype()), s);
  array utdu = matmul(mT(u, s), du, s);
  array vtdv = matmul(mT(v, s), dv, s);
  array j = multiply(f, subtract(utdu, mT(utdu, s), s), s);
  array kk = multiply(f, subtract(vtdv, mT(vtdv, s), s), s);
  inner = add(inner, times_diag(j, sv, s), s);
  inner = add(inner, multiply(expand_dims(sv, -1, s), kk, s), s);
  array grad = matmul(matmul(u, inner, s), mT(v, s), s);

  array inv_s = divide(array(1.0, a.dtype()), sv, s);
  if (a.shape(-2) > k) {
    // (I - U U^T) dU S^-1 V^T
    array du_perp = subtract(du, matmul(u, utdu, s), s);
    grad = add(grad, matmul(times_diag(du_perp, inv_s, s), mT(v, s), s), s);
  }
  if (a.shape(-1) > k) {
    // U S^-1 dV^T (I - V V^T)
    array dv_perp = subtract(dv, matmul(v, vtdv, s), s);
    grad = add(grad, matmul(times_diag(u, inv_s, s), mT(dv_perp, s), s), s);
  }
  return {grad};
}

} // namespace mxcore
