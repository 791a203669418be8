// The Metal backend's host code over the emulated device, in process: the
// allocator's buckets, cache and limit; eager and compiled kernels on a
// Metal stream against the CPU; command buffers bounded in size; events
// ordering a CPU consumer after the GPU; float64 rejected.
#include <cmath>
#include <stdexcept>
#include <string>

#include "backend/cpu/jit_builder.h"
#include "backend/metal/metal_backend.h"
#include "mxcore/compile.h"
#include "mxcore/mxcore.h"
#include "mxcore/random.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

metal::MetalBackend& install() {
  static metal::MetalBackend* b = [] {
    auto owned = std::make_unique<metal::MetalBackend>(metal::api::emulated_device());
    auto* p = owned.get();
    backend::register_backend(std::move(owned));
    return p;
  }();
  return *b;
}

bool close_to(const array& got, const array& want, float tol) {
  return allclose(astype(got, float32, Device::cpu), astype(want, float32, Device::cpu), tol, tol,
                  false, Device::cpu)
      .item<bool>();
}

} // namespace

TEST_CASE("metal allocator: buckets, reuse from the cache, memory limit") {
  using A = metal::MetalAllocator;
  CHECK(A::bucket_size(1) == 256);
  CHECK(A::bucket_size(4096) == 4096);
  CHECK(A::bucket_size(4097) == 8192);
  CHECK(A::bucket_size((1 << 20) + 1) == 2 << 20);
  A alloc(metal::api::emulated_device());
  auto b1 = alloc.malloc(1000);
  CHECK(alloc.active_memory() == 1024);
  CHECK(alloc.find(b1.ptr) != nullptr);
  alloc.free(b1);
  CHECK(alloc.active_memory() == 0);
  CHECK(alloc.cache_memory() == 1024);
  auto b2 = alloc.malloc(900); // the same bucket: the cached buffer comes back
  CHECK(b2.ptr == b1.ptr);
  CHECK(alloc.cache_memory() == 0);
  alloc.set_memory_limit(1 << 20);
  CHECK_THROWS_AS(alloc.malloc(2 << 20), std::runtime_error);
  alloc.free(b2);
  alloc.clear_cache();
  CHECK(alloc.cache_memory() == 0);
}

TEST_CASE("metal backend: eager kernels on a Metal stream equal the CPU") {
  auto& mb = install();
  Stream g = new_stream(Device::gpu);
  CHECK(std::string(backend::backend_for(Device::gpu).name()) == "metal");
  array x = random::normal({6, 33}, float32, array(0.0f), array(1.0f), std::nullopt, Device::cpu);
  array w = random::normal({33, 5}, float32, array(0.0f), array(1.0f), std::nullopt, Device::cpu);
  eval({x, w});
  const auto before = mb.command_buffers_committed();
  array y = sum(exp(x, g), std::vector<int>{1}, false, g);
  array m = matmul(x, w, g);
  array am = argmax(x, 0, false, g);
  array r = arange(0.0, 5.0, 0.5, float32, g);
  eval({y, m, am, r});
  CHECK(mb.command_buffers_committed() > before);
  CHECK(close_to(y, sum(exp(x, Device::cpu), std::vector<int>{1}, false, Device::cpu), 1e-5f));
  CHECK(close_to(m, matmul(x, w, Device::cpu), 1e-5f));
  CHECK(close_to(am, argmax(x, 0, false, Device::cpu), 0));
  CHECK(close_to(r, arange(0.0, 5.0, 0.5, float32, Device::cpu), 0));
  // The output buffers come from the Metal allocator.
  CHECK(mb.metal_allocator().find(m.data_shared_ptr()->buffer.ptr) != nullptr);
}

TEST_CASE("metal backend: command buffers hold a bounded number of dispatches") {
  auto& mb = install();
  Stream g = new_stream(Device::gpu);
  const int per_buffer = metal::MetalBackend::ops_per_command_buffer();
  array x = array({1.0f, 2.0f, 3.0f});
  array y = x;
  for (int i = 0; i < 3 * per_buffer; ++i) y = add(y, array(1.0f), g);
  const auto before = mb.command_buffers_committed();
  eval(y);
  CHECK(mb.command_buffers_committed() - before >= 3);
  CHECK(y.data<float>()[2] == 3.0f + 3 * per_buffer);
}

TEST_CASE("metal backend: a CPU consumer waits for the GPU; float64 raises") {
  install();
  Stream g = new_stream(Device::gpu);
  array y = exp(array({0.0f, 1.0f}), g);
  array z = multiply(y, array(2.0f), Device::cpu);
  eval(z);
  CHECK_CLOSE(z.data<float>()[1], 2.0f * std::exp(1.0f), 1e-5f);
  // A primitive without a Metal kernel (cumsum) runs its CPU kernel on the
  // unified buffers after the stream is synchronized.
  array c = cumsum(exp(array({0.0f, 0.0f, 0.0f}), g), 0, false, true, g);
  eval(c);
  CHECK(c.data<float>()[2] == 3.0f);
  array d = exp(array({1.0, 2.0}), g);
  CHECK_THROWS_AS(eval(d), std::invalid_argument);
}

TEST_CASE("metal backend: compiled functions run the MSL dialect's kernels") {
  auto& mb = install();
  Stream g = new_stream(Device::gpu);
  auto f = compile([g](const std::vector<array>& in) -> std::vector<array> {
    return {add(multiply(exp(negative(in[0], g), g), in[1], g), array(1.0f), g)};
  });
  array a = random::normal({7, 9}, float32, array(0.0f), array(1.0f), std::nullopt, Device::cpu);
  array b = random::normal({7, 9}, float32, array(0.0f), array(1.0f), std::nullopt, Device::cpu);
  array at = transpose(random::normal({9, 7}, float32, array(0.0f), array(1.0f), std::nullopt, Device::cpu), Device::cpu);
  eval({a, b, at});
  const auto libs = mb.libraries_built();
  for (const array& x : {a, at}) { // contiguous, then strided
    auto got = f({x, b})[0];
    auto want = add(multiply(exp(negative(x, Device::cpu), Device::cpu), b, Device::cpu),
                    array(1.0f), Device::cpu);
    eval(got);
    CHECK(close_to(got, want, 1e-5f));
  }
  CHECK(mb.libraries_built() >= libs + 2);
  // 64-bit index variants (forced: real ones need > 2^31 elements).
  cpu::set_jit_force_large_index(true);
  const auto before_large = mb.libraries_built();
  auto got = f({a, b})[0];
  eval(got);
  cpu::set_jit_force_large_index(false);
  CHECK(mb.libraries_built() == before_large + 1); // the _large variant
  CHECK(close_to(got, add(multiply(exp(negative(a, Device::cpu), Device::cpu), b, Device::cpu),
                          array(1.0f), Device::cpu), 1e-5f));
}

TEST_CASE("metal backend: sort and argsort along any axis (bitonic, stable, NaN last)") {
  install();
  Stream g = new_stream(Device::gpu);
  const float nan = std::nanf("");
  array x = array({3.0f, 1.0f, nan, 1.0f, -2.0f, 7.0f, 0.5f, 1.0f, 9.0f, -1.0f, 2.0f, 2.0f},
                  {3, 4});
  for (int axis : {0, 1}) {
    auto sv = sort(x, axis, g);
    auto si = argsort(x, axis, g);
    eval({sv, si});
    CHECK(allclose(sv, sort(x, axis, Device::cpu), 0, 0, true, Device::cpu).item<bool>());
    CHECK(array_equal(si, argsort(x, axis, Device::cpu), false, Device::cpu).item<bool>());
  }
  array xi = astype(random::randint(array(-5), array(5), {5, 37}, int32, std::nullopt, Device::cpu),
                    int32, Device::cpu);
  auto si = argsort(xi, 1, g);
  eval(si);
  CHECK(array_equal(si, argsort(xi, 1, Device::cpu), false, Device::cpu).item<bool>());
}
