// The Metal backend's source texts, read from their files into libmxcore at
// build time (src/backend/metal/embed_sources.cmake): the kernels/*.metal
// files and the emulator's launch_abi.h and msl_shim.h.
#pragma once

#include <string>
#include <vector>

namespace mxcore::metal {

// The text of the embedded file `name` ("unary.metal", "msl_shim.h");
// std::invalid_argument if there is none.
const std::string& embedded_source(const std::string& name);
std::vector<std::string> embedded_source_names();

} // namespace mxcore::metal
