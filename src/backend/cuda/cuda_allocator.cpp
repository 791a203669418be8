// The device allocator (cuda_allocator.h).
#include "backend/cuda/cuda_allocator.h"

#include <stdexcept>
#include <string>

namespace mxcore::cuda {

// Small blocks round to powers of two, large ones to 2 MiB: equal requests
// (the common case: the same shapes every step) hit the same bucket.
size_t DeviceAllocator::bucket(size_t size) {
  if (size <= 256) return 256;
  if (size <= (size_t(1) << 20)) {
    size_t b = 512;
    while (b < size) b <<= 1;
    return b;
  }
  constexpr size_t big = size_t(2) << 20;
  return (size + big - 1) / big * big;
}

allocator::Buffer DeviceAllocator::malloc(size_t size) {
  const size_t b = bucket(size);
  std::lock_guard lock(mtx_);
  if (auto it = cache_.find(b); it != cache_.end()) {
    void* p = it->second;
    cache_.erase(it);
    cached_ -= b;
    live_.insert(p);
    active_ += b;
    peak_ = std::max(peak_, active_);
    return {p, b};
  }
  const Driver& d = *driver();
  if (limit_ == 0) {
    size_t free_bytes = 0, total = 0;
    check(d.cuMemGetInfo(&free_bytes, &total), "cuMemGetInfo");
    limit_ = total / 100 * 95;
  }
  if (active_ + cached_ + b > limit_) drop_cache_locked();
  if (active_ + b > limit_) {
    throw std::runtime_error("[cuda::malloc] Allocating " + std::to_string(size) +
                             " bytes exceeds the GPU memory limit (" +
                             std::to_string(limit_) + " bytes).");
  }
  CUdeviceptr p = 0;
  if (d.cuMemAlloc(&p, b) != 0) {
    drop_cache_locked();
    check(d.cuMemAlloc(&p, b), "cuMemAlloc");
  }
  void* ptr = reinterpret_cast<void*>(p);
  live_.insert(ptr);
  active_ += b;
  peak_ = std::max(peak_, active_);
  return {ptr, b};
}

void DeviceAllocator::free(allocator::Buffer buffer) {
  if (!buffer.ptr) return;
  std::lock_guard lock(mtx_);
  if (defer_) {
    deferred_.push_back(buffer);
    return;
  }
  live_.erase(buffer.ptr);
  active_ -= buffer.size;
  cache_.emplace(buffer.size, buffer.ptr);
  cached_ += buffer.size;
}

bool DeviceAllocator::owns(const void* ptr) const {
  std::lock_guard lock(mtx_);
  return live_.count(ptr) > 0;
}

void DeviceAllocator::set_deferred_free(bool deferred) {
  std::lock_guard lock(mtx_);
  defer_ = deferred;
}

void DeviceAllocator::free_after_synchronize(allocator::Buffer buffer) {
  std::lock_guard lock(mtx_);
  deferred_.push_back(buffer);
}

void DeviceAllocator::release_deferred() {
  std::vector<allocator::Buffer> blocks;
  {
    std::lock_guard lock(mtx_);
    blocks.swap(deferred_);
    for (auto& b : blocks) {
      live_.erase(b.ptr);
      active_ -= b.size;
      cache_.emplace(b.size, b.ptr);
      cached_ += b.size;
    }
  }
}

void DeviceAllocator::drop_cache_locked() {
  const Driver& d = *driver();
  d.cuCtxSynchronize(); // a cached block may be the last use of an in-flight kernel
  for (auto& [size, p] : cache_) d.cuMemFree(reinterpret_cast<CUdeviceptr>(p));
  cache_.clear();
  cached_ = 0;
}

size_t DeviceAllocator::active_memory() const {
  std::lock_guard lock(mtx_);
  return active_;
}
size_t DeviceAllocator::peak_memory() const {
  std::lock_guard lock(mtx_);
  return peak_;
}
size_t DeviceAllocator::cache_memory() const {
  std::lock_guard lock(mtx_);
  return cached_;
}
void DeviceAllocator::reset_peak_memory() {
  std::lock_guard lock(mtx_);
  peak_ = active_;
}
void DeviceAllocator::clear_cache() {
  std::lock_guard lock(mtx_);
  drop_cache_locked();
}
size_t DeviceAllocator::set_memory_limit(size_t limit) {
  std::lock_guard lock(mtx_);
  size_t old = limit_;
  limit_ = limit;
  return old;
}
size_t DeviceAllocator::memory_limit() const {
  std::lock_guard lock(mtx_);
  return limit_;
}

} // namespace mxcore::cuda
