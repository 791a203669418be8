#include "bindings.h"

void init_ops_reduce(py::module_& m) {}
