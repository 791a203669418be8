#include "mxcore/utils.h"

#include <atomic>
#include <iomanip>
#include <sstream>

#include "kernel/dtype_dispatch.h"
#include "mxcore/transforms.h"

namespace mxcore {

namespace {
std::atomic<bool> python_style{false};
std::atomic<int> print_precision{-1};
constexpr int edge_items = 3;

template <typename T>
void print_scalar(std::ostream& os, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    if (python_style) {
      os << (v ? "True" : "False");
    } else {
      os << (v ? "true" : "false");
    }
  } else if constexpr (std::is_same_v<T, complex64_t>) {
    os << v.real() << (v.imag() >= 0 || std::isnan(v.imag()) ? "+" : "-")
       << std::abs(v.imag()) << "j";
  } else if constexpr (std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>) {
    os << static_cast<float>(v);
  } else if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>) {
    os << static_cast<int>(v);
  } else {
    os << v;
  }
}

template <typename T>
void print_subarray(std::ostream& os, const array& a, int64_t offset, int dim) {
  int n = a.shape(dim);
  int64_t stride = a.strides()[dim];
  bool last = dim == a.ndim() - 1;
  std::string prefix = last ? "" : std::string(7 + dim, ' ');
  const char* sep = last ? ", " : ",\n";
  os << "[";
  for (int i = 0; i < n; ++i) {
    if (i == edge_items && n > 2 * edge_items) {
      os << (last ? "" : prefix) << "...";
      i = n - edge_items - 1;
      os << sep;
      continue;
    }
    if (i > 0 && !last) os << prefix;
    if (last) {
      print_scalar(os, a.data<T>()[offset + i * stride]);
    } else {
      print_subarray<T>(os, a, offset + i * stride, dim + 1);
    }
    if (i < n - 1) os << sep;
  }
  os << "]";
}
} // namespace

void set_print_python_style(bool v) { python_style = v; }
void set_print_precision(int p) { print_precision = p; }
int get_print_precision() { return print_precision; }

std::ostream& operator<<(std::ostream& os, array a) {
  a.eval();
  std::ostringstream body;
  if (int p = print_precision; p >= 0) {
    body << std::fixed << std::setprecision(p);
  } else {
    body.precision(6);
  }
  dispatch_all_types(a.dtype(), [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    if (a.ndim() == 0) {
      print_scalar(body, a.data<T>()[0]);
    } else {
      print_subarray<T>(body, a, 0, 0);
    }
  });
  return os << "array(" << body.str() << ", dtype=" << a.dtype() << ")";
}

std::ostream& operator<<(std::ostream& os, const Shape& shape) {
  os << "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    os << shape[i] << (i + 1 < shape.size() || shape.size() == 1 ? "," : "");
  }
  return os << ")";
}

} // namespace mxcore
