#include "mxcore/device.h"

#include <mutex>
#include <stdexcept>
#include <vector>

#include "mxcore/stream.h"

namespace mxcore {

namespace {

struct StreamRegistry {
  std::mutex mtx;
  Device device{Device::cpu};
  std::vector<Stream> streams{Stream(0, Device::cpu)};
  int default_cpu = 0;
};

StreamRegistry& registry() {
  static StreamRegistry r;
  return r;
}

void check_available(const Device& d, const char* op) {
  if (!is_available(d)) {
    throw std::invalid_argument(
        std::string("[") + op +
        "] Cannot use the gpu device: mxcore was built without a GPU backend.");
  }
}

} // namespace

bool is_available(const Device& d) { return d.type == Device::cpu; }

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
  std::lock_guard lock(r.mtx);
  return r.streams[r.default_cpu];
}

void set_default_stream(Stream s) {
  check_available(s.device, "set_default_stream");
  auto& r = registry();
  std::lock_guard lock(r.mtx);
  if (s.index < 0 || s.index >= static_cast<int>(r.streams.size())) {
    throw std::invalid_argument("[set_default_stream] Unknown stream.");
  }
  r.default_cpu = s.index;
}

Stream new_stream(Device d) {
  check_available(d, "new_stream");
  auto& r = registry();
  std::lock_guard lock(r.mtx);
  Stream s(static_cast<int>(r.streams.size()), d);
  r.streams.push_back(s);
  return s;
}

// Evaluation is synchronous on the calling thread; async_eval completes its
// work before returning, so there is never outstanding work to wait for.
void synchronize() {}
void synchronize(Stream) {}

std::ostream& operator<<(std::ostream& os, const Device& d) {
  return os << "Device(" << (d.type == Device::cpu ? "cpu" : "gpu") << ", "
            << d.index << ")";
}

std::ostream& operator<<(std::ostream& os, const Stream& s) {
  return os << "Stream(" << s.device << ", " << s.index << ")";
}

} // namespace mxcore
