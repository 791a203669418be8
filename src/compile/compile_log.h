// MXCORE_LOG=compile: one line on stderr for each trace (and retrace) of a
// compiled function and each JIT build or kernel-cache hit, with the path of
// the kernel's source, as TORCH_LOGS=output_code,recompiles does for torch.
#pragma once

#include <string>

namespace mxcore::detail {

// True when $MXCORE_LOG (a comma-separated list, read once) names "compile".
bool compile_log_enabled();
// Writes "[mxcore compile] <message>" to stderr.
void compile_log(const std::string& message);

} // namespace mxcore::detail
