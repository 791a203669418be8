// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104): names and authenticates
// the JIT's cached kernels without a crypto dependency.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace mxcore::cpu {

using Digest256 = std::array<uint8_t, 32>;

class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t size);
  void update(std::string_view s) { update(s.data(), s.size()); }
  Digest256 finish(); // the object is spent afterwards

 private:
  void compress(const uint8_t* block);
  uint32_t state_[8];
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

Digest256 sha256(std::string_view data);

// HMAC-SHA-256 of the concatenation of `parts` under `key`.
Digest256 hmac_sha256(std::string_view key, std::initializer_list<std::string_view> parts);

std::string to_hex(const Digest256& d);

// Comparison whose time does not depend on where the digests differ.
bool digests_equal(const uint8_t* a, const uint8_t* b, size_t size);

} // namespace mxcore::cpu
