"""mx.metal: the Metal backend is not available here (no Apple GPU).

The memory functions are MLX's deprecated aliases of the mx.* ones."""

import warnings as _warnings

from . import _core as _mx

get_active_memory = _mx.get_active_memory
get_peak_memory = _mx.get_peak_memory
reset_peak_memory = _mx.reset_peak_memory
get_cache_memory = _mx.get_cache_memory
set_memory_limit = _mx.set_memory_limit
set_cache_limit = _mx.set_cache_limit
set_wired_limit = _mx.set_wired_limit
clear_cache = _mx.clear_cache


def is_available():
    """Whether the Metal backend is available: always False here."""
    return False


def device_info():
    """Information about the Metal device: empty, as there is none."""
    _warnings.warn("mx.metal.device_info is deprecated and will be removed in a future "
                   "version. Use mx.device_info instead.", DeprecationWarning, stacklevel=2)
    return {}


def start_capture(path):
    """Start a Metal capture: raises, as Metal is not available."""
    raise RuntimeError("[metal::start_capture] Metal is not available.")


def stop_capture():
    """Stop a Metal capture: raises, as Metal is not available."""
    raise RuntimeError("[metal::stop_capture] Metal is not available.")
