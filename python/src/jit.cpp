// Debug hooks of the CPU JIT: the emitted C++ source of compiled kernels.
#include "bindings.h"

#include "backend/cpu/jit_builder.h"

void init_jit(py::module_& m) {
  m.def("_jit_source", &mxcore::cpu::jit_source, py::arg("kernel_name"),
        "The C++ source last emitted for a kernel library name ('' if none).");
  m.def("_last_jit_source", &mxcore::cpu::last_jit_source,
        "The C++ source of the most recently built or loaded kernel.");
}
