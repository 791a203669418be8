// Transform rules of the shape primitives, called directly on the primitives.
#include <numeric>

#include "mxcore/ops.h"
#include "mxcore/primitives.h"
#include "mxcore/transforms.h"
#include "test_framework.h"

using namespace mxcore;

namespace {
std::vector<int32_t> values(array a) {
  a = astype(a, int32);
  a = copy(reshape(a, {static_cast<int>(a.size())}));
  eval(a);
  std::vector<int32_t> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = a.data<int32_t>()[i * a.strides()[0]];
  return out;
}
} // namespace

TEST_CASE("slice with negative strides is a view with the right values") {
  array a = reshape(arange(12), {3, 4});
  array s = slice(a, {2, 3}, {-4, -5}, {-2, -3}); // rows 2,0; cols 3,0
  CHECK(s.shape() == Shape({2, 2}));
  CHECK(values(s) == std::vector<int32_t>({11, 8, 3, 0}));
}

TEST_CASE("slice vjp scatters the cotangent into zeros") {
  array a = reshape(astype(arange(6), float32), {2, 3});
  array s = slice(a, {0, 2}, {2, -4}, {1, -2}); // cols 2, 0
  auto g = s.primitive().vjp({a}, {ones({2, 2})}, {0}, {s});
  CHECK(values(g[0]) == std::vector<int32_t>({1, 0, 1, 1, 0, 1}));
  auto t = s.primitive().jvp({a}, {a}, {0});
  CHECK(values(t[0]) == std::vector<int32_t>({2, 0, 5, 3}));
}

TEST_CASE("slice_update vjp splits the cotangent") {
  array src = zeros({4}, float32);
  array upd = array({5.0f, 6.0f});
  array out = slice_update(src, upd, {3}, {-5}, {-2}); // positions 3, 1
  array cot = array({1.0f, 2.0f, 3.0f, 4.0f});
  auto g = out.primitive().vjp(out.inputs(), {cot}, {0, 1}, {out});
  CHECK(values(out) == std::vector<int32_t>({0, 6, 0, 5}));
  CHECK(values(g[0]) == std::vector<int32_t>({1, 0, 3, 0}));
  CHECK(values(g[1]) == std::vector<int32_t>({4, 2}));
}

TEST_CASE("concatenate vjp, jvp and vmap") {
  array a = reshape(arange(4), {2, 2});
  array b = reshape(arange(4, 10), {2, 3});
  array c = concatenate({a, b}, 1);
  auto g = c.primitive().vjp(c.inputs(), {c}, {1}, {c});
  auto t = c.primitive().jvp(c.inputs(), {b}, {1});
  CHECK(values(c) == std::vector<int32_t>({0, 1, 4, 5, 6, 2, 3, 7, 8, 9}));
  CHECK(values(g[0]) == std::vector<int32_t>({4, 5, 6, 7, 8, 9}));
  CHECK(values(t[0]) == std::vector<int32_t>({0, 0, 4, 5, 6, 0, 0, 7, 8, 9}));
  // Batch axis 1 on a, a unbatched b: b is broadcast over the batch.
  array ab = reshape(arange(6), {3, 2}); // batch of 2 vectors of length 3
  array bb = array({9, 9});
  auto [outs, axes] = concatenate({ab, ab}, 0).primitive().vmap({ab, bb}, {1, -1});
  CHECK(axes[0] == 0);
  CHECK(outs[0].shape() == Shape({2, 5}));
  CHECK(values(outs[0]) == std::vector<int32_t>({0, 2, 4, 9, 9, 1, 3, 5, 9, 9}));
}

TEST_CASE("reshape of a transposed array copies, of a squeezed view does not") {
  array a = reshape(arange(6), {2, 3});
  array t = reshape(transpose(a), {6});
  CHECK(values(t) == std::vector<int32_t>({0, 3, 1, 4, 2, 5}));
  array s = slice(reshape(arange(24), {4, 6}), {0, 0}, {4, 6}, {2, 3});
  array e = expand_dims(s, 1);
  eval(s, e);
  CHECK(e.data_shared_ptr() == s.data_shared_ptr());
  CHECK(values(e) == std::vector<int32_t>({0, 3, 12, 15}));
}

TEST_CASE("errors name the op") {
  CHECK_THROWS_AS(concatenate({zeros({2, 2}), zeros({3, 3})}, 0), std::invalid_argument);
  CHECK_THROWS_AS(slice(zeros({2}), {0}, {2}, {0}), std::invalid_argument);
  CHECK_THROWS_AS(split(zeros({5}), 2), std::invalid_argument);
  CHECK_THROWS_AS(arange(0.0, 1.0, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(as_strided(zeros({4}), {4}, {2}, 0), std::invalid_argument);
}
