// Type traits, the libm functions the functors call, and branch-free scalar
// math (exp, log, tanh, erf, erfinv) for the elementwise functors of
// kernel_ops.h. Embedded verbatim in the JIT preamble after scalar_traits.h
// and scalar_types.h, so it must stay self-contained: no standard headers
// (math goes through GCC's builtins, which are what <cmath>'s float and
// double overloads call, so eager kernels and emitted code compute the same
// function), no at-sign characters.
#pragma once

#ifndef MXCORE_JIT
#include "mxcore/scalar_types.h"
#endif

namespace mxcore::kernel_ops {

template <typename T>
inline constexpr bool is_complex_v = traits::is_same_v<T, complex64_t>;
template <typename T>
inline constexpr bool is_half_v =
    traits::is_same_v<T, float16_t> || traits::is_same_v<T, bfloat16_t>;
template <typename T>
inline constexpr bool is_float_v =
    traits::is_same_v<T, float> || traits::is_same_v<T, double> || is_half_v<T>;
template <typename T>
inline constexpr bool is_inexact_v = is_float_v<T> || is_complex_v<T>;
template <typename T>
inline constexpr bool is_bool_v = traits::is_same_v<T, bool>;
// Integers excluding bool.
template <typename T>
inline constexpr bool is_int_v = traits::is_integral_v<T> && !is_bool_v<T>;
// Ordered (non-complex) types.
template <typename T>
inline constexpr bool is_real_v = !is_complex_v<T>;

// Math on half types happens in float.
template <typename T>
using compute_t = traits::conditional_t<is_half_v<T>, float, T>;

// ------------------------------------------------------------------ libm
// math::f(x): the float and double overloads of <cmath>, spelled as the
// builtins those overloads are (GCC lowers them to the same instructions or
// libm calls; a dlopen'ed kernel resolves libm against the process). The
// complex overloads are std::complex's; kernels of programs without complex
// values only declare them, so the functors' complex branches parse.
namespace math {
#define MXCORE_MATH_UNARY(NAME)                                   \
  inline float NAME(float x) { return __builtin_##NAME##f(x); }   \
  inline double NAME(double x) { return __builtin_##NAME(x); }
#define MXCORE_MATH_BINARY(NAME)                                                  \
  inline float NAME(float x, float y) { return __builtin_##NAME##f(x, y); }       \
  inline double NAME(double x, double y) { return __builtin_##NAME(x, y); }
#if !defined(MXCORE_JIT) || defined(MXCORE_JIT_COMPLEX)
#define MXCORE_MATH_COMPLEX_UNARY(NAME) \
  inline complex64_t NAME(complex64_t x) { return std::NAME(x); }
#define MXCORE_MATH_COMPLEX_BINARY(NAME) \
  inline complex64_t NAME(complex64_t x, complex64_t y) { return std::NAME(x, y); }
inline float abs(complex64_t x) { return std::abs(x); }
#else
#define MXCORE_MATH_COMPLEX_UNARY(NAME) complex64_t NAME(complex64_t x);
#define MXCORE_MATH_COMPLEX_BINARY(NAME) complex64_t NAME(complex64_t x, complex64_t y);
float abs(complex64_t x);
#endif
#define MXCORE_MATH_REAL_AND_COMPLEX(NAME) \
  MXCORE_MATH_UNARY(NAME)                  \
  MXCORE_MATH_COMPLEX_UNARY(NAME)
MXCORE_MATH_REAL_AND_COMPLEX(sqrt)
MXCORE_MATH_REAL_AND_COMPLEX(exp)
MXCORE_MATH_REAL_AND_COMPLEX(log)
MXCORE_MATH_REAL_AND_COMPLEX(log10)
MXCORE_MATH_REAL_AND_COMPLEX(sin)
MXCORE_MATH_REAL_AND_COMPLEX(cos)
MXCORE_MATH_REAL_AND_COMPLEX(tan)
MXCORE_MATH_REAL_AND_COMPLEX(asin)
MXCORE_MATH_REAL_AND_COMPLEX(acos)
MXCORE_MATH_REAL_AND_COMPLEX(atan)
MXCORE_MATH_REAL_AND_COMPLEX(sinh)
MXCORE_MATH_REAL_AND_COMPLEX(cosh)
MXCORE_MATH_REAL_AND_COMPLEX(tanh)
MXCORE_MATH_REAL_AND_COMPLEX(asinh)
MXCORE_MATH_REAL_AND_COMPLEX(acosh)
MXCORE_MATH_REAL_AND_COMPLEX(atanh)
MXCORE_MATH_COMPLEX_UNARY(conj)
MXCORE_MATH_COMPLEX_BINARY(pow)
MXCORE_MATH_UNARY(expm1)
MXCORE_MATH_UNARY(log1p)
MXCORE_MATH_UNARY(log2)
MXCORE_MATH_UNARY(erf)
MXCORE_MATH_UNARY(fabs)
MXCORE_MATH_UNARY(floor)
MXCORE_MATH_UNARY(ceil)
MXCORE_MATH_UNARY(rint)
MXCORE_MATH_BINARY(atan2)
MXCORE_MATH_BINARY(hypot)
MXCORE_MATH_BINARY(fmod)
MXCORE_MATH_BINARY(pow)
MXCORE_MATH_BINARY(copysign)
#undef MXCORE_MATH_REAL_AND_COMPLEX
#undef MXCORE_MATH_COMPLEX_BINARY
#undef MXCORE_MATH_COMPLEX_UNARY
#undef MXCORE_MATH_BINARY
#undef MXCORE_MATH_UNARY
// std::real: the real part of a complex value, a real value itself.
template <typename T>
inline auto real(T x) {
  if constexpr (is_complex_v<T>) {
    return x.real();
  } else {
    return x;
  }
}
} // namespace math

// ------------------------------------------------------------------ helpers

// a * b + c rounded once. Spelled as the builtin in eager kernels and
// emitted code alike, so both compute the same bits: the JIT's -march=native
// makes it one instruction, an eager kernel compiled for baseline x86-64
// calls libm's fmaf (exact in software too) unless its loop was compiled for
// FMA (unary_fma.cpp picks such a clone at run time).
inline float fma_float(float a, float b, float c) { return __builtin_fmaf(a, b, c); }

// exp(x) = 2^n * p with p = exp(x - n ln2), |x - n ln2| <= ln2 / 2 (Cephes'
// expf polynomial, evaluated with fused multiply-adds). n = rint(x / ln2)
// by the 1.5 * 2^23 trick: n is read from t's mantissa bits (no float-to-int
// conversion, which would keep GCC from if-converting the callers' clamps).
struct ExpParts {
  float p;
  int32_t n;
};
inline ExpParts exp_parts(float x) {
  float t = fma_float(x, 1.44269504088896341f, 12582912.0f);
  float nf = t - 12582912.0f;
  float r = fma_float(nf, -0.693359375f, x);
  r = fma_float(nf, 2.12194440e-4f, r);
  float p = 1.9875691500e-4f;
  p = fma_float(p, r, 1.3981999507e-3f);
  p = fma_float(p, r, 8.3334519073e-3f);
  p = fma_float(p, r, 4.1665795894e-2f);
  p = fma_float(p, r, 1.6666665459e-1f);
  p = fma_float(p, r, 5.0000001201e-1f);
  p = fma_float(p, r * r, r) + 1.0f;
  int32_t n;
  __builtin_memcpy(&n, &t, sizeof(n));
  return {p, n - 0x4B400000};
}

// 2^n for n in [-126, 127].
inline float exp2_int(int32_t n) {
  uint32_t bits = static_cast<uint32_t>(n + 127) << 23;
  float f;
  __builtin_memcpy(&f, &bits, sizeof(f));
  return f;
}

// exp in float without branches or library calls, so loops over it
// vectorize. 2^n is applied as two factors so that the whole clamped range
// [-104, 89] scales without overflowing the exponent field; results
// underflow to 0 and overflow to inf naturally, NaN propagates. Below -104
// (exp rounds to 0 there) the polynomial runs on 0 and the result is
// selected: the underflowing multiply it would do costs a microcode assist
// per element on x86, and masked attention scores (-1e9) are full of them.
inline float exp_float(float x) {
  const bool zero = x < -104.0f;
  x = zero ? 0.0f : x;
  x = x > 89.0f ? 89.0f : x;
  ExpParts e = exp_parts(x);
  int32_t n1 = e.n >> 1;
  float y = e.p * exp2_int(n1) * exp2_int(e.n - n1);
  return zero ? 0.0f : y;
}

// NAME of a compute type: the vectorizable NAME_float for float (and the
// half types computed in float), the libm (std::) function for double and
// complex.
#define MXCORE_FLOAT_OR_LIBM(NAME)                \
  template <typename C>                           \
  inline C NAME##_c(C x) {                        \
    if constexpr (traits::is_same_v<C, float>) {  \
      return NAME##_float(x);                     \
    } else {                                      \
      return math::NAME(x);                       \
    }                                             \
  }
MXCORE_FLOAT_OR_LIBM(exp)

// log in float without branches (Cephes' logf polynomial, ~1 ulp): the
// mantissa m in [sqrt(1/2), sqrt(2)) and exponent e are taken from the bits,
// subnormals are pre-scaled by 2^23, and the special values (negative, 0,
// inf, NaN) are selected at the end so the loop stays vectorizable.
// x = 2^e * (1 + m), log(1 + m) = m - m^2 / 2 + m^3 * poly.
struct LogParts {
  float e, m, poly;
};
inline LogParts log_parts(float x) {
  const bool sub = x < 1.17549435e-38f;
  float xs = sub ? x * 8388608.0f : x;
  int32_t bits;
  __builtin_memcpy(&bits, &xs, sizeof(bits));
  float e = static_cast<float>(((bits >> 23) & 0xff) - 126) - (sub ? 23.0f : 0.0f);
  bits = (bits & 0x807fffff) | 0x3f000000; // m in [0.5, 1)
  float m;
  __builtin_memcpy(&m, &bits, sizeof(m));
  const bool lo = m < 0.707106781186547524f;
  e = lo ? e - 1.0f : e;
  m = lo ? m + m - 1.0f : m - 1.0f;
  float y = 7.0376836292e-2f;
  y = y * m - 1.1514610310e-1f;
  y = y * m + 1.1676998740e-1f;
  y = y * m - 1.2420140846e-1f;
  y = y * m + 1.4249322787e-1f;
  y = y * m - 1.6668057665e-1f;
  y = y * m + 2.0000714765e-1f;
  y = y * m - 2.4999993993e-1f;
  y = y * m + 3.3333331174e-1f;
  return {e, m, y};
}

// The log of the special values (0, negative, inf, NaN), r elsewhere.
inline float log_specials(float x, float r) {
  const float inf = traits::numeric_limits<float>::infinity();
  r = x == 0.0f ? -inf : r;
  r = x < 0.0f ? traits::numeric_limits<float>::quiet_NaN() : r;
  r = x == inf ? inf : r;
  return x != x ? x : r;
}

inline float log_float(float x) {
  const LogParts p = log_parts(x);
  const float m = p.m, e = p.e, z = m * m;
  float y = p.poly * m * z;
  y = y - 2.12194440e-4f * e;
  y = y - 0.5f * z;
  return log_specials(x, m + y + 0.693359375f * e);
}

// log2 and log10 in float: e * log_b(2) + log(1 + m) * log_b(e) in double
// (m's square and the sum exact or nearly), rounded once to float: within an
// ulp, exact at powers of 2 for log2 (m = 0) and, the error being far below
// half an ulp of an integer, at powers of 10 for log10.
inline float log_base_float(float x, double per_octave, double per_nat) {
  const LogParts p = log_parts(x);
  const double m = p.m, z = m * m;
  const double log1p_m = (m - 0.5 * z) + static_cast<double>(p.poly) * m * z;
  return log_specials(x, static_cast<float>(static_cast<double>(p.e) * per_octave +
                                            log1p_m * per_nat));
}
inline float log2_float(float x) {
  return log_base_float(x, 1.0, 1.4426950408889634);
}
inline float log10_float(float x) {
  return log_base_float(x, 0.30102999566398120, 0.43429448190325182);
}

// log1p in float without branches or library calls: log(u) * x / (u - 1)
// with u = 1 + x rounded (Kahan's correction: u - 1 is exact, and the ratio
// x / (u - 1) undoes the rounding of u), x itself where u rounds to 1.
// Within 2 ulp of log1p with log_float's ~1 ulp; -1 gives -inf, below -1
// NaN, inf inf.
inline float log1p_float(float x) {
  float u = 1.0f + x;
  float d = u - 1.0f;
  float r = log_float(u) * (x / d);
  r = d == 0.0f ? x : r;
  return x == traits::numeric_limits<float>::infinity() ? x : r;
}

// expm1 in float without branches or library calls: (u - 1) * x / log(u)
// with u = exp(x) rounded (Kahan's correction, as log1p's above), x itself
// where u rounds to 1; -1 below -17.5 (where expm1 rounds to -1 in float),
// inf where u overflows. Within 2.4 ulp (NumPy's float32 expm1: 2.5).
inline float expm1_float(float x) {
  const float inf = traits::numeric_limits<float>::infinity();
  float u = exp_float(x);
  float r = (u - 1.0f) * (x / log_float(u));
  r = u == 1.0f ? x : r;
  r = x < -17.5f ? -1.0f : r;
  return u == inf ? inf : r;
}

// tanh in float without branches: Cephes' tanhf polynomial below 0.625,
// 1 - 2 / (exp(2|x|) + 1) above (exp_float saturates, so large |x| gives 1).
inline float tanh_float(float x) {
  float a = math::fabs(x);
  float big = 1.0f - 2.0f / (exp_float(a + a) + 1.0f);
  float z = x * x;
  float p = -5.70498872745e-3f;
  p = p * z + 2.06390887954e-2f;
  p = p * z - 5.37397155531e-2f;
  p = p * z + 1.33314422036e-1f;
  p = p * z - 3.33332819422e-1f;
  p = p * z * a + a;
  return math::copysign(a < 0.625f ? p : big, x);
}

// e^x in double for |x| up to a few hundred (callers clamp; 2^n must stay a
// normal double): n = rint(x / ln2) by the 1.5 * 2^52 trick, x - n ln2 in
// two parts (n * hi is exact), e^r's Taylor series to r^11 (|r| <= ln2 / 2:
// below 2^-48 of the sum), times 2^n made from its bits. Plain operations:
// nothing for GCC to keep out of a vectorized loop.
inline double exp_wide(double x) {
  const double t = x * 1.4426950408889634 + 6755399441055744.0;
  const double n = t - 6755399441055744.0;
  const double r = (x - n * 0.6931471803691238) - n * 1.9082149292705877e-10;
  double p = 2.505210838544172e-08; // 1/11!
  p = p * r + 2.755731922398589e-07;
  p = p * r + 2.755731922398589e-06;
  p = p * r + 2.48015873015873e-05;
  p = p * r + 1.984126984126984e-04;
  p = p * r + 1.388888888888889e-03;
  p = p * r + 8.333333333333333e-03;
  p = p * r + 4.1666666666666664e-02;
  p = p * r + 1.6666666666666666e-01;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  int64_t tb, cb;
  const double c = 6755399441055744.0;
  __builtin_memcpy(&tb, &t, sizeof(tb));
  __builtin_memcpy(&cb, &c, sizeof(cb));
  const int64_t scale_bits = (tb - cb + 1023) << 52;
  double scale;
  __builtin_memcpy(&scale, &scale_bits, sizeof(scale));
  return p * scale;
}

// log(w) in double for a positive, finite, normal w (callers select the
// rest): w = 2^e * m with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s),
// s = (m - 1) / (m + 1) (|s| <= 0.172: the series to s^19 leaves below
// 2^-52). The exponent is read as a double without an integer conversion
// (AVX2 has none for 64-bit integers): 2^52 + field, minus 2^52 + 1023.
inline double log_wide(double w) {
  uint64_t bits;
  __builtin_memcpy(&bits, &w, sizeof(bits));
  const uint64_t ebits = (bits >> 52) | 0x4330000000000000ULL;
  double e;
  __builtin_memcpy(&e, &ebits, sizeof(e));
  e -= 4503599627371519.0;
  const uint64_t mbits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL; // [1, 2)
  double m;
  __builtin_memcpy(&m, &mbits, sizeof(m));
  const bool high = m > 1.4142135623730951;
  m = high ? 0.5 * m : m;
  e = high ? e + 1.0 : e;
  const double s = (m - 1.0) / (m + 1.0), z = s * s;
  double p = 1.0 / 19;
  p = p * z + 1.0 / 17;
  p = p * z + 1.0 / 15;
  p = p * z + 1.0 / 13;
  p = p * z + 1.0 / 11;
  p = p * z + 1.0 / 9;
  p = p * z + 1.0 / 7;
  p = p * z + 1.0 / 5;
  p = p * z + 1.0 / 3;
  return e * 0.6931471805599453 + 2.0 * (s + s * z * p);
}

// log(1 + u) in double for u >= 0 (inf and NaN too): log_wide(1 + u) times
// Kahan's factor u / ((1 + u) - 1), which restores what rounding 1 + u
// lost, so tiny u keep their precision.
inline double log1p_wide(double u) {
  const double w = 1.0 + u;
  const double d = w - 1.0;
  double r = d == 0.0 ? u : log_wide(w) * (u / d);
  r = w == traits::numeric_limits<double>::infinity() ? w : r;
  return u != u ? u : r;
}

// pow of floats in double: exp(y log|x|) through log_wide (a float's
// magnitude is a normal double: log|x| to ~2^-52) and exp_wide, the exponent
// clamped to +-150 (beyond, the float result is 0 or inf either way),
// rounded once to float. C's special values: pow(x, +-0) = 1 and
// pow(1, y) = 1 even for NaN, pow(-1, +-inf) = 1, a finite negative base
// needs an integer exponent (NaN otherwise) and an odd one keeps its sign.
inline float pow_float(float x, float y) {
  const double ax = math::fabs(static_cast<double>(x)), yd = y;
  double ln = log_wide(ax);
  ln = ax == 0.0 ? -traits::numeric_limits<double>::infinity() : ln;
  ln = ax == traits::numeric_limits<double>::infinity() || ax != ax ? ax : ln;
  double t = yd * ln;
  t = t > 150.0 ? 150.0 : t;
  t = t < -150.0 ? -150.0 : t;
  double r = exp_wide(t);
  const float half = y * 0.5f;
  const bool integer = y == __builtin_truncf(y);
  const bool odd = integer && half != __builtin_truncf(half);
  r = (x < 0.0f || (x == 0.0f && math::copysign(1.0f, x) < 0.0f)) && odd ? -r : r;
  float out = static_cast<float>(r);
  const bool finite_negative = x < 0.0f && x > -traits::numeric_limits<float>::infinity();
  out = finite_negative && !integer ? traits::numeric_limits<float>::quiet_NaN() : out;
  out = ax == 1.0 && math::fabs(y) == traits::numeric_limits<float>::infinity() ? 1.0f : out;
  out = y == 0.0f || x == 1.0f ? 1.0f : out;
  return out;
}

// asinh, acosh and atanh of floats through log1p_wide, rounded once:
// asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2))), acosh(x) =
// log1p(t + sqrt(t (x + 1))) with t = x - 1 exact (NaN below 1), atanh(a) =
// log1p(2a / (1 - a)) / 2 (inf at 1, NaN beyond). Odd ones keep x's sign.
inline float asinh_float(float x) {
  const double a = math::fabs(static_cast<double>(x));
  const double a2 = a * a;
  double u = a + a2 / (1.0 + math::sqrt(1.0 + a2));
  u = a > 1e300 ? a : u; // inf: not inf / inf
  const double r = log1p_wide(u);
  return math::copysign(static_cast<float>(r), x);
}
inline float acosh_float(float x) {
  const double xd = x, t = xd - 1.0;
  const double r = log1p_wide(t + math::sqrt(t * (xd + 1.0)));
  return t < 0.0 ? traits::numeric_limits<float>::quiet_NaN() : static_cast<float>(r);
}
inline float atanh_float(float x) {
  const double a = math::fabs(static_cast<double>(x));
  const double u = 2.0 * a / (1.0 - a);
  float r = static_cast<float>(0.5 * log1p_wide(u));
  r = a > 1.0 ? traits::numeric_limits<float>::quiet_NaN() : r;
  return math::copysign(r, x);
}

// sinh and cosh in float through exp_wide in double, rounded once: within an
// ulp and a hair. sinh below 1 is its Taylor series (no cancellation of
// e^x - e^-x), to x^13 (the rest below 2^-40 of the sum). |x| is clamped to
// 100, where both already overflow a float; NaN stays NaN.
inline float sinh_float(float x) {
  const double a = math::fabs(static_cast<double>(x));
  const double e = exp_wide(a > 100.0 ? 100.0 : a);
  const double big = 0.5 * (e - 1.0 / e);
  const double z = a * a;
  double p = 1.6059043836821613e-10; // 1/13!
  p = p * z + 2.505210838544172e-08;
  p = p * z + 2.755731922398589e-06;
  p = p * z + 1.984126984126984e-04;
  p = p * z + 8.333333333333333e-03;
  p = p * z + 1.6666666666666666e-01;
  const double small = a + a * z * p;
  return math::copysign(static_cast<float>(a < 1.0 ? small : big), x);
}
inline float cosh_float(float x) {
  const double a = math::fabs(static_cast<double>(x));
  const double e = exp_wide(a > 100.0 ? 100.0 : a);
  return static_cast<float>(0.5 * (e + 1.0 / e));
}

MXCORE_FLOAT_OR_LIBM(log)
MXCORE_FLOAT_OR_LIBM(log2)
MXCORE_FLOAT_OR_LIBM(log10)
MXCORE_FLOAT_OR_LIBM(log1p)
MXCORE_FLOAT_OR_LIBM(expm1)
MXCORE_FLOAT_OR_LIBM(tanh)
MXCORE_FLOAT_OR_LIBM(sinh)
MXCORE_FLOAT_OR_LIBM(cosh)
MXCORE_FLOAT_OR_LIBM(asinh)
MXCORE_FLOAT_OR_LIBM(acosh)
MXCORE_FLOAT_OR_LIBM(atanh)
// (MXCORE_FLOAT_OR_LIBM serves kernel_trig.h next, which undefines it.)

// erf in float with fused multiply-adds: the two minimax polynomials of
// MLX's fast_erf (designed for FMA evaluation, < 1 ulp), both evaluated and
// selected so the loop stays branch-free. |x| is clamped to 4 in the large
// branch (erf rounds to +-1 from 3.92 on), so its exp argument stays in
// [-19, -0.8] and the exp needs no clamps.
inline float erf_float(float a) {
  float t = math::fabs(a);
  float tc = t > 4.0f ? 4.0f : t; // NaN stays NaN
  float sc = tc * tc;
  float r = fma_float(-1.72853470e-5f, tc, 3.83197126e-4f);
  float u = fma_float(-3.88396438e-3f, tc, 2.42546219e-2f);
  r = fma_float(r, sc, u);
  r = fma_float(r, tc, -1.06777877e-1f);
  r = fma_float(r, tc, -6.34846687e-1f);
  r = fma_float(r, tc, -1.28717512e-1f);
  r = fma_float(r, tc, -tc);
  ExpParts e = exp_parts(r); // r in [-19, -0.8]: 2^n is one normal float
  float big = math::copysign(1.0f - e.p * exp2_int(e.n), a);
  float s = a * a;
  float q = -5.96761703e-4f;
  q = fma_float(q, s, 4.99119423e-3f);
  q = fma_float(q, s, -2.67681349e-2f);
  q = fma_float(q, s, 1.12819925e-1f);
  q = fma_float(q, s, -3.76125336e-1f);
  q = fma_float(q, s, 1.28379166e-1f);
  float small = fma_float(q, a, a);
  return t > 0.927734375f ? big : small;
}

// Inverse erf in float (Giles' approximation as in MLX, ~2.4 ulp), on the
// branch-free log so its loops vectorize (mx.random.normal runs on it).
inline float erfinv_float(float a) {
  // 1 - a^2 rounded once (as fma(a, -a, 1) would): a^2 is exact in double.
  float t = log_float(static_cast<float>(1.0 - static_cast<double>(a) * a));
  float p = 3.03697567e-10f;
  p = p * t + 2.93243101e-8f;
  p = p * t + 1.22150334e-6f;
  p = p * t + 2.84108955e-5f;
  p = p * t + 3.93552968e-4f;
  p = p * t + 3.02698812e-3f;
  p = p * t + 4.83185798e-3f;
  p = p * t - 2.64646143e-1f;
  p = p * t + 8.40016484e-1f;
  float q = 5.43877832e-9f;
  q = q * t + 1.43285448e-7f;
  q = q * t + 1.22774793e-6f;
  q = q * t + 1.12963626e-7f;
  q = q * t - 5.61530760e-5f;
  q = q * t - 1.47697632e-4f;
  q = q * t + 2.31468678e-3f;
  q = q * t + 1.15392581e-2f;
  q = q * t - 2.32015476e-1f;
  q = q * t + 8.86226892e-1f;
  return a * (math::fabs(t) > 6.125f ? p : q);
}

// Inverse erf in double: the float estimate refined by two Newton steps.
inline double erfinv_double(double y) {
  double x = erfinv_float(static_cast<float>(y));
  if (!(math::fabs(y) < 1.0)) return x; // +-inf at +-1, nan beyond
  const double two_over_sqrt_pi = 1.1283791670955126;
  for (int i = 0; i < 2; ++i) {
    x -= (math::erf(x) - y) / (two_over_sqrt_pi * math::exp(-x * x));
  }
  return x;
}

template <typename T>
inline bool isnan_any(T x) {
  if constexpr (is_complex_v<T>) {
    return x.real() != x.real() || x.imag() != x.imag();
  } else {
    return x != x;
  }
}

}  // namespace mxcore::kernel_ops
