// mx.cuda's native part: whether the CUDA backend is registered and the
// CUDA stream of an mxcore stream (interop: torch.cuda.ExternalStream,
// CUDA events around mxcore work). Built in every configuration: without a
// CUDA backend the answers are False / an error.
#include "bindings.h"
#include "mxcore/backend.h"
#include "mxcore/device.h"
#include "mxcore/stream.h"

using namespace mxcore;

namespace {
bool cuda_available() {
  return backend::has_backend(Device::gpu) &&
         std::string(backend::backend_for(Device(Device::gpu)).name()) == "cuda";
}
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
}
