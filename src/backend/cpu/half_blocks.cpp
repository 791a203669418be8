#include "backend/cpu/half_blocks.h"

namespace mxcore::cpu {

// The baseline build has 128-bit integer vectors only; one clone per ISA,
// chosen at load time.
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] void widen_block(const bfloat16_t* s, float* d,
                                                           int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint16_t b;
    std::memcpy(&b, s + i, 2);
    const uint32_t u = uint32_t(b) << 16;
    std::memcpy(d + i, &u, 4);
  }
}

// bfloat16_t::round_from_float without its branch, so the loop vectorizes.
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] void narrow_block(const float* s, bfloat16_t* d,
                                                            int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, s + i, 4);
    const uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    const uint32_t quiet_nan = (u >> 16) | 0x40u;
    const uint16_t b = uint16_t((u & 0x7fffffffu) > 0x7f800000u ? quiet_nan : rounded);
    std::memcpy(d + i, &b, 2);
  }
}

} // namespace mxcore::cpu
