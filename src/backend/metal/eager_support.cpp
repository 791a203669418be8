#include "backend/metal/eager_support.h"

#include <cstring>
#include <limits>

#include "backend/metal/embedded_sources.h"
#include "kernel/dtype_dispatch.h"

namespace mxcore::metal {

std::string kernel_library_source(const std::string& file) {
  const std::string& text = embedded_source(file);
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    const size_t q = line.find("#include \"");
    if (q == 0) {
      const size_t close = line.find('"', q + 10);
      out += embedded_source(line.substr(q + 10, close - q - 10));
    } else {
      out += line;
    }
    out += '\n';
    pos = end + 1;
  }
  return out;
}

void set_instantiated_kernel(CommandEncoder& enc, const std::string& file,
                             const std::string& kernel_template, const std::string& args,
                             const std::string& name) {
  enc.set_kernel(name, [&] {
    return kernel_library_source(file) + "\ntemplate [[host_name(\"" + name +
           "\")]] [[kernel]] decltype(" + kernel_template + "<" + args + ">) " + kernel_template +
           "<" + args + ">;\n";
  }, name);
}

uint32_t row_threads(int64_t row_length) {
  uint32_t n = 1;
  while (n < 256 && int64_t(n) < row_length) n *= 2;
  return n;
}

std::vector<char> value_bytes(Dtype t, double value) {
  return dispatch_all_types(t, [&](auto tag) {
    using T = MXCORE_TAG_TYPE(tag);
    T v{};
    if constexpr (std::is_same_v<T, bool>) {
      v = value != 0;
    } else if constexpr (std::is_integral_v<T>) {
      v = value == std::numeric_limits<double>::infinity()    ? std::numeric_limits<T>::max()
          : value == -std::numeric_limits<double>::infinity() ? std::numeric_limits<T>::lowest()
                                                              : T(int64_t(value));
    } else if constexpr (std::is_same_v<T, complex64_t>) {
      v = T(float(value), 0.0f);
    } else {
      v = T(float(value));
    }
    std::vector<char> bytes(sizeof(T));
    std::memcpy(bytes.data(), &v, sizeof(T));
    return bytes;
  });
}

std::vector<int64_t> row_major(const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int d = int(shape.size()) - 2; d >= 0; --d) s[d] = s[d + 1] * int64_t(shape[d + 1]);
  return s;
}

} // namespace mxcore::metal
