#include "bindings.h"

void init_random(py::module_& m) {}
