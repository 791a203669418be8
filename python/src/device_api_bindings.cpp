// Python bindings of mlx.core's device and interop helpers that need no op:
// device_info, the thread-stream constructors, clear_streams, from_dlpack.
#include <sys/utsname.h>

#include <fstream>
#include <string>

#include "convert.h"
#include "mxcore/stream.h"

using namespace mxcore;

namespace {

// {"architecture", "device_name"} of the CPU: the machine name from uname and
// the model name from /proc/cpuinfo where there is one.
py::dict cpu_info() {
  struct utsname u {};
  std::string machine = uname(&u) == 0 ? u.machine : "";
  std::string name = machine;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    auto begin = line.find_first_not_of(" \t", colon + 1);
    name = begin == std::string::npos ? "" : line.substr(begin);
    break;
  }
  py::dict info;
  info["architecture"] = machine;
  info["device_name"] = name;
  return info;
}

} // namespace

void init_device_api(py::module_& m) {
  m.def("device_info", [](std::optional<Device> d) {
    Device dev = d.value_or(default_device());
    if (dev.type != Device::cpu) {
      throw std::invalid_argument("[device_info] Only the CPU device is available.");
    }
    return cpu_info();
  }, py::arg("d") = py::none(),
     "Information about a device: a dict with ``architecture`` and ``device_name``.");
  // Streams here are usable from any thread, so both kinds are ordinary streams.
  m.def("new_thread_local_stream", &new_stream, py::arg("device"),
        "Make a new stream (streams here are usable from any thread).");
  m.def("new_thread_unsafe_stream", &new_stream, py::arg("device"),
        "Make a new stream that can be used in any thread.");
  m.attr("ThreadLocalStream") = m.attr("Stream");
  m.def("clear_streams", []() {},
        "Destroy the streams created in the current thread (nothing to free here).");
  m.def("from_dlpack", [](const py::object& x, std::optional<bool> copy) {
    if (copy == false) {
      throw std::invalid_argument("Unable to avoid copy while creating an array as requested.");
    }
    if (py::isinstance<array>(x)) return mxpy::to_array_as(x, std::nullopt);
    // NumPy reads the DLPack capsule; the array constructor copies its data.
    py::object host = py::module_::import("numpy").attr("from_dlpack")(x);
    return mxpy::to_array_as(host, std::nullopt);
  }, py::arg("x"), py::pos_only(), py::kw_only(), py::arg("copy") = py::none(),
     "An array with the data of a DLPack-compatible object (always a copy here).");
}
