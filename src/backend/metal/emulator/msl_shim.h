// CPU stand-ins for the Metal types, address spaces and threadgroup
// built-ins, so MSL sources compile as C++ in the emulated device. The
// library text starts with the JIT preamble (scalar_types.h + kernel_ops.h),
// whose functors play the Metal preamble's, then this shim, then the MSL.
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
namespace precise {
using metal::exp;
using metal::log;
using metal::sqrt;
using metal::rsqrt;
} // namespace precise
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
