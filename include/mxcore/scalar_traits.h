// The few type traits and numeric limits the scalar types and the kernel
// functors need, written without standard headers: this file is the first
// part of the CPU JIT preamble, and emitted kernels build in a fraction of
// the time when they include no standard header (<type_traits>, <limits>,
// <cmath> and <complex> cost g++ more than the kernel itself).
// Embedded verbatim: no at-sign characters.
#pragma once

namespace mxcore::traits {

template <typename A, typename B>
inline constexpr bool is_same_v = false;
template <typename A>
inline constexpr bool is_same_v<A, A> = true;

template <bool B, typename T, typename F>
struct conditional {
  using type = T;
};
template <typename T, typename F>
struct conditional<false, T, F> {
  using type = F;
};
template <bool B, typename T, typename F>
using conditional_t = typename conditional<B, T, F>::type;

// The builtin integer types (bool included, as std::is_integral).
template <typename T> inline constexpr bool is_integral_v = false;
template <> inline constexpr bool is_integral_v<bool> = true;
template <> inline constexpr bool is_integral_v<char> = true;
template <> inline constexpr bool is_integral_v<signed char> = true;
template <> inline constexpr bool is_integral_v<unsigned char> = true;
template <> inline constexpr bool is_integral_v<short> = true;
template <> inline constexpr bool is_integral_v<unsigned short> = true;
template <> inline constexpr bool is_integral_v<int> = true;
template <> inline constexpr bool is_integral_v<unsigned int> = true;
template <> inline constexpr bool is_integral_v<long> = true;
template <> inline constexpr bool is_integral_v<unsigned long> = true;
template <> inline constexpr bool is_integral_v<long long> = true;
template <> inline constexpr bool is_integral_v<unsigned long long> = true;

template <typename T>
inline constexpr bool is_floating_point_v =
    is_same_v<T, float> || is_same_v<T, double> || is_same_v<T, long double> ||
    is_same_v<T, _Float16>;
template <typename T>
inline constexpr bool is_arithmetic_v = is_integral_v<T> || is_floating_point_v<T>;

template <typename T>
inline constexpr bool is_unsigned_v = [] {
  if constexpr (is_integral_v<T>) {
    return T(-1) > T(0);
  } else {
    return false;
  }
}();
template <typename T>
inline constexpr bool is_signed_v = is_arithmetic_v<T> && !is_unsigned_v<T>;

template <typename T> struct make_unsigned { using type = T; };
template <> struct make_unsigned<signed char> { using type = unsigned char; };
template <> struct make_unsigned<char> { using type = unsigned char; };
template <> struct make_unsigned<short> { using type = unsigned short; };
template <> struct make_unsigned<int> { using type = unsigned int; };
template <> struct make_unsigned<long> { using type = unsigned long; };
template <> struct make_unsigned<long long> { using type = unsigned long long; };
template <typename T>
using make_unsigned_t = typename make_unsigned<T>::type;

// The members of std::numeric_limits the functors and folds read, for the
// arithmetic types (the half types convert from the float values).
template <typename T>
struct numeric_limits {
  static constexpr bool has_infinity = is_floating_point_v<T>;
  static constexpr T infinity() {
    if constexpr (is_same_v<T, double>) {
      return __builtin_inf();
    } else {
      return T(__builtin_inff());
    }
  }
  static constexpr T quiet_NaN() {
    if constexpr (is_same_v<T, double>) {
      return __builtin_nan("");
    } else {
      return T(__builtin_nanf(""));
    }
  }
  static constexpr T max() {
    if constexpr (is_same_v<T, double>) {
      return __DBL_MAX__;
    } else if constexpr (is_same_v<T, _Float16>) {
      return T(65504.0f);
    } else if constexpr (is_floating_point_v<T>) {
      return T(__FLT_MAX__);
    } else if constexpr (is_same_v<T, bool>) {
      return true;
    } else if constexpr (is_unsigned_v<T>) {
      return T(~T(0));
    } else {
      return T(make_unsigned_t<T>(~make_unsigned_t<T>(0)) >> 1);
    }
  }
  static constexpr T lowest() {
    if constexpr (is_floating_point_v<T>) {
      return T(-max());
    } else if constexpr (is_same_v<T, bool> || is_unsigned_v<T>) {
      return T(0);
    } else {
      return T(-max() - T(1));
    }
  }
};

} // namespace mxcore::traits
