#include "bindings.h"

void init_jit(py::module_& m);          // python/src/jit.cpp
void init_ops_numerics(py::module_& m); // python/src/ops_numerics.cpp
void init_fast(py::module_& m);         // python/src/fast.cpp
void init_ops_scans(py::module_& m);    // python/src/ops_scans.cpp
void init_io(py::module_& m);           // python/src/io.cpp
void init_fft(py::module_& m);          // python/src/fft.cpp
void init_ops_mm(py::module_& m);       // python/src/ops_mm.cpp
void init_ops_conv(py::module_& m);     // python/src/ops_conv.cpp
void init_api_extra(py::module_& m);    // python/src/api_extra.cpp

void init_ops_extra(py::module_& m) {
  init_jit(m);
  init_ops_numerics(m);
  init_fast(m);
  init_ops_scans(m);
  init_io(m);
  init_fft(m);
  init_ops_mm(m);
  init_ops_conv(m);
  init_api_extra(m);
}
