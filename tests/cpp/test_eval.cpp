// eval: graph release, thread safety, async_eval, memory accounting.
#include <cmath>
#include <thread>

#include "mxcore/mxcore.h"
#include "mxcore/primitives.h"
#include "test_framework.h"

using namespace mxcore;

TEST_CASE("eval from several threads at once") {
  std::vector<std::thread> threads;
  std::vector<float> results(8, 0.0f);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &results] {
      array x(static_cast<float>(t));
      for (int i = 0; i < 200; ++i) x = add(x, array(1.0f));
      results[t] = x.item<float>();
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) CHECK(results[t] == static_cast<float>(t + 200));
}

TEST_CASE("threads sharing one graph") {
  array base = exp(array({0.0f, 1.0f, 2.0f}));
  std::vector<std::thread> threads;
  std::vector<float> results(4, 0.0f);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      array y = multiply(base, array(2.0f));
      eval(y);
      results[t] = y.data<float>()[1];
    });
  }
  for (auto& th : threads) th.join();
  for (float r : results) CHECK_CLOSE(r, 2.0f * 2.7182817f, 1e-5f);
}

TEST_CASE("async_eval then read") {
  array x = multiply(array({1.0f, 2.0f}), array(3.0f));
  async_eval({x});
  synchronize();
  CHECK(x.is_evaluated());
  CHECK(x.data<float>()[1] == 6.0f);
}

TEST_CASE("evaluated arrays release their graph") {
  array a({1.0f, 2.0f});
  array b = exp(a);
  array c = add(b, a);
  CHECK(c.has_primitive());
  eval(c);
  CHECK(!c.has_primitive());
  CHECK(c.inputs().empty());
}

TEST_CASE("active and peak memory track live buffers") {
  clear_cache();
  size_t before = get_active_memory();
  {
    array big = full({1 << 20}, array(1.0f));
    array y = add(big, array(1.0f));
    eval(y);
    CHECK(get_active_memory() >= before + (size_t(1) << 22));
    CHECK(get_peak_memory() >= before + (size_t(1) << 22));
  }
  CHECK(get_active_memory() <= before + 4096);
  CHECK(get_cache_memory() >= (size_t(1) << 22));
  clear_cache();
  CHECK(get_cache_memory() == 0);
  reset_peak_memory();
  CHECK(get_peak_memory() == get_active_memory());
}

TEST_CASE("memory limit raises runtime_error") {
  size_t old = set_memory_limit(1 << 20);
  array big = full({1 << 20}, array(1.0f));
  array y = add(big, array(1.0f));
  CHECK_THROWS_AS(eval(y), std::runtime_error);
  set_memory_limit(old);
  eval(y);
  CHECK(y.data<float>()[5] == 2.0f);
}

TEST_CASE("gpu requests raise without a GPU backend") {
  CHECK(!is_available(Device::gpu));
  CHECK_THROWS_AS(set_default_device(Device::gpu), std::invalid_argument);
  CHECK_THROWS_AS(default_stream(Device::gpu), std::invalid_argument);
  Stream s = new_stream(Device::cpu);
  array y = add(array(1.0f), array(2.0f), s);
  CHECK(y.primitive().stream() == s);
  CHECK(y.item<float>() == 3.0f);
}

// eval marks the nodes its walk reached in the nodes themselves (each eval
// numbers its walk) and keeps its vectors per thread between evals.
TEST_CASE("a node shared by many paths is computed once and right") {
  array x({1.0f, 2.0f, 3.0f});
  array shared = exp(x);
  array acc = shared;
  for (int i = 0; i < 40; ++i) acc = add(acc, multiply(shared, array(float(i))));
  // Asked for twice, and beside one of its own inputs.
  eval({acc, shared, acc});
  const float expect_scale = 1.0f + 780.0f; // 1 + sum(0..39)
  for (int k = 0; k < 3; ++k) {
    CHECK_CLOSE(acc.data<float>()[k], expect_scale * std::exp(float(k + 1)), 1e-3f);
    CHECK_CLOSE(shared.data<float>()[k], std::exp(float(k + 1)), 1e-5f);
  }
}

TEST_CASE("graphs overlapping an earlier eval's walk are walked again") {
  array x({0.5f, -1.0f});
  array a = sin(x);
  array b = add(a, array(1.0f));
  eval(b); // a and b are marked with this walk and evaluated
  array c = multiply(a, b);
  array d = subtract(c, exp(x)); // exp(x): new, unmarked
  array e = add(d, c);
  eval({e, d});
  for (int k = 0; k < 2; ++k) {
    float xv = k == 0 ? 0.5f : -1.0f;
    float cv = std::sin(xv) * (std::sin(xv) + 1.0f);
    CHECK_CLOSE(d.data<float>()[k], cv - std::exp(xv), 1e-6f);
    CHECK_CLOSE(e.data<float>()[k], 2.0f * cv - std::exp(xv), 1e-6f);
  }
}

TEST_CASE("siblings of a multi-output primitive in a long graph") {
  array x = arange(0.0, 12.0, 1.0, float32);
  array acc = x;
  std::vector<array> keep;
  for (int i = 0; i < 300; ++i) {
    auto parts = split(acc, 3);
    // One sibling feeds the chain; another is kept and evaluated with it.
    acc = concatenate({parts[0], add(parts[1], array(1.0f)), parts[2]});
    if (i % 100 == 0) keep.push_back(parts[2]);
  }
  keep.push_back(acc);
  eval(keep);
  for (int k = 0; k < 12; ++k) {
    float expect = float(k) + (k >= 4 && k < 8 ? 300.0f : 0.0f);
    CHECK(acc.data<float>()[k] == expect);
  }
  CHECK(keep[0].data<float>()[0] == 8.0f);
}

TEST_CASE("an eval that fails part way holds nothing and the next one succeeds") {
  clear_cache();
  size_t before = get_active_memory();
  size_t old = set_memory_limit(1 << 21);
  {
    array small = add(array({1.0f, 2.0f}), array(1.0f));
    array big = full({1 << 20}, array(2.0f)); // 4 MB: over the limit
    array y = add(small, sum(big));
    CHECK_THROWS_AS(eval(y), std::runtime_error);
    set_memory_limit(old);
    eval(y);
    CHECK(y.data<float>()[1] == 3.0f + 2.0f * float(1 << 20));
  }
  // The failed walk's vectors kept no array alive.
  CHECK(get_active_memory() <= before + 4096);
  // A deep chain after it reuses the same vectors.
  array z(0.0f);
  for (int i = 0; i < 20000; ++i) z = add(z, array(1.0f));
  CHECK(z.item<float>() == 20000.0f);
}
