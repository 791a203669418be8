#include "backend/cpu/jit_support_text.h"

namespace mxcore::cpu {

// Half types live in memory as 16-bit patterns and in registers as float.
// float16 <-> float through integer bit operations (exact, round to nearest
// even): GCC 12 does not vectorize _Float16 conversions without AVX512-FP16,
// these vectorize with plain AVX2. Whole blocks convert with F16C when the
// CPU has it (one instruction per 8 values).
const char* const jit_conversions_text = R"(#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#if defined(__F16C__)
#include <immintrin.h>
#endif
namespace mxcore_jit {
using namespace mxcore;
inline float mxj_half_to_float(uint16_t h) {
  uint32_t em = uint32_t(h & 0x7fff) << 13;
  float f; std::memcpy(&f, &em, 4);
  f *= 5.192296858534828e+33f; // 2^112: rebias exponent, scale subnormals
  uint32_t u; std::memcpy(&u, &f, 4);
  u = em >= (0x7c00u << 13) ? (em | 0x7f800000u) : u; // inf, nan
  u |= uint32_t(h & 0x8000) << 16;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint16_t mxj_float_to_half(float x) {
  uint32_t f; std::memcpy(&f, &x, 4);
  uint32_t sign = f & 0x80000000u;
  f ^= sign;
  // subnormal results: let the float adder round
  float ff; std::memcpy(&ff, &f, 4);
  float sub = ff + 0.5f; // denorm magic: 2^-1 ((127-15)+(23-10)+1 = 126)
  uint32_t us; std::memcpy(&us, &sub, 4);
  uint32_t o_sub = us - 0x3f000000u;
  uint32_t odd = (f >> 13) & 1u;
  uint32_t o_norm = (f + 0xc8000fffu + odd) >> 13; // ((15-127) << 23) + 0xfff
  uint32_t o = f < (113u << 23) ? o_sub : o_norm;
  o = f >= (143u << 23) ? (f > 0x7f800000u ? 0x7e00u : 0x7c00u) : o;
  return uint16_t(o | (sign >> 16));
}
inline float mxj_bf16_to_float(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f; std::memcpy(&f, &u, 4);
  return f;
}
inline uint16_t mxj_float_to_bf16(float x) { // nearest even; NaN stays quiet NaN
  uint32_t u; std::memcpy(&u, &x, 4);
  uint32_t r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
  return uint16_t((u & 0x7fffffffu) > 0x7f800000u ? ((u >> 16) | 0x40u) : r);
}
// x rounded to float16 precision without leaving float (the same result as
// mxj_half_to_float(mxj_float_to_half(x)) for every float, checked
// exhaustively, at half the instructions): the mantissa rounds to nearest
// even at 10 bits in the normal range, to multiples of 2^-24 below 2^-14;
// beyond the largest half (65504) it is inf; NaN stays NaN.
inline float mxj_round_half(float x) {
  uint32_t u; std::memcpy(&u, &x, 4);
  uint32_t r = (u + 0xfffu + ((u >> 13) & 1u)) & 0xffffe000u;
  float normal; std::memcpy(&normal, &r, 4);
  float ax = std::fabs(x);
  float small = std::copysign((ax + 0.5f) - 0.5f, x);
  float res = ax < 6.103515625e-05f ? small : normal;
  res = std::fabs(res) > 65504.0f ? std::copysign(std::numeric_limits<float>::infinity(), x) : res;
  return x != x ? x : res;
}
inline float mxj_round_bf16(float x) { return mxj_bf16_to_float(mxj_float_to_bf16(x)); }
// Block conversions between 16-bit patterns and float scratch.
inline void mxj_half_block_to_float(float* __restrict d, const uint16_t* __restrict s, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    _mm256_storeu_ps(d + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i))));
  }
#endif
  for (; i < n; ++i) d[i] = mxj_half_to_float(s[i]);
}
inline void mxj_float_block_to_half(uint16_t* __restrict d, const float* __restrict s, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(s + i), _MM_FROUND_TO_NEAREST_INT));
  }
#endif
  for (; i < n; ++i) d[i] = mxj_float_to_half(s[i]);
}
inline void mxj_bf16_block_to_float(float* __restrict d, const uint16_t* __restrict s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) d[i] = mxj_bf16_to_float(s[i]);
}
inline void mxj_float_block_to_bf16(uint16_t* __restrict d, const float* __restrict s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) d[i] = mxj_float_to_bf16(s[i]);
}
// AsType: complex keeps its real part, half types go through float,
// bool is x != 0 (the eager cast's rules).
template <typename To, typename From>
inline To cast(From x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (std::is_same_v<From, float16_t> && !std::is_same_v<To, complex64_t>) {
    uint16_t h;
    std::memcpy(&h, &x, 2);
    return cast<To>(mxj_half_to_float(h));
  } else if constexpr (std::is_same_v<To, float16_t> && !std::is_same_v<From, complex64_t> && !std::is_same_v<From, bool> && !std::is_same_v<From, double>) {
    uint16_t h = mxj_float_to_half(cast<float>(x));
    To r;
    std::memcpy(&r, &h, 2);
    return r;
  } else if constexpr (std::is_same_v<From, complex64_t>) {
    return cast<To>(x.real());
  } else if constexpr (std::is_same_v<To, complex64_t>) {
    return complex64_t(cast<float>(x), 0.0f);
  } else if constexpr (std::is_same_v<From, bfloat16_t> || std::is_same_v<From, float16_t>) {
    return cast<To>(static_cast<float>(x));
  } else if constexpr (std::is_same_v<To, bool>) {
    return x != From(0);
  } else {
    return static_cast<To>(x);
  }
}
} // namespace mxcore_jit

)";

// Identities and folds of the row kernels' reductions, as the eager
// reduce_ops.h: half types fold in float, NaN wins in Min/Max.
const char* const jit_row_reduce_text = R"(namespace mxcore_jit {
template <typename T>
using acc_t = std::conditional_t<std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>, float, T>;
struct Sum {
  template <typename A> static A init() { return A(0); }
  template <typename A> static void fold(A& acc, A x) { acc = acc + x; }
};
struct Prod {
  template <typename A> static A init() { return A(1); }
  template <typename A> static void fold(A& acc, A x) { acc = acc * x; }
};
constexpr float inf_f = std::numeric_limits<float>::infinity();
struct Max {
  template <typename A> static A init() {
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) return A(-inf_f, -inf_f);
    else if constexpr (std::numeric_limits<A>::has_infinity) return -std::numeric_limits<A>::infinity();
    else return std::numeric_limits<A>::lowest();
  }
  template <typename A> static void fold(A& acc, A x) {
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) acc = mxcore::kernel_ops::Maximum{}(x, acc);
    else acc = (x > acc || x != x) ? x : acc;
  }
  template <typename A> static void fold_ordered(A& acc, A x) { // x is not NaN
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) fold(acc, x);
    else acc = x > acc ? x : acc;
  }
};
struct Min {
  template <typename A> static A init() {
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) return A(inf_f, inf_f);
    else if constexpr (std::numeric_limits<A>::has_infinity) return std::numeric_limits<A>::infinity();
    else return std::numeric_limits<A>::max();
  }
  template <typename A> static void fold(A& acc, A x) {
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) acc = mxcore::kernel_ops::Minimum{}(x, acc);
    else acc = (x < acc || x != x) ? x : acc;
  }
  template <typename A> static void fold_ordered(A& acc, A x) { // x is not NaN
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) fold(acc, x);
    else acc = x < acc ? x : acc;
  }
};
} // namespace mxcore_jit
)";

} // namespace mxcore::cpu
