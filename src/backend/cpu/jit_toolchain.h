// The JIT's toolchain: the compiler, how it is called, and the cache entry
// names that cover both (jit_builder.* runs the builds).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mxcore::cpu {

// The compiler the JIT uses: $MXCORE_CXX if set (and only that), else c++,
// g++ or clang++ on PATH, else the compiler mxcore was built with. Empty when
// none is usable; the first such answer prints one warning to stderr.
const std::string& jit_compiler();

// The cache entry name of a kernel: covers the source, the compiler (its
// path and --version), the flags and the CPU. nullopt when the compiler does
// not answer (warned, see jit_warn_unavailable).
std::optional<std::string> jit_entry_name(const std::string& stem, const std::string& symbol,
                                          const std::string& source);

// The compiler's command line building `source_path` into `output_path`.
std::vector<std::string> jit_compiler_command(const std::string& source_path,
                                              const std::string& output_path);

// Warns once that the JIT is unavailable and why (the caller switches it off).
void jit_warn_unavailable(const std::string& why);

} // namespace mxcore::cpu
