// The backend seam. One Backend per device type owns that device's memory
// (its allocator), its streams (with events that order work across devices)
// and the evaluation of each primitive; eval() runs every primitive through
// the backend of its stream's device.
//
// Kernels. A backend keeps a KernelTable keyed by primitive type
// (std::type_index): a new backend (Metal, CUDA) registers the primitives it
// implements there, without editing any primitive file. Eval of a primitive:
//   1. the kernel registered for its type, if any;
//   2. otherwise the CPU backend calls Primitive::eval_cpu (the CPU kernels
//      live under src/backend/cpu/), any other backend Primitive::eval_gpu --
//      the hook a custom (user) primitive overrides. eval_gpu's default is
//      eval_without_kernel() below.
//
// CPU fallback, decided here: a primitive a backend has no kernel for raises
//   [eval] Primitive 'Exp' has no kernel for Device(gpu, 0) (backend 'metal').
// unless the backend declares cpu_visible_memory() (unified memory, as Metal on
// Apple silicon): then the primitive's CPU kernel runs on the same buffers
// after the stream is synchronized, and its outputs come from the host
// allocator (such a backend must accept host buffers as kernel inputs).
// Off by default: a discrete GPU must implement what it is given; a missing
// kernel is an error, never a silent round trip through host memory.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <typeindex>
#include <unordered_map>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/memory.h"
#include "mxcore/primitives.h"
#include "mxcore/stream.h"

namespace mxcore::backend {

// Device memory: buffers handed to arrays, returned through free().
class Allocator {
 public:
  virtual ~Allocator() = default;
  virtual allocator::Buffer malloc(size_t size) = 0;
  virtual void free(allocator::Buffer buffer) = 0;
};

// A point in one stream's work that another stream (or the host) waits for.
class Event {
 public:
  virtual ~Event() = default;
  virtual bool is_signaled() const = 0;
  // Blocks the calling thread until the event is signalled.
  virtual void wait() = 0;
};

// A backend's implementation of one primitive type.
using Kernel = std::function<void(Primitive& primitive, const std::vector<array>& inputs,
                                  std::vector<array>& outputs)>;

class KernelTable {
 public:
  void add(std::type_index primitive_type, Kernel kernel);
  // Registers kernel(P&, inputs, outputs) for primitives of exactly type P.
  template <typename P, typename F>
  void add(F kernel) {
    add(std::type_index(typeid(P)),
        [kernel = std::move(kernel)](Primitive& p, const std::vector<array>& inputs,
                                     std::vector<array>& outputs) {
          kernel(static_cast<P&>(p), inputs, outputs);
        });
  }
  // The kernel for the primitive's dynamic type, or null.
  const Kernel* find(const Primitive& primitive) const;
  bool empty() const { return kernels_.empty(); }

 private:
  std::unordered_map<std::type_index, Kernel> kernels_;
};

class Backend {
 public:
  virtual ~Backend() = default;

  virtual const char* name() const = 0;
  virtual Device::DeviceType device_type() const = 0;

  virtual Allocator& allocator() = 0;
  // Allocates out.nbytes() from this backend's allocator; the buffer goes back
  // to it when the array's data is freed.
  virtual void allocate(array& out);

  // Called when a stream on this backend's device is created.
  virtual void new_stream(const Stream&) {}
  // Blocks until all work queued on the stream has completed.
  virtual void synchronize(const Stream& stream) = 0;
  // An event signalled once the work queued so far on `stream` completes.
  virtual std::shared_ptr<Event> signal_event(const Stream& stream) = 0;
  // Work queued on `stream` after this call starts only once `event` is signalled.
  virtual void wait_event(const Stream& stream, Event& event) = 0;

  // True when the CPU reads and writes this device's buffers in place (see the
  // CPU fallback above).
  virtual bool cpu_visible_memory() const { return false; }
  // Moves `a`'s data into host memory when it is in device memory (see
  // ensure_host_readable below).
  virtual void make_host_readable(array& a) { (void)a; }
  // The device's own handle of the stream (a CUstream), for interop; or null.
  virtual void* native_stream(const Stream&) { return nullptr; }

  // Runs the primitive (on its stream) into its outputs: see "Kernels" above.
  void eval(Primitive& primitive, const std::vector<array>& inputs,
            std::vector<array>& outputs);

  KernelTable& kernels() { return kernels_; }
  const KernelTable& kernels() const { return kernels_; }

 protected:
  // Step 2 of eval, for a primitive with no registered kernel.
  virtual void eval_unregistered(Primitive& primitive, const std::vector<array>& inputs,
                                 std::vector<array>& outputs);

 private:
  KernelTable kernels_;
};

// Installs the backend of its device type, replacing any earlier one (which
// stays alive: arrays may still hold its buffers). The CPU backend is built in.
void register_backend(std::unique_ptr<Backend> backend);
bool has_backend(Device::DeviceType type);
// The backend of the device's type; std::invalid_argument when there is none.
Backend& backend_for(const Device& device);

// Before the host reads an evaluated array (array::eval) or a CPU kernel
// takes it, data in a discrete GPU's memory is copied to host memory. A
// no-op without such a backend.
void ensure_host_readable(const array& a);

// Primitive::eval_gpu's default: the CPU kernel for a backend with CPU-visible
// memory, otherwise the "[eval] Primitive ... has no kernel" error.
void eval_without_kernel(Primitive& primitive, const std::vector<array>& inputs,
                         std::vector<array>& outputs);

} // namespace mxcore::backend
