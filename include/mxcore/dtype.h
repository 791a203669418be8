// Element types and MLX's type promotion rules.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "mxcore/scalar_types.h"

namespace mxcore {

struct Dtype {
  // Order matches MLX so that tables port directly.
  enum class Val : uint8_t {
    bool_,
    uint8,
    uint16,
    uint32,
    uint64,
    int8,
    int16,
    int32,
    int64,
    float16,
    float32,
    float64,
    bfloat16,
    complex64,
  };
  static constexpr int num_types = 14;

  enum class Kind : uint8_t {
    b, // bool
    u, // unsigned int
    i, // signed int
    f, // float
    V, // bfloat ("void" kind in numpy)
    c, // complex
  };

  // Abstract categories for issubdtype.
  enum class Category : uint8_t {
    complexfloating,
    floating,
    inexact,
    signedinteger,
    unsignedinteger,
    integer,
    number,
    generic,
  };

  Val val;
  uint8_t size;

  constexpr Dtype(Val v, uint8_t s) : val(v), size(s) {}
  constexpr operator Val() const { return val; }
};

inline constexpr Dtype bool_{Dtype::Val::bool_, sizeof(bool)};
inline constexpr Dtype uint8{Dtype::Val::uint8, 1};
inline constexpr Dtype uint16{Dtype::Val::uint16, 2};
inline constexpr Dtype uint32{Dtype::Val::uint32, 4};
inline constexpr Dtype uint64{Dtype::Val::uint64, 8};
inline constexpr Dtype int8{Dtype::Val::int8, 1};
inline constexpr Dtype int16{Dtype::Val::int16, 2};
inline constexpr Dtype int32{Dtype::Val::int32, 4};
inline constexpr Dtype int64{Dtype::Val::int64, 8};
inline constexpr Dtype float16{Dtype::Val::float16, 2};
inline constexpr Dtype float32{Dtype::Val::float32, 4};
inline constexpr Dtype float64{Dtype::Val::float64, 8};
inline constexpr Dtype bfloat16{Dtype::Val::bfloat16, 2};
inline constexpr Dtype complex64{Dtype::Val::complex64, 8};

inline constexpr Dtype::Category complexfloating = Dtype::Category::complexfloating;
inline constexpr Dtype::Category floating = Dtype::Category::floating;
inline constexpr Dtype::Category inexact = Dtype::Category::inexact;
inline constexpr Dtype::Category signedinteger = Dtype::Category::signedinteger;
inline constexpr Dtype::Category unsignedinteger = Dtype::Category::unsignedinteger;
inline constexpr Dtype::Category integer = Dtype::Category::integer;
inline constexpr Dtype::Category number = Dtype::Category::number;
inline constexpr Dtype::Category generic = Dtype::Category::generic;

inline bool operator==(Dtype a, Dtype b) { return a.val == b.val; }
inline bool operator!=(Dtype a, Dtype b) { return a.val != b.val; }

// All dtypes in enum order.
Dtype dtype_from_index(int i);

Dtype promote_types(Dtype a, Dtype b);
Dtype::Kind kindof(Dtype t);
inline int size_of(Dtype t) { return t.size; }

bool issubdtype(Dtype a, Dtype b);
bool issubdtype(Dtype a, Dtype::Category c);
bool issubdtype(Dtype::Category a, Dtype b);
bool issubdtype(Dtype::Category a, Dtype::Category b);

inline bool is_floating_point(Dtype t) {
  return t == float16 || t == float32 || t == float64 || t == bfloat16;
}
inline bool is_complex(Dtype t) { return t == complex64; }
inline bool is_inexact(Dtype t) { return is_floating_point(t) || is_complex(t); }
inline bool is_unsigned(Dtype t) {
  return t == uint8 || t == uint16 || t == uint32 || t == uint64;
}
inline bool is_signed_int(Dtype t) {
  return t == int8 || t == int16 || t == int32 || t == int64;
}
inline bool is_integral(Dtype t) { return is_unsigned(t) || is_signed_int(t); }

// "float32", "int8", ... (MLX's names; bool is "bool").
std::string dtype_name(Dtype t);
// C++ scalar type used in kernels, e.g. "float16_t", "int32_t".
std::string dtype_ctype(Dtype t);
std::ostream& operator<<(std::ostream& os, Dtype t);
std::ostream& operator<<(std::ostream& os, Dtype::Category c);

// Compile-time mapping from C++ type to Dtype.
template <typename T>
struct TypeToDtype;
#define MXCORE_TYPE_TO_DTYPE(T, D) \
  template <>                      \
  struct TypeToDtype<T> {          \
    static constexpr Dtype value = D; \
  };
MXCORE_TYPE_TO_DTYPE(bool, bool_)
MXCORE_TYPE_TO_DTYPE(uint8_t, uint8)
MXCORE_TYPE_TO_DTYPE(uint16_t, uint16)
MXCORE_TYPE_TO_DTYPE(uint32_t, uint32)
MXCORE_TYPE_TO_DTYPE(uint64_t, uint64)
MXCORE_TYPE_TO_DTYPE(int8_t, int8)
MXCORE_TYPE_TO_DTYPE(int16_t, int16)
MXCORE_TYPE_TO_DTYPE(int32_t, int32)
MXCORE_TYPE_TO_DTYPE(int64_t, int64)
MXCORE_TYPE_TO_DTYPE(float16_t, float16)
MXCORE_TYPE_TO_DTYPE(float, float32)
MXCORE_TYPE_TO_DTYPE(double, float64)
MXCORE_TYPE_TO_DTYPE(bfloat16_t, bfloat16)
MXCORE_TYPE_TO_DTYPE(complex64_t, complex64)
#undef MXCORE_TYPE_TO_DTYPE
// Common host integer types that are distinct from the fixed-width ones.
template <>
struct TypeToDtype<long long> {
  static constexpr Dtype value = int64;
};
template <>
struct TypeToDtype<unsigned long long> {
  static constexpr Dtype value = uint64;
};

template <typename T>
inline constexpr Dtype dtype_of = TypeToDtype<T>::value;

// finfo / iinfo
struct finfo {
  explicit finfo(Dtype t);
  Dtype dtype;
  double min;
  double max;
  double eps;
};

struct iinfo {
  explicit iinfo(Dtype t);
  Dtype dtype;
  int64_t min;
  uint64_t max;
};

} // namespace mxcore
