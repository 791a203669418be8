#include "mxcore/dtype.h"

#include <limits>
#include <stdexcept>

namespace mxcore {

namespace {

constexpr Dtype all_types[Dtype::num_types] = {
    bool_, uint8, uint16, uint32, uint64, int8, int16,
    int32, int64, float16, float32, float64, bfloat16, complex64};

#define b bool_
#define u8 uint8
#define u16 uint16
#define u32 uint32
#define u64 uint64
#define i8 int8
#define i16 int16
#define i32 int32
#define i64 int64
#define f16 float16
#define f32 float32
#define f64 float64
#define bf bfloat16
#define c64 complex64
// JAX-style lattice, as in MLX.
constexpr Dtype promotion_table[Dtype::num_types][Dtype::num_types] = {
//   b    u8   u16  u32  u64  i8   i16  i32  i64  f16  f32  f64  bf   c64
    {b,   u8,  u16, u32, u64, i8,  i16, i32, i64, f16, f32, f64, bf,  c64}, // b
    {u8,  u8,  u16, u32, u64, i16, i16, i32, i64, f16, f32, f64, bf,  c64}, // u8
    {u16, u16, u16, u32, u64, i32, i32, i32, i64, f16, f32, f64, bf,  c64}, // u16
    {u32, u32, u32, u32, u64, i64, i64, i64, i64, f16, f32, f64, bf,  c64}, // u32
    {u64, u64, u64, u64, u64, f32, f32, f32, f32, f16, f32, f64, bf,  c64}, // u64
    {i8,  i16, i32, i64, f32, i8,  i16, i32, i64, f16, f32, f64, bf,  c64}, // i8
    {i16, i16, i32, i64, f32, i16, i16, i32, i64, f16, f32, f64, bf,  c64}, // i16
    {i32, i32, i32, i64, f32, i32, i32, i32, i64, f16, f32, f64, bf,  c64}, // i32
    {i64, i64, i64, i64, f32, i64, i64, i64, i64, f16, f32, f64, bf,  c64}, // i64
    {f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f32, f64, f32, c64}, // f16
    {f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, f32, c64}, // f32
    {f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, c64}, // f64
    {bf,  bf,  bf,  bf,  bf,  bf,  bf,  bf,  bf,  f32, f32, f64, bf,  c64}, // bf
    {c64, c64, c64, c64, c64, c64, c64, c64, c64, c64, c64, c64, c64, c64}, // c64
};
#undef b
#undef u8
#undef u16
#undef u32
#undef u64
#undef i8
#undef i16
#undef i32
#undef i64
#undef f16
#undef f32
#undef f64
#undef bf
#undef c64

bool in_category(Dtype t, Dtype::Category c) {
  switch (c) {
    case Dtype::Category::complexfloating:
      return is_complex(t);
    case Dtype::Category::floating:
      return is_floating_point(t);
    case Dtype::Category::inexact:
      return is_inexact(t);
    case Dtype::Category::signedinteger:
      return is_signed_int(t);
    case Dtype::Category::unsignedinteger:
      return is_unsigned(t);
    case Dtype::Category::integer:
      return is_integral(t);
    case Dtype::Category::number:
      return t != bool_;
    case Dtype::Category::generic:
      return true;
  }
  return false;
}

bool category_within(Dtype::Category a, Dtype::Category b) {
  using C = Dtype::Category;
  if (a == b || b == C::generic) return true;
  switch (a) {
    case C::complexfloating:
    case C::floating:
      return b == C::inexact || b == C::number;
    case C::signedinteger:
    case C::unsignedinteger:
      return b == C::integer || b == C::number;
    case C::inexact:
    case C::integer:
      return b == C::number;
    default:
      return false;
  }
}

} // namespace

Dtype dtype_from_index(int i) {
  if (i < 0 || i >= Dtype::num_types) {
    throw std::invalid_argument("[dtype] Invalid dtype index.");
  }
  return all_types[i];
}

Dtype promote_types(Dtype a, Dtype b) {
  return promotion_table[static_cast<int>(a.val)][static_cast<int>(b.val)];
}

Dtype::Kind kindof(Dtype t) {
  if (t == bool_) return Dtype::Kind::b;
  if (is_unsigned(t)) return Dtype::Kind::u;
  if (is_signed_int(t)) return Dtype::Kind::i;
  if (t == bfloat16) return Dtype::Kind::V;
  if (is_complex(t)) return Dtype::Kind::c;
  return Dtype::Kind::f;
}

bool issubdtype(Dtype a, Dtype b) { return a == b; }
bool issubdtype(Dtype a, Dtype::Category c) { return in_category(a, c); }
bool issubdtype(Dtype::Category, Dtype) { return false; }
bool issubdtype(Dtype::Category a, Dtype::Category b) {
  return category_within(a, b);
}

std::string dtype_name(Dtype t) {
  static const char* names[Dtype::num_types] = {
      "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16",
      "int32", "int64", "float16", "float32", "float64", "bfloat16",
      "complex64"};
  return names[static_cast<int>(t.val)];
}

std::string dtype_ctype(Dtype t) {
  static const char* names[Dtype::num_types] = {
      "bool", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t",
      "int16_t", "int32_t", "int64_t", "float16_t", "float", "double",
      "bfloat16_t", "complex64_t"};
  return names[static_cast<int>(t.val)];
}

std::ostream& operator<<(std::ostream& os, Dtype t) {
  return os << dtype_name(t);
}

std::ostream& operator<<(std::ostream& os, Dtype::Category c) {
  static const char* names[] = {"complexfloating", "floating", "inexact",
                                "signedinteger", "unsignedinteger", "integer",
                                "number", "generic"};
  return os << names[static_cast<int>(c)];
}

// complex64 describes its float32 parts (dtype float32), as in MLX.
finfo::finfo(Dtype t) : dtype(t == complex64 ? float32 : t) {
  if (!is_inexact(t)) {
    throw std::invalid_argument(
        "[finfo] dtype " + dtype_name(t) + " is not inexact.");
  }
  if (t == float16) {
    max = 65504.0;
    eps = 0.0009765625;
  } else if (t == bfloat16) {
    max = 3.3895313892515355e38;
    eps = 0.0078125;
  } else if (t == float64) {
    max = std::numeric_limits<double>::max();
    eps = std::numeric_limits<double>::epsilon();
  } else { // float32, complex64
    max = std::numeric_limits<float>::max();
    eps = std::numeric_limits<float>::epsilon();
  }
  min = -max;
}

iinfo::iinfo(Dtype t) : dtype(t) {
  switch (t.val) {
    case Dtype::Val::uint8: min = 0; max = UINT8_MAX; break;
    case Dtype::Val::uint16: min = 0; max = UINT16_MAX; break;
    case Dtype::Val::uint32: min = 0; max = UINT32_MAX; break;
    case Dtype::Val::uint64: min = 0; max = UINT64_MAX; break;
    case Dtype::Val::int8: min = INT8_MIN; max = INT8_MAX; break;
    case Dtype::Val::int16: min = INT16_MIN; max = INT16_MAX; break;
    case Dtype::Val::int32: min = INT32_MIN; max = INT32_MAX; break;
    case Dtype::Val::int64: min = INT64_MIN; max = INT64_MAX; break;
    default:
      throw std::invalid_argument(
          "[iinfo] Only integer types supported but " + dtype_name(t) + " was provided");
  }
}

} // namespace mxcore
