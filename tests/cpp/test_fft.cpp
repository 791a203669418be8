// mxcore::fft from C++: transforms of many lengths (smooth, prime, large)
// against a direct O(n^2) DFT in double, the real transforms, 2-D transforms,
// shifts, the vjp of fft, round trips and errors.
#include <cmath>
#include <complex>
#include <numbers>
#include <random>

#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;
using cdouble = std::complex<double>;

namespace {

std::vector<cdouble> random_signal(int n, unsigned seed, bool real = false) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> dist;
  std::vector<cdouble> x(n);
  for (auto& v : x) v = cdouble(dist(gen), real ? 0.0 : dist(gen));
  return x;
}

// X[k] = sum_j x[j] exp(sign 2 pi i jk / n).
std::vector<cdouble> direct_dft(const std::vector<cdouble>& x, int sign = -1) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<cdouble> out(n);
  for (int64_t k = 0; k < n; ++k) {
    cdouble acc = 0;
    for (int64_t j = 0; j < n; ++j) {
      double angle = sign * 2.0 * std::numbers::pi * static_cast<double>((j * k) % n) / n;
      acc += x[j] * cdouble(std::cos(angle), std::sin(angle));
    }
    out[k] = acc;
  }
  return out;
}

array to_array(const std::vector<cdouble>& x, Shape shape) {
  std::vector<complex64_t> v(x.begin(), x.end());
  return array(v.begin(), std::move(shape), complex64);
}

std::vector<cdouble> values(array a) {
  // Flattening a transposed view copies it into row-major order.
  a = reshape(astype(a, complex64), {-1});
  eval(a);
  const auto* p = a.data<complex64_t>();
  return std::vector<cdouble>(p, p + a.size());
}

// Largest error relative to the largest reference magnitude (at least 1).
double rel_error(const std::vector<cdouble>& got, const std::vector<cdouble>& want) {
  if (got.size() != want.size()) return 1e30;
  double err = 0, scale = 1;
  for (size_t i = 0; i < got.size(); ++i) {
    err = std::max(err, std::abs(got[i] - want[i]));
    scale = std::max(scale, std::abs(want[i]));
  }
  return err / scale;
}

} // namespace

TEST_CASE("fft and ifft of smooth, prime and large lengths match a direct DFT") {
  std::vector<int> sizes;
  for (int n = 1; n <= 40; ++n) sizes.push_back(n);
  for (int n : {64, 97, 121, 169, 210, 256, 343, 1000, 1021, 2048, 4099}) sizes.push_back(n);
  for (int n : sizes) {
    auto x = random_signal(n, n);
    auto a = to_array(x, {n});
    double tol = 2e-6 * std::log2(n + 1.0) + 1e-6;
    CHECK(rel_error(values(fft::fft(a)), direct_dft(x)) < tol);
    auto inv = direct_dft(x, +1);
    for (auto& v : inv) v /= n;
    CHECK(rel_error(values(fft::ifft(a)), inv) < tol);
  }
}

TEST_CASE("rfft and irfft") {
  for (int n : {1, 2, 5, 8, 17, 30, 97, 128}) {
    auto x = random_signal(n, 100 + n, /*real=*/true);
    std::vector<float> xr;
    for (auto& v : x) xr.push_back(static_cast<float>(v.real()));
    array a(xr.begin(), {n}, float32);
    auto want = direct_dft(x);
    want.resize(n / 2 + 1);
    array spec = fft::rfft(a);
    CHECK(spec.dtype() == complex64);
    CHECK(spec.shape() == Shape{n / 2 + 1});
    CHECK(rel_error(values(spec), want) < 1e-5);
    // irfft(rfft(x), n) == x, odd and even n.
    array back = fft::irfft(spec, n, -1);
    CHECK(back.dtype() == float32);
    CHECK(rel_error(values(back), x) < 1e-5);
  }
}

TEST_CASE("fft2 over a transposed input matches separable direct DFTs") {
  const int rows = 6, cols = 7;
  auto x = random_signal(rows * cols, 7);
  array a = transpose(to_array(x, {cols, rows}));  // a[i][j] = x[j * rows + i]
  std::vector<cdouble> want(rows * cols);
  // Rows, then columns, of the (rows, cols) view.
  std::vector<std::vector<cdouble>> m(rows, std::vector<cdouble>(cols));
  for (int i = 0; i < rows; ++i) {
    std::vector<cdouble> line(cols);
    for (int j = 0; j < cols; ++j) line[j] = x[j * rows + i];
    m[i] = direct_dft(line);
  }
  for (int j = 0; j < cols; ++j) {
    std::vector<cdouble> line(rows);
    for (int i = 0; i < rows; ++i) line[i] = m[i][j];
    auto f = direct_dft(line);
    for (int i = 0; i < rows; ++i) want[i * cols + j] = f[i];
  }
  CHECK(rel_error(values(fft::fft2(a)), want) < 1e-5);
  // ifftn undoes fftn; ortho norm round trip too.
  CHECK(rel_error(values(fft::ifftn(fft::fftn(a))), values(a)) < 1e-5);
  auto ortho = fft::FFTNorm::Ortho;
  CHECK(rel_error(values(fft::ifft2(fft::fft2(a, {-2, -1}, ortho), {-2, -1}, ortho)),
                  values(a)) < 1e-5);
}

TEST_CASE("n pads with zeros and crops") {
  auto x = random_signal(6, 3);
  array a = to_array(x, {6});
  auto padded = x;
  padded.resize(10, 0.0);
  CHECK(rel_error(values(fft::fft(a, 10, 0)), direct_dft(padded)) < 1e-5);
  auto cropped = x;
  cropped.resize(4);
  CHECK(rel_error(values(fft::fft(a, 4, -1)), direct_dft(cropped)) < 1e-5);
}

TEST_CASE("vjp of fft is n times ifft") {
  auto x = random_signal(8, 11);
  auto c = random_signal(8, 12);
  array a = to_array(x, {8});
  auto [outs, grads] = vjp([](const std::vector<array>& in) { return std::vector{fft::fft(in[0])}; },
                           {a}, {to_array(c, {8})});
  auto want = direct_dft(c, +1);  // F^H c
  CHECK(rel_error(values(grads[0]), want) < 1e-5);
}

TEST_CASE("fftshift and ifftshift") {
  array a = arange(5);
  auto s = values(fft::fftshift(a));
  std::vector<cdouble> want{3, 4, 0, 1, 2};
  CHECK(rel_error(s, want) == 0);
  auto u = values(fft::ifftshift(a));
  std::vector<cdouble> want_inv{2, 3, 4, 0, 1};
  CHECK(rel_error(u, want_inv) == 0);
  CHECK_THROWS_AS(fft::fftshift(a, {1}), std::out_of_range);
}

TEST_CASE("errors") {
  array a = ones({4, 6});
  CHECK_THROWS_AS(fft::fft(a, 0, -1), std::invalid_argument);
  CHECK_THROWS_AS(fft::fftn(a, {0, 0}), std::invalid_argument);
  CHECK_THROWS_AS(fft::fft(a, 2), std::out_of_range);
  CHECK_THROWS_AS(fft::fftn(array(1.0f)), std::invalid_argument);
  CHECK_THROWS_AS(fft::fftn(a, {3, 4}, {0}), std::invalid_argument);
  CHECK_THROWS_AS(fft::irfft(ones({1})), std::invalid_argument);
}
