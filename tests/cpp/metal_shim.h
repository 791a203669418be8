// CPU stand-ins for the Metal types and address spaces, so emitted MSL
// compiles as C++ (g++/clang++ with -Wno-attributes) and each kernel can be
// called once per grid position. Include after the JIT preamble
// (scalar_types.h + kernel_ops.h), whose functors play the Metal preamble's.
#pragma once

#include <cmath>
#include <cstdint>
#include <complex>

using uint = unsigned int;
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

namespace metal {
using std::abs;
using std::exp;
using std::fma;
using std::isinf;
using std::isnan;
using std::log;
using std::max;
using std::min;
using std::sqrt;
using std::tanh;
} // namespace metal
using namespace metal;
using namespace mxcore::kernel_ops;

// Address-space qualifiers mean nothing on the CPU; [[kernel]] becomes [[]].
#define device
#define constant
#define thread
#define threadgroup
#define kernel
