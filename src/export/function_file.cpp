// Reading and writing the function file envelope (see function_file.h).
#include "export/function_file.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace mxcore::export_detail {

namespace {

constexpr char kMagic[8] = {'M', 'X', 'C', 'O', 'R', 'E', 'F', 'N'};

uint64_t fnv1a(const uint8_t* data, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) {
    h ^= data[i];
    h *= 1099511628211ull;
  }
  return h;
}

std::runtime_error file_error(const std::string& path, const std::string& what) {
  return std::runtime_error("[import_function] Invalid function file '" + path + "': " + what +
                            ".");
}

} // namespace

void write_function_file(const std::string& path, const FunctionFile& contents) {
  ByteWriter body;
  body.boolean(contents.shapeless);
  body.u32(static_cast<uint32_t>(contents.metadata.size()));
  for (auto& [key, value] : contents.metadata) {
    body.string(key);
    body.string(value);
  }
  body.u32(static_cast<uint32_t>(contents.traces.size()));
  for (auto& t : contents.traces) {
    body.u64(t.size());
    body.bytes(t.data(), t.size());
  }
  ByteWriter file;
  file.bytes(kMagic, sizeof(kMagic));
  file.u32(kFunctionFileVersion);
  file.u64(body.data().size());
  file.bytes(body.data().data(), body.data().size());
  file.u64(fnv1a(body.data().data(), body.data().size()));

  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw std::runtime_error("[export_function] Cannot open '" + path + "' for writing.");
    }
    out.write(reinterpret_cast<const char*>(file.data().data()),
              static_cast<std::streamsize>(file.data().size()));
    if (!out) {
      std::remove(tmp.c_str());
      throw std::runtime_error("[export_function] Failed writing '" + path + "'.");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("[export_function] Cannot write '" + path + "'.");
  }
}

FunctionFile read_function_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("[import_function] Cannot open '" + path + "'.");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error("[import_function] Failed reading '" + path + "'.");

  try {
    ByteReader r(bytes.data(), bytes.size());
    if (bytes.size() < sizeof(kMagic) ||
        std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) {
      throw FormatError("not an exported mxcore function (bad magic)");
    }
    r.bytes(sizeof(kMagic));
    uint32_t version = r.u32();
    if (version != kFunctionFileVersion) {
      throw FormatError("unsupported format version " + std::to_string(version) +
                        " (this mxcore reads version " +
                        std::to_string(kFunctionFileVersion) + ")");
    }
    uint64_t body_size = r.u64();
    if (body_size > r.remaining() || r.remaining() - body_size != sizeof(uint64_t)) {
      throw FormatError("the file is truncated or has trailing bytes");
    }
    const uint8_t* body_data = r.bytes(body_size);
    if (r.u64() != fnv1a(body_data, body_size)) throw FormatError("checksum mismatch (corrupt)");

    ByteReader body(body_data, body_size);
    FunctionFile contents;
    contents.shapeless = body.boolean();
    uint32_t num_metadata = body.u32();
    if (num_metadata > body.remaining()) throw FormatError("invalid metadata count");
    for (uint32_t i = 0; i < num_metadata; ++i) {
      std::string key = body.string();
      contents.metadata.insert_or_assign(std::move(key), body.string());
    }
    uint32_t num_traces = body.u32();
    if (num_traces > body.remaining()) throw FormatError("invalid trace count");
    for (uint32_t i = 0; i < num_traces; ++i) {
      uint64_t n = body.u64();
      const uint8_t* t = body.bytes(n);
      contents.traces.emplace_back(t, t + n);
    }
    body.expect_end("the file body");
    return contents;
  } catch (const FormatError& e) {
    throw file_error(path, e.what());
  }
}

} // namespace mxcore::export_detail
