// The op functors of the MSL dialect for a real Metal compiler: the names of
// kernel/op.h and the semantics of the C++ JIT preamble
// (src/backend/cpu/kernel_ops.h), in the C++14 of MSL (no if constexpr:
// overloads on the value's kind). Half types compute in float and round
// once, as on the CPU; float math is metal::precise. Integers wrap; integer
// division floors and a zero divisor gives 0. complex64 has no functors
// here: programs with complex values run the CPU kernel.
//
// The emulated device builds every library against this text (through
// msl_shim.h), so it is compiled and run on Linux by the Metal tests.

struct mx_float_kind {};
struct mx_int_kind {};
struct mx_bool_kind {};
template <typename T>
struct mx_is_float {
  static constexpr bool value = is_floating_point<T>::value || is_same<T, bfloat16_t>::value;
};
template <typename T>
struct mx_kind {
  using type = typename conditional<
      is_same<T, bool>::value, mx_bool_kind,
      typename conditional<mx_is_float<T>::value, mx_float_kind, mx_int_kind>::type>::type;
};
#define MX_KIND(T) typename mx_kind<T>::type()

template <typename T>
inline float mx_f(T x) { return static_cast<float>(x); }

// Wrapping integer arithmetic (through the unsigned type).
template <typename T>
inline T mx_wrap_add(T x, T y) {
  using U = typename make_unsigned<T>::type;
  return T(U(U(x) + U(y)));
}
template <typename T>
inline T mx_wrap_sub(T x, T y) {
  using U = typename make_unsigned<T>::type;
  return T(U(U(x) - U(y)));
}
template <typename T>
inline T mx_wrap_mul(T x, T y) {
  using U = typename make_unsigned<T>::type;
  return T(U(U(x) * U(y)));
}

// ---- floating-point unary ops (the ops layer casts integers first)
#define MX_FLOAT_UNARY(NAME, EXPR)                  \
  struct NAME {                                     \
    template <typename T>                           \
    T operator()(T x_) const {                      \
      const float x = mx_f(x_);                     \
      return T(EXPR);                               \
    }                                               \
  };
MX_FLOAT_UNARY(Sqrt, precise::sqrt(x))
MX_FLOAT_UNARY(Rsqrt, 1.0f / precise::sqrt(x))
MX_FLOAT_UNARY(Exp, precise::exp(x))
MX_FLOAT_UNARY(Log, precise::log(x))
MX_FLOAT_UNARY(Log2, precise::log2(x))
MX_FLOAT_UNARY(Log10, precise::log10(x))
MX_FLOAT_UNARY(Sin, precise::sin(x))
MX_FLOAT_UNARY(Cos, precise::cos(x))
MX_FLOAT_UNARY(Tan, precise::tan(x))
MX_FLOAT_UNARY(ArcSin, precise::asin(x))
MX_FLOAT_UNARY(ArcCos, precise::acos(x))
MX_FLOAT_UNARY(ArcTan, precise::atan(x))
MX_FLOAT_UNARY(Sinh, precise::sinh(x))
MX_FLOAT_UNARY(Cosh, precise::cosh(x))
MX_FLOAT_UNARY(Tanh, precise::tanh(x))
MX_FLOAT_UNARY(ArcSinh, precise::asinh(x))
MX_FLOAT_UNARY(ArcCosh, precise::acosh(x))
MX_FLOAT_UNARY(ArcTanh, precise::atanh(x))
MX_FLOAT_UNARY(Sigmoid, 1.0f / (1.0f + precise::exp(-x)))

// Metal has no expm1 / log1p: Kahan's forms keep the small-x precision
// that exp(x) - 1 and log(1 + x) lose.
inline float mx_expm1(float x) {
  const float u = precise::exp(x);
  if (u == 1.0f) return x;
  if (u == INFINITY) return INFINITY;
  const float um1 = u - 1.0f;
  if (um1 == -1.0f) return -1.0f;
  return um1 * x / precise::log(u);
}
inline float mx_log1p(float x) {
  const float u = 1.0f + x;
  if (u == 1.0f) return x;
  if (u == INFINITY) return INFINITY;
  return precise::log(u) * x / (u - 1.0f);
}
MX_FLOAT_UNARY(Expm1, mx_expm1(x))
MX_FLOAT_UNARY(Log1p, mx_log1p(x))

// erf and its inverse: the CPU's polynomials (kernel_math.h).
inline float mx_erf(float a) {
  const float t = precise::fabs(a);
  const float s = a * a;
  float r = -1.72853470e-5f * t + 3.83197126e-4f;
  const float u = -3.88396438e-3f * t + 2.42546219e-2f;
  r = r * s + u;
  r = r * t - 1.06777877e-1f;
  r = r * t - 6.34846687e-1f;
  r = r * t - 1.28717512e-1f;
  r = r * t - t;
  const float big = precise::copysign(1.0f - precise::exp(r), a);
  float p = -5.96761703e-4f;
  p = p * s + 4.99119423e-3f;
  p = p * s - 2.67681349e-2f;
  p = p * s + 1.12819925e-1f;
  p = p * s - 3.76125336e-1f;
  p = p * s + 1.28379166e-1f;
  const float small = p * a + a;
  return t > 0.927734375f ? big : small;
}
inline float mx_erfinv(float a) {
  const float t = precise::log(precise::fma(a, -a, 1.0f));
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
  return a * (precise::fabs(t) > 6.125f ? p : q);
}
MX_FLOAT_UNARY(Erf, mx_erf(x))
MX_FLOAT_UNARY(ErfInv, mx_erfinv(x))
#undef MX_FLOAT_UNARY

// ---- unary ops of every kind
struct Abs {
  template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }
  template <typename T> static T f(T x, mx_float_kind) { return T(precise::fabs(mx_f(x))); }
  template <typename T> static T f(T x, mx_int_kind) { return x < T(0) ? mx_wrap_sub(T(0), x) : x; }
  template <typename T> static T f(T x, mx_bool_kind) { return x; }
};
struct Negative {
  template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }
  template <typename T> static T f(T x, mx_float_kind) { return T(-mx_f(x)); }
  template <typename T> static T f(T x, mx_int_kind) { return mx_wrap_sub(T(0), x); }
};
struct Sign {
  template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }
  template <typename T> static T f(T x, mx_float_kind) {
    const float v = mx_f(x);
    return T(v > 0.0f ? 1.0f : (v < 0.0f ? -1.0f : v));
  }
  template <typename T> static T f(T x, mx_int_kind) { return T((x > T(0)) - (x < T(0))); }
  template <typename T> static T f(T x, mx_bool_kind) { return x; }
};
struct Square {
  template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }
  template <typename T> static T f(T x, mx_float_kind) { return T(mx_f(x) * mx_f(x)); }
  template <typename T> static T f(T x, mx_int_kind) { return mx_wrap_mul(x, x); }
};
#define MX_ROUNDING_UNARY(NAME, FN)                                               \
  struct NAME {                                                                   \
    template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }    \
    template <typename T> static T f(T x, mx_float_kind) { return T(FN(mx_f(x))); } \
    template <typename T> static T f(T x, mx_int_kind) { return x; }              \
    template <typename T> static T f(T x, mx_bool_kind) { return x; }             \
  };
MX_ROUNDING_UNARY(Floor, precise::floor)
MX_ROUNDING_UNARY(Ceil, precise::ceil)
MX_ROUNDING_UNARY(Round, precise::rint) // ties to even
#undef MX_ROUNDING_UNARY
struct LogicalNot {
  template <typename T> bool operator()(T x) const { return !x; }
};
struct BitwiseInvert {
  template <typename T> T operator()(T x) const { return f(x, MX_KIND(T)); }
  template <typename T> static T f(T x, mx_int_kind) { return T(~x); }
  template <typename T> static T f(T x, mx_bool_kind) { return !x; }
};

// ---- arithmetic
#define MX_ARITHMETIC(NAME, OP, WRAP)                                                      \
  struct NAME {                                                                            \
    template <typename T> T operator()(T x, T y) const { return f(x, y, MX_KIND(T)); }     \
    template <typename T> static T f(T x, T y, mx_float_kind) { return T(mx_f(x) OP mx_f(y)); } \
    template <typename T> static T f(T x, T y, mx_int_kind) { return WRAP(x, y); }         \
    template <typename T> static T f(T x, T y, mx_bool_kind) { return T(x OP y); }         \
  };
MX_ARITHMETIC(Add, +, mx_wrap_add)
MX_ARITHMETIC(Subtract, -, mx_wrap_sub)
MX_ARITHMETIC(Multiply, *, mx_wrap_mul)
#undef MX_ARITHMETIC

struct Divide {
  template <typename T> T operator()(T x, T y) const { return f(x, y, MX_KIND(T)); }
  template <typename T> static T f(T x, T y, mx_float_kind) { return T(mx_f(x) / mx_f(y)); }
  template <typename T> static T f(T x, T y, mx_int_kind) {
    if (y == T(0)) return T(0);
    if (T(-1) > T(0)) return T(x / y); // unsigned
    if (y == T(-1)) return mx_wrap_sub(T(0), x); // INT_MIN / -1 wraps
    const T q = T(x / y);
    return T(q - T((x % y != T(0)) && ((x < T(0)) != (y < T(0)))));
  }
  template <typename T> static T f(T x, T y, mx_bool_kind) { return y ? x : false; }
};
struct Remainder {
  template <typename T> T operator()(T x, T y) const { return f(x, y, MX_KIND(T)); }
  template <typename T> static T f(T x, T y, mx_float_kind) {
    const float a = mx_f(x), b = mx_f(y);
    const float r = precise::fmod(a, b);
    return T((r != 0.0f && ((r < 0.0f) != (b < 0.0f))) ? r + b : r);
  }
  template <typename T> static T f(T x, T y, mx_int_kind) {
    if (y == T(0)) return T(0);
    if (T(-1) > T(0)) return T(x % y); // unsigned
    if (y == T(-1)) return T(0);
    const T r = T(x % y);
    return T(r + ((r != T(0) && ((r < T(0)) != (y < T(0)))) ? y : T(0)));
  }
};
struct Power {
  template <typename T> T operator()(T b, T e) const { return f(b, e, MX_KIND(T)); }
  template <typename T> static T f(T b, T e, mx_float_kind) { return T(precise::pow(mx_f(b), mx_f(e))); }
  template <typename T> static T f(T base, T exp, mx_int_kind) {
    if (T(-1) < T(0) && exp < T(0)) return T(0); // an integer to a negative power
    T res = T(1);
    while (exp != T(0)) {
      if (exp & T(1)) res = mx_wrap_mul(res, base);
      exp = T(exp >> 1);
      base = mx_wrap_mul(base, base);
    }
    return res;
  }
};
// NaN propagates.
struct Maximum {
  template <typename T> T operator()(T x, T y) const { return (x > y || x != x) ? x : y; }
};
struct Minimum {
  template <typename T> T operator()(T x, T y) const { return (x < y || x != x) ? x : y; }
};
struct LogAddExp {
  template <typename T> T operator()(T x_, T y_) const {
    const float x = mx_f(x_), y = mx_f(y_);
    const float hi = (x > y || x != x) ? x : y;
    const float lo = (x > y || x != x) ? y : x;
    return T((lo == -INFINITY || hi == INFINITY) ? hi : hi + mx_log1p(precise::exp(lo - hi)));
  }
};
struct ArcTan2 {
  template <typename T> T operator()(T y, T x) const { return T(precise::atan2(mx_f(y), mx_f(x))); }
};

// ---- comparisons, logic, bits
#define MX_COMPARISON(NAME, OP) \
  struct NAME {                 \
    template <typename T> bool operator()(T x, T y) const { return x OP y; } \
  };
MX_COMPARISON(Equal, ==)
MX_COMPARISON(NotEqual, !=)
MX_COMPARISON(Less, <)
MX_COMPARISON(LessEqual, <=)
MX_COMPARISON(Greater, >)
MX_COMPARISON(GreaterEqual, >=)
#undef MX_COMPARISON
struct NaNEqual {
  template <typename T> bool operator()(T x, T y) const { return x == y || (x != x && y != y); }
};
struct LogicalAnd {
  template <typename T> bool operator()(T x, T y) const { return x && y; }
};
struct LogicalOr {
  template <typename T> bool operator()(T x, T y) const { return x || y; }
};
#define MX_BITWISE(NAME, OP) \
  struct NAME {              \
    template <typename T> T operator()(T x, T y) const { return T(x OP y); } \
  };
MX_BITWISE(BitwiseAnd, &)
MX_BITWISE(BitwiseOr, |)
MX_BITWISE(BitwiseXor, ^)
#undef MX_BITWISE
// Shifts by the bit width or more (or negative counts) give 0, or -1 when
// an arithmetic right shift of a negative value runs out.
struct LeftShift {
  template <typename T> T operator()(T x, T y) const {
    using U = typename make_unsigned<T>::type;
    const U n = U(y);
    return n >= U(8 * sizeof(T)) ? T(0) : T(U(x) << n);
  }
};
struct RightShift {
  template <typename T> T operator()(T x, T y) const {
    using U = typename make_unsigned<T>::type;
    const U n = U(y);
    if (n >= U(8 * sizeof(T))) return (T(-1) < T(0) && x < T(0)) ? T(-1) : T(0);
    return T(x >> n);
  }
};
struct Select {
  template <typename T> T operator()(bool condition, T x, T y) const { return condition ? x : y; }
};
#undef MX_KIND
