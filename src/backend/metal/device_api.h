// The thin layer between the Metal backend's host code and a Metal device:
// every call the host code makes goes through these interfaces, which have
// two implementations -- metal-cpp on Apple (metal_cpp/, built only where
// CMake finds Metal) and the emulated device (emulator/), which builds each
// MSL library as C++ and runs dispatches on the CPU. Everything above this
// layer (allocator, streams, kernel choice, argument binding) is the same
// code on both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace mxcore::metal::api {

struct Size3 {
  uint64_t x = 1, y = 1, z = 1;
};

// A buffer in unified memory: contents() is CPU-visible.
class Buffer {
 public:
  virtual ~Buffer() = default;
  virtual void* contents() = 0;
  virtual size_t length() const = 0;
};

// A compiled kernel function, ready to dispatch.
class Pipeline {
 public:
  virtual ~Pipeline() = default;
  virtual const std::string& name() const = 0;
  virtual uint64_t max_total_threads_per_threadgroup() const = 0;
  virtual uint64_t thread_execution_width() const = 0;
};

class Library {
 public:
  virtual ~Library() = default;
  // The pipeline of the kernel `name` ([[host_name]]); std::invalid_argument
  // when the library has no such kernel.
  virtual std::shared_ptr<Pipeline> pipeline(const std::string& name) = 0;
};

// Records dispatches into its command buffer (a compute command encoder).
class Encoder {
 public:
  virtual ~Encoder() = default;
  virtual void set_pipeline(const std::shared_ptr<Pipeline>& pipeline) = 0;
  virtual void set_buffer(const std::shared_ptr<Buffer>& buffer, size_t offset, int index) = 0;
  // Copies `size` bytes now (setBytes: for small constants).
  virtual void set_bytes(const void* data, size_t size, int index) = 0;
  // `grid` threads in threadgroups of `group` (edge groups may be partial).
  virtual void dispatch_threads(Size3 grid, Size3 group) = 0;
  // `groups` full threadgroups of `group` threads.
  virtual void dispatch_threadgroups(Size3 groups, Size3 group) = 0;
  virtual void end_encoding() = 0;
};

// A counter that command buffers signal and wait on, across queues, without
// the host in between (MTLSharedEvent).
class SharedEvent {
 public:
  virtual ~SharedEvent() = default;
  virtual uint64_t signaled_value() const = 0;
  // Blocks the calling (host) thread until the value reaches `value`.
  virtual void wait_on_host(uint64_t value) = 0;
};

class CommandBuffer {
 public:
  virtual ~CommandBuffer() = default;
  // One encoder at a time; valid until end_encoding().
  virtual Encoder& compute_encoder() = 0;
  // Runs on completion (on whatever thread completes the buffer).
  virtual void add_completed_handler(std::function<void()> handler) = 0;
  // Before the first encoder: this buffer's work starts only once `event`
  // reaches `value` (encodeWaitForEvent:value:).
  virtual void encode_wait(const std::shared_ptr<SharedEvent>& event, uint64_t value) = 0;
  // After the last encoder: `event` is set to `value` once this buffer's
  // work is done (encodeSignalEvent:value:).
  virtual void encode_signal(const std::shared_ptr<SharedEvent>& event, uint64_t value) = 0;
  virtual void commit() = 0;
  virtual void wait_until_completed() = 0;
  virtual bool is_completed() const = 0;
  // After completion: "" or what went wrong (a kernel fault on the emulator).
  virtual std::string error() const = 0;
};

class CommandQueue {
 public:
  virtual ~CommandQueue() = default;
  virtual std::shared_ptr<CommandBuffer> command_buffer() = 0;
};

class Device {
 public:
  virtual ~Device() = default;
  virtual std::string name() const = 0;
  virtual std::string architecture() const = 0;
  virtual size_t recommended_working_set_size() const = 0;
  virtual size_t max_buffer_length() const = 0;
  virtual std::shared_ptr<Buffer> new_buffer(size_t size) = 0;
  // A buffer over host memory the device does not own (unified memory).
  virtual std::shared_ptr<Buffer> wrap_host_memory(void* ptr, size_t size) = 0;
  // Builds MSL source into a library; std::runtime_error naming the library
  // when it does not build.
  virtual std::shared_ptr<Library> new_library(const std::string& name,
                                               const std::string& source) = 0;
  virtual std::shared_ptr<CommandQueue> new_command_queue() = 0;
  virtual std::shared_ptr<SharedEvent> new_shared_event() = 0;
  // GPU frame capture into a .gputrace at `path`; std::runtime_error where
  // capture does not apply.
  virtual void start_capture(const std::string& path) = 0;
  virtual void stop_capture() = 0;
};

// The emulated device (any platform).
std::shared_ptr<Device> emulated_device();
#ifdef MXCORE_METAL_CPP
// The system's default Metal device, or nullptr (Apple builds only).
std::shared_ptr<Device> system_device();
#endif

} // namespace mxcore::metal::api
