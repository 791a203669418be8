// Deep graphs: chains of 10^5 ops are released, evaluated and compiled
// without recursion (a stack overflow would kill the test binary).
#include <chrono>
#include <cmath>

#include "mxcore/compile.h"
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

constexpr int chain_length = 100000;

float first_value(array a) {
  eval(a);
  array c = copy(astype(a, float32));
  eval(c);
  return c.data<float>()[0];
}

} // namespace

TEST_CASE("release unevaluated chain") {
  array y = array({1.0f, 2.0f});
  for (int i = 0; i < chain_length; ++i) y = sin(y);
  y = array(0.0f); // the whole chain dies here
  CHECK(first_value(y) == 0.0f);
}

TEST_CASE("release unevaluated chain of multi output ops") {
  array y = array({3.0f});
  for (int i = 0; i < chain_length / 2; ++i) {
    auto qr = divmod(y, array(2.0f));
    y = add(qr[0], qr[1]);
  }
  y = array(0.0f);
  CHECK(first_value(y) == 0.0f);
}

TEST_CASE("evaluate chain of multi output ops") {
  array y = array({3.0f});
  for (int i = 0; i < chain_length / 2; ++i) {
    auto qr = divmod(y, array(2.0f));
    y = add(qr[0], qr[1]);
  }
  // 3 -> 1 + 1 = 2 -> 1 + 0 = 1 -> 0 + 1 = 1 ...
  CHECK(first_value(y) == 1.0f);
}

TEST_CASE("compile chain in seconds") {
  auto f = [](const std::vector<array>& in) {
    array z = in[0];
    for (int i = 0; i < chain_length; ++i) z = sin(z);
    return std::vector<array>{z};
  };
  auto start = std::chrono::steady_clock::now();
  auto out = compile(f)({array({1.0f, 2.0f})});
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  float expected = 1.0f;
  for (int i = 0; i < chain_length; ++i) expected = std::sin(expected);
  CHECK_CLOSE(first_value(out[0]), expected, 1e-4f);
  CHECK(seconds < 30.0);
}

TEST_CASE("compile chain sharing one scalar constant") {
  // Was unordered_map::at in the replace step from ~44 multiplies on.
  auto f = [](const std::vector<array>& in) {
    array z = in[0];
    for (int i = 0; i < 50; ++i) z = multiply(z, array(1.5f));
    return std::vector<array>{z};
  };
  auto out = compile(f)({array({1.0f})});
  CHECK_CLOSE(first_value(out[0]), std::pow(1.5f, 50.0f), 1e-4f * std::pow(1.5f, 50.0f));
}
