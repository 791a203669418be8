// The JIT's warnings on stderr: at most one per kind of failure per process,
// so a broken toolchain or cache does not flood the output.
#pragma once

#include <string>

namespace mxcore::cpu {

// Prints "[mxcore] warning: <message>" unless a warning of `kind` was
// already printed by this process. Returns whether it printed.
bool jit_warn_once(const std::string& kind, const std::string& message);

} // namespace mxcore::cpu
