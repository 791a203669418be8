// Ctrl-C during eval (eval_interrupt.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace mxpy {

void init_eval_interrupt(pybind11::module_& m);

// Makes the Ctrl-C that interrupted an eval pending again. For callers whose
// error some consumer swallows: NumPy drops errors of the buffer protocol and
// tries __array__, which then stops at its first interrupt check.
void interrupt_again();

} // namespace mxpy
