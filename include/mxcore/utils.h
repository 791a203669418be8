// Printing arrays, dtypes, devices like MLX.
#pragma once

#include <ostream>

#include "mxcore/array.h"

namespace mxcore {

// Evaluates a and prints e.g. "array([1, 2], dtype=int32)".
std::ostream& operator<<(std::ostream& os, array a);
std::ostream& operator<<(std::ostream& os, const Shape& shape);

// Python spells booleans True/False; C++ true/false.
void set_print_python_style(bool python_style);

// Digits after the decimal point of printed floats (fixed notation), or -1
// for the default (6 significant digits). MLX's set_printoptions(precision).
void set_print_precision(int precision);
int get_print_precision();

} // namespace mxcore
