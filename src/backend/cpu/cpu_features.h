// What the CPU running the library can do, asked once: kernels compiled for
// more than the baseline build (target attributes) check here first.
#pragma once

namespace mxcore::cpu {

inline bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

} // namespace mxcore::cpu
