#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "mxcore/memory.h"

namespace mxcore {

namespace {

constexpr size_t alignment = 64; // whole cache lines, good for SIMD loads

size_t round_size(size_t n) {
  // Small sizes round to the alignment; large ones to 4 KiB pages so that
  // recycled buffers fit requests of slightly different sizes.
  if (n == 0) return alignment;
  if (n < (1 << 14)) return (n + alignment - 1) & ~(alignment - 1);
  return (n + 4095) & ~size_t(4095);
}

size_t default_memory_limit() {
  // 1.5x physical memory like MLX's default; only a guard against runaways.
  long pages = sysconf(_SC_PHYS_PAGES);
  long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return size_t(1) << 40;
  return static_cast<size_t>(pages) * static_cast<size_t>(page) * 3 / 2;
}

struct Allocator {
  std::mutex mtx;
  std::multimap<size_t, void*> cache; // size -> free block
  size_t active = 0;
  size_t peak = 0;
  size_t cached = 0;
  size_t memory_limit = default_memory_limit();
  size_t cache_limit = default_memory_limit();
  size_t wired_limit = 0;

  void drop_cache_locked() {
    for (auto& [size, ptr] : cache) std::free(ptr);
    cache.clear();
    cached = 0;
  }

  void trim_cache_locked(size_t limit) {
    while (cached > limit && !cache.empty()) {
      auto it = std::prev(cache.end()); // drop the largest first
      cached -= it->first;
      std::free(it->second);
      cache.erase(it);
    }
  }
};

Allocator& alloc() {
  static Allocator* a = new Allocator(); // never destroyed: buffers may outlive statics
  return *a;
}

} // namespace

namespace allocator {

Buffer malloc(size_t size) {
  auto& a = alloc();
  size_t rounded = round_size(size);
  {
    std::lock_guard lock(a.mtx);
    // Reuse a cached block no more than 2x larger than asked.
    auto it = a.cache.lower_bound(rounded);
    if (it != a.cache.end() && it->first <= 2 * rounded) {
      Buffer b{it->second, it->first};
      a.cached -= it->first;
      a.cache.erase(it);
      a.active += b.size;
      a.peak = std::max(a.peak, a.active);
      return b;
    }
    if (a.active + rounded > a.memory_limit) {
      a.drop_cache_locked();
      if (a.active + rounded > a.memory_limit) {
        throw std::runtime_error(
            "[malloc] Allocating " + std::to_string(size) +
            " bytes exceeds the memory limit of " +
            std::to_string(a.memory_limit) + " bytes.");
      }
    }
  }
  void* ptr = std::aligned_alloc(alignment, rounded);
  if (ptr == nullptr) {
    {
      std::lock_guard lock(a.mtx);
      a.drop_cache_locked();
    }
    ptr = std::aligned_alloc(alignment, rounded);
    if (ptr == nullptr) {
      throw std::runtime_error(
          "[malloc] Unable to allocate " + std::to_string(size) + " bytes.");
    }
  }
  std::lock_guard lock(a.mtx);
  a.active += rounded;
  a.peak = std::max(a.peak, a.active);
  return Buffer{ptr, rounded};
}

void free(Buffer buf) {
  if (buf.ptr == nullptr) return;
  auto& a = alloc();
  std::lock_guard lock(a.mtx);
  a.active -= buf.size;
  if (a.cache_limit == 0) {
    std::free(buf.ptr);
    return;
  }
  a.cache.emplace(buf.size, buf.ptr);
  a.cached += buf.size;
  a.trim_cache_locked(a.cache_limit);
}

} // namespace allocator

size_t get_active_memory() {
  std::lock_guard lock(alloc().mtx);
  return alloc().active;
}
size_t get_peak_memory() {
  std::lock_guard lock(alloc().mtx);
  return alloc().peak;
}
void reset_peak_memory() {
  std::lock_guard lock(alloc().mtx);
  alloc().peak = alloc().active;
}
size_t get_cache_memory() {
  std::lock_guard lock(alloc().mtx);
  return alloc().cached;
}
void clear_cache() {
  std::lock_guard lock(alloc().mtx);
  alloc().drop_cache_locked();
}
size_t set_memory_limit(size_t limit) {
  std::lock_guard lock(alloc().mtx);
  size_t old = alloc().memory_limit;
  alloc().memory_limit = limit;
  return old;
}
size_t get_memory_limit() {
  std::lock_guard lock(alloc().mtx);
  return alloc().memory_limit;
}
size_t set_cache_limit(size_t limit) {
  std::lock_guard lock(alloc().mtx);
  size_t old = alloc().cache_limit;
  alloc().cache_limit = limit;
  alloc().trim_cache_locked(limit);
  return old;
}
size_t set_wired_limit(size_t limit) {
  std::lock_guard lock(alloc().mtx);
  size_t old = alloc().wired_limit;
  alloc().wired_limit = limit;
  return old;
}

} // namespace mxcore
