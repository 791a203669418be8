// The lazy array and eval, linked against libmxcore without Python.
#include <sstream>

#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

TEST_CASE("scalar and list construction") {
  array a(2.5f);
  CHECK(a.ndim() == 0);
  CHECK(a.dtype() == float32);
  CHECK(a.item<float>() == 2.5f);
  array b({1, 2, 3});
  CHECK(b.dtype() == int32);
  CHECK(b.shape() == Shape{3});
  array c({1.0f, 2.0f, 3.0f, 4.0f}, {2, 2});
  CHECK(c.shape() == (Shape{2, 2}));
  CHECK(c.strides() == (Strides{2, 1}));
}

TEST_CASE("lazy add and multiply evaluate") {
  array a({1.0f, 2.0f, 3.0f});
  array b({10.0f, 20.0f, 30.0f});
  array c = a * b + a;
  CHECK(!c.is_evaluated());
  eval(c);
  CHECK(c.is_evaluated());
  CHECK(c.data<float>()[0] == 11.0f);
  CHECK(c.data<float>()[2] == 93.0f);
}

TEST_CASE("broadcast and transpose views") {
  array a({1, 2, 3}, int32);
  array b = broadcast_to(a, {2, 3});
  array t = transpose(b);
  array s = add(t, array(1));
  eval(s);
  CHECK(s.shape() == (Shape{3, 2}));
  std::ostringstream os;
  os << s;
  CHECK(os.str() == "array([[2, 2],\n       [3, 3],\n       [4, 4]], dtype=int32)");
}

TEST_CASE("promotion of mixed dtypes") {
  array a({1, 2}, int8);
  array b({1, 2}, uint8);
  CHECK(add(a, b).dtype() == int16);
  CHECK(add(array(1.0f, float16), array(2, int32)).dtype() == float16);
  CHECK(promote_types(bfloat16, float16) == float32);
  CHECK(promote_types(uint64, int64) == float32);
}

TEST_CASE("long chain evaluates without overflowing the stack") {
  array x(0.0f);
  for (int i = 0; i < 100000; ++i) x = add(x, array(1.0f));
  CHECK(x.item<float>() == 100000.0f);
  array y(0.0f);
  for (int i = 0; i < 100000; ++i) y = add(y, array(1.0f));
  // Destroying an unevaluated long chain must not overflow either.
}

TEST_CASE("exp on ints promotes to float") {
  array a({0, 1});
  array e = exp(a);
  CHECK(e.dtype() == float32);
  eval(e);
  CHECK_CLOSE(e.data<float>()[0], 1.0f, 1e-6f);
  CHECK_CLOSE(e.data<float>()[1], 2.7182817f, 1e-6f);
}

TEST_CASE("bad broadcast raises invalid_argument") {
  array a({1, 2, 3});
  array b({1, 2});
  CHECK_THROWS_AS(add(a, b), std::invalid_argument);
}
