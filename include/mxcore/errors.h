#pragma once

#include <stdexcept>
#include <string>

namespace mxcore {

// An axis outside an array's dimensions. MLX raised IndexError for these
// (0.32) and raises ValueError on current main; Python sees
// mxcore.AxisError, a subclass of both (as NumPy's AxisError), so programs
// written against either version catch it.
// Visible from every library so that its type matches in a catch across them.
struct __attribute__((visibility("default"))) axis_error : std::out_of_range {
  explicit axis_error(const std::string& what) : std::out_of_range(what) {}
};

} // namespace mxcore
