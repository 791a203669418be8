// Scalar element types: float16, bfloat16, complex64.
// Self-contained on purpose: this file is also part of the CPU JIT preamble
// (after scalar_traits.h), so emitted kernels use exactly these definitions.
// Emitted kernels include no standard header unless their program has a
// complex dtype (MXCORE_JIT_COMPLEX): the others see a stand-in complex64_t
// that only lets the functors' complex branches parse.
#pragma once

#if !defined(MXCORE_JIT)
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "mxcore/scalar_traits.h"
#endif
#if !defined(MXCORE_JIT) || defined(MXCORE_JIT_COMPLEX)
#include <complex>
#endif

#if defined(MXCORE_JIT)
// <cstdint>'s types as glibc spells them on LP64 (redeclarable if a
// standard header follows).
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
#endif

namespace mxcore {

// GCC >= 12 and clang provide _Float16 on x86-64 and arm64, converted in
// hardware where F16C / FP16 is available.
using float16_t = _Float16;
#if !defined(MXCORE_JIT) || defined(MXCORE_JIT_COMPLEX)
using complex64_t = std::complex<float>;
#else
struct complex64_t { // never instantiated: programs without complex values
  float re, im;
  complex64_t(float r = 0.0f, float i = 0.0f) : re(r), im(i) {}
  float real() const { return re; }
  float imag() const { return im; }
};
#endif

struct bfloat16_t {
  uint16_t bits;

  bfloat16_t() = default;
  static constexpr bfloat16_t from_bits(uint16_t b) {
    bfloat16_t x{};
    x.bits = b;
    return x;
  }
  bfloat16_t(float f) { bits = round_from_float(f); }
  template <typename T>
    requires traits::is_arithmetic_v<T>
  bfloat16_t(T v) : bfloat16_t(static_cast<float>(v)) {}
  bfloat16_t(complex64_t v) : bfloat16_t(v.real()) {}

  operator float() const {
    uint32_t u = static_cast<uint32_t>(bits) << 16;
    float f;
    __builtin_memcpy(&f, &u, sizeof(f));
    return f;
  }
  explicit operator bool() const { return (bits & 0x7fff) != 0; }

  static uint16_t round_from_float(float f) {
    uint32_t u;
    __builtin_memcpy(&u, &f, sizeof(u));
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
  template <typename T>                                                   \
    requires traits::is_arithmetic_v<T>                                   \
  inline auto operator op(bfloat16_t a, T b)                              \
      ->decltype(float(a) op b) {                                         \
    return float(a) op b;                                                 \
  }                                                                       \
  template <typename T>                                                   \
    requires traits::is_arithmetic_v<T>                                   \
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
