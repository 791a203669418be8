#include "backend/metal/emulator/emulated_buffer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <new>
#include <sstream>

namespace mxcore::metal::emulator {

namespace {

struct Live {
  uintptr_t data;
  size_t size;
  uintptr_t lo_guard, hi_guard_end; // [lo_guard, data) and [data+size, hi_guard_end)
};

std::mutex& live_mutex() {
  static auto* m = new std::mutex();
  return *m;
}
std::map<uintptr_t, Live>& live() { // by mapping start
  static auto* m = new std::map<uintptr_t, Live>();
  return *m;
}

size_t page_size() {
  static const size_t p = size_t(::sysconf(_SC_PAGESIZE));
  return p;
}

} // namespace

GuardedBuffer::GuardedBuffer(size_t size) : size_(size) {
  const size_t page = page_size();
  const size_t padded = (size + 15) / 16 * 16;
  const size_t body = (padded + page - 1) / page * page;
  mapping_size_ = body + 2 * page;
  mapping_ = ::mmap(nullptr, mapping_size_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) throw std::bad_alloc();
  auto base = reinterpret_cast<uintptr_t>(mapping_);
  if (body > 0 && ::mprotect(reinterpret_cast<void*>(base + page), body,
                             PROT_READ | PROT_WRITE) != 0) {
    ::munmap(mapping_, mapping_size_);
    throw std::bad_alloc();
  }
  uintptr_t data = base + page + body - padded;
  data_ = reinterpret_cast<void*>(data);
  std::lock_guard lock(live_mutex());
  live()[base] = {data, size, base, base + mapping_size_};
}

GuardedBuffer::~GuardedBuffer() {
  {
    std::lock_guard lock(live_mutex());
    live().erase(reinterpret_cast<uintptr_t>(mapping_));
  }
  ::munmap(mapping_, mapping_size_);
}

std::string describe_guard_fault(const void* addr) {
  auto a = reinterpret_cast<uintptr_t>(addr);
  std::lock_guard lock(live_mutex());
  auto it = live().upper_bound(a);
  if (it == live().begin()) return "";
  --it;
  const Live& l = it->second;
  if (a >= l.hi_guard_end) return "";
  std::ostringstream os;
  os << "a buffer of " << l.size << " bytes, ";
  if (a < l.data) {
    os << (l.data - a) << " bytes before its start";
  } else {
    os << (a - l.data - l.size) << " bytes past its end";
  }
  return os.str();
}

} // namespace mxcore::metal::emulator
