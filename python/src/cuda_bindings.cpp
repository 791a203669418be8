// mx.cuda's native part: whether the CUDA backend is registered and the
// CUDA stream of an mxcore stream (interop: torch.cuda.ExternalStream,
// CUDA events around mxcore work). Built in every configuration: without a
// CUDA backend the answers are False / an error.
#include "bindings.h"
#include "mxcore/backend.h"
#include "mxcore/device.h"
#include "mxcore/memory.h"
#include "mxcore/stream.h"
#ifdef MXCORE_CUDA_BACKEND
#include "backend/cuda/cuda_backend.h"
#endif

using namespace mxcore;

namespace {
bool cuda_available() {
  return backend::has_backend(Device::gpu) &&
         std::string(backend::backend_for(Device(Device::gpu)).name()) == "cuda";
}

#ifdef MXCORE_CUDA_BACKEND
// mx.get_active_memory() and the other counters report the CUDA allocator
// when the default device is the GPU, as MLX's report Metal's: they replace
// the host versions (init_memory) here, which they call otherwise.
bool gpu_is_default() { return cuda_available() && default_device().type == Device::gpu; }

void install_gpu_memory_counters(py::module_& m) {
  auto def = [&](const char* name, auto gpu, auto host) {
    m.attr(name) = py::cpp_function(
        [gpu, host] { return gpu_is_default() ? gpu(cuda::device_allocator()) : host(); },
        py::name(name), py::scope(m), py::sibling(py::none()));
  };
  def("get_active_memory", [](cuda::DeviceAllocator& a) { return a.active_memory(); },
      [] { return get_active_memory(); });
  def("get_peak_memory", [](cuda::DeviceAllocator& a) { return a.peak_memory(); },
      [] { return get_peak_memory(); });
  def("get_cache_memory", [](cuda::DeviceAllocator& a) { return a.cache_memory(); },
      [] { return get_cache_memory(); });
  def("get_memory_limit", [](cuda::DeviceAllocator& a) { return a.memory_limit(); },
      [] { return get_memory_limit(); });
  def("reset_peak_memory", [](cuda::DeviceAllocator& a) { a.reset_peak_memory(); },
      [] { reset_peak_memory(); });
  def("clear_cache", [](cuda::DeviceAllocator& a) { a.clear_cache(); }, [] { clear_cache(); });
  m.attr("set_memory_limit") = py::cpp_function(
      [](size_t limit) {
        return gpu_is_default() ? cuda::device_allocator().set_memory_limit(limit)
                                : set_memory_limit(limit);
      },
      py::name("set_memory_limit"), py::scope(m), py::sibling(py::none()), py::arg("limit"));
}
#endif
} // namespace

void init_cuda(py::module_& m) {
  m.def("_cuda_is_available", &cuda_available,
        "Whether the CUDA backend is registered (an NVIDIA GPU and driver are present).");
  m.def(
      "_cuda_stream_handle",
      [](py::object stream) {
        if (!cuda_available()) {
          throw std::runtime_error("[cuda] The CUDA backend is not available.");
        }
        Stream s = stream.is_none() ? default_stream(Device(Device::gpu)) : stream.cast<Stream>();
        if (s.device.type != Device::gpu) {
          throw std::invalid_argument("[cuda] The stream is not a gpu stream.");
        }
        return reinterpret_cast<uintptr_t>(backend::backend_for(s.device).native_stream(s));
      },
      py::arg("stream") = py::none(),
      "The CUstream handle of a gpu stream (the default one if None).");
#ifdef MXCORE_CUDA_BACKEND
  if (cuda_available()) install_gpu_memory_counters(m);
#endif
}
