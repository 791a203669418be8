// Little-endian byte encoding of the export file format: a growing writer and
// a bounded reader that checks every length against the bytes left, so a
// truncated or corrupt file raises FormatError instead of reading past its end.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "mxcore/array.h"

namespace mxcore::export_detail {

// A malformed file; the file reader adds the file's name to the message.
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  void u8(uint8_t v) { bytes_.push_back(v); }
  void u32(uint32_t v) { put(&v, sizeof(v)); }
  void u64(uint64_t v) { put(&v, sizeof(v)); }
  void i32(int32_t v) { put(&v, sizeof(v)); }
  void i64(int64_t v) { put(&v, sizeof(v)); }
  void f32(float v) { put(&v, sizeof(v)); }
  void f64(double v) { put(&v, sizeof(v)); }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void string(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    put(s.data(), s.size());
  }
  void ints(const std::vector<int32_t>& v) {
    u32(static_cast<uint32_t>(v.size()));
    for (auto x : v) i32(x);
  }
  void int64s(const std::vector<int64_t>& v) {
    u32(static_cast<uint32_t>(v.size()));
    for (auto x : v) i64(x);
  }
  void dtype(Dtype t) { u8(static_cast<uint8_t>(t.val)); }
  void bytes(const void* data, size_t n) { put(data, n); }
  // A nested writer's bytes, prefixed with their length.
  void block(const ByteWriter& inner) {
    u64(inner.bytes_.size());
    put(inner.bytes_.data(), inner.bytes_.size());
  }
  const std::vector<uint8_t>& data() const { return bytes_; }

 private:
  // The host is little-endian (x86-64, arm64), as the format is.
  void put(const void* p, size_t n) {
    auto* b = static_cast<const uint8_t*>(p);
    bytes_.insert(bytes_.end(), b, b + n);
  }
  std::vector<uint8_t> bytes_;
};

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t u8() { return get<uint8_t>(); }
  uint32_t u32() { return get<uint32_t>(); }
  uint64_t u64() { return get<uint64_t>(); }
  int32_t i32() { return get<int32_t>(); }
  int64_t i64() { return get<int64_t>(); }
  float f32() { return get<float>(); }
  double f64() { return get<double>(); }
  bool boolean() {
    uint8_t v = u8();
    if (v > 1) throw FormatError("a boolean field holds " + std::to_string(v));
    return v == 1;
  }
  // An enum stored as one byte, checked to be below `count`.
  template <class E>
  E enumeration(int count, const char* what) {
    uint8_t v = u8();
    if (v >= count) throw FormatError(std::string("invalid ") + what + " " + std::to_string(v));
    return static_cast<E>(v);
  }
  std::string string() {
    uint32_t n = length(1);
    std::string s(reinterpret_cast<const char*>(data_ + pos_), n);
    pos_ += n;
    return s;
  }
  std::vector<int32_t> ints() {
    uint32_t n = length(sizeof(int32_t));
    std::vector<int32_t> v(n);
    for (auto& x : v) x = i32();
    return v;
  }
  std::vector<int64_t> int64s() {
    uint32_t n = length(sizeof(int64_t));
    std::vector<int64_t> v(n);
    for (auto& x : v) x = i64();
    return v;
  }
  Dtype dtype() { return dtype_from_index(enumeration<int>(Dtype::num_types, "dtype")); }
  // A shape: dimensions non-negative, at most 2^48 elements in all.
  Shape shape() {
    Shape s = ints();
    uint64_t size = 1;
    for (auto d : s) {
      if (d < 0) throw FormatError("a shape has a negative dimension");
      if (d > 0 && size > (uint64_t(1) << 48) / static_cast<uint64_t>(d)) {
        throw FormatError("a shape is too large");
      }
      size *= static_cast<uint64_t>(d);
    }
    return s;
  }
  const uint8_t* bytes(uint64_t n) {
    need(n);
    const uint8_t* p = data_ + pos_;
    pos_ += n;
    return p;
  }
  // A length-prefixed nested block, read by its own bounded reader.
  ByteReader block() {
    uint64_t n = u64();
    return ByteReader(bytes(n), n);
  }
  size_t remaining() const { return size_ - pos_; }
  void expect_end(const char* what) const {
    if (remaining() != 0) throw FormatError(std::string(what) + " has trailing bytes");
  }

 private:
  void need(uint64_t n) const {
    if (n > size_ - pos_) throw FormatError("unexpected end of data");
  }
  // A count of items of `item_size` bytes each, checked against the bytes left.
  uint32_t length(size_t item_size) {
    uint32_t n = u32();
    need(static_cast<uint64_t>(n) * item_size);
    return n;
  }
  template <class T>
  T get() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

} // namespace mxcore::export_detail
