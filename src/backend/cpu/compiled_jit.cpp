// Placeholder until the C++ emitter and JIT builder land: always reports
// "no compiler", so Compiled evaluates its tape with eager kernels.
#include "backend/cpu/compiled_jit.h"

namespace mxcore::cpu {

bool eval_compiled_jit(const std::vector<array>&, std::vector<array>&,
                       const std::vector<array>&, const std::vector<array>&,
                       const std::vector<array>&,
                       const std::unordered_set<uintptr_t>&, const std::string&) {
  return false;
}

} // namespace mxcore::cpu
