// Elementwise op functors shared by the eager kernels and the CPU JIT.
// This file (after scalar_traits.h, scalar_types.h and kernel_math.h) is
// embedded in the JIT preamble, so it must stay self-contained: no standard
// headers (math::, traits:: of kernel_math.h / scalar_traits.h), no at-sign
// characters. A kernel includes only the pieces its ops need: each piece
// starts at a line "//~ piece NAME...", naming the functors it defines, and
// "//~ needs NAME..." lines name the pieces it uses (cpp_dialect.cpp).
//
// One functor per elementwise primitive, named exactly as the primitive's
// print(). Each operator() is constrained (requires) to the dtypes the op
// supports, so the kernels' std::is_invocable_v check rejects the rest and no
// code is instantiated for them. Math on half types happens in float
// (compute_t). Functors are branch-light so the inner loops vectorize.
#pragma once

#ifndef MXCORE_JIT
#include <algorithm>
#include <limits>

#include "kernel_math.h"
#include "kernel_trig.h"
#endif


namespace mxcore::kernel_ops {

// Functor-defining macros (pieces below use them).
#define MXCORE_INEXACT_UNARY(NAME, EXPR)       \
  struct NAME {                                \
    template <typename T>                      \
      requires is_inexact_v<T>                 \
    T operator()(T x_) const {                 \
      using C = compute_t<T>;                  \
      C x = C(x_);                             \
      return T(EXPR);                          \
    }                                          \
  };
#define MXCORE_FLOAT_UNARY(NAME, EXPR)         \
  struct NAME {                                \
    template <typename T>                      \
      requires is_float_v<T>                   \
    T operator()(T x_) const {                 \
      using C = compute_t<T>;                  \
      C x = C(x_);                             \
      return T(EXPR);                          \
    }                                          \
  };
#define MXCORE_ROUNDING_UNARY(NAME, FN)                      \
  struct NAME {                                              \
    template <typename T>                                    \
      requires is_real_v<T>                                  \
    T operator()(T x) const {                                \
      if constexpr (is_float_v<T>) {                         \
        return T(FN(compute_t<T>(x)));                       \
      } else {                                               \
        return x;                                            \
      }                                                      \
    }                                                        \
  };
#define MXCORE_COMPARISON(NAME, OP, COMPLEX_EXPR) \
  struct NAME {                                   \
    template <typename T>                         \
    bool operator()(T x, T y) const {             \
      if constexpr (is_complex_v<T>) {            \
        return COMPLEX_EXPR;                      \
      } else {                                    \
        return x OP y;                            \
      }                                           \
    }                                             \
  };
#define MXCORE_BITWISE(NAME, OP)             \
  struct NAME {                              \
    template <typename T>                    \
      requires traits::is_integral_v<T>         \
    T operator()(T x, T y) const {           \
      return T(x OP y);                      \
    }                                        \
  };

//~ piece wrapping
// Integer + - * and negation wrap around, as in NumPy and MLX. Signed
// overflow is undefined in C++ (and small types promote to int, so even
// uint16 * uint16 can overflow), so integers compute in the unsigned type of
// the promoted operands and convert back (modular since C++20).
template <typename T>
T wrapping_add(T x, T y) {
  using U = traits::make_unsigned_t<decltype(x + y)>;
  return T(U(x) + U(y));
}
template <typename T>
T wrapping_subtract(T x, T y) {
  using U = traits::make_unsigned_t<decltype(x - y)>;
  return T(U(x) - U(y));
}
template <typename T>
T wrapping_multiply(T x, T y) {
  using U = traits::make_unsigned_t<decltype(x * y)>;
  return T(U(x) * U(y));
}

// ------------------------------------------------------------------ unary

//~ piece Abs
//~ needs wrapping
struct Abs {
  template <typename T>
  T operator()(T x) const {
    if constexpr (traits::is_unsigned_v<T> || is_bool_v<T>) {
      return x;
    } else if constexpr (is_complex_v<T>) {
      return T(math::abs(x), 0.0f);
    } else {
      // <= so that -0.0 becomes 0 - (-0.0) = +0.0, as NumPy and MLX give.
      return x <= T(0) ? wrapping_subtract(T(0), x) : x;
    }
  }
};

//~ piece Negative
//~ needs wrapping
struct Negative {
  template <typename T>
    requires(!is_bool_v<T>)
  T operator()(T x) const {
    if constexpr (is_int_v<T>) {
      return wrapping_subtract(T(0), x);
    } else {
      return T(-x);
    }
  }
};

//~ piece Sign
struct Sign {
  template <typename T>
    requires(!is_bool_v<T>)
  T operator()(T x) const {
    if constexpr (traits::is_unsigned_v<T>) {
      return T(x != 0);
    } else if constexpr (is_int_v<T>) {
      return T((x > 0) - (x < 0));
    } else if constexpr (is_complex_v<T>) {
      float m = math::abs(x);
      return m == 0.0f ? T(0.0f, 0.0f) : T(x.real() / m, x.imag() / m);
    } else {
      using C = compute_t<T>;
      C v = C(x);
      // NaN and signed zeros pass through, as in NumPy.
      return T(v > C(0) ? C(1) : (v < C(0) ? C(-1) : v));
    }
  }
};

//~ piece Square
//~ needs wrapping
struct Square {
  template <typename T>
  T operator()(T x) const {
    if constexpr (is_int_v<T>) {
      return wrapping_multiply(x, x);
    } else {
      return T(x * x);
    }
  }
};


//~ piece Sqrt
MXCORE_INEXACT_UNARY(Sqrt, math::sqrt(x))
//~ piece Rsqrt
MXCORE_INEXACT_UNARY(Rsqrt, C(1) / math::sqrt(x))
//~ piece Exp
MXCORE_INEXACT_UNARY(Exp, exp_c(x))
//~ piece Expm1
MXCORE_FLOAT_UNARY(Expm1, expm1_c(x))
//~ piece Log
MXCORE_INEXACT_UNARY(Log, log_c(x))
//~ piece Log2
// A complex log2 scales both parts of the log by 1/ln 2: a complex division
// by ln 2 would turn an infinite part into NaN (MLX and NumPy give inf).
template <typename C>
inline C log2_or_complex(C x) {
  if constexpr (is_complex_v<C>) {
    C l = math::log(x);
    return C(l.real() * 1.4426950408889634f, l.imag() * 1.4426950408889634f);
  } else {
    return C(log2_c(math::real(x)));
  }
}
MXCORE_INEXACT_UNARY(Log2, log2_or_complex(x))
//~ piece Log10
MXCORE_INEXACT_UNARY(Log10, log10_c(x))
//~ piece Sin
MXCORE_INEXACT_UNARY(Sin, sin_c(x))
//~ piece Cos
MXCORE_INEXACT_UNARY(Cos, cos_c(x))
//~ piece Tan
MXCORE_INEXACT_UNARY(Tan, tan_c(x))
//~ piece ArcSin
MXCORE_INEXACT_UNARY(ArcSin, asin_c(x))
//~ piece ArcCos
MXCORE_INEXACT_UNARY(ArcCos, acos_c(x))
//~ piece ArcTan
MXCORE_INEXACT_UNARY(ArcTan, atan_c(x))
//~ piece Sinh
MXCORE_INEXACT_UNARY(Sinh, sinh_c(x))
//~ piece Cosh
MXCORE_INEXACT_UNARY(Cosh, cosh_c(x))
//~ piece Tanh
MXCORE_INEXACT_UNARY(Tanh, tanh_c(x))
//~ piece ArcSinh
MXCORE_INEXACT_UNARY(ArcSinh, asinh_c(x))
//~ piece ArcCosh
MXCORE_INEXACT_UNARY(ArcCosh, acosh_c(x))
//~ piece ArcTanh
MXCORE_INEXACT_UNARY(ArcTanh, atanh_c(x))
//~ piece Sigmoid
MXCORE_FLOAT_UNARY(Sigmoid, C(1) / (C(1) + exp_c(C(-x))))

//~ piece Log1p
// Complex log1p as MLX computes it: near 0 the modulus comes from
// log1p(x(2+x) + y^2), which keeps the precision that log(1 + z) loses.
struct Log1p {
  template <typename T>
    requires is_inexact_v<T>
  T operator()(T z) const {
    if constexpr (is_complex_v<T>) {
      float x = z.real(), y = z.imag();
      float theta = math::atan2(y, x + 1.0f);
      if (math::abs(z) < 0.5f) {
        float r = x * (2.0f + x) + y * y;
        return r == 0.0f ? T(x, theta) : T(0.5f * math::log1p(r), theta);
      }
      return T(math::log(math::hypot(x + 1.0f, y)), theta);
    } else {
      T x = z;
      using C = compute_t<T>;
      return T(log1p_c(C(x)));
    }
  }
};

//~ piece Erf
struct Erf {
  template <typename T>
    requires is_float_v<T>
  T operator()(T x) const {
    if constexpr (traits::is_same_v<T, double>) {
      return math::erf(x);
    } else {
      return T(erf_float(float(x)));
    }
  }
};

//~ piece ErfInv
struct ErfInv {
  template <typename T>
    requires is_float_v<T>
  T operator()(T x) const {
    if constexpr (traits::is_same_v<T, double>) {
      return erfinv_double(x);
    } else {
      return T(erfinv_float(float(x)));
    }
  }
};

//~ piece Floor
// Floor, Ceil, Round: the identity on integers.
MXCORE_ROUNDING_UNARY(Floor, math::floor)
//~ piece Ceil
MXCORE_ROUNDING_UNARY(Ceil, math::ceil)

//~ piece Round
// Round half to even, like NumPy.
struct Round {
  template <typename T>
  T operator()(T x) const {
    if constexpr (is_float_v<T>) {
      return T(math::rint(compute_t<T>(x)));
    } else if constexpr (is_complex_v<T>) {
      return T(math::rint(x.real()), math::rint(x.imag()));
    } else {
      return x;
    }
  }
};

//~ piece LogicalNot
struct LogicalNot {
  template <typename T>
    requires is_bool_v<T>
  bool operator()(T x) const {
    return !x;
  }
};

//~ piece BitwiseInvert
struct BitwiseInvert {
  template <typename T>
    requires traits::is_integral_v<T>
  T operator()(T x) const {
    if constexpr (is_bool_v<T>) {
      return !x;
    } else {
      return T(~x);
    }
  }
};

//~ piece Conjugate
struct Conjugate {
  template <typename T>
    requires is_complex_v<T>
  T operator()(T x) const {
    return math::conj(x);
  }
};

//~ piece Real
struct Real {
  template <typename T>
    requires is_complex_v<T>
  float operator()(T x) const {
    return x.real();
  }
};

//~ piece Imag
struct Imag {
  template <typename T>
    requires is_complex_v<T>
  float operator()(T x) const {
    return x.imag();
  }
};

// ------------------------------------------------------------------ binary

//~ piece Add
//~ needs wrapping
struct Add {
  template <typename T>
  T operator()(T x, T y) const {
    if constexpr (is_int_v<T>) {
      return wrapping_add(x, y);
    } else {
      return T(x + y);
    }
  }
};

//~ piece Subtract
//~ needs wrapping
struct Subtract {
  template <typename T>
  T operator()(T x, T y) const {
    if constexpr (is_int_v<T>) {
      return wrapping_subtract(x, y);
    } else {
      return T(x - y);
    }
  }
};

//~ piece Multiply
//~ needs wrapping
struct Multiply {
  template <typename T>
  T operator()(T x, T y) const {
    if constexpr (is_int_v<T>) {
      return wrapping_multiply(x, y);
    } else {
      return T(x * y);
    }
  }
};

//~ piece Divide
//~ needs wrapping
// True division on inexact types; on integers (reached only through
// floor_divide) division rounding toward -inf, with x / 0 == 0 as in NumPy.
struct Divide {
  template <typename T>
    requires(!is_bool_v<T>)
  T operator()(T x, T y) const {
    if constexpr (traits::is_unsigned_v<T>) {
      return y == 0 ? T(0) : T(x / y);
    } else if constexpr (is_int_v<T>) {
      if (y == 0) return T(0);
      if (y == T(-1)) return wrapping_subtract(T(0), x); // avoids the INT_MIN / -1 trap
      T q = T(x / y);
      return T(q - T((x % y != 0) && ((x < 0) != (y < 0))));
    } else {
      return T(x / y);
    }
  }
};

//~ piece Remainder
// Python's sign convention: the result has the divisor's sign.
struct Remainder {
  template <typename T>
    requires(is_real_v<T> && !is_bool_v<T>)
  T operator()(T x, T y) const {
    if constexpr (traits::is_unsigned_v<T>) {
      return y == 0 ? T(0) : T(x % y);
    } else if constexpr (is_int_v<T>) {
      if (y == 0 || y == T(-1)) return T(0);
      T r = T(x % y);
      return T(r + ((r != 0 && ((r < 0) != (y < 0))) ? y : T(0)));
    } else {
      using C = compute_t<T>;
      C a = C(x), b = C(y);
      C r = math::fmod(a, b);
      return T((r != C(0) && ((r < C(0)) != (b < C(0)))) ? r + b : r);
    }
  }
};

//~ piece Power
//~ needs wrapping
// pow(x, 0.5) as the correctly rounded square root, with pow's values where
// sqrt's differ: +0 at -0, +inf at -inf.
template <typename C>
inline C pow_half(C x) {
  const C inf = traits::numeric_limits<C>::infinity();
  C r = math::sqrt(x);
  r = x == C(0) ? C(0) : r;
  return x == -inf ? inf : r;
}

// pow(x, n) for n in {3, 4, -1, -2} in float: the product in double (x * x
// is exact there) rounded once to double and once to float, within 0.5 ulp
// and a hair of the exact power (libm's powf is a call per element). Zeros,
// infinities and NaN come out as pow's.
template <int n>
inline float pow_small_int(float x) {
  const double d = x, d2 = d * d;
  if constexpr (n == 3) return static_cast<float>(d2 * d);
  if constexpr (n == 4) return static_cast<float>(d2 * d2);
  if constexpr (n == -1) return 1.0f / x;
  if constexpr (n == -2) return static_cast<float>(1.0 / d2);
}

struct Power {
  template <typename T>
    requires(!is_bool_v<T>)
  T operator()(T base, T exp) const {
    if constexpr (is_int_v<T>) {
      if constexpr (traits::is_signed_v<T>) {
        // MLX's result: an integer to a negative power is 0 (even for +-1).
        if (exp < 0) return T(0);
      }
      T res = 1;
      while (exp) {
        if (exp & 1) res = wrapping_multiply(res, base);
        exp >>= 1;
        base = wrapping_multiply(base, base);
      }
      return res;
    } else if constexpr (is_complex_v<T>) {
      return math::pow(base, exp);
    } else {
      // Squares and square roots without pow's library call: x * x and sqrt
      // round once where pow may be an ulp off; small integer powers of
      // floats in double. A constant exponent folds the choice in the JIT;
      // eager kernels pick their loops for a scalar one.
      using C = compute_t<T>;
      C b = C(base), e = C(exp);
      if (e == C(2)) return T(b * b);
      if (e == C(0.5)) return T(pow_half(b));
      if constexpr (traits::is_same_v<C, float>) {
        if (e == 3.0f) return T(pow_small_int<3>(b));
        if (e == 4.0f) return T(pow_small_int<4>(b));
        if (e == -1.0f) return T(pow_small_int<-1>(b));
        if (e == -2.0f) return T(pow_small_int<-2>(b));
        return T(pow_float(b, e));
      }
      return T(math::pow(b, e));
    }
  }
};

//~ piece complex_order
// MLX orders complex numbers lexicographically: real part first, then
// imaginary part; any comparison with a NaN part is false.
template <typename T>
bool complex_greater(T x, T y) {
  return x.real() > y.real() || (x.real() == y.real() && x.imag() > y.imag());
}
template <typename T>
bool complex_greater_equal(T x, T y) {
  return x.real() > y.real() || (x.real() == y.real() && x.imag() >= y.imag());
}

//~ piece Maximum
//~ needs complex_order
// NaNs propagate, as in NumPy. On complex numbers MLX returns x when x has a
// NaN part and otherwise the lexicographically larger (smaller) operand, so a
// NaN in y survives only when y wins the comparison.
struct Maximum {
  template <typename T>
  T operator()(T x, T y) const {
    if constexpr (is_complex_v<T>) {
      return (isnan_any(x) || complex_greater(x, y)) ? x : y;
    } else if constexpr (is_float_v<T>) {
      return (x > y || x != x) ? x : y;
    } else {
      return x > y ? x : y;
    }
  }
};

//~ piece Minimum
//~ needs complex_order
struct Minimum {
  template <typename T>
  T operator()(T x, T y) const {
    if constexpr (is_complex_v<T>) {
      return (isnan_any(x) || complex_greater(y, x)) ? x : y;
    } else if constexpr (is_float_v<T>) {
      return (x < y || x != x) ? x : y;
    } else {
      return x < y ? x : y;
    }
  }
};

//~ piece LogAddExp
//~ needs Log1p
// Complex operands (as MLX): the lexicographically larger one plus
// log1p(exp(smaller - larger)); a NaN part makes the result NaN.
struct LogAddExp {
  template <typename T>
    requires is_inexact_v<T>
  T operator()(T x_, T y_) const {
    if constexpr (is_complex_v<T>) {
      const float inf = traits::numeric_limits<float>::infinity();
      if (x_.real() != x_.real() || x_.imag() != x_.imag() || y_.real() != y_.real() ||
          y_.imag() != y_.imag()) {
        const float nan = traits::numeric_limits<float>::quiet_NaN();
        return T(nan, nan);
      }
      bool x_wins = x_.real() > y_.real() || (x_.real() == y_.real() && x_.imag() > y_.imag());
      T hi = x_wins ? x_ : y_;
      T lo = x_wins ? y_ : x_;
      if (lo.real() == -inf || hi.real() == inf) return hi;
      return hi + Log1p{}(math::exp(lo - hi));
    } else {
      using C = compute_t<T>;
      C x = C(x_), y = C(y_);
      // hi is NaN when either input is. lo - hi is NaN only then or for two
      // infinities of one sign: the result is hi; otherwise exp(lo - hi) is
      // in [0, 1] (0 for lo = -inf or hi = inf). Written without || and
      // without comparisons against infinities: GCC 12 vectorizes no loop
      // holding those once an operand is a constant (softplus's 0).
      const bool x_hi = (x > y) | (x != x);
      C hi = x_hi ? x : y;
      C lo = x_hi ? y : x;
      C d = lo - hi;
      C r = hi + log1p_c(exp_c(d));
      return T(d != d ? hi : r);
    }
  }
};

//~ piece ArcTan2
struct ArcTan2 {
  template <typename T>
    requires is_float_v<T>
  T operator()(T y, T x) const {
    using C = compute_t<T>;
    return T(math::atan2(C(y), C(x)));
  }
};

//~ piece Equal
struct Equal {
  template <typename T>
  bool operator()(T x, T y) const {
    return x == y;
  }
};

//~ piece NaNEqual
// Equal, with NaN == NaN (array_equal(equal_nan=True)).
struct NaNEqual {
  template <typename T>
  bool operator()(T x, T y) const {
    return x == y || (isnan_any(x) && isnan_any(y));
  }
};

//~ piece NotEqual
struct NotEqual {
  template <typename T>
  bool operator()(T x, T y) const {
    return x != y;
  }
};

//~ piece Less
//~ needs complex_order
// Complex operands compare lexicographically (see complex_greater).
MXCORE_COMPARISON(Less, <, complex_greater(y, x))
//~ piece LessEqual
//~ needs complex_order
MXCORE_COMPARISON(LessEqual, <=, complex_greater_equal(y, x))
//~ piece Greater
//~ needs complex_order
MXCORE_COMPARISON(Greater, >, complex_greater(x, y))
//~ piece GreaterEqual
//~ needs complex_order
MXCORE_COMPARISON(GreaterEqual, >=, complex_greater_equal(x, y))

//~ piece LogicalAnd
struct LogicalAnd {
  template <typename T>
    requires is_bool_v<T>
  bool operator()(T x, T y) const {
    return x && y;
  }
};

//~ piece LogicalOr
struct LogicalOr {
  template <typename T>
    requires is_bool_v<T>
  bool operator()(T x, T y) const {
    return x || y;
  }
};

//~ piece BitwiseAnd
// The ops of the BitwiseBinary primitive (named as its print()).
MXCORE_BITWISE(BitwiseAnd, &)
//~ piece BitwiseOr
MXCORE_BITWISE(BitwiseOr, |)
//~ piece BitwiseXor
MXCORE_BITWISE(BitwiseXor, ^)

//~ piece LeftShift
// Shifts by >= the bit width (or negative counts) give 0, or -1 when an
// arithmetic right shift of a negative value runs out, as in NumPy.
struct LeftShift {
  template <typename T>
    requires is_int_v<T>
  T operator()(T x, T y) const {
    using U = traits::make_unsigned_t<T>;
    U n = U(y);
    return n >= U(8 * sizeof(T)) ? T(0) : T(U(x) << n);
  }
};

//~ piece RightShift
struct RightShift {
  template <typename T>
    requires is_int_v<T>
  T operator()(T x, T y) const {
    using U = traits::make_unsigned_t<T>;
    U n = U(y);
    if constexpr (traits::is_signed_v<T>) {
      return n >= U(8 * sizeof(T)) ? T(x < 0 ? -1 : 0) : T(x >> n);
    } else {
      return n >= U(8 * sizeof(T)) ? T(0) : T(x >> n);
    }
  }
};

//~ piece DivMod
//~ needs Divide Remainder
// Floor division and remainder in one pass (DivMod, a multi-output
// primitive), equal to floor_divide and remainder as in MLX: on floats the
// quotient is the floor of the rounded division (inf // 2 is inf, where
// NumPy's fmod-based divmod gives NaN).
struct DivMod {
  template <typename T>
    requires(is_real_v<T> && !is_bool_v<T>)
  void operator()(T x, T y, T& q, T& r) const {
    if constexpr (is_float_v<T>) {
      using C = compute_t<T>;
      q = T(math::floor(C(Divide{}(x, y))));
      r = Remainder{}(x, y);
    } else {
      q = Divide{}(x, y);
      r = Remainder{}(x, y);
    }
  }
};

// ------------------------------------------------------------------ ternary

//~ piece Select
struct Select {
  template <typename T>
  T operator()(bool condition, T x, T y) const {
    return condition ? x : y;
  }
};

//~ end
#undef MXCORE_INEXACT_UNARY
#undef MXCORE_FLOAT_UNARY
#undef MXCORE_ROUNDING_UNARY
#undef MXCORE_COMPARISON
#undef MXCORE_BITWISE

} // namespace mxcore::kernel_ops
