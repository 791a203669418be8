// NumPy's .npy format (https://numpy.org/neps/nep-0001-npy-format.html):
// magic "\x93NUMPY", version, header length, a Python dict literal
// {'descr': ..., 'fortran_order': ..., 'shape': (...)} padded with spaces and
// ended by '\n', then the raw data.
#include <bit>
#include <cctype>
#include <cstring>
#include <limits>
#include <sstream>

#include "io/io_util.h"
#include "kernel/strides.h"
#include "ops/util.h"

namespace mxcore {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
// NumPy pads the header so the data starts on a 64-byte boundary (mmap-friendly).
constexpr size_t kAlign = 64;

static_assert(std::endian::native == std::endian::little,
              "the .npy writer labels data little-endian");

// The array-protocol type string: byte order, kind, item size.
std::string descr_of(Dtype t) {
  switch (t.val) {
    case Dtype::Val::bool_: return "|b1";
    case Dtype::Val::uint8: return "|u1";
    case Dtype::Val::uint16: return "<u2";
    case Dtype::Val::uint32: return "<u4";
    case Dtype::Val::uint64: return "<u8";
    case Dtype::Val::int8: return "|i1";
    case Dtype::Val::int16: return "<i2";
    case Dtype::Val::int32: return "<i4";
    case Dtype::Val::int64: return "<i8";
    case Dtype::Val::float16: return "<f2";
    case Dtype::Val::float32: return "<f4";
    case Dtype::Val::float64: return "<f8";
    // NumPy has no bfloat16: MLX writes it as 2-byte opaque items and reads them back as bfloat16.
    case Dtype::Val::bfloat16: return "<V2";
    case Dtype::Val::complex64: return "<c8";
  }
  throw std::invalid_argument("[save] Unsupported dtype.");
}

// Parses a type string; sets swap when the data is big-endian.
Dtype dtype_of_descr(const std::string& descr, bool& swap) {
  auto unsupported = [&]() -> Dtype {
    throw std::invalid_argument("[load] Unsupported array protocol type-string: " + descr);
  };
  if (descr.size() < 3) return unsupported();
  char order = descr[0];
  if (order != '<' && order != '>' && order != '|' && order != '=') return unsupported();
  swap = order == '>';
  std::string code = descr.substr(1);
  static const std::pair<const char*, Dtype> table[] = {
      {"b1", bool_},   {"u1", uint8},     {"u2", uint16},  {"u4", uint32},
      {"u8", uint64},  {"i1", int8},      {"i2", int16},   {"i4", int32},
      {"i8", int64},   {"f2", float16},   {"f4", float32}, {"f8", float64},
      {"V2", bfloat16}, {"c8", complex64}};
  for (auto& [name, dtype] : table) {
    if (code == name) return dtype;
  }
  return unsupported();
}

std::string header_dict(const array& a, bool fortran) {
  std::ostringstream h;
  h << "{'descr': '" << descr_of(a.dtype()) << "', 'fortran_order': "
    << (fortran ? "True" : "False") << ", 'shape': (";
  for (int i = 0; i < a.ndim(); ++i) {
    if (i > 0) h << ", ";
    h << a.shape(i);
  }
  if (a.ndim() == 1) h << ",";
  h << "), }";
  return h.str();
}

// ---- header parsing: a Python dict literal with str keys and str, bool or
// int-tuple values (the only ones NumPy writes).

struct Header {
  std::string descr;
  bool fortran = false;
  Shape shape;
  bool has_descr = false, has_order = false, has_shape = false;
};

class HeaderParser {
 public:
  HeaderParser(const std::string& text, const std::string& label) : s_(text), label_(label) {}

  Header parse() {
    Header h;
    expect('{');
    while (true) {
      skip_ws();
      if (peek() == '}') break;
      std::string key = parse_string();
      expect(':');
      skip_ws();
      if (key == "descr") {
        if (peek() == '[') {
          throw std::invalid_argument("[load] Structured dtypes are not supported (file " +
                                      label_ + ").");
        }
        h.descr = parse_string();
        h.has_descr = true;
      } else if (key == "fortran_order") {
        h.fortran = parse_bool();
        h.has_order = true;
      } else if (key == "shape") {
        h.shape = parse_shape();
        h.has_shape = true;
      } else {
        fail();
      }
      skip_ws();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      skip_ws();
      if (peek() != '}') fail();
    }
    if (!h.has_descr || !h.has_order || !h.has_shape) fail();
    return h;
  }

 private:
  [[noreturn]] void fail() {
    throw std::runtime_error("[load] Invalid header in file " + label_);
  }
  char peek() { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  void expect(char c) {
    skip_ws();
    if (peek() != c) fail();
    ++i_;
  }
  std::string parse_string() {
    skip_ws();
    char quote = peek();
    if (quote != '\'' && quote != '"') fail();
    size_t end = s_.find(quote, ++i_);
    if (end == std::string::npos) fail();
    std::string out = s_.substr(i_, end - i_);
    i_ = end + 1;
    return out;
  }
  bool parse_bool() {
    if (s_.compare(i_, 4, "True") == 0) {
      i_ += 4;
      return true;
    }
    if (s_.compare(i_, 5, "False") == 0) {
      i_ += 5;
      return false;
    }
    fail();
  }
  Shape parse_shape() {
    Shape shape;
    expect('(');
    while (true) {
      skip_ws();
      if (peek() == ')') {
        ++i_;
        return shape;
      }
      if (!std::isdigit(static_cast<unsigned char>(peek()))) fail();
      int64_t d = 0;
      while (std::isdigit(static_cast<unsigned char>(peek()))) {
        d = d * 10 + (s_[i_++] - '0');
        if (d > std::numeric_limits<int32_t>::max()) {
          throw std::invalid_argument("[load] Dimension too large in file " + label_);
        }
      }
      if (peek() == 'L') ++i_; // Python 2 longs
      shape.push_back(static_cast<int32_t>(d));
      skip_ws();
      if (peek() == ',') {
        ++i_;
      } else if (peek() != ')') {
        fail();
      }
    }
  }

  const std::string& s_;
  const std::string& label_;
  size_t i_ = 0;
};

uint32_t read_le(const unsigned char* p, int n) {
  uint32_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

} // namespace

void save(std::shared_ptr<io::Writer> out, array a) {
  if (!out || !out->is_open()) {
    throw std::runtime_error("[save] Failed to open " + (out ? out->label() : std::string("file")));
  }
  bool fortran = false;
  a = io_detail::dense_for_write(std::move(a), fortran);
  // A 0-d or 1-d array is both row- and column-major; MLX marks those Fortran.
  fortran = fortran || a.flags().col_contiguous;

  std::string dict = header_dict(a, fortran);
  // Version 1.0 stores the header length in 2 bytes, version 2.0 in 4.
  size_t prefix = kMagicLen + 2 + 2;
  size_t total = ((prefix + dict.size() + 1 + kAlign - 1) / kAlign) * kAlign;
  bool v2 = total - prefix > 65535;
  if (v2) {
    prefix += 2;
    total = ((prefix + dict.size() + 1 + kAlign - 1) / kAlign) * kAlign;
  }
  size_t header_len = total - prefix;
  dict.append(header_len - dict.size() - 1, ' ');
  dict.push_back('\n');

  std::string head(kMagic, kMagicLen);
  head.push_back(static_cast<char>(v2 ? 2 : 1));
  head.push_back(0);
  for (int i = 0; i < (v2 ? 4 : 2); ++i) head.push_back(static_cast<char>((header_len >> (8 * i)) & 0xff));
  head += dict;
  out->write(head.data(), head.size());
  io_detail::write_data(*out, a);
}

void save(std::string file, array a) {
  if (file.size() < 4 || file.compare(file.size() - 4, 4, ".npy") != 0) file += ".npy";
  save(std::make_shared<io::FileWriter>(file), std::move(a));
}

array load(std::shared_ptr<io::Reader> in, StreamOrDevice s) {
  to_stream(s); // validates the stream argument
  if (!in || !in->is_open()) {
    throw std::runtime_error("[load] Failed to open file " + (in ? in->label() : std::string()));
  }
  const std::string label = in->label();
  unsigned char prefix[kMagicLen + 2];
  in->read(reinterpret_cast<char*>(prefix), sizeof(prefix));
  if (std::memcmp(prefix, kMagic, kMagicLen) != 0) {
    throw std::runtime_error("[load] Invalid header in file " + label);
  }
  int major = prefix[kMagicLen];
  if (major < 1 || major > 3) {
    throw std::runtime_error("[load] Unsupported .npy format version " + std::to_string(major) +
                             " in file " + label);
  }
  unsigned char len_bytes[4];
  int len_width = major == 1 ? 2 : 4;
  in->read(reinterpret_cast<char*>(len_bytes), len_width);
  uint32_t header_len = read_le(len_bytes, len_width);
  // Real headers are tiny; refuse absurd lengths before allocating.
  if (header_len > (1u << 24)) {
    throw std::runtime_error("[load] Invalid header in file " + label);
  }
  std::string text(header_len, '\0');
  in->read(text.data(), header_len);
  Header h = HeaderParser(text, label).parse();

  bool swap = false;
  Dtype dtype = dtype_of_descr(h.descr, swap);
  if (!h.fortran || h.shape.size() < 2) {
    return io_detail::read_array_lazy(in, h.shape, dtype, std::nullopt, swap, s);
  }
  // Fortran order: the bytes are the row-major transpose; view them with column-major strides.
  Shape reversed(h.shape.rbegin(), h.shape.rend());
  array data = io_detail::read_array(*in, reversed, dtype, std::nullopt, swap);
  Strides strides(h.shape.size());
  int64_t step = 1;
  for (size_t i = 0; i < h.shape.size(); ++i) {
    strides[i] = step;
    step *= h.shape[i];
  }
  array out(h.shape, dtype, nullptr, {});
  out.copy_shared_buffer(data, strides, kernel::view_flags(h.shape, strides), data.size());
  return out;
}

array load(std::string file, StreamOrDevice s) {
  return load(std::make_shared<io::FileReader>(file), s);
}

} // namespace mxcore
