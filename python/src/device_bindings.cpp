#include <sstream>

#include "convert.h"
#include "mxcore/device.h"
#include "mxcore/memory.h"
#include "mxcore/stream.h"

using namespace mxcore;

void init_device(py::module_& m) {
  auto device_type = py::enum_<Device::DeviceType>(m, "DeviceType")
      .value("cpu", Device::DeviceType::cpu)
      .value("gpu", Device::DeviceType::gpu);
  // MLX prints DeviceType.cpu (replacing pybind11's <DeviceType.cpu: 0>).
  device_type.attr("__repr__") = py::cpp_function([](Device::DeviceType t) {
    return std::string(t == Device::DeviceType::cpu ? "DeviceType.cpu" : "DeviceType.gpu");
  }, py::is_method(device_type));
  // mx.cpu == mx.Device(mx.cpu, 0), as Device == DeviceType below (MLX's rule).
  auto same_device = [](Device::DeviceType t, const py::object& b) {
    if (py::isinstance<Device::DeviceType>(b)) return t == b.cast<Device::DeviceType>();
    return py::isinstance<Device>(b) && Device(t) == b.cast<Device>();
  };
  device_type.attr("__eq__") = py::cpp_function(same_device, py::is_method(device_type));
  device_type.attr("__ne__") = py::cpp_function(
      [same_device](Device::DeviceType t, const py::object& b) { return !same_device(t, b); },
      py::is_method(device_type));
  py::class_<Device>(m, "Device", "A device to run operations on.")
      .def(py::init<Device::DeviceType, int>(), py::arg("type"), py::arg("index") = 0)
      .def_readonly("type", &Device::type)
      .def("__repr__", [](const Device& d) {
        std::ostringstream os;
        os << d;
        return os.str();
      })
      .def("__eq__", [](const Device& a, const py::object& b) {
        // mx.default_device() == mx.cpu compares with the device type's device.
        if (py::isinstance<Device::DeviceType>(b)) return a == Device(b.cast<Device::DeviceType>());
        return py::isinstance<Device>(b) && a == b.cast<Device>();
      })
      .def("__hash__", [](const Device& d) { return static_cast<int>(d.type) * 1000 + d.index; });
  py::implicitly_convertible<Device::DeviceType, Device>();
  m.attr("cpu") = py::cast(Device::DeviceType::cpu);
  m.attr("gpu") = py::cast(Device::DeviceType::gpu);

  py::class_<Stream>(m, "Stream", "A stream for running operations on a given device.")
      .def_readonly("device", &Stream::device)
      .def_readonly("index", &Stream::index)
      .def("__repr__", [](const Stream& s) {
        std::ostringstream os;
        os << s;
        return os.str();
      })
      .def("__eq__", [](const Stream& a, const py::object& b) {
        return py::isinstance<Stream>(b) && a == b.cast<Stream>();
      })
      .def("__hash__", [](const Stream& s) { return s.index; });

  m.def("default_device", &default_device, "Get the default device.");
  m.def("set_default_device", &set_default_device, py::arg("device"), "Set the default device.");
  m.def("default_stream", &default_stream, py::arg("device"), "Get the device's default stream.");
  m.def("set_default_stream", &set_default_stream, py::arg("stream"),
        "Set the default stream of its device.");
  m.def("new_stream", &new_stream, py::arg("device"), "Make a new stream on the given device.");
  // Takes a Stream, a Device (its default stream) or nothing (every stream), as in MLX.
  m.def("synchronize", [](StreamOrDevice s) {
    py::gil_scoped_release release;
    if (auto* st = std::get_if<Stream>(&s)) synchronize(*st);
    else if (auto* d = std::get_if<Device>(&s)) synchronize(default_stream(*d));
    else synchronize();
  }, py::arg("stream") = py::none(), "Wait for all work on the stream (or all streams).");
  m.def("is_available", &is_available, py::arg("device"));
  m.def("device_count", [](Device::DeviceType t) { return t == Device::cpu ? 1 : 0; },
        py::arg("device_type"));
}

void init_memory(py::module_& m) {
  m.def("get_active_memory", &get_active_memory, "Bytes held by live arrays.");
  m.def("get_peak_memory", &get_peak_memory, "Largest active memory since the last reset.");
  m.def("reset_peak_memory", &reset_peak_memory);
  m.def("get_cache_memory", &get_cache_memory, "Bytes held in the buffer cache.");
  m.def("clear_cache", &clear_cache, "Free the buffer cache.");
  m.def("set_memory_limit", &set_memory_limit, py::arg("limit"),
        "Set the memory limit in bytes; returns the previous one.");
  m.def("get_memory_limit", &get_memory_limit);
  m.def("set_cache_limit", &set_cache_limit, py::arg("limit"));
  m.def("set_wired_limit", &set_wired_limit, py::arg("limit"));
}
