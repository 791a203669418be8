// C++ serialization API: .npy and .safetensors through files and through
// user-defined io::Reader / io::Writer streams, hand-built .npy bytes
// (big-endian, Fortran order) and error cases.
#include <cstring>
#include <filesystem>
#include <string>

#include "mxcore/io.h"
#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

namespace {

// An in-memory stream pair.
class StringWriter : public io::Writer {
 public:
  std::string bytes;
  bool is_open() const override { return true; }
  void write(const char* data, size_t n) override { bytes.append(data, n); }
  std::string label() const override { return "memory"; }
};

class StringReader : public io::Reader {
 public:
  explicit StringReader(std::string b) : bytes(std::move(b)) {}
  std::string bytes;
  size_t pos = 0;
  bool is_open() const override { return true; }
  size_t tell() override { return pos; }
  void read(char* data, size_t n) override {
    read(data, n, pos);
    pos += n;
  }
  void read(char* data, size_t n, size_t offset) override {
    if (offset + n > bytes.size()) throw std::runtime_error("[read] short");
    std::memcpy(data, bytes.data() + offset, n);
  }
  std::string label() const override { return "memory"; }
};

// Elements in logical (row-major) order, whatever the layout.
std::vector<double> values(array x) {
  x = astype(x, float64);
  eval(x);
  std::vector<double> out;
  std::vector<int32_t> idx(x.ndim(), 0);
  for (size_t n = 0; n < x.size(); ++n) {
    int64_t offset = 0;
    for (int d = 0; d < x.ndim(); ++d) offset += idx[d] * x.strides(d);
    out.push_back(x.data<double>()[offset]);
    for (int d = x.ndim() - 1; d >= 0 && ++idx[d] == x.shape(d); --d) idx[d] = 0;
  }
  return out;
}

std::string npy_bytes(const std::string& dict, const std::string& data) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header.push_back(' ');
  header.push_back('\n');
  std::string out = std::string("\x93NUMPY\x01\x00", 8);
  out.push_back(static_cast<char>(header.size() & 0xff));
  out.push_back(static_cast<char>(header.size() >> 8));
  return out + header + data;
}

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("mxcore_test_io_" + name);
}

} // namespace

TEST_CASE("npy round trip through a stream, every dtype") {
  for (int i = 0; i < Dtype::num_types; ++i) {
    Dtype t = dtype_from_index(i);
    array x = astype(array({0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f}, {2, 3}), t);
    auto w = std::make_shared<StringWriter>();
    save(w, x);
    array y = load(std::make_shared<StringReader>(w->bytes));
    CHECK(y.dtype() == t);
    CHECK(y.shape() == Shape({2, 3}));
    CHECK(values(y) == values(x));
  }
}

TEST_CASE("npy writes non-contiguous arrays in logical order") {
  array x = reshape(arange(24.0, float32), {2, 3, 4});
  for (array v : {transpose(x), transpose(x, {1, 0, 2}), slice(x, {0, 1, 0}, {2, 3, 4}, {1, 1, 2})}) {
    auto w = std::make_shared<StringWriter>();
    save(w, v);
    CHECK(values(load(std::make_shared<StringReader>(w->bytes))) == values(v));
  }
}

TEST_CASE("npy reads big-endian and Fortran-order data") {
  // int16 [[1, 2, 3], [4, 5, 6]] stored big-endian in column-major order.
  std::string data;
  for (int v : {1, 4, 2, 5, 3, 6}) {
    data.push_back(0);
    data.push_back(static_cast<char>(v));
  }
  array y = load(std::make_shared<StringReader>(
      npy_bytes("{'descr': '>i2', 'fortran_order': True, 'shape': (2, 3), }", data)));
  CHECK(y.dtype() == int16);
  CHECK(y.shape() == Shape({2, 3}));
  CHECK(values(y) == std::vector<double>({1, 2, 3, 4, 5, 6}));
}

TEST_CASE("npy by path appends the extension") {
  auto path = temp_file("a");
  save(path.string(), array({1, 2, 3}));
  std::string with_ext = path.string() + ".npy";
  CHECK(values(load(with_ext)) == std::vector<double>({1, 2, 3}));
  std::filesystem::remove(with_ext);
  CHECK_THROWS_AS(load(with_ext), std::runtime_error);
}

TEST_CASE("npy errors") {
  CHECK_THROWS_AS(load(std::make_shared<StringReader>(std::string(100, 'x'))), std::runtime_error);
  CHECK_THROWS_AS(load(std::make_shared<StringReader>(npy_bytes(
                      "{'descr': '<U2', 'fortran_order': False, 'shape': (1,), }", "abcdefgh"))),
                  std::invalid_argument);
  // Header promises 4 floats, data holds 2.
  CHECK_THROWS_AS(load(std::make_shared<StringReader>(npy_bytes(
                      "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", std::string(8, '\0')))),
                  std::runtime_error);
}

TEST_CASE("safetensors round trip with metadata") {
  auto path = temp_file("s.safetensors");
  std::unordered_map<std::string, array> arrays = {
      {"w", astype(array({1.5f, -2.0f, 3.25f}, {3}), bfloat16)},
      {"b", array({true, false}, {2})},
      {"t", transpose(reshape(arange(6.0, int32), {2, 3}))}};
  save_safetensors(path.string(), arrays, {{"format", "mlx"}});
  auto [loaded, metadata] = load_safetensors(path.string());
  std::filesystem::remove(path);
  CHECK(metadata.size() == 1 && metadata["format"] == "mlx");
  CHECK(loaded.size() == 3);
  CHECK(loaded.at("w").dtype() == bfloat16);
  CHECK(values(loaded.at("w")) == std::vector<double>({1.5, -2.0, 3.25}));
  CHECK(values(loaded.at("b")) == std::vector<double>({1, 0}));
  CHECK(loaded.at("t").shape() == Shape({3, 2}));
  CHECK(values(loaded.at("t")) == std::vector<double>({0, 3, 1, 4, 2, 5}));
}

TEST_CASE("safetensors errors") {
  std::string header = R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})";
  std::string len(8, '\0');
  len[0] = static_cast<char>(header.size());
  CHECK_THROWS_AS(load_safetensors(std::make_shared<StringReader>(len + header + "abcd")),
                  std::runtime_error);
  CHECK_THROWS_AS(load_safetensors(temp_file("missing.safetensors").string()), std::runtime_error);
}
