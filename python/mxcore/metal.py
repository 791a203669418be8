"""mx.metal: the Metal backend.

On Apple machines with a Metal device it is the GPU backend; on any machine
``MXCORE_METAL_EMULATOR=1`` (set before importing mxcore) installs it over the
emulated device, which runs the same host code and kernels on the CPU (see
docs/METAL.md). The memory functions are MLX's deprecated aliases of the
mx.* ones."""

import warnings as _warnings

from . import _core as _mx

_native = _mx._metal

get_active_memory = _mx.get_active_memory
get_peak_memory = _mx.get_peak_memory
reset_peak_memory = _mx.reset_peak_memory
get_cache_memory = _mx.get_cache_memory
set_memory_limit = _mx.set_memory_limit
set_cache_limit = _mx.set_cache_limit
set_wired_limit = _mx.set_wired_limit
clear_cache = _mx.clear_cache


def is_available():
    """Whether the Metal backend is installed (a Metal device, or the emulator)."""
    return _native.is_available()


def device_info():
    """Information about the Metal device (empty when there is none)."""
    _warnings.warn("mx.metal.device_info is deprecated and will be removed in a future "
                   "version. Use mx.device_info instead.", DeprecationWarning, stacklevel=2)
    return _native.device_info()


def start_capture(path):
    """Start a Metal GPU capture into ``path`` (a .gputrace).

    Raises RuntimeError where capture does not apply (no Metal device, or the
    emulated device)."""
    _native.start_capture(str(path))


def stop_capture():
    """Stop a Metal GPU capture (RuntimeError where capture does not apply)."""
    _native.stop_capture()
