// Convolutions from C++: hand-computed conv1d / conv_transpose1d / convolve
// values, gradients of the Convolution primitive, and errors.
#include <cmath>

#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

std::vector<double> values(array x) {
  x = astype(copy(x), float64);
  eval(x);
  return std::vector<double>(x.data<double>(), x.data<double>() + x.size());
}

bool all_close(const array& a, const std::vector<double>& want, double tol = 1e-6) {
  auto got = values(a);
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::abs(got[i] - want[i]) > tol) return false;
  }
  return true;
}

} // namespace

TEST_CASE("conv1d with stride and padding") {
  array x({1.0f, 2.0f, 3.0f, 4.0f, 5.0f}, {1, 5, 1});
  array w({1.0f, 0.0f, -1.0f}, {1, 3, 1});
  CHECK(all_close(conv1d(x, w), {-2, -2, -2}));
  // padded [0 1 2 3 4 5 0], windows at 0, 2, 4
  CHECK(all_close(conv1d(x, w, /*stride=*/2, /*padding=*/1), {-2, -2, 4}));
  array y = conv_general(x, w, {1}, {0}, {0}, {1}, {1}, 1, /*flip=*/true);
  CHECK(all_close(y, {2, 2, 2}));
}

TEST_CASE("conv_transpose1d scatters each input through the kernel") {
  array x({1.0f, 2.0f}, {1, 2, 1});
  array w({1.0f, 1.0f, 1.0f}, {1, 3, 1});
  CHECK(all_close(conv_transpose1d(x, w, /*stride=*/2), {1, 1, 3, 2, 2}));
  CHECK(all_close(conv_transpose1d(x, w, 2, /*padding=*/1), {1, 3, 2}));
  CHECK(all_close(conv_transpose1d(x, w, 2, 1, 1, /*output_padding=*/1), {1, 3, 2, 2}));
}

TEST_CASE("convolve full, same and valid") {
  array a({1.0f, 2.0f, 3.0f});
  array v({0.0f, 1.0f, 0.5f});
  CHECK(all_close(convolve(a, v), {0, 1, 2.5, 4, 1.5}));
  CHECK(all_close(convolve(a, v, "same"), {1, 2.5, 4}));
  CHECK(all_close(convolve(a, v, "valid"), {2.5}));
  CHECK(all_close(convolve(v, a, "valid"), {2.5}));
}

TEST_CASE("gradients of conv1d") {
  array x({1.0, 2.0, 3.0, 4.0, 5.0}, {1, 5, 1}, float64);
  array w({1.0, 0.0, -1.0}, {1, 3, 1}, float64);
  auto f = [](const std::vector<array>& in) { return sum(conv1d(in[0], in[1])); };
  auto gx = grad(f, 0)({x, w});
  auto gw = grad(f, 1)({x, w});
  CHECK(all_close(gx[0], {1, 1, 0, -1, -1}));
  CHECK(all_close(gw[0], {6, 9, 12}));
}

TEST_CASE("convolution errors") {
  array x = zeros({1, 5, 2});
  CHECK_THROWS_AS(conv1d(zeros({5, 2}), zeros({1, 3, 2})), std::invalid_argument);
  CHECK_THROWS_AS(conv1d(x, zeros({1, 3, 3})), std::invalid_argument);
  CHECK_THROWS_AS(conv1d(x, zeros({1, 7, 2})), std::invalid_argument);
  CHECK_THROWS_AS(conv_transpose2d(x, zeros({1, 3, 2})), std::invalid_argument);
  CHECK_THROWS_AS(convolve(zeros({2, 2}), zeros({2})), std::invalid_argument);
  CHECK_THROWS_AS(convolve(zeros({3}), zeros({2}), "nope"), std::invalid_argument);
}
