// The compile cache: traced, simplified and fused graphs keyed on the function
// id, the default stream, shapeless, the inputs' signature and constants.
#include <atomic>

#include "compile/compile_impl.h"
#include "mxcore/device.h"

namespace mxcore::detail {

namespace {

class CompilerCache {
 public:
  std::shared_ptr<CacheEntry> find(std::uintptr_t fun_id,
                                   const std::vector<array>& inputs,
                                   bool shapeless,
                                   const std::vector<uint64_t>& constants) {
    auto stream = default_stream(default_device());
    std::lock_guard lock(mutex_);
    auto& entries = cache_[fun_id];
    for (auto& entry : entries) {
      if (entry->stream != stream || entry->shapeless != shapeless) continue;
      if (matches(*entry, inputs) && entry->constants == constants) {
        return entry;
      }
    }
    auto entry = std::make_shared<CacheEntry>(stream, shapeless);
    for (auto& in : inputs) {
      entry->ndims.push_back(in.ndim());
      entry->dtypes.push_back(in.dtype());
      if (!shapeless) entry->shapes.push_back(in.shape());
    }
    entry->constants = constants;
    entries.push_back(entry);
    return entry;
  }

  void erase(std::uintptr_t fun_id) {
    std::vector<std::shared_ptr<CacheEntry>> dropped;
    {
      std::lock_guard lock(mutex_);
      auto it = cache_.find(fun_id);
      if (it == cache_.end()) return;
      dropped = std::move(it->second);
      cache_.erase(it);
    }
    // Entries die outside the lock: their `extra` may run foreign code
    // (a Python object's destructor takes the GIL).
  }

  void clear() {
    std::unordered_map<std::uintptr_t, std::vector<std::shared_ptr<CacheEntry>>> dropped;
    {
      std::lock_guard lock(mutex_);
      dropped.swap(cache_);
    }
  }

 private:
  static bool matches(const CacheEntry& entry, const std::vector<array>& inputs) {
    if (entry.dtypes.size() != inputs.size()) return false;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (entry.ndims[i] != inputs[i].ndim() || entry.dtypes[i] != inputs[i].dtype()) {
        return false;
      }
      if (!entry.shapeless && entry.shapes[i] != inputs[i].shape()) return false;
    }
    return true;
  }

  std::mutex mutex_;
  std::unordered_map<std::uintptr_t, std::vector<std::shared_ptr<CacheEntry>>> cache_;
};

CompilerCache& compiler_cache() {
  // Leaked on purpose: entries hold arrays (and maybe Python objects) that must
  // not be destroyed after the allocator or the interpreter at exit.
  static CompilerCache* cache = new CompilerCache();
  return *cache;
}

std::atomic<size_t> trace_counter{0};

} // namespace

std::shared_ptr<CacheEntry> cache_find(std::uintptr_t fun_id,
                                       const std::vector<array>& inputs,
                                       bool shapeless,
                                       const std::vector<uint64_t>& constants) {
  return compiler_cache().find(fun_id, inputs, shapeless, constants);
}

void compile_erase(std::uintptr_t fun_id) { compiler_cache().erase(fun_id); }

void count_trace() { ++trace_counter; }
size_t compile_trace_count() { return trace_counter.load(); }

} // namespace mxcore::detail

namespace mxcore {
void compile_clear_cache() { detail::compiler_cache().clear(); }
} // namespace mxcore
