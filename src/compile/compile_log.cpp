#include "compile/compile_log.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace mxcore::detail {

bool compile_log_enabled() {
  static const bool enabled = [] {
    const char* env = std::getenv("MXCORE_LOG");
    if (!env) return false;
    std::stringstream parts(env);
    std::string part;
    while (std::getline(parts, part, ',')) {
      if (part == "compile" || part == "all") return true;
    }
    return false;
  }();
  return enabled;
}

void compile_log(const std::string& message) {
  static std::mutex mtx; // whole lines, also from the background builder
  std::lock_guard lock(mtx);
  std::fprintf(stderr, "[mxcore compile] %s\n", message.c_str());
  std::fflush(stderr);
}

} // namespace mxcore::detail
