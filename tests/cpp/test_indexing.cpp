// Gather/Scatter ops from C++: values, bounds errors, gradients.
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

TEST_CASE("take_and_gather_values") {
  array a = reshape(arange(12), {3, 4});
  array t = take(a, array({2, -3, 2}), 0);
  CHECK(t.shape() == Shape({3, 4}));
  eval({t});
  CHECK(t.data<int32_t>()[0] == 8);
  CHECK(t.data<int32_t>()[4] == 0);
  array g = gather(a, {array({1}), array({2})}, {0, 1}, {2, 2});
  eval({g});
  CHECK(g.shape() == Shape({1, 2, 2}));
  const int32_t* d = g.data<int32_t>();
  CHECK(d[0] == 6 && d[1] == 7 && d[2] == 10 && d[3] == 11);
}

TEST_CASE("gather_out_of_bounds_raises") {
  array a = arange(5);
  CHECK_THROWS_AS(eval({take(a, array({5}), 0)}), std::out_of_range);
  // Window of 3 starting at 3 leaves the array.
  CHECK_THROWS_AS(eval({gather(a, array({3}), 0, {3})}), std::out_of_range);
  CHECK_THROWS_AS(gather(a, array({1.0f}), 0, {1}), std::invalid_argument);
}

TEST_CASE("scatter_reductions") {
  array a = zeros({4}, int32);
  array idx = array({1, 1, 3});
  array upd = reshape(array({5, 6, 7}), {3, 1});
  array s = scatter(a, idx, upd, 0);
  array sa = scatter_add(a, idx, upd, 0);
  array sm = scatter_max(full({4}, 6, int32), idx, upd, 0);
  eval({s, sa, sm});
  CHECK(s.data<int32_t>()[1] == 6 && s.data<int32_t>()[3] == 7 && s.data<int32_t>()[0] == 0);
  CHECK(sa.data<int32_t>()[1] == 11);
  CHECK(sm.data<int32_t>()[1] == 6 && sm.data<int32_t>()[3] == 7);
}

TEST_CASE("grad_of_take_is_scatter_add") {
  auto f = [](const std::vector<array>& xs) {
    return std::vector<array>{sum(take(xs[0], array({0, 0, 2}), 0))};
  };
  auto [outs, grads] = vjp(f, {array({1.0f, 2.0f, 3.0f})}, {array(1.0f)});
  eval(grads);
  const float* g = grads[0].data<float>();
  CHECK_CLOSE(g[0], 2.0f, 1e-6);
  CHECK_CLOSE(g[1], 0.0f, 1e-6);
  CHECK_CLOSE(g[2], 1.0f, 1e-6);
}
