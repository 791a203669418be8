#include "bindings.h"

void init_ops_extra(py::module_& m) {}
