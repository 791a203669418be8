#include "backend/cpu/kernel_ops_half_round.h"

namespace mxcore::cpu {

// |x| + M - M, M = 2^(e + 13) for |x|'s binade e (at least 2^-14): the float
// adder rounds |x| to the float16 spacing of its binade (2^-24 in the
// subnormal range), to nearest even, because M's own last bit is even. From
// 65520 (where float16 rounds to inf) on the result is inf, so M needs no
// upper clamp (its garbage there is discarded). A float16 value has its low
// 13 mantissa bits clear: clearing them unconditionally only changes a NaN,
// whose payload (kept by both additions, quieted) is then truncated as
// the float16 conversion truncates it. With FMA, M's exact product folds
// into both additions (the same two roundings, one integer add less).
const char* const jit_half_round_text = R"(namespace mxcore_jit {
inline float round_to_half(float x) {
  uint32_t u; __builtin_memcpy(&u, &x, 4);
  uint32_t a = u & 0x7fffffffu;
  int32_t e = int32_t(a & 0x7f800000u);
  e = e < 0x38800000 ? 0x38800000 : e; // 2^-14
  float ax;
  __builtin_memcpy(&ax, &a, 4);
#if defined(__FMA__)
  float binade; // 2^e: M = binade * 2^13 is exact inside the fused multiply-add
  __builtin_memcpy(&binade, &e, 4);
  float r = __builtin_fmaf(-binade, 8192.0f, __builtin_fmaf(binade, 8192.0f, ax));
#else
  uint32_t m = uint32_t(e) + (13u << 23);
  float magic;
  __builtin_memcpy(&magic, &m, 4);
  float r = (ax + magic) - magic;
#endif
  r = ax >= 65520.0f ? __builtin_inff() : r;
  uint32_t rb; __builtin_memcpy(&rb, &r, 4);
  rb = (rb | (u & 0x80000000u)) & 0xffffe000u;
  __builtin_memcpy(&r, &rb, 4);
  return r;
}
} // namespace mxcore_jit
)";

} // namespace mxcore::cpu
