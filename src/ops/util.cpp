#include "ops/util.h"

#include <algorithm>

#include "mxcore/errors.h"

namespace mxcore {

Stream to_stream(StreamOrDevice s) {
  if (std::holds_alternative<Stream>(s)) return std::get<Stream>(s);
  if (std::holds_alternative<Device>(s)) return default_stream(std::get<Device>(s));
  return default_stream(default_device());
}

int normalize_axis(int axis, int ndim, const char* op) {
  int a = axis < 0 ? axis + ndim : axis;
  if (a < 0 || a >= ndim) {
    std::ostringstream msg;
    msg << "[" << op << "] Invalid axis " << axis << " for array with " << ndim
        << " dimensions.";
    throw axis_error(msg.str());
  }
  return a;
}

std::vector<int> normalize_axes(const std::vector<int>& axes, int ndim, const char* op) {
  std::vector<int> out;
  for (int a : axes) out.push_back(normalize_axis(a, ndim, op));
  std::sort(out.begin(), out.end());
  if (std::adjacent_find(out.begin(), out.end()) != out.end()) {
    throw std::invalid_argument(std::string("[") + op + "] Received duplicate axes.");
  }
  return out;
}

std::string shape_str(const Shape& shape) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    os << shape[i];
    if (i + 1 < shape.size() || shape.size() == 1) os << ",";
  }
  os << ")";
  return os.str();
}

} // namespace mxcore
