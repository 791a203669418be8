#include "bindings.h"

void init_jit(py::module_& m); // python/src/jit.cpp

void init_ops_extra(py::module_& m) {
  init_jit(m);
}
