// DLPack export of arrays (__dlpack__, __dlpack_device__) and the Array API
// namespace hook: consumers (np.from_dlpack, torch.from_dlpack) read the
// evaluated buffer in place, which the capsule keeps alive.
#include <cstdint>

#include "convert.h"

using namespace mxcore;

namespace {

// The DLPack ABI (dlpack.h, version 0.8 "unversioned" capsule, "dltensor").
struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor*);
};

constexpr int32_t kDLCPU = 1;
enum DLCode : uint8_t { kInt = 0, kUInt = 1, kFloat = 2, kBfloat = 4, kComplex = 5, kBool = 6 };

DLDataType dl_dtype(Dtype t) {
  uint8_t bits = static_cast<uint8_t>(size_of(t) * 8);
  switch (kindof(t)) {
    case Dtype::Kind::b: return {kBool, 8, 1};
    case Dtype::Kind::u: return {kUInt, bits, 1};
    case Dtype::Kind::i: return {kInt, bits, 1};
    case Dtype::Kind::f: return {kFloat, bits, 1};
    case Dtype::Kind::V: return {kBfloat, bits, 1};
    case Dtype::Kind::c: return {kComplex, bits, 1};
  }
  throw std::invalid_argument("[__dlpack__] Unsupported dtype.");
}

// Owns what the DLTensor points to: the array (and so its buffer), shape and strides.
struct Exported {
  DLManagedTensor managed;
  array a;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

void delete_exported(DLManagedTensor* t) { delete static_cast<Exported*>(t->manager_ctx); }

// A capsule not consumed (still named "dltensor") frees its tensor itself.
void capsule_destructor(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, "dltensor")) return;
  auto* t = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
  if (t && t->deleter) t->deleter(t);
}

py::object to_dlpack(const array& in) {
  array a = in;
  {
    py::gil_scoped_release release;
    a.eval();
  }
  auto* e = new Exported{{}, a, {}, {}};
  e->shape.assign(a.shape().begin(), a.shape().end());
  e->strides.assign(a.strides().begin(), a.strides().end());
  DLTensor& t = e->managed.dl_tensor;
  t.data = a.raw_data();
  t.device = {kDLCPU, 0};
  t.ndim = a.ndim();
  t.dtype = dl_dtype(a.dtype());
  t.shape = e->shape.data();
  t.strides = e->strides.data();
  t.byte_offset = 0;
  e->managed.manager_ctx = e;
  e->managed.deleter = delete_exported;
  PyObject* capsule = PyCapsule_New(&e->managed, "dltensor", capsule_destructor);
  if (!capsule) {
    delete e;
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::object>(capsule);
}

} // namespace

void init_dlpack(py::module_& m) {
  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  cls.def("__dlpack__", [](const array& a, const py::kwargs& kwargs) {
        // stream/max_version/dl_device/copy: the CPU buffer is shared as it is;
        // a copy only where the consumer demands one it cannot make itself.
        if (kwargs.contains("dl_device") && !kwargs["dl_device"].is_none()) {
          auto dev = kwargs["dl_device"].cast<py::tuple>();
          if (dev[0].cast<int>() != kDLCPU) {
            throw py::buffer_error("[__dlpack__] Only the CPU device (1, 0) can be exported.");
          }
        }
        return to_dlpack(a);
      },
      "A DLPack capsule sharing the (evaluated) array's buffer.")
      .def("__dlpack_device__", [](const array&) { return py::make_tuple(kDLCPU, 0); },
           "The DLPack device of the array: (1, 0), the CPU.")
      .def("__array_namespace__", [](const array&, const py::kwargs&) {
        return py::module_::import("mxcore");
      }, "The Array API namespace of the array: the mxcore module.");
}
