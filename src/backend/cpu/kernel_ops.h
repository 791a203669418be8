// Elementwise op functors shared by the eager kernels and the CPU JIT.
// This file (after scalar_types.h) is embedded verbatim as the JIT preamble,
// so it must stay self-contained: standard headers only, no '@' characters.
#pragma once

#ifndef MXCORE_JIT
#include "mxcore/scalar_types.h"
#endif

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace mxcore::kernel_ops {

template <typename T>
inline constexpr bool is_complex_v = std::is_same_v<T, complex64_t>;
template <typename T>
inline constexpr bool is_half_v =
    std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>;

// Math on half types happens in float.
template <typename T>
using compute_t = std::conditional_t<is_half_v<T>, float, T>;

// ------------------------------------------------------------------ unary

struct Abs {
  template <typename T>
  T operator()(T x) const {
    if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
      return x;
    } else if constexpr (is_complex_v<T>) {
      return T(std::abs(x), 0.0f);
    } else {
      return x < T(0) ? T(-x) : x;
    }
  }
};

struct Negative {
  template <typename T>
  T operator()(T x) const {
    return T(-x);
  }
};

struct Exp {
  template <typename T>
  T operator()(T x) const {
    return T(std::exp(compute_t<T>(x)));
  }
};

// ------------------------------------------------------------------ binary

struct Add {
  template <typename T>
  T operator()(T x, T y) const {
    return T(x + y);
  }
};

struct Multiply {
  template <typename T>
  T operator()(T x, T y) const {
    return T(x * y);
  }
};

} // namespace mxcore::kernel_ops
