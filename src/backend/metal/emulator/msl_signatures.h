// Reads the entry points of an MSL library from its source: each [[kernel]]
// function (or explicit template instantiation) with its host name and, per
// parameter, the [[buffer(i)]] slot or the thread built-in it receives. The
// emulated device needs this because the attributes vanish when the source
// is compiled as C++.
#pragma once

#include <string>
#include <vector>

namespace mxcore::metal::emulator {

struct KernelParam {
  enum class Kind { buffer_pointer, buffer_reference, builtin };
  Kind kind = Kind::builtin;
  int buffer = -1;     // buffers
  std::string builtin; // builtins: "thread_position_in_grid", ...
  int width = 1;       // builtins: 1 (uint), 2 (uint2) or 3 (uint3)
};

struct KernelEntryPoint {
  std::string host_name;
  std::string callee; // "name" or "name<float, Sum>"
  std::vector<KernelParam> params;
};

// Throws std::invalid_argument naming the kernel for a parameter it cannot
// bind (an unknown attribute, a by-value buffer, threadgroup parameters).
std::vector<KernelEntryPoint> parse_kernel_entry_points(const std::string& source);

} // namespace mxcore::metal::emulator
