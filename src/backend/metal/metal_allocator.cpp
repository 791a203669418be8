#include "backend/metal/metal_allocator.h"

#include <sstream>
#include <stdexcept>

namespace mxcore::metal {

MetalAllocator::MetalAllocator(std::shared_ptr<api::Device> device)
    : device_(std::move(device)),
      // As MLX: 1.5x the recommended working set; the cache may hold as much.
      memory_limit_(device_->recommended_working_set_size() / 2 * 3),
      cache_limit_(memory_limit_) {}

size_t MetalAllocator::bucket_size(size_t size) {
  if (size <= 4096) return size == 0 ? 256 : (size + 255) / 256 * 256;
  if (size <= (size_t(1) << 20)) {
    size_t b = 8192;
    while (b < size) b *= 2;
    return b;
  }
  const size_t mib = size_t(1) << 20;
  return (size + mib - 1) / mib * mib;
}

void MetalAllocator::drop_cache_locked(size_t bytes_wanted) {
  // Oldest-first is not tracked: drop from the largest buffers down.
  while (!cache_.empty() && cached_ > 0 && bytes_wanted > 0) {
    auto it = std::prev(cache_.end());
    size_t n = it->second->length();
    cached_ -= n;
    bytes_wanted = bytes_wanted > n ? bytes_wanted - n : 0;
    cache_.erase(it);
  }
}

allocator::Buffer MetalAllocator::malloc(size_t size) {
  const size_t want = bucket_size(size);
  std::shared_ptr<api::Buffer> buf;
  {
    std::lock_guard lock(mtx_);
    // A cached buffer of this bucket (or up to twice its size) is reused.
    auto it = cache_.lower_bound(want);
    if (it != cache_.end() && it->first <= 2 * want) {
      buf = std::move(it->second);
      cached_ -= buf->length();
      cache_.erase(it);
    } else {
      if (active_ + cached_ + want > memory_limit_) drop_cache_locked(active_ + cached_ + want - memory_limit_);
      if (active_ + want > memory_limit_) {
        std::ostringstream msg;
        msg << "[metal::malloc] Attempting to allocate " << size
            << " bytes which is greater than the memory limit of " << memory_limit_
            << " bytes (" << active_ << " bytes in use).";
        throw std::runtime_error(msg.str());
      }
    }
  }
  if (!buf) {
    if (want > device_->max_buffer_length()) {
      std::ostringstream msg;
      msg << "[metal::malloc] Attempting to allocate " << size
          << " bytes which is greater than the maximum allowed buffer size of "
          << device_->max_buffer_length() << " bytes.";
      throw std::runtime_error(msg.str());
    }
    buf = device_->new_buffer(want);
  }
  std::lock_guard lock(mtx_);
  active_ += buf->length();
  peak_ = std::max(peak_, active_);
  void* p = buf->contents();
  live_[p] = std::move(buf);
  return {p, size};
}

void MetalAllocator::free(allocator::Buffer buffer) {
  std::lock_guard lock(mtx_);
  auto it = live_.find(buffer.ptr);
  if (it == live_.end()) return;
  auto buf = std::move(it->second);
  live_.erase(it);
  active_ -= buf->length();
  if (cached_ + buf->length() <= cache_limit_) {
    cached_ += buf->length();
    size_t n = buf->length();
    cache_.emplace(n, std::move(buf));
  }
}

std::shared_ptr<api::Buffer> MetalAllocator::find(const void* ptr) const {
  std::lock_guard lock(mtx_);
  auto it = live_.find(ptr);
  return it == live_.end() ? nullptr : it->second;
}

size_t MetalAllocator::active_memory() const {
  std::lock_guard lock(mtx_);
  return active_;
}
size_t MetalAllocator::peak_memory() const {
  std::lock_guard lock(mtx_);
  return peak_;
}
size_t MetalAllocator::cache_memory() const {
  std::lock_guard lock(mtx_);
  return cached_;
}
size_t MetalAllocator::memory_limit() const {
  std::lock_guard lock(mtx_);
  return memory_limit_;
}
void MetalAllocator::clear_cache() {
  std::lock_guard lock(mtx_);
  cache_.clear();
  cached_ = 0;
}
size_t MetalAllocator::set_memory_limit(size_t limit) {
  std::lock_guard lock(mtx_);
  std::swap(limit, memory_limit_);
  return limit;
}
size_t MetalAllocator::set_cache_limit(size_t limit) {
  std::lock_guard lock(mtx_);
  std::swap(limit, cache_limit_);
  if (cached_ > cache_limit_) drop_cache_locked(cached_ - cache_limit_);
  return limit;
}

} // namespace mxcore::metal
