// Short stable names for the nodes of a graph, in order: A, B, ..., Z, AA, AB, ...
// Shared by export_to_dot and the fused program (whose kernel names use them).
#pragma once

#include <cstddef>
#include <string>

namespace mxcore {

inline std::string letter_name(size_t n) {
  std::string name;
  do {
    name.insert(name.begin(), static_cast<char>('A' + n % 26));
    n = n / 26;
  } while (n-- > 0);
  return name;
}

} // namespace mxcore
