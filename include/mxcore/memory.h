// Memory accounting and the buffer cache.
#pragma once

#include <cstddef>

namespace mxcore {

namespace allocator {

// A raw buffer from the allocator. Buffers are recycled through a size-bucketed
// cache; free() returns them there.
struct Buffer {
  void* ptr;
  size_t size;
};

Buffer malloc(size_t size);
void free(Buffer buf);

} // namespace allocator

size_t get_active_memory();
size_t get_peak_memory();
void reset_peak_memory();
size_t get_cache_memory();
void clear_cache();
// Returns the previous limit. Allocations beyond the limit first drop the
// cache, then raise std::runtime_error.
size_t set_memory_limit(size_t limit);
size_t get_memory_limit();
// Returns the previous limit.
size_t set_cache_limit(size_t limit);
// Returns the previous limit; wired memory is a Metal notion, kept for API parity.
size_t set_wired_limit(size_t limit);

} // namespace mxcore
