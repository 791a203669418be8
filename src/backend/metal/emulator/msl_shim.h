// CPU stand-ins for the Metal types, address spaces, math and threadgroup
// built-ins, so MSL sources compile as C++ in the emulated device. The
// library text starts with the scalar types (scalar_traits.h,
// scalar_types.h: half, bfloat16_t), then this shim, then the MSL -- whose
// op functors are the Metal preamble's own (kernels/op_functors.h).
//
// Embedded into libmxcore as text at build time (embed_sources.cmake).
// threadgroup memory: a `threadgroup T x[N];` declared in a kernel body is
// one object per OS thread (static thread_local); the emulator runs all
// threads of a threadgroup as fibers of one OS thread and one threadgroup at
// a time, so every thread of the group sees the same memory, as on a GPU.
// (Kernels declare their threadgroup memory in the body, not as parameters.)
#pragma once

using uint = unsigned int;
using ushort = unsigned short;
using uchar = unsigned char;
struct uint3 {
  uint x, y, z;
};
struct uint2 {
  uint x, y;
};
using half = mxcore::float16_t;
using bfloat = mxcore::bfloat16_t;
using bfloat16_t = mxcore::bfloat16_t;
using complex64_t = mxcore::complex64_t;

// Metal's float constants (no <cmath> in emulated libraries).
#ifndef INFINITY
#define INFINITY (__builtin_inff())
#endif
#ifndef NAN
#define NAN (__builtin_nanf(""))
#endif

namespace metal {
template <typename T> inline T max(T a, T b) { return a < b ? b : a; }
template <typename T> inline T min(T a, T b) { return b < a ? b : a; }
inline float exp(float x) { return __builtin_expf(x); }
inline float log(float x) { return __builtin_logf(x); }
inline float sqrt(float x) { return __builtin_sqrtf(x); }
inline float rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
inline float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
inline bool isnan(float x) { return __builtin_isnan(x); }
// metal::precise: the correctly rounded-ish float functions of the C library.
namespace precise {
#define MXEMU_FLOAT_FN(NAME) inline float NAME(float x) { return __builtin_##NAME##f(x); }
#define MXEMU_FLOAT_FN2(NAME) inline float NAME(float x, float y) { return __builtin_##NAME##f(x, y); }
MXEMU_FLOAT_FN(exp) MXEMU_FLOAT_FN(log) MXEMU_FLOAT_FN(log2) MXEMU_FLOAT_FN(log10)
MXEMU_FLOAT_FN(sqrt) MXEMU_FLOAT_FN(sin) MXEMU_FLOAT_FN(cos) MXEMU_FLOAT_FN(tan)
MXEMU_FLOAT_FN(asin) MXEMU_FLOAT_FN(acos) MXEMU_FLOAT_FN(atan) MXEMU_FLOAT_FN(sinh)
MXEMU_FLOAT_FN(cosh) MXEMU_FLOAT_FN(tanh) MXEMU_FLOAT_FN(asinh) MXEMU_FLOAT_FN(acosh)
MXEMU_FLOAT_FN(atanh) MXEMU_FLOAT_FN(fabs) MXEMU_FLOAT_FN(floor) MXEMU_FLOAT_FN(ceil)
MXEMU_FLOAT_FN(rint)
MXEMU_FLOAT_FN2(copysign) MXEMU_FLOAT_FN2(fmod) MXEMU_FLOAT_FN2(pow) MXEMU_FLOAT_FN2(atan2)
#undef MXEMU_FLOAT_FN
#undef MXEMU_FLOAT_FN2
inline float rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
inline float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
} // namespace precise
// <metal_type_traits>, the members the kernels use.
template <bool B, typename T = void> struct enable_if {};
template <typename T> struct enable_if<true, T> { using type = T; };
template <bool B, typename T, typename F> struct conditional { using type = T; };
template <typename T, typename F> struct conditional<false, T, F> { using type = F; };
template <typename A, typename B> struct is_same { static constexpr bool value = false; };
template <typename A> struct is_same<A, A> { static constexpr bool value = true; };
template <typename T> struct is_floating_point {
  static constexpr bool value = mxcore::traits::is_floating_point_v<T>;
};
template <typename T> struct make_unsigned { using type = mxcore::traits::make_unsigned_t<T>; };
template <> struct make_unsigned<bool> { using type = bool; };
enum class mem_flags { mem_none = 0, mem_device = 1, mem_threadgroup = 2 };
// The members of <metal_limits>' numeric_limits the kernels read.
using mxcore::traits::numeric_limits;
// Reinterprets the bits of a value of the same size.
template <typename To, typename From>
inline To as_type(From from) {
  static_assert(sizeof(To) == sizeof(From), "as_type needs types of one size");
  To to;
  __builtin_memcpy(&to, &from, sizeof(To));
  return to;
}
// Atomics: a dispatch runs on one OS thread (threadgroups in turn, a group's
// threads as fibers that switch only at barriers), so plain operations are
// atomic here; the signatures are Metal's.
enum memory_order { memory_order_relaxed };
struct atomic_uint {
  uint value;
};
struct atomic_int {
  int value;
};
inline uint atomic_load_explicit(atomic_uint* object, memory_order) { return object->value; }
inline int atomic_load_explicit(atomic_int* object, memory_order) { return object->value; }
template <typename A, typename T>
inline void atomic_store_explicit(A* object, T desired, memory_order) {
  object->value = desired;
}
template <typename A, typename T>
inline bool atomic_compare_exchange_weak_explicit(A* object, T* expected, T desired,
                                                  memory_order, memory_order) {
  if (object->value == *expected) {
    object->value = desired;
    return true;
  }
  *expected = object->value;
  return false;
}
} // namespace metal
using namespace metal;
using namespace mxcore::kernel_ops;

// The emulator's hook for threadgroup_barrier (set per dispatch by the
// driver): it switches to the next fiber of the threadgroup.
// (mxemu_Hooks comes from launch_abi.h, which precedes this text.)
namespace mxemu {
inline thread_local const mxemu_Hooks* hooks = nullptr;
// Kernel arguments from bound buffers: converts to the parameter's pointer
// or reference type.
struct Ptr {
  void* p;
  template <typename T>
  operator T*() const { return static_cast<T*>(p); }
};
struct Ref {
  void* p;
  template <typename T>
  operator T&() const { return *static_cast<T*>(p); }
};
} // namespace mxemu
inline void threadgroup_barrier(metal::mem_flags) { mxemu::hooks->barrier(mxemu::hooks->self); }

// Address-space qualifiers mean nothing on the CPU; [[kernel]] becomes [[]].
#define device
#define constant
#define thread
#define threadgroup static thread_local
#define kernel
