// Cases that scripts/sanitize.sh (ASan + UBSan) reported, kept as tests so
// the next sanitized run catches a regression. In a plain build they check
// the values; under the sanitizers they also check that no undefined
// behaviour is on the way (docs/SANITIZERS.md).
#include <cstdint>
#include <limits>

#include "backend/cpu/strided.h"
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

TEST_CASE("for_each_run visits nothing in an empty range, zero dims included") {
  // Shape {0, 3}: decoding a start index would divide by the zero dim.
  Strides strides{3, 1};
  auto layout = cpu::collapse_dims<1>(Shape{0, 3}, {&strides});
  int calls = 0;
  cpu::for_each_run<1>(layout, 0, 0, [&](auto&, int64_t, auto&) { ++calls; });
  CHECK(calls == 0);
  auto scalar = cpu::collapse_dims<1>(Shape{}, {&strides});
  cpu::for_each_run<1>(scalar, 0, 0, [&](auto&, int64_t, auto&) { ++calls; });
  CHECK(calls == 0);
  cpu::for_each_run<1>(scalar, 0, 1, [&](auto&, int64_t n, auto&) { calls += int(n); });
  CHECK(calls == 1);
}

TEST_CASE("gather with an empty index array on a strided source") {
  array a = slice(reshape(arange(24), {4, 6}), {3, 1}, {-5, 6}, {-1, 1});
  array idx = zeros({0}, int32);
  array t = take(a, idx, 0);
  eval({t});
  CHECK(t.shape() == Shape({0, 5}));
  array u = take(a, idx, 1);
  eval({u});
  CHECK(u.shape() == Shape({4, 0}));
}

template <typename T>
T eval_scalar(array x) {
  eval({x});
  return x.data<T>()[0];
}

TEST_CASE("signed integer arithmetic wraps around without overflow") {
  constexpr int64_t lo = std::numeric_limits<int64_t>::min();
  constexpr int64_t hi = std::numeric_limits<int64_t>::max();
  CHECK(eval_scalar<int64_t>(multiply(array(lo), array(int64_t(-1)))) == lo);
  CHECK(eval_scalar<int64_t>(add(array(hi), array(int64_t(1)))) == lo);
  CHECK(eval_scalar<int64_t>(subtract(array(lo), array(int64_t(1)))) == hi);
  CHECK(eval_scalar<int64_t>(negative(array(lo))) == lo);
  CHECK(eval_scalar<int64_t>(abs(array(lo))) == lo);
  CHECK(eval_scalar<int64_t>(square(array(int64_t(1) << 32))) == 0);
  uint64_t p = 1; // 3**41 modulo 2**64
  for (int i = 0; i < 41; ++i) p *= 3u;
  CHECK(eval_scalar<int64_t>(power(array(int64_t(3)), array(int64_t(41)))) == int64_t(p));
  CHECK(eval_scalar<int64_t>(floor_divide(array(lo), array(int64_t(-1)))) == lo);
  constexpr int32_t lo32 = std::numeric_limits<int32_t>::min();
  CHECK(eval_scalar<int32_t>(multiply(array(lo32), array(int32_t(-1)))) == lo32);
  CHECK(eval_scalar<int32_t>(multiply(array(int32_t(65536)), array(int32_t(65536)))) == 0);
  // uint16 * uint16 promotes to int, where 65535 * 65535 overflows.
  CHECK(eval_scalar<uint16_t>(multiply(array(uint16_t(65535)), array(uint16_t(65535)))) == 1);
  CHECK(eval_scalar<int8_t>(negative(array(int8_t(-128)))) == -128);
}

TEST_CASE("integer matmul of uint16 and int16 wraps without signed overflow") {
  // Sanitizer run 3: the uint16 products were promoted to int and overflowed.
  // [65535 65535] @ [65535 65535]^T = 2 * 65535^2 mod 2^16 = 2.
  array a({uint16_t(65535), uint16_t(65535)}, Shape{1, 2});
  array b({uint16_t(65535), uint16_t(65535)}, Shape{2, 1});
  CHECK(eval_scalar<uint16_t>(matmul(a, b)) == 2);
  // int16: (-32768) * (-32768) * 2 = 2^31 wraps to 0 in 16 bits.
  array c({int16_t(-32768), int16_t(-32768)}, Shape{1, 2});
  array d({int16_t(-32768), int16_t(-32768)}, Shape{2, 1});
  CHECK(eval_scalar<int16_t>(matmul(c, d)) == 0);
}
