// Devices: the CPU always exists; the GPU only with a GPU backend.
#pragma once

#include <ostream>

namespace mxcore {

struct Device {
  enum class DeviceType { cpu, gpu };
  static constexpr DeviceType cpu = DeviceType::cpu;
  static constexpr DeviceType gpu = DeviceType::gpu;

  constexpr Device(DeviceType type, int index = 0) : type(type), index(index) {}

  DeviceType type;
  int index;
};

inline bool operator==(const Device& a, const Device& b) {
  return a.type == b.type && a.index == b.index;
}
inline bool operator!=(const Device& a, const Device& b) { return !(a == b); }

const Device& default_device();
void set_default_device(const Device& d);
// True when a backend for this device type is registered (see mxcore/backend.h).
bool is_available(const Device& d);

std::ostream& operator<<(std::ostream& os, const Device& d);

} // namespace mxcore
