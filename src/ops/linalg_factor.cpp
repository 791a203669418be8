// mx.linalg ops built on the LAPACK primitives (src/primitives/linalg.h):
// input checks, and the compositions MLX defines on top of them (solve,
// solve_triangular, cholesky_inv, pinv, lu).
#include "mxcore/linalg.h"
#include "ops/util.h"
#include "primitives/linalg.h"

namespace mxcore::linalg {

namespace {

void check_float(const array& a, const char* op, bool allow_complex = false) {
  if (allow_complex && a.dtype() == complex64) return;
  if (a.dtype() != float32 && a.dtype() != float64) {
    std::ostringstream msg;
    msg << "[linalg::" << op << "] Arrays must have type float32 or float64. "
        << "Received array with type " << a.dtype() << ".";
    throw std::invalid_argument(msg.str());
  }
}

// allow_complex: the factorizations LAPACK also has for complex64 (svd, eigh,
// eig), as MLX.
void check_matrix(const array& a, const char* op, bool allow_complex = false) {
  if (a.ndim() < 2) {
    std::ostringstream msg;
    msg << "[linalg::" << op << "] Arrays must have >= 2 dimensions. Received array "
        << "with " << a.ndim() << " dimensions.";
    throw std::invalid_argument(msg.str());
  }
  check_float(a, op, allow_complex);
}

void check_square(const array& a, const char* op, bool allow_complex = false) {
  check_matrix(a, op, allow_complex);
  if (a.shape(-1) != a.shape(-2)) {
    std::ostringstream msg;
    msg << "[linalg::" << op << "] Matrices must be square. Received array with shape "
        << shape_str(a.shape()) << ".";
    throw std::invalid_argument(msg.str());
  }
}

char check_uplo(const std::string& uplo, const char* op) {
  if (uplo != "L" && uplo != "U") {
    throw std::invalid_argument(std::string("[linalg::") + op +
                                "] UPLO must be 'L' or 'U'. Received '" + uplo + "'.");
  }
  return uplo[0];
}

array matrix_transpose(const array& x, Stream s) { return swapaxes(x, -1, -2, s); }

// Singular values and Hermitian eigenvalues are real.
Dtype real_dtype(Dtype t) { return t == complex64 ? float32 : t; }

// 1 where the element (i, j) of a rows x cols matrix is kept by tril(k) / triu(k).
array triangle_mask(int rows, int cols, int k, bool upper, Dtype dtype, Stream s) {
  array i = expand_dims(arange(0, rows, 1, s), 1, s);
  array j = expand_dims(arange(0, cols, 1, s), 0, s);
  array d = subtract(j, i, s);  // j - i
  array keep = upper ? greater_equal(d, array(k), s) : less_equal(d, array(k), s);
  return astype(keep, dtype, s);
}

// A @ b for a right-hand side that is a vector batch (b.ndim == a.ndim - 1)
// or a matrix batch.
array apply_to_rhs(const array& a_inv, const array& b, const char* op, Stream s) {
  const bool vec = b.ndim() == a_inv.ndim() - 1 || b.ndim() == 1;
  if (b.ndim() == 0 || (vec ? b.shape(-1) : b.shape(-2)) != a_inv.shape(-1)) {
    std::ostringstream msg;
    msg << "[linalg::" << op << "] Last dimension of a (shape " << shape_str(a_inv.shape())
        << ") must match the rows of b (shape " << shape_str(b.shape()) << ").";
    throw std::invalid_argument(msg.str());
  }
  if (!vec) return matmul(a_inv, b, s);
  return squeeze(matmul(a_inv, expand_dims(b, -1, s), s), -1, s);
}

} // namespace

array inv(const array& a, StreamOrDevice s) {
  check_square(a, "inv");
  auto st = to_stream(s);
  return array(a.shape(), a.dtype(), std::make_shared<Inverse>(st, false, false), {a});
}

array tri_inv(const array& a, bool upper, StreamOrDevice s) {
  check_square(a, "tri_inv");
  auto st = to_stream(s);
  return array(a.shape(), a.dtype(), std::make_shared<Inverse>(st, true, upper), {a});
}

array cholesky(const array& a, bool upper, StreamOrDevice s) {
  check_square(a, "cholesky");
  auto st = to_stream(s);
  return array(a.shape(), a.dtype(), std::make_shared<Cholesky>(st, upper), {a});
}

array cholesky_inv(const array& l, bool upper, StreamOrDevice s) {
  check_square(l, "cholesky_inv");
  auto st = to_stream(s);
  // A = L L^T  =>  A^-1 = L^-T L^-1 (upper: A = U^T U, A^-1 = U^-1 U^-T).
  array t_inv = tri_inv(l, upper, st);
  return upper ? matmul(t_inv, matrix_transpose(t_inv, st), st)
               : matmul(matrix_transpose(t_inv, st), t_inv, st);
}

std::pair<array, array> qr(const array& a, StreamOrDevice s) {
  check_matrix(a, "qr");
  auto st = to_stream(s);
  auto prim = std::make_shared<QRF>(st);
  auto outs = array::make_arrays(prim->output_shapes({a}), {a.dtype(), a.dtype()}, prim, {a});
  return {outs[0], outs[1]};
}

std::vector<array> svd(const array& a, bool compute_uv, StreamOrDevice s) {
  check_matrix(a, "svd", /*allow_complex=*/true);
  auto st = to_stream(s);
  auto prim = std::make_shared<SVD>(st, compute_uv);
  auto shapes = prim->output_shapes({a});
  std::vector<Dtype> types = compute_uv
      ? std::vector<Dtype>{a.dtype(), real_dtype(a.dtype()), a.dtype()}
      : std::vector<Dtype>{real_dtype(a.dtype())};
  return array::make_arrays(shapes, types, prim, {a});
}

std::pair<array, array> eigh(const array& a, std::string UPLO, StreamOrDevice s) {
  check_square(a, "eigh", /*allow_complex=*/true);
  auto st = to_stream(s);
  auto prim = std::make_shared<Eigh>(st, check_uplo(UPLO, "eigh"), true);
  auto outs = array::make_arrays(prim->output_shapes({a}), {real_dtype(a.dtype()), a.dtype()},
                                 prim, {a});
  return {outs[0], outs[1]};
}

array eigvalsh(const array& a, std::string UPLO, StreamOrDevice s) {
  check_square(a, "eigvalsh", /*allow_complex=*/true);
  auto st = to_stream(s);
  auto prim = std::make_shared<Eigh>(st, check_uplo(UPLO, "eigvalsh"), false);
  return array::make_arrays(prim->output_shapes({a}), {real_dtype(a.dtype())}, prim, {a})[0];
}

std::pair<array, array> eig(const array& a, StreamOrDevice s) {
  check_square(a, "eig", /*allow_complex=*/true);
  auto prim = std::make_shared<Eig>(to_stream(s), true);
  auto outs = array::make_arrays(prim->output_shapes({a}), {complex64, complex64}, prim, {a});
  return {outs[0], outs[1]};
}

array eigvals(const array& a, StreamOrDevice s) {
  check_square(a, "eigvals", /*allow_complex=*/true);
  auto prim = std::make_shared<Eig>(to_stream(s), false);
  return array::make_arrays(prim->output_shapes({a}), {complex64}, prim, {a})[0];
}

namespace {
std::vector<array> lu_outputs(const array& a, const char* op, Stream st) {
  check_matrix(a, op);
  auto prim = std::make_shared<LUF>(st);
  return array::make_arrays(prim->output_shapes({a}), {a.dtype(), uint32, uint32}, prim, {a});
}
} // namespace

std::pair<array, array> lu_factor(const array& a, StreamOrDevice s) {
  auto outs = lu_outputs(a, "lu_factor", to_stream(s));
  return {outs[0], outs[1]};
}

std::vector<array> lu(const array& a, StreamOrDevice s) {
  auto st = to_stream(s);
  auto outs = lu_outputs(a, "lu", st);
  const array& packed = outs[0];
  int m = a.shape(-2), n = a.shape(-1), k = std::min(m, n);
  Shape start(a.ndim(), 0), stop = a.shape();
  // L: the strictly lower part of the first k columns plus a unit diagonal.
  stop.back() = k;
  array l = slice(packed, start, stop, st);
  l = add(multiply(l, triangle_mask(m, k, -1, false, a.dtype(), st), st),
          eye(m, k, 0, a.dtype(), st), st);
  // U: the upper triangle of the first k rows.
  stop = a.shape();
  stop[a.ndim() - 2] = k;
  array u = multiply(slice(packed, start, stop, st),
                     triangle_mask(k, n, 0, true, a.dtype(), st), st);
  return {outs[2], l, u};
}

array solve(const array& a, const array& b, StreamOrDevice s) {
  check_square(a, "solve");
  check_float(b, "solve");
  auto st = to_stream(s);
  Dtype t = promote_types(a.dtype(), b.dtype());
  return apply_to_rhs(inv(astype(a, t, st), st), astype(b, t, st), "solve", st);
}

array solve_triangular(const array& a, const array& b, bool upper, StreamOrDevice s) {
  check_square(a, "solve_triangular");
  check_float(b, "solve_triangular");
  auto st = to_stream(s);
  Dtype t = promote_types(a.dtype(), b.dtype());
  return apply_to_rhs(tri_inv(astype(a, t, st), upper, st), astype(b, t, st),
                      "solve_triangular", st);
}

array pinv(const array& a, StreamOrDevice s) {
  check_matrix(a, "pinv");
  auto st = to_stream(s);
  int m = a.shape(-2), n = a.shape(-1), k = std::min(m, n);
  if (k == 0) return zeros(matrix_transpose(a, st).shape(), a.dtype(), st);
  auto usv = svd(a, true, st);
  // Singular values below max(S) * max(M, N) * eps count as zero (NumPy's rcond).
  double eps = a.dtype() == float32 ? 1.1920929e-07 : 2.220446049250313e-16;
  array sv = usv[1];
  array cutoff = multiply(max(sv, -1, true, st), array(eps * std::max(m, n), a.dtype()), st);
  array s_inv = where(greater(sv, cutoff, st), reciprocal(sv, st), array(0.0, a.dtype()), st);
  Shape start(a.ndim(), 0), u_stop = usv[0].shape(), vt_stop = usv[2].shape();
  u_stop.back() = k;
  vt_stop[a.ndim() - 2] = k;
  array u = slice(usv[0], start, u_stop, st);    // (..., M, K)
  array vt = slice(usv[2], start, vt_stop, st);  // (..., K, N)
  array v_scaled = multiply(matrix_transpose(vt, st), expand_dims(s_inv, -2, st), st);
  return matmul(v_scaled, matrix_transpose(u, st), st);
}

array cross(const array& a, const array& b, int axis, StreamOrDevice s) {
  auto st = to_stream(s);
  // As in MLX, `axis` picks each input's vector axis and the other axes
  // broadcast (a batch of vectors against one vector).
  int ax_a = normalize_axis(axis, a.ndim(), "linalg::cross");
  int ax_b = normalize_axis(axis, b.ndim(), "linalg::cross");
  auto components = [&](const array& x, int ax) {
    if (x.shape(ax) != 2 && x.shape(ax) != 3) {
      std::ostringstream msg;
      msg << "[linalg::cross] The specified axis must have size 2 or 3 but got "
          << x.shape(ax) << ".";
      throw std::invalid_argument(msg.str());
    }
    auto c = split(x, x.shape(ax), ax, st);
    // A 2-vector has a zero third component.
    if (c.size() == 2) c.push_back(zeros_like(c[0], st));
    return c;
  };
  auto ca = components(a, ax_a);
  auto cb = components(b, ax_b);
  auto term = [&](int i, int j) {
    return subtract(multiply(ca[i], cb[j], st), multiply(ca[j], cb[i], st), st);
  };
  auto t0 = term(1, 2);
  return concatenate({t0, term(2, 0), term(0, 1)},
                     normalize_axis(axis, t0.ndim(), "linalg::cross"), st);
}

} // namespace mxcore::linalg
