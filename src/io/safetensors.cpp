// The safetensors format (https://huggingface.co/docs/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON
//   {"__metadata__": {str: str}, name: {"dtype": "F32", "shape": [...],
//    "data_offsets": [begin, end]}, ...}
// then the data block; offsets count from the start of the data block and
// every tensor is row-major little-endian.
#include <algorithm>
#include <limits>
#include <map>

#include "io/io_util.h"
#include "io/json.h"

namespace mxcore {

namespace {

// The safetensors library refuses larger headers too.
constexpr uint64_t kMaxHeader = 100'000'000;

const char* st_name(Dtype t) {
  switch (t.val) {
    case Dtype::Val::bool_: return "BOOL";
    case Dtype::Val::uint8: return "U8";
    case Dtype::Val::uint16: return "U16";
    case Dtype::Val::uint32: return "U32";
    case Dtype::Val::uint64: return "U64";
    case Dtype::Val::int8: return "I8";
    case Dtype::Val::int16: return "I16";
    case Dtype::Val::int32: return "I32";
    case Dtype::Val::int64: return "I64";
    case Dtype::Val::float16: return "F16";
    case Dtype::Val::float32: return "F32";
    case Dtype::Val::float64: return "F64";
    case Dtype::Val::bfloat16: return "BF16";
    case Dtype::Val::complex64: return "C64";
  }
  throw std::invalid_argument("[save_safetensors] Unsupported dtype.");
}

Dtype st_dtype(const std::string& name) {
  static const std::pair<const char*, Dtype> table[] = {
      {"BOOL", bool_},  {"U8", uint8},    {"U16", uint16},   {"U32", uint32},
      {"U64", uint64},  {"I8", int8},     {"I16", int16},    {"I32", int32},
      {"I64", int64},   {"F16", float16}, {"F32", float32},  {"F64", float64},
      {"BF16", bfloat16}, {"C64", complex64},
      // No float8 dtype here: like MLX, keep the raw bytes as uint8.
      {"F8_E4M3", uint8}, {"F8_E5M2", uint8}};
  for (auto& [n, d] : table) {
    if (name == n) return d;
  }
  throw std::runtime_error("[load_safetensors] Unsupported dtype " + name);
}

[[noreturn]] void corrupt(const std::string& what) {
  throw std::runtime_error("[load_safetensors] " + what +
                           " Perhaps an incomplete download or corrupt file?");
}

uint64_t as_offset(const json::Value& v, const std::string& name) {
  if (v.type != json::Value::Type::number || !v.is_integer || v.integer < 0) {
    corrupt("Tensor '" + name + "' has an invalid entry.");
  }
  return static_cast<uint64_t>(v.integer);
}

} // namespace

SafetensorsLoad load_safetensors(std::shared_ptr<io::Reader> in, StreamOrDevice s) {
  to_stream(s); // validates the stream argument
  if (!in || !in->is_open()) {
    throw std::runtime_error("[load_safetensors] Failed to open file " +
                             (in ? in->label() : std::string()));
  }
  const size_t base = in->tell();
  unsigned char len_bytes[8];
  in->read(reinterpret_cast<char*>(len_bytes), 8);
  uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | len_bytes[i];
  if (header_len > kMaxHeader) {
    corrupt("The JSON header is " + std::to_string(header_len) + " bytes long, too long.");
  }
  std::string text(header_len, '\0');
  try {
    in->read(text.data(), header_len);
  } catch (const std::runtime_error&) {
    corrupt("The JSON header is " + std::to_string(header_len) +
            " bytes long but the file is shorter.");
  }
  json::Value header = json::parse(text, "load_safetensors");
  if (header.type != json::Value::Type::object) corrupt("The JSON header is not an object.");

  const size_t data_start = base + 8 + header_len;
  SafetensorsLoad result;
  for (auto& [name, entry] : header.members) {
    if (name == "__metadata__") {
      // MLX writes "__metadata__": null when there is no metadata.
      if (entry.type == json::Value::Type::null) continue;
      if (entry.type != json::Value::Type::object) corrupt("__metadata__ is not an object.");
      for (auto& [k, v] : entry.members) {
        if (v.type != json::Value::Type::string) corrupt("Metadata value of '" + k + "' is not a string.");
        result.second[k] = v.string;
      }
      continue;
    }
    const json::Value* dtype = entry.find("dtype");
    const json::Value* shape = entry.find("shape");
    const json::Value* offsets = entry.find("data_offsets");
    if (entry.type != json::Value::Type::object || !dtype || !shape || !offsets ||
        dtype->type != json::Value::Type::string || shape->type != json::Value::Type::array ||
        offsets->type != json::Value::Type::array || offsets->items.size() != 2) {
      corrupt("Tensor '" + name + "' has an invalid entry.");
    }
    Shape dims;
    for (auto& d : shape->items) {
      uint64_t n = as_offset(d, name);
      if (n > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) {
        corrupt("Tensor '" + name + "' has a dimension too large.");
      }
      dims.push_back(static_cast<int32_t>(n));
    }
    Dtype t = st_dtype(dtype->string);
    uint64_t begin = as_offset(offsets->items[0], name);
    uint64_t end = as_offset(offsets->items[1], name);
    size_t nbytes = io_detail::checked_nbytes(dims, t, "load_safetensors");
    std::string range = "(" + std::to_string(begin) + ", " + std::to_string(end) + ")";
    if (end < begin || end - begin != nbytes) {
      throw std::runtime_error("[load_safetensors] Tensor '" + name + "' invalid data offsets " +
                               range + ". Expecting " + std::to_string(nbytes) + " bytes.");
    }
    try {
      result.first.insert_or_assign(
          name, io_detail::read_array_lazy(in, dims, t, data_start + begin, false, s));
    } catch (const std::runtime_error&) {
      corrupt("Tensor '" + name + "' invalid data offsets " + range +
              " exceeding the size of the file.");
    }
  }
  return result;
}

SafetensorsLoad load_safetensors(const std::string& file, StreamOrDevice s) {
  return load_safetensors(std::make_shared<io::FileReader>(file), s);
}

void save_safetensors(std::shared_ptr<io::Writer> out,
                      std::unordered_map<std::string, array> arrays,
                      std::unordered_map<std::string, std::string> metadata) {
  if (!out || !out->is_open()) {
    throw std::runtime_error("[save_safetensors] Failed to open " +
                             (out ? out->label() : std::string("file")));
  }
  if (arrays.count("__metadata__")) {
    throw std::invalid_argument("[save_safetensors] '__metadata__' is reserved for metadata.");
  }
  // Sorted keys give a deterministic file (MLX sorts the header keys too).
  std::map<std::string, array> sorted;
  for (auto& [k, a] : arrays) sorted.emplace(k, io_detail::row_major_for_write(a));
  std::map<std::string, std::string> meta(metadata.begin(), metadata.end());

  std::string h = "{";
  if (!meta.empty()) {
    h += "\"__metadata__\":{";
    bool first = true;
    for (auto& [k, v] : meta) {
      if (!first) h += ",";
      first = false;
      h += json::quote(k) + ":" + json::quote(v);
    }
    h += "}";
  }
  size_t offset = 0;
  for (auto& [k, a] : sorted) {
    if (h.size() > 1) h += ",";
    h += json::quote(k) + ":{\"dtype\":\"" + st_name(a.dtype()) + "\",\"shape\":[";
    for (int i = 0; i < a.ndim(); ++i) h += (i ? "," : "") + std::to_string(a.shape(i));
    h += "],\"data_offsets\":[" + std::to_string(offset) + "," +
         std::to_string(offset + a.nbytes()) + "]}";
    offset += a.nbytes();
  }
  h += "}";
  // The spec allows trailing spaces; they align the data block to 8 bytes.
  h.append((8 - h.size() % 8) % 8, ' ');

  char len_bytes[8];
  uint64_t n = h.size();
  for (int i = 0; i < 8; ++i) len_bytes[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  out->write(len_bytes, 8);
  out->write(h.data(), h.size());
  for (auto& [k, a] : sorted) io_detail::write_data(*out, a);
}

void save_safetensors(std::string file, std::unordered_map<std::string, array> arrays,
                      std::unordered_map<std::string, std::string> metadata) {
  const std::string ext = ".safetensors";
  if (file.size() < ext.size() || file.compare(file.size() - ext.size(), ext.size(), ext) != 0) {
    file += ext;
  }
  save_safetensors(std::make_shared<io::FileWriter>(file), std::move(arrays), std::move(metadata));
}

} // namespace mxcore
