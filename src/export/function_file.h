// The envelope of an exported function file:
//   magic "MXCOREFN", u32 version, u64 body length, body, u64 FNV-1a of body
//   body: u8 shapeless, u32 metadata count and (key, value) strings,
//         u32 trace count, then each trace as a length-prefixed
//         block (graph_codec.h)
// Reading checks the magic, the version, every length and the checksum, so a
// truncated or corrupt file is reported before any graph is decoded.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "export/byte_stream.h"

namespace mxcore::export_detail {

// 2: Reshape keeps its requested shape; 3: and the axes expand_dims inserted
inline constexpr uint32_t kFunctionFileVersion = 3;

struct FunctionFile {
  bool shapeless = false;
  std::map<std::string, std::string> metadata;
  std::vector<std::vector<uint8_t>> traces; // each an encoded graph
};

// Written to a temporary file and renamed over `path`.
void write_function_file(const std::string& path, const FunctionFile& contents);
// Raises std::runtime_error naming `path` on any problem.
FunctionFile read_function_file(const std::string& path);

} // namespace mxcore::export_detail
