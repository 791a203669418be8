// eval: graph release, thread safety, async_eval, memory accounting.
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
