#include "backend/cpu/jit_warning.h"

#include <iostream>
#include <mutex>
#include <set>

namespace mxcore::cpu {

bool jit_warn_once(const std::string& kind, const std::string& message) {
  static std::mutex mtx;
  static auto* printed = new std::set<std::string>(); // never destroyed: used at exit
  std::lock_guard lock(mtx);
  if (!printed->insert(kind).second) return false;
  std::cerr << "[mxcore] warning: " << message << "\n";
  std::cerr.flush();
  return true;
}

} // namespace mxcore::cpu
