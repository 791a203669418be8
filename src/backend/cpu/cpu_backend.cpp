// The CPU backend. Work runs synchronously on the evaluating thread, so a
// stream has no queue and every event is signalled when it is made; the
// interface is the one a GPU backend implements with real queues.
#include "backend/cpu/cpu_backend.h"

namespace mxcore::cpu {

namespace {

// The host buffer cache of src/allocator.cpp (what memory.h reports on).
class HostAllocator : public backend::Allocator {
 public:
  allocator::Buffer malloc(size_t size) override { return allocator::malloc(size); }
  void free(allocator::Buffer buffer) override { allocator::free(buffer); }
};

class CompletedEvent : public backend::Event {
 public:
  bool is_signaled() const override { return true; }
  void wait() override {}
};

class CpuBackend : public backend::Backend {
 public:
  const char* name() const override { return "cpu"; }
  Device::DeviceType device_type() const override { return Device::cpu; }

  backend::Allocator& allocator() override { return allocator_; }
  // Host buffers need no deleter: array data frees them to the host cache.
  void allocate(array& out) override { out.set_data(allocator::malloc(out.nbytes())); }

  void synchronize(const Stream&) override {}
  std::shared_ptr<backend::Event> signal_event(const Stream&) override {
    return std::make_shared<CompletedEvent>();
  }
  // Work already ran in order on this thread; the event is only checked.
  void wait_event(const Stream&, backend::Event& event) override { event.wait(); }

  bool cpu_visible_memory() const override { return true; }

 protected:
  void eval_unregistered(Primitive& primitive, const std::vector<array>& inputs,
                         std::vector<array>& outputs) override {
    primitive.eval_cpu(inputs, outputs);
  }

 private:
  HostAllocator allocator_;
};

} // namespace

std::unique_ptr<backend::Backend> make_backend() { return std::make_unique<CpuBackend>(); }

} // namespace mxcore::cpu
