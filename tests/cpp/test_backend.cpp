// The backend seam: a fake GPU backend registers one kernel (Exp) and
// evaluates on its own allocator and streams; a primitive it lacks raises the
// named error; a backend with CPU-visible memory falls back to the CPU kernel.
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "mxcore/backend.h"
#include "mxcore/mxcore.h"
#include "primitives/elementwise.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

struct Counters {
  int mallocs = 0;
  int frees = 0;
  int streams_created = 0;
  int synchronizes = 0;
  int events_signalled = 0;
  int events_waited = 0;
  int exp_kernel_calls = 0;
};

// Host memory stands in for device memory, so the test can read results.
class CountingAllocator : public backend::Allocator {
 public:
  explicit CountingAllocator(Counters& c) : c_(c) {}
  allocator::Buffer malloc(size_t size) override {
    ++c_.mallocs;
    return {std::malloc(size ? size : 1), size};
  }
  void free(allocator::Buffer b) override {
    ++c_.frees;
    std::free(b.ptr);
  }

 private:
  Counters& c_;
};

class FlagEvent : public backend::Event {
 public:
  bool is_signaled() const override { return true; }
  void wait() override {}
};

class FakeGpu : public backend::Backend {
 public:
  FakeGpu(const char* name, bool cpu_visible) : name_(name), cpu_visible_(cpu_visible) {
    kernels().add<Exp>([this](Exp&, const std::vector<array>& in, std::vector<array>& out) {
      ++counters.exp_kernel_calls;
      allocate(out[0]);
      const float* x = in[0].data<float>();
      float* y = out[0].data<float>();
      for (size_t i = 0; i < out[0].size(); ++i) y[i] = std::exp(x[i]);
    });
  }
  const char* name() const override { return name_; }
  Device::DeviceType device_type() const override { return Device::gpu; }
  backend::Allocator& allocator() override { return allocator_; }
  void new_stream(const Stream&) override { ++counters.streams_created; }
  void synchronize(const Stream&) override { ++counters.synchronizes; }
  std::shared_ptr<backend::Event> signal_event(const Stream&) override {
    ++counters.events_signalled;
    return std::make_shared<FlagEvent>();
  }
  void wait_event(const Stream&, backend::Event&) override { ++counters.events_waited; }
  bool cpu_visible_memory() const override { return cpu_visible_; }

  Counters counters;

 private:
  const char* name_;
  bool cpu_visible_;
  CountingAllocator allocator_{counters};
};

// Registers a fresh fake backend and returns it (the registry owns it).
FakeGpu& install_fake(const char* name, bool cpu_visible) {
  auto fake = std::make_unique<FakeGpu>(name, cpu_visible);
  FakeGpu& ref = *fake;
  backend::register_backend(std::move(fake));
  return ref;
}

// A user primitive that only has a GPU implementation through eval_gpu.
class PlusOne : public UnaryPrimitive {
 public:
  using UnaryPrimitive::UnaryPrimitive;
  void eval_cpu(const std::vector<array>&, array&) override {
    throw std::logic_error("PlusOne has no CPU kernel");
  }
  void eval_gpu(const std::vector<array>& in, std::vector<array>& out) override {
    backend::backend_for(device()).allocate(out[0]);
    for (size_t i = 0; i < out[0].size(); ++i) {
      out[0].data<float>()[i] = in[0].data<float>()[i] + 1.0f;
    }
  }
  const char* name() const override { return "PlusOne"; }
};

std::string error_of(array a) {
  try {
    eval(a);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("only the cpu backend is built in") {
  CHECK(is_available(Device::cpu));
  CHECK(!is_available(Device::gpu));
  CHECK(std::string(backend::backend_for(Device::cpu).name()) == "cpu");
  CHECK_THROWS_AS(backend::backend_for(Device::gpu), std::invalid_argument);
  CHECK_THROWS_AS(new_stream(Device::gpu), std::invalid_argument);
}

TEST_CASE("a registered kernel runs on the backend's stream and allocator") {
  FakeGpu& gpu = install_fake("fake", false);
  CHECK(is_available(Device::gpu));
  Stream s = new_stream(Device::gpu);
  CHECK(s.device == Device::gpu);
  CHECK(gpu.counters.streams_created == 1);
  // The GPU's default stream is made on first use and is told to the backend.
  Stream d = default_stream(Device::gpu);
  CHECK(d.device == Device::gpu && d != s);
  CHECK(default_stream(Device::gpu) == d);
  CHECK(gpu.counters.streams_created == 2);
  CHECK(default_stream(Device::cpu).device == Device::cpu);
  {
    array y = exp(array({0.0f, 1.0f, 2.0f}), s);
    eval(y);
    CHECK(gpu.counters.exp_kernel_calls == 1);
    CHECK(gpu.counters.mallocs == 1);
    CHECK(gpu.counters.synchronizes >= 1); // eval returns with the stream done
    CHECK_CLOSE(y.data<float>()[0], 1.0f, 1e-6f);
    CHECK_CLOSE(y.data<float>()[2], std::exp(2.0f), 1e-5f);
  }
  CHECK(gpu.counters.frees == 1); // the buffer went back to the fake allocator
}

TEST_CASE("a primitive the backend lacks raises an error naming it and the device") {
  FakeGpu& gpu = install_fake("fake", false);
  Stream s = new_stream(Device::gpu);
  array x = array({1.0f, 2.0f});
  CHECK(error_of(log(x, s)) ==
        "[eval] Primitive 'Log' has no kernel for Device(gpu, 0) (backend 'fake').");
  CHECK(gpu.counters.exp_kernel_calls == 0);
  CHECK(gpu.counters.mallocs == 0);
}

TEST_CASE("work crossing streams waits on an event") {
  FakeGpu& gpu = install_fake("fake", false);
  Stream s = new_stream(Device::gpu);
  array y = exp(array({0.0f, 1.0f}), s);
  array z = multiply(y, array(2.0f), Device::cpu); // the CPU consumes the GPU's output
  eval(z);
  CHECK(gpu.counters.events_signalled == 1);
  CHECK_CLOSE(z.data<float>()[1], 2.0f * std::exp(1.0f), 1e-5f);
  // One stream only: no events.
  array w = exp(array({3.0f}), s);
  eval(w);
  CHECK(gpu.counters.events_signalled == 1);
  CHECK(gpu.counters.exp_kernel_calls == 2);
}

TEST_CASE("custom primitives override eval_gpu") {
  FakeGpu& gpu = install_fake("fake", false);
  Stream s = new_stream(Device::gpu);
  array x = array({1.0f, 5.0f});
  array y(x.shape(), float32, std::make_shared<PlusOne>(s), {x});
  eval(y);
  CHECK(y.data<float>()[0] == 2.0f && y.data<float>()[1] == 6.0f);
  CHECK(gpu.counters.mallocs == 1);
}

TEST_CASE("cpu-visible memory falls back to the cpu kernel") {
  FakeGpu& gpu = install_fake("unified", true);
  Stream s = new_stream(Device::gpu);
  array y = log(array({1.0f, std::exp(1.0f)}), s);
  eval(y);
  CHECK_CLOSE(y.data<float>()[0], 0.0f, 1e-6f);
  CHECK_CLOSE(y.data<float>()[1], 1.0f, 1e-6f);
  CHECK(gpu.counters.synchronizes >= 1);
  CHECK(gpu.counters.mallocs == 0); // the CPU kernel allocates host memory
}
