// The backend registry and the device-independent part of eval dispatch.
#include "mxcore/backend.h"

#include <array>
#include <atomic>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "backend/cpu/cpu_backend.h"

namespace mxcore::backend {

namespace {

constexpr size_t num_device_types = 2;

size_t slot(Device::DeviceType type) { return type == Device::cpu ? 0 : 1; }

// Lookups happen for every evaluated primitive: they read an atomic pointer.
// Backends are never destroyed (arrays may hold their buffers), so a pointer
// read before a replacement stays valid.
struct Registry {
  std::mutex mtx;
  std::vector<std::unique_ptr<Backend>> owned;
  std::array<std::atomic<Backend*>, num_device_types> active{};

  Registry() { install(cpu::make_backend()); }

  void install(std::unique_ptr<Backend> b) {
    std::lock_guard lock(mtx);
    active[slot(b->device_type())].store(b.get(), std::memory_order_release);
    owned.push_back(std::move(b));
  }
};

Registry& registry() {
  static Registry* r = new Registry(); // never destroyed: buffers may outlive statics
  return *r;
}

const char* device_name(Device::DeviceType type) { return type == Device::cpu ? "cpu" : "gpu"; }

} // namespace

void KernelTable::add(std::type_index primitive_type, Kernel kernel) {
  kernels_[primitive_type] = std::move(kernel);
}

const Kernel* KernelTable::find(const Primitive& primitive) const {
  auto it = kernels_.find(std::type_index(typeid(primitive)));
  return it == kernels_.end() ? nullptr : &it->second;
}

void Backend::allocate(array& out) {
  Allocator& a = allocator();
  out.set_data(a.malloc(out.nbytes()), [&a](allocator::Buffer b) { a.free(b); });
}

void Backend::eval(Primitive& primitive, const std::vector<array>& inputs,
                   std::vector<array>& outputs) {
  if (device_type() == Device::cpu) {
    for (auto& in : inputs) ensure_host_readable(in);
  }
  if (!kernels_.empty()) {
    if (const Kernel* k = kernels_.find(primitive)) {
      (*k)(primitive, inputs, outputs);
      return;
    }
  }
  eval_unregistered(primitive, inputs, outputs);
}

void Backend::eval_unregistered(Primitive& primitive, const std::vector<array>& inputs,
                                std::vector<array>& outputs) {
  primitive.eval_gpu(inputs, outputs);
}

void register_backend(std::unique_ptr<Backend> backend) {
  if (!backend) throw std::invalid_argument("[register_backend] The backend is null.");
  registry().install(std::move(backend));
}

bool has_backend(Device::DeviceType type) {
  return registry().active[slot(type)].load(std::memory_order_acquire) != nullptr;
}

Backend& backend_for(const Device& device) {
  Backend* b = registry().active[slot(device.type)].load(std::memory_order_acquire);
  if (b == nullptr) {
    throw std::invalid_argument(std::string("[backend] No backend for the ") +
                                device_name(device.type) +
                                " device: mxcore was built without one.");
  }
  return *b;
}

void ensure_host_readable(const array& a) {
  Backend* gpu = registry().active[slot(Device::gpu)].load(std::memory_order_acquire);
  if (gpu == nullptr || gpu->cpu_visible_memory()) return;
  array handle = a; // shares a's description: the move is seen by every holder
  gpu->make_host_readable(handle);
}

void eval_without_kernel(Primitive& primitive, const std::vector<array>& inputs,
                         std::vector<array>& outputs) {
  Backend& b = backend_for(primitive.device());
  if (b.cpu_visible_memory()) {
    b.synchronize(primitive.stream()); // the CPU reads what the device wrote
    primitive.eval_cpu(inputs, outputs);
    return;
  }
  std::ostringstream msg;
  msg << "[eval] Primitive '" << primitive.name() << "' has no kernel for "
      << primitive.device() << " (backend '" << b.name() << "').";
  throw std::runtime_error(msg.str());
}

} // namespace mxcore::backend
