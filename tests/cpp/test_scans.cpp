// C++ API of the scans, sorts and shape extras: values against hand-computed
// results, and the Scan/Sort vjp through mxcore::vjp.
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

std::vector<double> values(array x) {
  x = copy(astype(x, float64));
  eval(x);
  return std::vector<double>(x.data<double>(), x.data<double>() + x.size());
}

bool equal_to(const array& x, const std::vector<double>& expected) {
  auto v = values(x);
  if (v.size() != expected.size()) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (std::abs(v[i] - expected[i]) > 1e-9) return false;
  }
  return true;
}

} // namespace

TEST_CASE("cumulative ops along an axis, reverse and exclusive") {
  array x = array({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}, {2, 3});
  CHECK(equal_to(cumsum(x, 1), {1, 3, 6, 4, 9, 15}));
  CHECK(equal_to(cumsum(x, 0), {1, 2, 3, 5, 7, 9}));
  CHECK(equal_to(cumsum(x, 1, true), {6, 5, 3, 15, 11, 6}));
  CHECK(equal_to(cumsum(x, 1, false, false), {0, 1, 3, 0, 4, 9}));
  CHECK(equal_to(cumprod(x, -1), {1, 2, 6, 4, 20, 120}));
  CHECK(equal_to(cummax(array({3, 1, 4, 1, 5}, {5}), 0), {3, 3, 4, 4, 5}));
  CHECK(equal_to(cummin(array({3, 1, 4, 0, 5}, {5}), 0, true), {0, 0, 0, 0, 5}));
  CHECK(cumsum(array({true, true}, {2}), 0).dtype() == int32);
  CHECK_THROWS_AS(cumsum(x, 2), std::out_of_range); // an IndexError in Python, as in MLX
}

TEST_CASE("cumsum and cumprod vjp") {
  array x = array({2.0, 0.0, 3.0}, {3});
  auto [out, g] = vjp([](const array& a) { return cumprod(a, 0); }, x, ones({3}, float64));
  // d/dx0 = 1 + x1 + x1 x2 = 1; d/dx1 = x0 + x0 x2 = 8; d/dx2 = x0 x1 = 0
  CHECK(equal_to(g, {1, 8, 0}));
  auto [out2, g2] = vjp([](const array& a) { return cumsum(a, 0); }, x, array({1.0, 2.0, 3.0}, {3}));
  CHECK(equal_to(g2, {6, 5, 3}));
}

TEST_CASE("sort, argsort, partition, topk") {
  array x = array({3.0f, 1.0f, 2.0f, 1.0f}, {4});
  CHECK(equal_to(sort(x), {1, 1, 2, 3}));
  CHECK(argsort(x).dtype() == uint32);
  CHECK(equal_to(argsort(x), {1, 3, 2, 0}));
  CHECK(equal_to(slice(partition(x, 2), {2}, {3}), {2}));
  CHECK(equal_to(sort(topk(x, 2)), {2, 3}));
  CHECK_THROWS_AS(partition(x, 4), std::invalid_argument);
  auto [out, g] = vjp([](const array& a) { return sort(a); }, astype(x, float64),
                      array({10.0, 20.0, 30.0, 40.0}, {4}));
  CHECK(equal_to(g, {40, 10, 30, 20}));
}

TEST_CASE("shape extras") {
  array x = array({1, 2, 3, 4}, {2, 2});
  CHECK(equal_to(repeat(x, 2, 0), {1, 2, 1, 2, 3, 4, 3, 4}));
  CHECK(equal_to(tile(x, {1, 2}), {1, 2, 1, 2, 3, 4, 3, 4}));
  CHECK(equal_to(pad(x, {{0, 1}, {1, 0}}, array(9)), {9, 1, 2, 9, 3, 4, 9, 9, 9}));
  CHECK(equal_to(roll(x, 1), {4, 1, 2, 3}));
  CHECK(equal_to(diagonal(x), {1, 4}));
  CHECK(equal_to(diag(array({1, 2}, {2}), 1), {0, 1, 0, 0, 0, 2, 0, 0, 0}));
  CHECK(equal_to(trace(x), {5}));
  CHECK(equal_to(tri(2, 3, 0), {1, 0, 0, 1, 1, 0}));
  CHECK(equal_to(triu(x), {1, 2, 0, 4}));
  CHECK(equal_to(view(array({1.0f}, {1}), int32), {1065353216}));
}
