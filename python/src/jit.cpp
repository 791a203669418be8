// The CPU JIT from Python: its on-disk kernel cache, and debug hooks showing
// the emitted C++ source of compiled kernels.
#include "bindings.h"

#include "backend/cpu/jit_builder.h"
#include "backend/cpu/kernel_cache.h"

void init_jit(py::module_& m) {
  m.def("clear_kernel_cache", &mxcore::cpu::clear_kernel_cache,
        "Delete the compiled kernels of the on-disk JIT cache (kernels already loaded\n"
        "by this process stay in use). Not to be confused with clear_cache, which frees\n"
        "the memory allocator's buffer cache.");
  m.def("_kernel_cache_dir", [] { return mxcore::cpu::jit_cache_dir(); },
        "The checked directory holding the JIT's cached kernels ('' if none).");
  m.def("_jit_compiler_invocations", &mxcore::cpu::jit_compiler_invocations,
        "How many times this process ran the C++ compiler.");
  m.def("_jit_source", &mxcore::cpu::jit_source, py::arg("kernel_name"),
        "The C++ source last emitted for a kernel library name ('' if none).");
  m.def("_last_jit_source", &mxcore::cpu::last_jit_source,
        "The C++ source of the most recently built or loaded kernel.");
}
