// Factorization primitives: eval (through src/backend/cpu/lapack.cpp),
// vmap, and the differentiation rules that exist (inverse, cholesky, eigh).
#include "primitives/linalg.h"

#include <numeric>
#include <optional>

#include "mxcore/linalg.h"
#include "mxcore/ops.h"

namespace mxcore {

namespace {

array matrix_transpose(const array& x, Stream s) { return swapaxes(x, -1, -2, s); }

// Keeps the lower (or upper) triangle of the trailing n x n matrices;
// diag_scale multiplies the diagonal.
array triangle(const array& x, bool upper, double diag_scale, Stream s) {
  int n = x.shape(-1);
  array rows = expand_dims(arange(0, n, 1, s), 1, s);
  array cols = expand_dims(arange(0, n, 1, s), 0, s);
  array keep = astype(upper ? less(rows, cols, s) : greater(rows, cols, s), x.dtype(), s);
  array diag = multiply(astype(equal(rows, cols, s), x.dtype(), s),
                        array(diag_scale, x.dtype()), s);
  return multiply(x, add(keep, diag, s), s);
}

array symmetrize(const array& x, Stream s) {
  return multiply(add(x, matrix_transpose(x, s), s), array(0.5, x.dtype()), s);
}

} // namespace

std::pair<std::vector<array>, std::vector<int>> LinalgPrimitive::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  array x = axes[0] > 0 ? moveaxis(inputs[0], axes[0], 0, stream()) : inputs[0];
  auto outs = apply(x);
  return {outs, std::vector<int>(outs.size(), 0)};
}

// ---------------------------------------------------------------- Inverse

std::vector<array> Inverse::apply(const array& x) {
  return {triangular_ ? linalg::tri_inv(x, upper_, stream()) : linalg::inv(x, stream())};
}

std::vector<array> Inverse::jvp(const std::vector<array>& primals,
                                const std::vector<array>& tangents,
                                const std::vector<int>&) {
  // d(A^-1) = -A^-1 dA A^-1 (a triangular inverse only sees its triangle).
  auto s = stream();
  array a_inv = apply(primals[0])[0];
  array t = triangular_ ? triangle(tangents[0], upper_, 1.0, s) : tangents[0];
  return {negative(matmul(matmul(a_inv, t, s), a_inv, s), s)};
}

std::vector<array> Inverse::vjp(const std::vector<array>&,
                                const std::vector<array>& cotangents,
                                const std::vector<int>&,
                                const std::vector<array>& outputs) {
  auto s = stream();
  array inv_t = matrix_transpose(outputs[0], s);
  array g = negative(matmul(matmul(inv_t, cotangents[0], s), inv_t, s), s);
  return {triangular_ ? triangle(g, upper_, 1.0, s) : g};
}

// ---------------------------------------------------------------- Cholesky

std::vector<array> Cholesky::apply(const array& x) {
  return {linalg::cholesky(x, upper_, stream())};
}

std::vector<array> Cholesky::jvp(const std::vector<array>& primals,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>&) {
  // potrf reads one triangle: the tangent of the matrix it factors is that
  // triangle mirrored. With X = L^-1 dA L^-T: dL = L Phi(X).
  auto s = stream();
  array l = apply(primals[0])[0];
  if (upper_) l = matrix_transpose(l, s);
  array t = upper_ ? matrix_transpose(tangents[0], s) : tangents[0];
  array low = triangle(t, false, 1.0, s);
  array da = add(low, matrix_transpose(triangle(low, false, 0.0, s), s), s);
  array l_inv = linalg::tri_inv(l, false, s);
  array x = matmul(matmul(l_inv, da, s), matrix_transpose(l_inv, s), s);
  array dl = matmul(l, triangle(x, false, 0.5, s), s);
  return {upper_ ? matrix_transpose(dl, s) : dl};
}

std::vector<array> Cholesky::vjp(const std::vector<array>&,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>&,
                                 const std::vector<array>& outputs) {
  // Murray (2016), for the lower factor L and symmetric A = L L^T:
  //   P = Phi(L^T dL) (lower triangle, diagonal halved),
  //   dA = sym(L^-T P L^-1). The upper factor is U = L^T.
  auto s = stream();
  array l = upper_ ? matrix_transpose(outputs[0], s) : outputs[0];
  array gl = upper_ ? matrix_transpose(cotangents[0], s) : cotangents[0];
  array p = triangle(matmul(matrix_transpose(l, s), gl, s), false, 0.5, s);
  array l_inv = linalg::tri_inv(l, false, s);
  array g = matmul(matmul(matrix_transpose(l_inv, s), p, s), l_inv, s);
  return {symmetrize(g, s)};
}

// ---------------------------------------------------------------- QRF

std::vector<Shape> QRF::output_shapes(const std::vector<array>& inputs) {
  const Shape& in = inputs[0].shape();
  int m = in[in.size() - 2], n = in.back(), k = std::min(m, n);
  Shape q = in, r = in;
  q.back() = k;
  r[r.size() - 2] = k;
  return {q, r};
}

std::vector<array> QRF::apply(const array& x) {
  auto [q, r] = linalg::qr(x, stream());
  return {q, r};
}

// ---------------------------------------------------------------- SVD

std::vector<Shape> SVD::output_shapes(const std::vector<array>& inputs) {
  const Shape& in = inputs[0].shape();
  int m = in[in.size() - 2], n = in.back();
  Shape batch(in.begin(), in.end() - 2);
  Shape sv = batch, u = batch, vt = batch;
  sv.push_back(std::min(m, n));
  if (!compute_uv_) return {sv};
  u.insert(u.end(), {m, m});
  vt.insert(vt.end(), {n, n});
  return {u, sv, vt};
}

std::vector<array> SVD::apply(const array& x) {
  return linalg::svd(x, compute_uv_, stream());
}

// ---------------------------------------------------------------- Eigh

std::vector<Shape> Eigh::output_shapes(const std::vector<array>& inputs) {
  Shape w(inputs[0].shape().begin(), inputs[0].shape().end() - 1);
  if (!compute_vectors_) return {w};
  return {w, inputs[0].shape()};
}

std::vector<array> Eigh::apply(const array& x) {
  std::string uplo(1, uplo_);
  if (!compute_vectors_) return {linalg::eigvalsh(x, uplo, stream())};
  auto [w, v] = linalg::eigh(x, uplo, stream());
  return {w, v};
}

std::vector<array> Eigh::vjp(const std::vector<array>& primals,
                             const std::vector<array>& cotangents,
                             const std::vector<int>&,
                             const std::vector<array>& outputs) {
  // dA = V (diag(dw) + F o (V^T dV)) V^T with F_ij = 1 / (w_j - w_i) off the
  // diagonal, symmetrized (only the symmetric part of A is meaningful).
  // Degenerate eigenvalues make F infinite, as in every framework.
  auto s = stream();
  array w = outputs[0];
  array v = compute_vectors_ ? outputs[1]
                             : linalg::eigh(primals[0], std::string(1, uplo_), s).second;
  array inner = multiply(expand_dims(cotangents[0], -1, s),
                         eye(w.shape(-1), w.dtype(), s), s);
  if (compute_vectors_) {
    array diff = subtract(expand_dims(w, -2, s), expand_dims(w, -1, s), s);
    array off_diag = subtract(array(1.0, w.dtype()), eye(w.shape(-1), w.dtype(), s), s);
    // Adding the identity keeps the diagonal finite before it is masked.
    array f = multiply(reciprocal(add(diff, eye(w.shape(-1), w.dtype(), s), s), s), off_diag, s);
    array vt_dv = matmul(matrix_transpose(v, s), cotangents[1], s);
    inner = add(inner, multiply(f, vt_dv, s), s);
  }
  array g = matmul(matmul(v, inner, s), matrix_transpose(v, s), s);
  return {symmetrize(g, s)};
}

// ---------------------------------------------------------------- Eig

std::vector<Shape> Eig::output_shapes(const std::vector<array>& inputs) {
  Shape w(inputs[0].shape().begin(), inputs[0].shape().end() - 1);
  if (!compute_vectors_) return {w};
  return {w, inputs[0].shape()};
}

std::vector<array> Eig::apply(const array& x) {
  if (!compute_vectors_) return {linalg::eigvals(x, stream())};
  auto [w, v] = linalg::eig(x, stream());
  return {w, v};
}

// ---------------------------------------------------------------- LUF

std::vector<Shape> LUF::output_shapes(const std::vector<array>& inputs) {
  const Shape& in = inputs[0].shape();
  int m = in[in.size() - 2], n = in.back();
  Shape piv(in.begin(), in.end() - 1), perm(in.begin(), in.end() - 1);
  piv.back() = std::min(m, n);
  return {in, piv, perm};
}

std::vector<array> LUF::apply(const array& x) {
  return array::make_arrays(output_shapes({x}), {x.dtype(), uint32, uint32},
                            std::make_shared<LUF>(stream()), {x});
}

} // namespace mxcore
