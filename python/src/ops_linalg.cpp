#include "bindings.h"

void init_ops_linalg(py::module_& m) {}
