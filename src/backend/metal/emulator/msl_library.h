// An MSL library built for the emulated device: the source, the shim and one
// generated driver per entry point, compiled as C++ by the CPU JIT's builder
// (its compiler, timeout and verified disk cache: a library is compiled once
// per machine), loaded, and its driver table read.
#pragma once

#include <string>
#include <unordered_map>

#include "backend/metal/emulator/launch_abi.h"

namespace mxcore::metal::emulator {

struct BuiltLibrary {
  const mxemu_Table* table = nullptr;
  std::unordered_map<std::string, const mxemu_Entry*> entries; // by host name
};

// The C++ translation unit for `msl` (exposed for tests and debugging).
std::string emulated_library_source(const std::string& msl);

// Builds (or loads from the cache) the library; std::runtime_error naming
// it when the source does not build.
BuiltLibrary build_emulated_library(const std::string& name, const std::string& msl);

} // namespace mxcore::metal::emulator
