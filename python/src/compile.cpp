#include "bindings.h"

void init_compile(py::module_& m) {}
