// The Metal backend's host code, on the backend seam (mxcore/backend.h) and
// the thin device API (device_api.h): one device and, per stream, a command
// queue whose command buffers take at most ops_per_command_buffer()
// dispatches before they are committed; completion releases the arrays a
// buffer's dispatches read and wrote. Libraries and pipeline states are
// cached by name (a library's name must determine its source).
//
// Memory is unified (cpu_visible_memory): a primitive without a Metal kernel
// runs its CPU kernel on the same buffers after the stream is synchronized,
// and Metal kernels bind host buffers (wrapped, not copied). float64 raises,
// as on Metal.
//
// Installed when MXCORE_METAL_EMULATOR=1 (the emulated device, any
// platform) or, in Apple builds, when the system has a Metal device.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "backend/metal/device_api.h"
#include "backend/metal/metal_allocator.h"
#include "mxcore/backend.h"

namespace mxcore::metal {

class MetalBackend;

// Encodes dispatches for one stream's current command buffer.
class CommandEncoder {
 public:
  // The pipeline of `kernel` in library `library` (built from source() the
  // first time the library is needed).
  void set_kernel(const std::string& library, const std::function<std::string()>& source,
                  const std::string& kernel);
  // Binds the array's buffer at its data offset and keeps it alive until
  // the command buffer completes.
  void set_array(const array& a, int index);
  void set_bytes(const void* data, size_t size, int index);
  template <typename T>
  void set_value(const T& v, int index) {
    set_bytes(&v, sizeof(T), index);
  }
  template <typename T>
  void set_vector(const std::vector<T>& v, int index) {
    set_bytes(v.data(), v.size() * sizeof(T), index);
  }
  // Binds a zeroed record of four int64 words at `index`, which a kernel
  // sets (word 0 != 0) to report bad input it found, such as an index out
  // of bounds; synchronize then raises std::out_of_range(message(record)).
  void set_error_record(int index, std::function<std::string(const int64_t* record)> message);
  void dispatch_threads(api::Size3 grid, api::Size3 group);
  void dispatch_threadgroups(api::Size3 groups, api::Size3 group);
  // The bound pipeline's thread limit per group.
  uint64_t max_threads_per_group() const;

 private:
  friend class MetalBackend;
  struct StreamState* state_ = nullptr;
  MetalBackend* backend_ = nullptr;
  uint64_t current_limit_ = 1024;
};

class MetalBackend final : public backend::Backend {
 public:
  explicit MetalBackend(std::shared_ptr<api::Device> device);
  ~MetalBackend() override;

  const char* name() const override { return "metal"; }
  Device::DeviceType device_type() const override { return Device::gpu; }
  backend::Allocator& allocator() override { return allocator_; }
  MetalAllocator& metal_allocator() { return allocator_; }
  api::Device& device() { return *device_; }

  void new_stream(const Stream& stream) override;
  void synchronize(const Stream& stream) override;
  std::shared_ptr<backend::Event> signal_event(const Stream& stream) override;
  void wait_event(const Stream& stream, backend::Event& event) override;
  bool cpu_visible_memory() const override { return true; }

  CommandEncoder& encoder(const Stream& stream);
  std::shared_ptr<api::Pipeline> pipeline(const std::string& library,
                                          const std::function<std::string()>& source,
                                          const std::string& kernel);
  // Device buffer + offset for an array's data (host memory is wrapped).
  std::pair<std::shared_ptr<api::Buffer>, size_t> buffer_of(const array& a);

  static int ops_per_command_buffer(); // $MXCORE_METAL_OPS_PER_BUFFER, else 40
  int64_t command_buffers_committed() const;
  int64_t libraries_built() const;
  int64_t device_waits() const; // waits for another Metal stream, encoded on the device

  // Runs the primitive's CPU kernel on the unified buffers (after a
  // synchronize), counted by primitive name: what has no Metal kernel yet.
  void cpu_fallback(Primitive& p, const std::vector<array>& inputs, std::vector<array>& outputs);
  std::map<std::string, int64_t> cpu_fallbacks() const;

 protected:
  void eval_unregistered(Primitive& primitive, const std::vector<array>& inputs,
                         std::vector<array>& outputs) override;

 private:
  friend class CommandEncoder;
  struct StreamState& state(const Stream& stream);
  // Commits the stream's command buffer; `signal`: one that advances the
  // stream's progress event (an empty buffer if none was being encoded).
  void commit(struct StreamState& s, bool signal = false);

  std::shared_ptr<api::Device> device_;
  MetalAllocator allocator_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The installed Metal backend, or null (no Metal device, no emulator).
MetalBackend* installed_backend();
// The Metal backend of a primitive's stream.
MetalBackend& backend_of(const Primitive& p);

// backend_of(p).cpu_fallback(p, ...).
void cpu_fallback(Primitive& p, const std::vector<array>& inputs, std::vector<array>& outputs);

// Registers a kernel for primitive type P that first rejects float64 inputs
// and outputs (Metal has no double).
void reject_float64(const Primitive& p, const std::vector<array>& inputs,
                    const std::vector<array>& outputs);
template <typename P, typename F>
void add_kernel(backend::KernelTable& table, F kernel) {
  table.add<P>([kernel](P& p, const std::vector<array>& inputs, std::vector<array>& outputs) {
    reject_float64(p, inputs, outputs);
    kernel(p, inputs, outputs);
  });
}

// Kernel registration, one function per kernel family file.
void register_elementwise_kernels(backend::KernelTable& table);
void register_eager_kernels(backend::KernelTable& table);
void register_copy_kernels(backend::KernelTable& table);
void register_indexing_kernels(backend::KernelTable& table);
void register_scan_kernels(backend::KernelTable& table);

} // namespace mxcore::metal
