// Docstrings: devices, streams and memory (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> device_memory_entries() {
  return {
      {"default_device", R"(The default device, used by ops called without a ``stream``.

Returns:
    Device: The default device (``mx.cpu`` unless changed).)"},
      {"set_default_device", R"(Set the default device.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    None.)"},
      {"default_stream", R"(The default stream of a device.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    Stream: The stream ops run on when none is given.)"},
      {"set_default_stream", R"(Make a stream the default stream of its device.

Args:
    stream (Stream): The new default stream.

Returns:
    None.)"},
      {"new_stream", R"(Make a new stream on a device.

Work on different streams may run concurrently; :func:`synchronize` waits for a
stream.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    Stream: The new stream.)"},
      {"new_thread_local_stream", R"(Make a new stream on a device, for use by the current thread.

mxcore streams may be used from any thread, so this is the same as
:func:`new_stream`.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    Stream: The new stream.)"},
      {"new_thread_unsafe_stream", R"(Make a new stream on a device, for MLX compatibility.

mxcore streams may be used from any thread, so this is the same as
:func:`new_stream`.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    Stream: The new stream.)"},
      {"clear_streams", R"(Destroy the streams created in the current thread, for MLX compatibility.

mxcore keeps no per-thread stream state, so there is nothing to free.

Returns:
    None.)"},
      {"synchronize", R"(Wait until the work scheduled on a stream is done.

Without a stream it waits for every stream.

Returns:
    None.)"},
      {"device_count", R"(The number of devices of a type.

Args:
    device_type (DeviceType): ``mx.DeviceType.cpu`` or ``mx.DeviceType.gpu``.

Returns:
    int: 1 for the CPU; 0 for the GPU, as mxcore has no GPU back-end.)"},
      {"is_available", R"(Whether a device can be used.

Args:
    device (Device): The device, such as ``mx.cpu``.

Returns:
    bool: ``True`` for the CPU, ``False`` for a GPU.)"},
      {"device_info", R"(Information about a device.

Args:
    d (Device, optional): The device. Default: ``None`` (the default device).

Returns:
    dict: ``architecture`` (for example ``"x86_64"``) and ``device_name`` (the
        processor name).)"},
      {"get_active_memory", R"(The bytes held by live arrays.

Memory in the buffer cache is not counted; see :func:`get_cache_memory`.

Returns:
    int: The active memory in bytes.)"},
      {"get_peak_memory", R"(The largest active memory since the start or the last :func:`reset_peak_memory`.

Returns:
    int: The peak memory in bytes.)"},
      {"reset_peak_memory", R"(Reset the peak memory to the current active memory.

Returns:
    None.)"},
      {"get_cache_memory", R"(The bytes held in the buffer cache.

Freed buffers are kept for reuse up to the cache limit
(:func:`set_cache_limit`); :func:`clear_cache` releases them.

Returns:
    int: The cached memory in bytes.)"},
      {"clear_cache", R"(Free the buffers of the allocator's buffer cache.

Not to be confused with :func:`clear_kernel_cache`, which deletes JIT-compiled
kernels.

Returns:
    None.)"},
      {"get_memory_limit", R"(The memory limit in bytes.

An allocation that would take the active memory past it first frees the buffer
cache, then raises. The default is 1.5 times the physical memory, a guard
against runaway programs.

Returns:
    int: The limit in bytes.)"},
      {"set_memory_limit", R"(Set the memory limit.

See :func:`get_memory_limit`.

Args:
    limit (int): The new limit in bytes.

Returns:
    int: The previous limit in bytes.)"},
      {"set_cache_limit", R"(Set the most memory the buffer cache may hold.

``0`` disables the cache. The default is the memory limit.

Args:
    limit (int): The new limit in bytes.

Returns:
    int: The previous limit in bytes.)"},
      {"set_wired_limit", R"(Set the wired memory limit, for MLX compatibility.

The value is recorded and returned by the next call; on the CPU it has no other
effect.

Args:
    limit (int): The new limit in bytes.

Returns:
    int: The previous limit in bytes.)"},
      {"get_array_buffer_size", R"(The size of the buffers backing arrays.

Each buffer counts once even when several arrays share it (views); sizes are as
allocated. The arrays must be evaluated (``ValueError`` otherwise).

Args:
    *args (array or tree of arrays): The arrays.

Returns:
    int: The size in bytes.)"},
      {"clear_kernel_cache", R"(Delete the JIT-compiled kernels of the on-disk kernel cache.

Removes the built kernels under the cache directory (``$MXCORE_CACHE_DIR``, else
``$XDG_CACHE_HOME/mxcore``, else ``~/.cache/mxcore``); they are rebuilt when
needed. Kernels already loaded by this process stay in use. Not to be confused
with :func:`clear_cache`, which frees the allocator's buffer cache.

Returns:
    None.)"},
  };
}

} // namespace mxpy::docs
