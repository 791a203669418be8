// Device memory: a size-bucketed cache of cuMemAlloc blocks (no allocation
// per op once warm, no managed memory), counters and a limit.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "backend/cuda/cuda_api.h"
#include "mxcore/backend.h"

namespace mxcore::cuda {

class DeviceAllocator : public backend::Allocator {
 public:
  // Buffer.ptr is the device address; std::runtime_error when the device is
  // out of memory (after dropping the cache) or past the limit.
  allocator::Buffer malloc(size_t size) override;
  void free(allocator::Buffer buffer) override;

  // Whether ptr is the start of a live device block (what a device array's
  // Data holds).
  bool owns(const void* ptr) const;

  // Frees are deferred while several CUDA streams run (a block one stream
  // freed may still be read there); synchronize() calls this.
  void set_deferred_free(bool deferred);
  // A block in use by work queued now (an upload): freed by release_deferred.
  void free_after_synchronize(allocator::Buffer buffer);
  void release_deferred();

  size_t active_memory() const;
  size_t peak_memory() const;
  size_t cache_memory() const;
  void reset_peak_memory();
  void clear_cache();
  size_t set_memory_limit(size_t limit);
  size_t memory_limit() const;

 private:
  static size_t bucket(size_t size);
  void drop_cache_locked();

  mutable std::mutex mtx_;
  std::multimap<size_t, void*> cache_; // bucket size -> block
  std::unordered_set<const void*> live_;
  std::vector<allocator::Buffer> deferred_;
  bool defer_ = false;
  size_t active_ = 0, peak_ = 0, cached_ = 0;
  size_t limit_ = 0; // 0: 95% of the device's memory, read on first use
};

} // namespace mxcore::cuda
