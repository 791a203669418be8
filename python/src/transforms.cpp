#include "bindings.h"

void init_transforms(py::module_& m) {}
