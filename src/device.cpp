#include "mxcore/device.h"

#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

#include "mxcore/backend.h"
#include "mxcore/stream.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {

size_t type_slot(Device::DeviceType type) { return type == Device::cpu ? 0 : 1; }

// Streams of every device, numbered in creation order; each device type has a
// default stream (the GPU's is made on first use).
struct StreamRegistry {
  std::mutex mtx;
  Device device{Device::cpu};
  std::vector<Stream> streams{Stream(0, Device::cpu)};
  int default_index[2] = {0, -1};
};

StreamRegistry& registry() {
  static StreamRegistry r;
  return r;
}

// set_default_stream is per thread (as in MLX): a thread that never set one
// uses the registry's default stream of the device type.
thread_local int thread_default_index[2] = {-1, -1};

void check_available(const Device& d, const char* op) {
  if (!is_available(d)) {
    throw std::invalid_argument(
        std::string("[") + op +
        "] Cannot use the gpu device: mxcore was built without a GPU backend.");
  }
}

// Adds a stream (the registry's lock held); the caller tells the backend.
Stream add_stream_locked(StreamRegistry& r, const Device& d) {
  Stream s(static_cast<int>(r.streams.size()), d);
  r.streams.push_back(s);
  return s;
}

} // namespace

bool is_available(const Device& d) { return backend::has_backend(d.type); }

const Device& default_device() {
  auto& r = registry();
  std::lock_guard lock(r.mtx);
  return r.device;
}

void set_default_device(const Device& d) {
  check_available(d, "set_default_device");
  auto& r = registry();
  std::lock_guard lock(r.mtx);
  r.device = d;
}

Stream default_stream(Device d) {
  check_available(d, "default_stream");
  auto& r = registry();
  std::optional<Stream> made;
  {
    std::lock_guard lock(r.mtx);
    if (int own = thread_default_index[type_slot(d.type)]; own >= 0) return r.streams[own];
    int& index = r.default_index[type_slot(d.type)];
    if (index >= 0) return r.streams[index];
    made = add_stream_locked(r, d);
    index = made->index;
  }
  backend::backend_for(d).new_stream(*made);
  return *made;
}

void set_default_stream(Stream s) {
  check_available(s.device, "set_default_stream");
  auto& r = registry();
  std::lock_guard lock(r.mtx);
  if (s.index < 0 || s.index >= static_cast<int>(r.streams.size()) ||
      r.streams[s.index].device.type != s.device.type) {
    throw std::invalid_argument("[set_default_stream] Unknown stream.");
  }
  thread_default_index[type_slot(s.device.type)] = s.index;
}

Stream new_stream(Device d) {
  check_available(d, "new_stream");
  auto& r = registry();
  std::optional<Stream> made;
  {
    std::lock_guard lock(r.mtx);
    made = add_stream_locked(r, d);
  }
  backend::backend_for(d).new_stream(*made);
  return *made;
}

// Waits through each stream's backend (on the CPU, work is already done when
// eval returns).
void synchronize() {
  std::vector<Stream> streams;
  {
    auto& r = registry();
    std::lock_guard lock(r.mtx);
    streams = r.streams;
  }
  for (auto& s : streams) backend::backend_for(s.device).synchronize(s);
  detail::rethrow_async_error();
}
void synchronize(Stream s) {
  backend::backend_for(s.device).synchronize(s);
  detail::rethrow_async_error();
}

std::ostream& operator<<(std::ostream& os, const Device& d) {
  return os << "Device(" << (d.type == Device::cpu ? "cpu" : "gpu") << ", "
            << d.index << ")";
}

std::ostream& operator<<(std::ostream& os, const Stream& s) {
  return os << "Stream(" << s.device << ", " << s.index << ")";
}

} // namespace mxcore
