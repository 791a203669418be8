#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

#include <vector>

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
  // Free blocks by size. A bucket stays in the map when it empties, so a
  // steady loop that frees and reallocates one size allocates no map node
  // per call; empty buckets are dropped once there are many.
  std::map<size_t, std::vector<void*>> cache;
  size_t empty_buckets = 0;
  size_t active = 0;
  size_t peak = 0;
  size_t cached = 0;
  size_t memory_limit = default_memory_limit();
  size_t cache_limit = default_memory_limit();
  size_t wired_limit = 0;

  static constexpr size_t max_empty_buckets = 64;

  void drop_cache_locked() {
    for (auto& [size, blocks] : cache) {
      for (void* ptr : blocks) std::free(ptr);
    }
    cache.clear();
    cached = 0;
    empty_buckets = 0;
  }

  // The smallest cached block of at least `size` and at most twice that.
  void* take_locked(size_t size, size_t& block_size) {
    for (auto it = cache.lower_bound(size); it != cache.end() && it->first <= 2 * size; ++it) {
      if (it->second.empty()) continue;
      void* ptr = it->second.back();
      it->second.pop_back();
      if (it->second.empty()) ++empty_buckets;
      block_size = it->first;
      cached -= block_size;
      return ptr;
    }
    return nullptr;
  }

  void put_locked(size_t size, void* ptr) {
    auto& blocks = cache[size];
    if (blocks.empty() && empty_buckets > 0 && blocks.capacity() > 0) --empty_buckets;
    blocks.push_back(ptr);
    cached += size;
  }

  void trim_cache_locked(size_t limit) {
    for (auto it = cache.end(); cached > limit && it != cache.begin();) {
      --it; // drop the largest first
      while (cached > limit && !it->second.empty()) {
        cached -= it->first;
        std::free(it->second.back());
        it->second.pop_back();
        if (it->second.empty()) ++empty_buckets;
      }
    }
    if (empty_buckets > max_empty_buckets) {
      for (auto it = cache.begin(); it != cache.end();) {
        it = it->second.empty() ? cache.erase(it) : std::next(it);
      }
      empty_buckets = 0;
    }
  }
};

Allocator& alloc() {
  static Allocator* a = new Allocator(); // never destroyed: buffers may outlive statics
  return *a;
}

// Blocks of 4 MiB and more start on a 2 MiB boundary and ask for
// transparent huge pages (where the kernel gives them on request): one
// fault maps 2 MiB instead of 512 faults of 4 KiB, and a kernel reading a
// large array across its rows (a transpose) misses the TLB far less.
constexpr size_t huge_page = size_t(1) << 21;

void* allocate_block(size_t rounded) {
  if (rounded < 2 * huge_page) return std::aligned_alloc(alignment, rounded);
  void* ptr = std::aligned_alloc(huge_page, (rounded + huge_page - 1) & ~(huge_page - 1));
#ifdef MADV_HUGEPAGE
  if (ptr != nullptr) madvise(ptr, rounded & ~(huge_page - 1), MADV_HUGEPAGE);
#endif
  return ptr;
}

} // namespace

namespace allocator {

Buffer malloc(size_t size) {
  auto& a = alloc();
  size_t rounded = round_size(size);
  {
    std::lock_guard lock(a.mtx);
    // Reuse a cached block no more than 2x larger than asked.
    size_t block_size = 0;
    if (void* ptr = a.take_locked(rounded, block_size)) {
      Buffer b{ptr, block_size};
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
  void* ptr = allocate_block(rounded);
  if (ptr == nullptr) {
    {
      std::lock_guard lock(a.mtx);
      a.drop_cache_locked();
    }
    ptr = allocate_block(rounded);
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
  a.put_locked(buf.size, buf.ptr);
  if (a.cached > a.cache_limit || a.empty_buckets > Allocator::max_empty_buckets) {
    a.trim_cache_locked(a.cache_limit);
  }
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
