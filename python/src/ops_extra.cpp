#include "bindings.h"

void init_jit(py::module_& m); // python/src/jit.cpp
void init_ops_scans(py::module_& m); // python/src/ops_scans.cpp

void init_ops_extra(py::module_& m) {
  init_jit(m);
  init_ops_scans(m);
}
