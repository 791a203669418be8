// The ops of include/mxcore/ops_extra.h against hand-computed values,
// including the transform rules of the Hadamard, SearchSorted and ConvertFP8
// primitives.
#include <cmath>
#include <limits>

#include "mxcore/mxcore.h"
#include "mxcore/random.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// Elements as float, in row-major order.
std::vector<float> floats(array a) {
  a = contiguous(astype(a, float32));
  eval(a);
  return std::vector<float>(a.data<float>(), a.data<float>() + a.size());
}

bool all_close(const std::vector<float>& got, const std::vector<float>& want, float tol = 1e-5f) {
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    bool both_nan = std::isnan(got[i]) && std::isnan(want[i]);
    if (!both_nan && !(std::abs(got[i] - want[i]) <= tol * (1 + std::abs(want[i])))) return false;
  }
  return true;
}

array matrix(std::initializer_list<float> data, int rows, int cols) {
  return array(data, {rows, cols});
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();

} // namespace

TEST_CASE("flip, unstack, matrix_transpose, broadcast_shapes") {
  array a = reshape(arange(6), {2, 3});
  CHECK(floats(flip(a, 1)) == std::vector<float>({2, 1, 0, 5, 4, 3}));
  CHECK(floats(flip(a)) == std::vector<float>({5, 4, 3, 2, 1, 0}));
  CHECK(floats(flip(a, {0, 0})) == std::vector<float>({3, 4, 5, 0, 1, 2}));
  CHECK_THROWS_AS(flip(a, 2), std::out_of_range);
  auto parts = unstack(a, 1);
  CHECK(parts.size() == 3 && parts[2].shape() == Shape({2}));
  CHECK(floats(parts[2]) == std::vector<float>({2, 5}));
  CHECK_THROWS_AS(unstack(array(1.0f)), std::out_of_range);
  CHECK(matrix_transpose(zeros({4, 2, 3})).shape() == Shape({4, 3, 2}));
  CHECK_THROWS_AS(matrix_transpose(zeros({3})), std::invalid_argument);
  CHECK(broadcast_shapes(std::vector<Shape>{{6, 7}, {5, 6, 1}, {7}}) == Shape({5, 6, 7}));
  CHECK_THROWS_AS(broadcast_shapes(std::vector<Shape>{{2}, {3}}), std::invalid_argument);
  CHECK_THROWS_AS(broadcast_shapes(std::vector<Shape>{}), std::invalid_argument);
  CHECK(floats(contiguous(transpose(a))) == std::vector<float>({0, 3, 1, 4, 2, 5}));
}

TEST_CASE("isdtype kinds, empty and full_like") {
  CHECK(isdtype(int8, "integral") && isdtype(uint16, "unsigned integer"));
  CHECK(!isdtype(uint16, "signed integer") && isdtype(bfloat16, "real floating"));
  CHECK(isdtype(complex64, "complex floating") && !isdtype(bool_, "numeric"));
  CHECK_THROWS_AS(isdtype(int8, "foo"), std::invalid_argument);
  CHECK(empty({2, 3}).shape() == Shape({2, 3}) && empty_like(zeros({2}, int8)).dtype() == int8);
  array f = full_like(zeros({1, 2}, int32), array({1.0f, 2.0f}, {2, 1}), std::nullopt);
  CHECK(f.dtype() == int32 && f.shape() == Shape({2, 2}));
  CHECK(floats(f) == std::vector<float>({1, 1, 2, 2}));
}

TEST_CASE("windows are NumPy's symmetric windows") {
  CHECK(all_close(floats(hanning(5)), {0, 0.5f, 1, 0.5f, 0}, 1e-6f));
  CHECK(all_close(floats(hamming(5)), {0.08f, 0.54f, 1, 0.54f, 0.08f}, 1e-6f));
  CHECK(all_close(floats(bartlett(5)), {0, 0.5f, 1, 0.5f, 0}, 1e-6f));
  CHECK(all_close(floats(blackman(3)), {0, 1, 0}, 1e-6f));
  CHECK(hanning(0).shape() == Shape({0}) && floats(blackman(1)) == std::vector<float>({1}));
}

TEST_CASE("trunc, positive, logical_xor") {
  CHECK(floats(trunc(array({-1.5f, 1.5f, -0.2f, 2.9f}))) == std::vector<float>({-1, 1, 0, 2}));
  CHECK(trunc(array({1, 2})).dtype() == int32);
  CHECK_THROWS_AS(trunc(array(std::complex<float>(1, 2))), std::invalid_argument);
  CHECK(floats(positive(array({1.0f, -2.0f}))) == std::vector<float>({1, -2}));
  array x = logical_xor(array({1, 0, 2}), array({0, 0, 3}));
  CHECK(x.dtype() == bool_ && floats(x) == std::vector<float>({1, 0, 0}));
}

TEST_CASE("count_nonzero, minmax, median, vecdot, diff") {
  array a = array({0, 1, 2, 0, 0, 3}, {2, 3});
  array c = count_nonzero(a, 1);
  CHECK(c.dtype() == int32 && floats(c) == std::vector<float>({2, 1}));
  CHECK(floats(count_nonzero(a)) == std::vector<float>({3}));
  auto [lo, hi] = minmax(a, std::vector<int>{0});
  CHECK(floats(lo) == std::vector<float>({0, 0, 2}) && floats(hi) == std::vector<float>({0, 1, 3}));
  CHECK(floats(median(array({3.0f, 1.0f, 2.0f, 4.0f}))) == std::vector<float>({2.5f}));
  array m = median(matrix({1, 5, 3, 2, 7, 4}, 3, 2), 0, true);
  CHECK(m.shape() == Shape({1, 2}) && floats(m) == std::vector<float>({3, 4}));
  CHECK(median(array({1, 2})).dtype() == float32);
  CHECK(std::isnan(floats(median(array({1.0f, kNaN, 2.0f})))[0]));
  CHECK_THROWS_AS(median(array({1.0f, 2.0f}), std::vector<int>{0, 0}), std::invalid_argument);
  CHECK(floats(vecdot(array({1.0f, 2.0f, 3.0f}), array({4.0f, 5.0f, 6.0f}))) ==
        std::vector<float>({32}));
  // conj(1+2i) * (3+1i) = 5 - 5i
  array z = vecdot(reshape(array(std::complex<float>(1, 2)), {1}),
                   reshape(array(std::complex<float>(3, 1)), {1}));
  CHECK(floats(real(z)) == std::vector<float>({5}) && floats(imag(z)) == std::vector<float>({-5}));
  CHECK_THROWS_AS(vecdot(array({1.0f}), ones({2, 1})), std::invalid_argument);
  CHECK(floats(diff(array({1, 4, 9, 16}))) == std::vector<float>({3, 5, 7}));
  CHECK(floats(diff(array({1, 4, 9, 16}), 2)) == std::vector<float>({2, 2}));
  CHECK(floats(diff(array({true, true, false}))) == std::vector<float>({0, 1}));
  CHECK_THROWS_AS(diff(array({1, 2}), -1), std::invalid_argument);
  CHECK_THROWS_AS(diff(array({1, 2}), 1, 3), std::out_of_range);
}

TEST_CASE("searchsorted: sides, NaN last, vmap over the sequence") {
  array seq = array({1, 2, 2, 3});
  array v = array({0, 2, 3, 5});
  array left = searchsorted(seq, v);
  CHECK(left.dtype() == uint32 && floats(left) == std::vector<float>({0, 1, 3, 4}));
  CHECK(floats(searchsorted(seq, v, "right")) == std::vector<float>({0, 3, 4, 4}));
  array fseq = array({1.0f, 2.0f, kNaN});
  CHECK(floats(searchsorted(fseq, array({kNaN, 2.5f}))) == std::vector<float>({2, 2}));
  CHECK(floats(searchsorted(fseq, array({kNaN, 2.5f}), "right")) == std::vector<float>({3, 2}));
  CHECK_THROWS_AS(searchsorted(zeros({1, 2}), v), std::invalid_argument);
  CHECK_THROWS_AS(searchsorted(seq, v, "mid"), std::invalid_argument);
  auto batched = vmap([](const array& s, const array& x) { return searchsorted(s, x); });
  array seqs = array({1, 2, 3, 0, 5, 10}, {2, 3});
  CHECK(floats(batched(seqs, array({2, 6}))) == std::vector<float>({1, 2}));
  auto values_only = vmap([&](const array& x) { return searchsorted(seq, x, "right"); });
  CHECK(floats(values_only(array({2, 5}, {2, 1}))) == std::vector<float>({3, 4}));
}

TEST_CASE("unique with index, inverse and counts") {
  auto outs = unique(array({3, 1, 3, 2, 1}), 4, true, true, true, array(0));
  CHECK(outs.size() == 4);
  CHECK(floats(outs[0]) == std::vector<float>({1, 2, 3, 0}));
  CHECK(floats(outs[1]) == std::vector<float>({1, 3, 0, 1}));
  CHECK(floats(outs[2]) == std::vector<float>({2, 0, 2, 1, 0}));
  CHECK(floats(outs[3]) == std::vector<float>({2, 1, 2, 0}));
  CHECK(floats(unique(array({2, 2}), 3)[0]) == std::vector<float>({2, 2, 2}));
  CHECK_THROWS_AS(unique(array({1}), -1), std::invalid_argument);
  CHECK_THROWS_AS(unique(zeros({0}, int32), 2), std::invalid_argument);
}

TEST_CASE("hadamard_transform: values, H_12, grad and vmap") {
  CHECK(floats(hadamard_transform(array({1, 2, 3, 4}), 1.0f)) ==
        std::vector<float>({10, -2, -4, 0}));
  CHECK(hadamard_transform(array({1, 2, 3, 4})).dtype() == float32);
  array g = grad([](const array& x) { return sum(hadamard_transform(x, 2.0f)); })(
      array({1.0f, 2.0f, 3.0f, 4.0f}));
  CHECK(floats(g) == std::vector<float>({8, 0, 0, 0}));
  // T(I) = H^T for H = H_12: entries +-1 and H H^T = 12 I.
  array ht = hadamard_transform(eye(12), 1.0f);
  CHECK(all_close(floats(matmul(transpose(ht), ht)), floats(multiply(eye(12), array(12.0f)))));
  // The vjp of x -> x H^T is w -> w H (H_12 is not symmetric).
  array w = astype(arange(12), float32);
  array gw = grad([&](const array& x) { return sum(multiply(hadamard_transform(x, 1.0f), w)); })(
      zeros({12}));
  CHECK(all_close(floats(gw), floats(matmul(w, transpose(ht)))));
  array x = reshape(astype(arange(8), float32), {2, 4});
  array batched = vmap([](const array& r) { return hadamard_transform(r, 1.0f); }, 1, 1)(
      transpose(x));
  CHECK(floats(batched) == floats(transpose(hadamard_transform(x, 1.0f))));
  CHECK_THROWS_AS(hadamard_transform(ones({6})), std::invalid_argument);
  CHECK_THROWS_AS(hadamard_transform(zeros({0, 4})), std::invalid_argument);
  CHECK_THROWS_AS(hadamard_transform(ones({4}, float64)), std::invalid_argument);
}

TEST_CASE("fp8 e4m3: rounding, saturation, decoding") {
  float sub = std::ldexp(1.0f, -9);
  array x = array({448.0f, 1000.0f, std::numeric_limits<float>::infinity(), kNaN, -1.0f, 0.5f,
                   sub, sub / 2, 1.5f * sub});
  array codes = to_fp8(x);
  CHECK(codes.dtype() == uint8);
  CHECK(floats(codes) == std::vector<float>({126, 126, 126, 126, 184, 48, 1, 0, 2}));
  array back = from_fp8(array({126, 184, 1, 127, 48}, uint8), float32);
  CHECK(all_close(floats(back), {448, -1, sub, kNaN, 0.5f}, 0));
  CHECK(from_fp8(array({48}, uint8)).dtype() == bfloat16);
  CHECK_THROWS_AS(to_fp8(array({1, 2})), std::invalid_argument);
  CHECK_THROWS_AS(from_fp8(array({1, 2})), std::invalid_argument);
  auto round_trip = compile([](const std::vector<array>& in) {
    return std::vector<array>{from_fp8(to_fp8(in[0]), float32)};
  });
  CHECK(floats(round_trip({array({3.0f, -0.3f})})[0]) == std::vector<float>({3, -0.3125f}));
}

TEST_CASE("fast::cross_entropy, random::laplace and random::multivariate_normal") {
  array ce = fast::cross_entropy(matrix({0, 0, 1, 2}, 2, 2), array({1, 0}));
  CHECK(ce.dtype() == float32);
  CHECK(all_close(floats(ce), {std::log(2.0f), std::log(1.0f + std::exp(1.0f))}));
  CHECK_THROWS_AS(fast::cross_entropy(zeros({2, 3}), zeros({2})), std::invalid_argument);
  CHECK_THROWS_AS(fast::cross_entropy(zeros({2, 3}), array({0})), std::invalid_argument);
  array key = random::key(3);
  array standard = random::laplace({1000}, float32, 0.0f, 1.0f, key);
  array shifted = random::laplace({1000}, float32, 1.0f, 2.0f, key);
  CHECK(all_close(floats(shifted), floats(add(multiply(standard, array(2.0f)), array(1.0f)))));
  CHECK_THROWS_AS(random::laplace({2}, int32), std::invalid_argument);
  // With a diagonal covariance the square root is diag(sqrt(c)).
  array mean = array({1.0f, -1.0f});
  array cov = matrix({4, 0, 0, 9}, 2, 2);
  array samples = random::multivariate_normal(mean, cov, {5}, float32, key);
  array z = random::normal({5, 2}, float32, array(0.0f), array(1.0f), key);
  CHECK(samples.shape() == Shape({5, 2}));
  CHECK(all_close(floats(samples), floats(add(mean, multiply(z, array({2.0f, 3.0f}))))));
  CHECK_THROWS_AS(random::multivariate_normal(mean, eye(3)), std::invalid_argument);
  CHECK_THROWS_AS(random::multivariate_normal(mean, cov, {}, float16), std::invalid_argument);
}
