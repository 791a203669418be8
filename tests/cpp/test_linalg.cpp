// mxcore::linalg from C++: hand-computed factorizations, reconstructions,
// the matmul compositions, gradients of inv / cholesky, and errors.
#include <cmath>

#include "mxcore/linalg.h"
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

std::vector<double> values(array x) {
  x = astype(copy(x), float64);  // row-major
  eval(x);
  return std::vector<double>(x.data<double>(), x.data<double>() + x.size());
}

bool all_close(const array& a, const std::vector<double>& want, double tol) {
  auto got = values(a);
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::abs(got[i] - want[i]) > tol) return false;
  }
  return true;
}

array mat(std::initializer_list<double> v, Shape shape) {
  return array(v, shape, float64);
}

} // namespace

TEST_CASE("inv and solve of a 2x2 matrix") {
  array a = mat({4, 7, 2, 6}, {2, 2});  // det 10
  CHECK(all_close(linalg::inv(a), {0.6, -0.7, -0.2, 0.4}, 1e-12));
  CHECK(all_close(linalg::solve(a, mat({1, 2}, {2})), {-0.8, 0.6}, 1e-12));
  // Transposed view: inv(A^T) = inv(A)^T.
  CHECK(all_close(linalg::inv(transpose(a)), {0.6, -0.2, -0.7, 0.4}, 1e-12));
  CHECK_THROWS_AS(linalg::inv(ones({2, 3})), std::invalid_argument);
  CHECK_THROWS_AS(eval(linalg::inv(mat({1, 2, 2, 4}, {2, 2}))), std::runtime_error);
}

TEST_CASE("cholesky, tri_inv and cholesky_inv") {
  array a = mat({4, 2, 2, 3}, {2, 2});  // L = [[2, 0], [1, sqrt 2]]
  double r2 = std::sqrt(2.0);
  CHECK(all_close(linalg::cholesky(a), {2, 0, 1, r2}, 1e-12));
  CHECK(all_close(linalg::cholesky(a, true), {2, 1, 0, r2}, 1e-12));
  array l = linalg::cholesky(a);
  CHECK(all_close(linalg::tri_inv(l), {0.5, 0, -0.5 / r2, 1 / r2}, 1e-12));
  CHECK(all_close(linalg::cholesky_inv(l), {0.375, -0.25, -0.25, 0.5}, 1e-12));
  CHECK_THROWS_AS(eval(linalg::cholesky(mat({1, 2, 2, 1}, {2, 2}))), std::runtime_error);
}

TEST_CASE("qr, svd, eigh and lu reconstruct their input") {
  array a = mat({2, -1, 0, 1, 3, 1, 0, 2, 5, 1, 1, 1}, {4, 3});
  auto [q, r] = linalg::qr(a);
  CHECK(q.shape() == Shape({4, 3}) && r.shape() == Shape({3, 3}));
  CHECK(all_close(matmul(q, r), values(a), 1e-12));
  auto usv = linalg::svd(a);
  CHECK(usv[0].shape() == Shape({4, 4}) && usv[2].shape() == Shape({3, 3}));
  array u3 = slice(usv[0], {0, 0}, {4, 3});
  CHECK(all_close(matmul(multiply(u3, usv[1]), usv[2]), values(a), 1e-12));
  array s = mat({2, 1, 1, 2}, {2, 2});
  auto [w, v] = linalg::eigh(s);
  CHECK(all_close(w, {1, 3}, 1e-12));
  CHECK(all_close(linalg::eigvalsh(s), {1, 3}, 1e-12));
  auto plu = linalg::lu(mat({1, 2, 3, 4}, {2, 2}));
  // Pivoting picks row 1 (the larger |3|) first: U = [[3, 4], [0, 2/3]].
  CHECK(all_close(plu[2], {3, 4, 0, 2.0 / 3.0}, 1e-12));
  CHECK(all_close(plu[1], {1, 0, 1.0 / 3.0, 1}, 1e-12));
  CHECK(all_close(plu[0], {1, 0}, 0));
}

TEST_CASE("norm") {
  array x = mat({3, -4, 0, 12}, {2, 2});
  CHECK(all_close(linalg::norm(x), {13}, 1e-12));
  CHECK(all_close(linalg::norm(x, 1.0, std::vector<int>{1}), {7, 12}, 1e-12));
  CHECK(all_close(linalg::norm(x, INFINITY), {12}, 1e-12));  // max row sum
  CHECK(all_close(linalg::norm(x, 1.0), {16}, 1e-12));  // max column sum
  CHECK(all_close(linalg::norm(x, std::string("fro")), {13}, 1e-12));
  CHECK_THROWS_AS(linalg::norm(x, std::string("nope")), std::invalid_argument);
}

TEST_CASE("inner, outer, tensordot, kron, einsum") {
  array a = mat({1, 2, 3}, {3});
  array b = mat({4, 5, 6}, {3});
  CHECK(all_close(inner(a, b), {32}, 1e-12));
  CHECK(all_close(outer(a, b), {4, 5, 6, 8, 10, 12, 12, 15, 18}, 1e-12));
  array m = mat({1, 2, 3, 4}, {2, 2});
  CHECK(all_close(tensordot(m, m, 1), values(matmul(m, m)), 1e-12));
  CHECK(all_close(tensordot(m, m, 2), {30}, 1e-12));
  CHECK(all_close(kron(mat({1, 2}, {2}), mat({1, 10}, {2})), {1, 10, 2, 20}, 1e-12));
  CHECK(all_close(einsum("ij,jk->ik", {m, m}), values(matmul(m, m)), 1e-12));
  CHECK(all_close(einsum("ii", {m}), {5}, 1e-12));
  CHECK(all_close(einsum("ij->j", {m}), {4, 6}, 1e-12));
  CHECK_THROWS_AS(einsum("ij,jk->ik", {m}), std::invalid_argument);
}

TEST_CASE("gradient of inv matches -A^-T G A^-T") {
  array a = mat({4, 7, 2, 6}, {2, 2});
  std::function<array(const array&)> f = [](const array& x) { return sum(linalg::inv(x)); };
  auto g = grad(f)(a);
  // inv(A) = [[.6, -.7], [-.2, .4]]; d sum(inv)/dA = -(inv^T 1 inv^T).
  // inv^T = [[.6, -.2], [-.7, .4]]; row sums of inv^T: .4, -.3; column sums: -.1, .2.
  CHECK(all_close(g, {-0.4 * -0.1, -0.4 * 0.2, 0.3 * -0.1, 0.3 * 0.2}, 1e-12));
}
