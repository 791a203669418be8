// The second half of kernel_ops.h (see there): the binary and ternary op
// functors. Included by kernel_ops.h inside its namespace, and embedded in
// the JIT preamble right after it, under the same rules: no standard
// headers, no at-sign characters.
#pragma once

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
