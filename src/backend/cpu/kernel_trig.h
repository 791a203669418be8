// sin, cos and tan (and atan, asin, acos at the end) in float without
// branches or library calls, so loops over them vectorize (glibc's sinf is a
// call per element: 5 ms for 1M floats).
// After kernel_math.h in the JIT preamble, under the same rules: no standard
// headers, no at-sign characters.
//
// The argument is reduced in double. A float of magnitude 2^24 or more is an
// integer M * 2^k (M < 2^24, 1 <= k <= 104), and M * (2^k mod 2 pi) equals x
// modulo 2 pi: with 2^k mod 2 pi tabulated as a double-double, the product is
// x mod 2 pi up to a multiple of 2 pi, to ~2^-79 (the idea of Payne and
// Hanek's reduction, tabulated per exponent instead of per bit). Below 2^24
// the float itself is that product (k = 0). The product, under 2^24 * 2 pi,
// is then reduced by pi / 2 in two double parts with fused multiply-adds
// (n < 2^27, so the quotient's rounding leaves |y| <= pi / 4 + 2^-25, and the
// reduced argument is within ~2^-53 of the exact one), and sin and cos of it
// are their Taylor series in double. The result is the double rounded to
// float: within 1 ulp of the exact value, almost always the correctly
// rounded float.
#pragma once

#ifndef MXCORE_JIT
#include "kernel_math.h"
#endif

namespace mxcore::kernel_ops {

// 2^k mod 2 pi = kTwoPowModTwoPiHi[k] + kTwoPowModTwoPiLo[k] to ~2^-106
// relative, k in [0, 104] (two flat arrays: GCC gathers from those).
inline constexpr double kTwoPowModTwoPiHi[105] = {
    1.0,
    2.0,
    4.0,
    1.7168146928204135,
    3.433629385640827,
    0.5840734641020676,
    1.1681469282041352,
    2.3362938564082705,
    4.672587712816541,
    3.0619901184534952,
    6.1239802369069904,
    5.964775166634395,
    5.646365026089203,
    5.009544744998821,
    3.7359041828180546,
    1.188623058456523,
    2.377246116913046,
    4.754492233826092,
    3.2257991604725964,
    0.1684130137656059,
    0.3368260275312118,
    0.6736520550624236,
    1.3473041101248473,
    2.6946082202496946,
    5.389216440499389,
    4.495247573819193,
    2.707309840458799,
    5.414619680917598,
    4.546054054655609,
    2.8089228021316304,
    5.617845604263261,
    4.952505901346936,
    3.621826495514285,
    0.960467683848984,
    1.920935367697968,
    3.841870735395936,
    1.400556163612285,
    2.80111232722457,
    5.60222465444914,
    4.921264001718693,
    3.5593426962577985,
    0.8355000853360102,
    1.6710001706720203,
    3.3420003413440407,
    0.4008153755084947,
    0.8016307510169894,
    1.6032615020339789,
    3.2065230040679578,
    0.12986070095632937,
    0.25972140191265874,
    0.5194428038253175,
    1.038885607650635,
    2.07777121530127,
    4.15554243060254,
    2.0278995540254936,
    4.055799108050987,
    1.8284129089223877,
    3.6568258178447755,
    1.030466328509965,
    2.06093265701993,
    4.12186531403986,
    1.9605453209001322,
    3.9210906418002645,
    1.5589959764209427,
    3.1179919528418854,
    6.235983905683771,
    6.188782504187955,
    6.094379701196324,
    5.905574095213061,
    5.527962883246536,
    4.772740459313485,
    3.262295611447383,
    0.24140591571517903,
    0.48281183143035805,
    0.9656236628607161,
    1.9312473257214322,
    3.8624946514428644,
    1.4418039957061426,
    2.883607991412285,
    5.76721598282457,
    5.251246658469554,
    4.219308009759521,
    2.1554307123394554,
    4.310861424678911,
    2.338537542178235,
    4.67707508435647,
    3.0709648615333527,
    6.141929723066705,
    6.000674138953824,
    5.718162970728061,
    5.153140634276536,
    4.0230959613734845,
    1.7630066155673831,
    3.5260132311347663,
    0.7688411550899459,
    1.5376823101798918,
    3.0753646203597835,
    6.150729240719567,
    6.018273174259547,
    5.753361041339508,
    5.223536775499429,
    4.1638882438192715,
    2.0445911804589567,
    4.089182360917913,
    1.895179414656241};
inline constexpr double kTwoPowModTwoPiLo[105] = {
    0.0,
    0.0,
    0.0,
    -2.2884754904439327e-17,
    -4.5769509808878654e-17,
    -3.4014720596809827e-18,
    -6.802944119361965e-18,
    -1.360588823872393e-17,
    -2.721177647744786e-17,
    1.4473629706569626e-16,
    2.8947259413139253e-16,
    3.3401582843331437e-16,
    4.2310229703715814e-16,
    -2.869031854552796e-16,
    6.944268896009545e-17,
    -1.0604398190927974e-16,
    -2.120879638185595e-16,
    -4.24175927637119e-16,
    -2.0510279540358334e-16,
    1.0998864138456587e-17,
    2.1997728276913175e-17,
    4.399545655382635e-17,
    8.79909131076527e-17,
    1.759818262153054e-16,
    3.519636524306108e-16,
    -4.291804746683743e-16,
    -2.1511188946609392e-16,
    -4.3022377893218785e-16,
    -2.1719849799372113e-16,
    2.0885206388321233e-16,
    4.1770412776642467e-16,
    -2.976995239967466e-16,
    4.7850011877161456e-17,
    -3.820703361263207e-17,
    -7.641406722526414e-17,
    -1.5282813445052828e-16,
    -1.0649641888046457e-16,
    -2.1299283776092915e-16,
    -4.259856755218583e-16,
    -2.0872229117306203e-16,
    -2.1828473232553208e-16,
    -1.5365009705440884e-17,
    -3.073001941088177e-17,
    -6.146003882176354e-17,
    2.0728621145807084e-17,
    4.145724229161417e-17,
    8.291448458322833e-17,
    1.6582896916645667e-16,
    3.4618516565559846e-18,
    6.923703313111969e-18,
    1.3847406626223939e-17,
    2.7694813252447877e-17,
    5.5389626504895754e-17,
    1.1077925300979151e-16,
    -2.337085380988763e-17,
    -4.674170761977526e-17,
    1.0567643478104146e-16,
    2.1135286956208292e-16,
    -4.426822563033612e-17,
    -8.853645126067224e-17,
    -1.7707290252134449e-16,
    6.705864990293432e-17,
    1.3411729980586864e-16,
    2.3305239782266665e-17,
    4.661047956453333e-17,
    9.322095912906666e-17,
    -5.848744157133731e-17,
    -3.619042429721453e-16,
    -8.055942607363592e-17,
    -4.060482119767425e-16,
    -1.6884736408283038e-16,
    -1.3853487814506878e-16,
    5.356820577341173e-18,
    1.0713641154682347e-17,
    2.1427282309364693e-17,
    4.2854564618729387e-17,
    8.570912923745877e-17,
    -7.351110135455308e-17,
    -1.4702220270910616e-16,
    -2.9404440541821233e-16,
    5.5160249034229947e-17,
    -1.3460886176101075e-16,
    -7.005787350142952e-17,
    -1.4011574700285904e-16,
    -8.107164398512609e-17,
    -1.6214328797025217e-16,
    -1.2512672591991234e-16,
    -2.502534518398247e-16,
    1.4274215619100522e-16,
    4.055495255253981e-17,
    -1.6381945472439102e-16,
    3.156101504218726e-16,
    -5.779826883578811e-17,
    -1.1559653767157621e-16,
    -3.203322532256044e-17,
    -6.406645064512088e-17,
    -1.2813290129024176e-16,
    -2.562658025804835e-16,
    1.3071745470968757e-16,
    1.650554958990453e-17,
    -2.1191826064966158e-16,
    2.1941253857133145e-16,
    1.9389571731319223e-16,
    3.8779143462638446e-16,
    8.656429957323569e-17};

// Choices below are bit operations, not conditionals: GCC sinks each
// computation into the branch that uses it, and a branch holding fused
// multiply-adds (calls until after vectorization) keeps the loop scalar.
// bit 0 of pick ? a : b.
inline double pick_double(int32_t pick, double a, double b) {
  uint64_t ia, ib;
  __builtin_memcpy(&ia, &a, sizeof(ia));
  __builtin_memcpy(&ib, &b, sizeof(ib));
  const uint64_t mask = uint64_t(0) - static_cast<uint64_t>(pick & 1);
  const uint64_t r = (ia & mask) | (ib & ~mask);
  double out;
  __builtin_memcpy(&out, &r, sizeof(out));
  return out;
}
// r with its sign flipped when bit 0 of `flip` is set.
inline double flip_sign(int32_t flip, double r) {
  uint64_t ir;
  __builtin_memcpy(&ir, &r, sizeof(ir));
  ir ^= static_cast<uint64_t>(flip & 1) << 63;
  __builtin_memcpy(&r, &ir, sizeof(r));
  return r;
}

// |x| = y + q * pi / 2 modulo 2 pi, y within pi / 4 (and 2^-25); q in [0, 4).
// `any_size`: any |x|, through the table (a gather when vectorized);
// without it only |x| < 2^24, where the table's entry is 1 and the same
// arithmetic gives the same bits (eager loops take that variant for blocks
// of such arguments: GCC's generic tuning emits no gathers).
struct QuarterTurns {
  double y;
  int32_t q;
};
template <bool any_size>
inline QuarterTurns reduce_quarter_turns(float ax) {
  double m = static_cast<double>(ax), th = 1.0, tl = 0.0;
  if constexpr (any_size) {
    uint32_t bits;
    __builtin_memcpy(&bits, &ax, sizeof(bits));
    int32_t k = static_cast<int32_t>(bits >> 23) - 150;
    k = k < 0 ? 0 : k;
    k = k > 104 ? 104 : k; // inf and NaN: any k, their result is replaced
    const int32_t mantissa = static_cast<int32_t>((bits & 0x7fffff) | 0x800000);
    m = pick_double(k == 0, m, static_cast<double>(mantissa));
    th = kTwoPowModTwoPiHi[k];
    tl = kTwoPowModTwoPiLo[k];
  }
  const double ph = m * th;
  const double pl = __builtin_fma(m, tl, __builtin_fma(m, th, -ph));
  // n = rint(ph * 2 / pi) by the 1.5 * 2^52 trick; its low bits are q.
  const double t = __builtin_fma(ph, 0.6366197723675814, 6755399441055744.0);
  const double n = t - 6755399441055744.0;
  double y = __builtin_fma(-n, 1.5707963267948966, ph);
  y = y + pl;
  y = __builtin_fma(-n, 6.123233995736766e-17, y);
  int64_t tb;
  __builtin_memcpy(&tb, &t, sizeof(tb));
  return {y, static_cast<int32_t>(tb & 3)};
}

// Taylor series of sin and cos on |y| <= pi / 4 + 2^-25: the first omitted
// terms are below 2^-36 of the result.
inline double sin_series(double y) {
  const double z = y * y;
  double p = -2.505210838544172e-08; // -1/11!
  p = __builtin_fma(p, z, 2.755731922398589e-06);
  p = __builtin_fma(p, z, -1.984126984126984e-04);
  p = __builtin_fma(p, z, 8.333333333333333e-03);
  p = __builtin_fma(p, z, -1.6666666666666666e-01);
  return __builtin_fma(p * z, y, y);
}
inline double cos_series(double y) {
  const double z = y * y;
  double p = -2.755731922398589e-07; // -1/10!
  p = __builtin_fma(p, z, 2.48015873015873e-05);
  p = __builtin_fma(p, z, -1.388888888888889e-03);
  p = __builtin_fma(p, z, 4.1666666666666664e-02);
  p = __builtin_fma(p, z, -0.5);
  return __builtin_fma(p, z, 1.0);
}

// x's sign bit.
inline int32_t sign_bit(float x) {
  uint32_t bits;
  __builtin_memcpy(&bits, &x, sizeof(bits));
  return static_cast<int32_t>(bits >> 31);
}

// NaN for inf and NaN, else r (a bit select too: a conditional here would
// take the whole computation into its branch).
inline float finite_or_nan(float x, double r) {
  const float f = static_cast<float>(r);
  const float nan = x - x;
  uint32_t i_f, i_nan;
  __builtin_memcpy(&i_f, &f, sizeof(i_f));
  __builtin_memcpy(&i_nan, &nan, sizeof(i_nan));
  const uint32_t mask = uint32_t(0) - static_cast<uint32_t>(math::fabs(x) <= 3.40282347e38f);
  const uint32_t bits = (i_f & mask) | (i_nan & ~mask);
  float out;
  __builtin_memcpy(&out, &bits, sizeof(out));
  return out;
}

// sin(y + q pi / 2) = s, c, -s, -c; sin is odd.
template <bool any_size = true>
inline float sin_float(float x) {
  const QuarterTurns a = reduce_quarter_turns<any_size>(math::fabs(x));
  const double s = sin_series(a.y), c = cos_series(a.y);
  const double r = pick_double(a.q, c, s);
  return finite_or_nan(x, flip_sign((a.q >> 1) ^ sign_bit(x), r));
}

// cos(y + q pi / 2) = c, -s, -c, s.
template <bool any_size = true>
inline float cos_float(float x) {
  const QuarterTurns a = reduce_quarter_turns<any_size>(math::fabs(x));
  const double s = sin_series(a.y), c = cos_series(a.y);
  const double r = pick_double(a.q, -s, c);
  return finite_or_nan(x, flip_sign(a.q >> 1, r));
}

// tan(y + q pi / 2) = s / c, -c / s; tan is odd.
template <bool any_size = true>
inline float tan_float(float x) {
  const QuarterTurns a = reduce_quarter_turns<any_size>(math::fabs(x));
  const double s = sin_series(a.y), c = cos_series(a.y);
  const double r = pick_double(a.q, -c / s, s / c);
  return finite_or_nan(x, flip_sign(sign_bit(x), r));
}

// atan of a >= 0 (inf too) in double: beyond 1 as pi/2 - atan(1/a), beyond
// tan(pi/8) as pi/4 + atan((t - 1) / (t + 1)), so the series runs on
// |u| <= tan(pi/8), to u^27 (the rest below 2^-44 of the sum). NaN stays NaN.
inline double atan_nonnegative(double a) {
  const bool inverted = a > 1.0;
  const double t = inverted ? 1.0 / a : a;
  const bool shifted = t > 0.41421356237309503;
  const double u = shifted ? (t - 1.0) / (t + 1.0) : t;
  const double z = u * u;
  double p = 1.0 / 27;
  p = p * z - 1.0 / 25;
  p = p * z + 1.0 / 23;
  p = p * z - 1.0 / 21;
  p = p * z + 1.0 / 19;
  p = p * z - 1.0 / 17;
  p = p * z + 1.0 / 15;
  p = p * z - 1.0 / 13;
  p = p * z + 1.0 / 11;
  p = p * z - 1.0 / 9;
  p = p * z + 1.0 / 7;
  p = p * z - 1.0 / 5;
  p = p * z + 1.0 / 3;
  double r = u - u * z * p;
  r = shifted ? r + 0.78539816339744831 : r;
  return inverted ? 1.5707963267948966 - r : r;
}

// atan, asin and acos of floats in double, rounded once: asin(x) =
// atan(|x| / sqrt((1 - |x|)(1 + |x|))) (inf at |x| = 1 gives pi/2; NaN
// beyond 1), acos(x) = pi/2 - asin(x) (exact enough in double near 1).
inline float atan_float(float x) {
  const double a = math::fabs(static_cast<double>(x));
  return math::copysign(static_cast<float>(atan_nonnegative(a)), x);
}
inline double asin_wide(float x) {
  const double a = math::fabs(static_cast<double>(x));
  const double r = atan_nonnegative(a / math::sqrt((1.0 - a) * (1.0 + a)));
  return math::copysign(r, static_cast<double>(x));
}
inline float asin_float(float x) {
  return static_cast<float>(asin_wide(x));
}
inline float acos_float(float x) {
  return static_cast<float>(1.5707963267948966 - asin_wide(x));
}

MXCORE_FLOAT_OR_LIBM(sin)
MXCORE_FLOAT_OR_LIBM(cos)
MXCORE_FLOAT_OR_LIBM(tan)
MXCORE_FLOAT_OR_LIBM(atan)
MXCORE_FLOAT_OR_LIBM(asin)
MXCORE_FLOAT_OR_LIBM(acos)
#undef MXCORE_FLOAT_OR_LIBM

}  // namespace mxcore::kernel_ops
