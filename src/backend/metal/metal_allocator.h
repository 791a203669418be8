// Metal buffers for arrays: a size-bucketed cache of device buffers (freed
// buffers are kept for reuse up to the cache limit), a memory limit, and the
// lookup from an array's data pointer back to its device buffer. Metal's
// unified memory makes every buffer's contents CPU-visible, so the pointer
// handed to an array is the buffer's contents.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "backend/metal/device_api.h"
#include "mxcore/backend.h"

namespace mxcore::metal {

class MetalAllocator final : public backend::Allocator {
 public:
  explicit MetalAllocator(std::shared_ptr<api::Device> device);

  // std::runtime_error when the allocation would pass the memory limit even
  // after the cache is dropped.
  allocator::Buffer malloc(size_t size) override;
  void free(allocator::Buffer buffer) override;

  // The device buffer whose contents start at `ptr`, or null (host memory).
  std::shared_ptr<api::Buffer> find(const void* ptr) const;

  size_t active_memory() const;
  size_t peak_memory() const;
  size_t cache_memory() const;
  size_t memory_limit() const;
  void clear_cache();
  size_t set_memory_limit(size_t limit);
  size_t set_cache_limit(size_t limit);

  // The size a request is served with: 256-byte steps to 4 KiB, then powers
  // of two up to 1 MiB, then whole 1 MiB (the buckets of the cache).
  static size_t bucket_size(size_t size);

 private:
  void drop_cache_locked(size_t bytes_wanted);

  std::shared_ptr<api::Device> device_;
  mutable std::mutex mtx_;
  std::unordered_map<const void*, std::shared_ptr<api::Buffer>> live_;
  std::multimap<size_t, std::shared_ptr<api::Buffer>> cache_; // by length
  size_t active_ = 0, peak_ = 0, cached_ = 0;
  size_t memory_limit_, cache_limit_;
};

} // namespace mxcore::metal
