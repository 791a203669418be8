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

// The binary and ternary functors, with the macros' #undefs and the end of
// the namespace, are in kernel_ops_binary.h: next in the JIT preamble, and
// included here, inside the namespace, for the eager kernels.
#ifndef MXCORE_JIT
#include "kernel_ops_binary.h"
#endif
