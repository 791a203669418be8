// Device buffers of the emulated device: each lives in its own mapping with
// an inaccessible guard page right after its end (the end is placed at the
// page boundary, up to 16 bytes of alignment slack) and one before its first
// page: a kernel reading or writing past its end faults at once, one reading
// before its start once it leaves the buffer's pages, and the fault is
// reported as an out-of-bounds access of that buffer.
#pragma once

#include <cstddef>
#include <string>

#include "backend/metal/device_api.h"

namespace mxcore::metal::emulator {

class GuardedBuffer final : public api::Buffer {
 public:
  explicit GuardedBuffer(size_t size);
  ~GuardedBuffer() override;
  void* contents() override { return data_; }
  size_t length() const override { return size_; }

 private:
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  void* data_ = nullptr;
  size_t size_ = 0;
};

// "buffer of N bytes at P: K bytes past its end" when addr is in a guard page
// of a live GuardedBuffer, else "".
std::string describe_guard_fault(const void* addr);

} // namespace mxcore::metal::emulator
