#include "backend/cpu/jit_support_text.h"

namespace mxcore::cpu {

// Half types live in memory as 16-bit patterns and in registers as float.
// float16 <-> float through integer bit operations (exact, round to nearest
// even): GCC 12 does not vectorize _Float16 conversions without AVX512-FP16,
// these vectorize with plain AVX2. Whole blocks convert with AVX-512F / F16C
// when the CPU has them (one instruction per 16 / 8 values), through GCC's vector builtins:
// <immintrin.h> alone costs g++ more than a whole kernel.
const char* const jit_conversions_text = R"(namespace mxcore_jit {
using namespace mxcore;
#if defined(__F16C__)
typedef float mxj_v8sf __attribute__((vector_size(32), aligned(1), may_alias));
typedef short mxj_v8hi __attribute__((vector_size(16), aligned(1), may_alias));
#endif
#if defined(__AVX512F__)
typedef float mxj_v16sf __attribute__((vector_size(64), aligned(1), may_alias));
typedef short mxj_v16hi __attribute__((vector_size(32), aligned(1), may_alias));
#endif
inline float mxj_half_to_float(uint16_t h) {
  uint32_t em = uint32_t(h & 0x7fff) << 13;
  float f; __builtin_memcpy(&f, &em, 4);
  f *= 5.192296858534828e+33f; // 2^112: rebias exponent, scale subnormals
  uint32_t u; __builtin_memcpy(&u, &f, 4);
  u = em >= (0x7c00u << 13) ? (em | 0x7f800000u) : u; // inf, nan
  u |= uint32_t(h & 0x8000) << 16;
  __builtin_memcpy(&f, &u, 4);
  return f;
}
inline uint16_t mxj_float_to_half(float x) {
  uint32_t f; __builtin_memcpy(&f, &x, 4);
  uint32_t sign = f & 0x80000000u;
  f ^= sign;
  // subnormal results: let the float adder round
  float ff; __builtin_memcpy(&ff, &f, 4);
  float sub = ff + 0.5f; // denorm magic: 2^-1 ((127-15)+(23-10)+1 = 126)
  uint32_t us; __builtin_memcpy(&us, &sub, 4);
  uint32_t o_sub = us - 0x3f000000u;
  uint32_t odd = (f >> 13) & 1u;
  uint32_t o_norm = (f + 0xc8000fffu + odd) >> 13; // ((15-127) << 23) + 0xfff
  uint32_t o = f < (113u << 23) ? o_sub : o_norm;
  // NaN: quiet, payload truncated to its top bits (what the eager _Float16
  // conversion and vcvtps2ph give)
  o = f >= (143u << 23) ? (f > 0x7f800000u ? ((f >> 13) & 0x7fffu) | 0x200u : 0x7c00u) : o;
  return uint16_t(o | (sign >> 16));
}
inline float mxj_bf16_to_float(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f; __builtin_memcpy(&f, &u, 4);
  return f;
}
inline uint16_t mxj_float_to_bf16(float x) { // nearest even; NaN stays quiet NaN
  uint32_t u; __builtin_memcpy(&u, &x, 4);
  uint32_t r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
  return uint16_t((u & 0x7fffffffu) > 0x7f800000u ? ((u >> 16) | 0x40u) : r);
}
// x rounded to float16 precision without leaving float (the same result as
// mxj_half_to_float(mxj_float_to_half(x)) for every float, checked
// exhaustively, at half the instructions): the mantissa rounds to nearest
// even at 10 bits in the normal range, to multiples of 2^-24 below 2^-14;
// beyond the largest half (65504) it is inf; NaN stays NaN.
inline float mxj_round_half(float x) {
  uint32_t u; __builtin_memcpy(&u, &x, 4);
  uint32_t r = (u + 0xfffu + ((u >> 13) & 1u)) & 0xffffe000u;
  float normal; __builtin_memcpy(&normal, &r, 4);
  float ax = __builtin_fabsf(x);
  float small = __builtin_copysignf((ax + 0.5f) - 0.5f, x);
  float res = ax < 6.103515625e-05f ? small : normal;
  res = __builtin_fabsf(res) > 65504.0f ? __builtin_copysignf(__builtin_inff(), x) : res;
  return x != x ? x : res;
}
inline float mxj_round_bf16(float x) { return mxj_bf16_to_float(mxj_float_to_bf16(x)); }
// Block conversions between 16-bit patterns and float scratch. Out of line:
// called once a block of hundreds of values, and inlined at each of a row
// kernel's call sites their vector, F16C and tail loops doubled g++'s time on
// a chain of layer norms.
__attribute__((noinline)) inline void mxj_half_block_to_float(float* __restrict d, const uint16_t* __restrict s, int64_t n) {
  int64_t i = 0;
#if defined(__AVX512F__)
  for (; i + 16 <= n; i += 16) {
    *reinterpret_cast<mxj_v16sf*>(d + i) = __builtin_ia32_vcvtph2ps512_mask(
        *reinterpret_cast<const mxj_v16hi*>(s + i), mxj_v16sf{}, (unsigned short)-1, 4);
  }
#endif
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    *reinterpret_cast<mxj_v8sf*>(d + i) =
        __builtin_ia32_vcvtph2ps256(*reinterpret_cast<const mxj_v8hi*>(s + i));
  }
#endif
  for (; i < n; ++i) d[i] = mxj_half_to_float(s[i]);
}
__attribute__((noinline)) inline void mxj_float_block_to_half(uint16_t* __restrict d, const float* __restrict s, int64_t n) {
  int64_t i = 0;
#if defined(__AVX512F__)
  for (; i + 16 <= n; i += 16) { // to nearest even
    *reinterpret_cast<mxj_v16hi*>(d + i) = __builtin_ia32_vcvtps2ph512_mask(
        *reinterpret_cast<const mxj_v16sf*>(s + i), 0, mxj_v16hi{}, (unsigned short)-1);
  }
#endif
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    *reinterpret_cast<mxj_v8hi*>(d + i) =
        __builtin_ia32_vcvtps2ph256(*reinterpret_cast<const mxj_v8sf*>(s + i), 0); // to nearest
  }
#endif
  for (; i < n; ++i) d[i] = mxj_float_to_half(s[i]);
}
__attribute__((noinline)) inline void mxj_bf16_block_to_float(float* __restrict d, const uint16_t* __restrict s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) d[i] = mxj_bf16_to_float(s[i]);
}
__attribute__((noinline)) inline void mxj_float_block_to_bf16(uint16_t* __restrict d, const float* __restrict s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) d[i] = mxj_float_to_bf16(s[i]);
}
// AsType: complex keeps its real part, half types go through float,
// bool is x != 0 (the eager cast's rules).
template <typename To, typename From>
inline To cast(From x) {
  if constexpr (traits::is_same_v<To, From>) {
    return x;
  } else if constexpr (traits::is_same_v<From, float16_t> && !traits::is_same_v<To, complex64_t>) {
    uint16_t h;
    __builtin_memcpy(&h, &x, 2);
    return cast<To>(mxj_half_to_float(h));
  } else if constexpr (traits::is_same_v<To, float16_t> && !traits::is_same_v<From, complex64_t> && !traits::is_same_v<From, bool> && !traits::is_same_v<From, double>) {
    uint16_t h = mxj_float_to_half(cast<float>(x));
    To r;
    __builtin_memcpy(&r, &h, 2);
    return r;
  } else if constexpr (traits::is_same_v<From, complex64_t>) {
    return cast<To>(x.real());
  } else if constexpr (traits::is_same_v<To, complex64_t>) {
    return complex64_t(cast<float>(x), 0.0f);
  } else if constexpr (traits::is_same_v<From, bfloat16_t> || traits::is_same_v<From, float16_t>) {
    return cast<To>(static_cast<float>(x));
  } else if constexpr (traits::is_same_v<To, bool>) {
    return x != From(0);
  } else if constexpr (traits::is_same_v<From, bool>) {
    // A select of two constants: GCC 12 vectorizes no loop holding a
    // static_cast from bool.
    return x ? static_cast<To>(true) : static_cast<To>(false);
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
using acc_t = traits::conditional_t<traits::is_same_v<T, float16_t> || traits::is_same_v<T, bfloat16_t>, float, T>;
struct Sum {
  template <typename A> static A init() { return A(0); }
  template <typename A> static void fold(A& acc, A x) { acc = acc + x; }
};
struct Prod {
  template <typename A> static A init() { return A(1); }
  template <typename A> static void fold(A& acc, A x) { acc = acc * x; }
};
constexpr float inf_f = traits::numeric_limits<float>::infinity();
struct Max {
  template <typename A> static A init() {
    if constexpr (mxcore::kernel_ops::is_complex_v<A>) return A(-inf_f, -inf_f);
    else if constexpr (traits::numeric_limits<A>::has_infinity) return -traits::numeric_limits<A>::infinity();
    else return traits::numeric_limits<A>::lowest();
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
    else if constexpr (traits::numeric_limits<A>::has_infinity) return traits::numeric_limits<A>::infinity();
    else return traits::numeric_limits<A>::max();
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
