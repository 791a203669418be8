// gather_mm, the mode-aware quantization API and det from C++: hand-computed
// products, defaults, gradients and errors.
#include <cmath>

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

} // namespace

TEST_CASE("gather_mm picks and multiplies the indexed matrices") {
  // a: two 1x2 matrices, b: two 2x1 matrices.
  array a = array({1.0f, 2.0f, 3.0f, 4.0f}, {2, 1, 2});
  array b = array({1.0f, 1.0f, 10.0f, 100.0f}, {2, 2, 1});
  array out = gather_mm(a, b, array({1, 0, 1}, {3}), array({0, 1, 1}, {3}));
  CHECK(out.shape() == Shape({3, 1, 1}));
  // [3,4]@[1,1] = 7, [1,2]@[10,100] = 210, [3,4]@[10,100] = 430
  CHECK(all_close(out, {7, 210, 430}, 1e-5));
  // d/da of the sum: each gathered a row receives b^T; a[1] is used twice.
  auto f = [&](const std::vector<array>& in) {
    return std::vector<array>{sum(gather_mm(in[0], b, array({1, 0, 1}, {3}),
                                            array({0, 1, 1}, {3})))};
  };
  auto grads = vjp(f, {a}, {array(1.0f)}).second;
  CHECK(all_close(grads[0], {10, 100, 11, 101}, 1e-5));
  CHECK_THROWS_AS(gather_mm(a, b, array({0.5f}, {1}), std::nullopt), std::invalid_argument);
  CHECK_THROWS_AS(eval(gather_mm(a, b, array({2}, {1}), array({0}, {1}))), std::out_of_range);
}

TEST_CASE("quantize modes from C++") {
  array w = reshape(astype(arange(64), float32), {1, 64});
  auto affine = quantize(w, std::nullopt, std::nullopt);       // affine 64 / 4
  CHECK(affine.size() == 3);
  CHECK(affine[0].shape() == Shape({1, 8}));
  auto mx4 = quantize(w, std::nullopt, std::nullopt, "mxfp4");
  CHECK(mx4.size() == 2);
  CHECK(mx4[1].dtype() == uint8);
  array back = dequantize(mx4[0], mx4[1], std::nullopt, std::nullopt, std::nullopt, "mxfp4",
                          std::nullopt, float32);
  CHECK(back.shape() == Shape({1, 64}));
  // Group 1 (32..63) has max 63: scale 2^4, so 48 = 3 * 16 is exact.
  CHECK(std::abs(values(back)[48] - 48.0) < 1e-6);
  CHECK(quantize(w, std::nullopt, std::nullopt, "nvfp4")[1].shape() == Shape({1, 4}));
  CHECK_THROWS_AS(quantize(w, 32, std::nullopt, "nvfp4"), std::invalid_argument);
  // Rows that nvfp4 represents exactly (max 6, scale 1): qqmm is the plain product.
  array x = reshape(array({1.0f, 2.0f, 3.0f, 6.0f}), {1, 4});
  array x16 = concatenate({x, zeros({1, 12}, float32)}, 1);
  CHECK(all_close(qqmm(x16, x16), {50.0}, 0));
  CHECK_THROWS_AS(quantize(w, 64, std::optional<int>(4), "mxfp4"), std::invalid_argument);
}

TEST_CASE("det and slogdet") {
  array a = array({1.0, 2.0, 3.0, 4.0}, {2, 2}, float64);
  CHECK(all_close(linalg::det(a), {-2.0}, 1e-12));
  auto [sign, logabs] = linalg::slogdet(a);
  CHECK(all_close(sign, {-1.0}, 0));
  CHECK(all_close(logabs, {std::log(2.0)}, 1e-12));
}
