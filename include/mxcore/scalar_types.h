// Scalar element types: float16, bfloat16, complex64.
// Self-contained on purpose: this file is also the first part of the CPU JIT
// preamble, so emitted kernels use exactly these definitions.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace mxcore {

// GCC >= 12 and clang provide _Float16 on x86-64 and arm64, converted in
// hardware where F16C / FP16 is available.
using float16_t = _Float16;
using complex64_t = std::complex<float>;

struct bfloat16_t {
  uint16_t bits;

  bfloat16_t() = default;
  static constexpr bfloat16_t from_bits(uint16_t b) {
    bfloat16_t x{};
    x.bits = b;
    return x;
  }
  bfloat16_t(float f) { bits = round_from_float(f); }
  template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  bfloat16_t(T v) : bfloat16_t(static_cast<float>(v)) {}
  bfloat16_t(complex64_t v) : bfloat16_t(v.real()) {}

  operator float() const {
    uint32_t u = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof(f));
    return f;
  }
  explicit operator bool() const { return (bits & 0x7fff) != 0; }

  static uint16_t round_from_float(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof(u));
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      return static_cast<uint16_t>((u >> 16) | 0x40);  // quiet NaN
    }
    // Round to nearest, ties to even.
    u += 0x7fffu + ((u >> 16) & 1u);
    return static_cast<uint16_t>(u >> 16);
  }
};

#define MXCORE_BF16_BINOP(op)                                              \
  inline bfloat16_t operator op(bfloat16_t a, bfloat16_t b) {             \
    return bfloat16_t(float(a) op float(b));                              \
  }                                                                       \
  template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0> \
  inline auto operator op(bfloat16_t a, T b)                              \
      ->decltype(float(a) op b) {                                         \
    return float(a) op b;                                                 \
  }                                                                       \
  template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0> \
  inline auto operator op(T a, bfloat16_t b)                              \
      ->decltype(a op float(b)) {                                         \
    return a op float(b);                                                 \
  }
MXCORE_BF16_BINOP(+)
MXCORE_BF16_BINOP(-)
MXCORE_BF16_BINOP(*)
MXCORE_BF16_BINOP(/)
#undef MXCORE_BF16_BINOP

#define MXCORE_BF16_CMP(op)                                      \
  inline bool operator op(bfloat16_t a, bfloat16_t b) {         \
    return float(a) op float(b);                                \
  }
MXCORE_BF16_CMP(==)
MXCORE_BF16_CMP(!=)
MXCORE_BF16_CMP(<)
MXCORE_BF16_CMP(<=)
MXCORE_BF16_CMP(>)
MXCORE_BF16_CMP(>=)
#undef MXCORE_BF16_CMP

inline bfloat16_t operator-(bfloat16_t a) {
  return bfloat16_t::from_bits(a.bits ^ 0x8000);
}
inline bfloat16_t& operator+=(bfloat16_t& a, bfloat16_t b) { return a = a + b; }
inline bfloat16_t& operator-=(bfloat16_t& a, bfloat16_t b) { return a = a - b; }
inline bfloat16_t& operator*=(bfloat16_t& a, bfloat16_t b) { return a = a * b; }
inline bfloat16_t& operator/=(bfloat16_t& a, bfloat16_t b) { return a = a / b; }

} // namespace mxcore
