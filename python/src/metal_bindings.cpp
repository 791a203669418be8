// mx.metal's native part (python/mxcore/metal.py wraps it): whether the
// Metal backend is installed, its device information, GPU capture, and
// counters the tests read.
#include "backend/metal/metal_backend.h"
#include "bindings.h"

using namespace mxcore;

namespace {

metal::MetalBackend& require_backend(const char* op) {
  auto* b = metal::installed_backend();
  if (!b) throw std::runtime_error(std::string("[metal::") + op + "] Metal is not available.");
  return *b;
}

} // namespace

void init_metal(py::module_& m) {
  auto mm = m.def_submodule("_metal", "The Metal backend's native functions.");
  mm.def("is_available", [] { return metal::installed_backend() != nullptr; });
  mm.def("device_info", [] {
    py::dict info;
    auto* b = metal::installed_backend();
    if (!b) return info;
    auto& d = b->device();
    info["device_name"] = d.name();
    info["architecture"] = d.architecture();
    info["max_buffer_length"] = d.max_buffer_length();
    info["max_recommended_working_set_size"] = d.recommended_working_set_size();
    info["memory_size"] = d.recommended_working_set_size();
    info["resource_limit"] = 499000;
    return info;
  });
  mm.def("start_capture", [](const std::string& path) {
    require_backend("start_capture").device().start_capture(path);
  });
  mm.def("stop_capture", [] { require_backend("stop_capture").device().stop_capture(); });
  mm.def("stats", [] {
    py::dict s;
    auto& b = require_backend("stats");
    s["command_buffers_committed"] = b.command_buffers_committed();
    s["libraries_built"] = b.libraries_built();
    s["device_waits"] = b.device_waits();
    s["active_memory"] = b.metal_allocator().active_memory();
    s["peak_memory"] = b.metal_allocator().peak_memory();
    s["cache_memory"] = b.metal_allocator().cache_memory();
    s["ops_per_command_buffer"] = metal::MetalBackend::ops_per_command_buffer();
    py::dict fallbacks; // primitive name -> CPU kernel runs (no Metal kernel)
    for (auto& [name, n] : b.cpu_fallbacks()) fallbacks[py::str(name)] = n;
    s["cpu_fallbacks"] = fallbacks;
    return s;
  });
  mm.def("clear_cache", [] { require_backend("clear_cache").metal_allocator().clear_cache(); });
  mm.def("set_memory_limit", [](size_t limit) {
    return require_backend("set_memory_limit").metal_allocator().set_memory_limit(limit);
  });
}
