// Dtype dispatch: the one place that maps a runtime Dtype to a C++ type
// (backend-neutral: every backend's host code and the library use it).
#pragma once

#include <stdexcept>
#include <string>

#include "mxcore/dtype.h"

namespace mxcore {

template <typename T>
struct type_tag {
  using type = T;
};
#define MXCORE_TAG_TYPE(tag) typename std::decay_t<decltype(tag)>::type

// Calls f(type_tag<T>{}) with T the C++ type of dtype.
template <typename F>
decltype(auto) dispatch_all_types(Dtype dtype, F&& f) {
  switch (dtype.val) {
    case Dtype::Val::bool_: return f(type_tag<bool>{});
    case Dtype::Val::uint8: return f(type_tag<uint8_t>{});
    case Dtype::Val::uint16: return f(type_tag<uint16_t>{});
    case Dtype::Val::uint32: return f(type_tag<uint32_t>{});
    case Dtype::Val::uint64: return f(type_tag<uint64_t>{});
    case Dtype::Val::int8: return f(type_tag<int8_t>{});
    case Dtype::Val::int16: return f(type_tag<int16_t>{});
    case Dtype::Val::int32: return f(type_tag<int32_t>{});
    case Dtype::Val::int64: return f(type_tag<int64_t>{});
    case Dtype::Val::float16: return f(type_tag<float16_t>{});
    case Dtype::Val::float32: return f(type_tag<float>{});
    case Dtype::Val::float64: return f(type_tag<double>{});
    case Dtype::Val::bfloat16: return f(type_tag<bfloat16_t>{});
    case Dtype::Val::complex64: return f(type_tag<complex64_t>{});
  }
  throw std::invalid_argument("[dispatch] Unknown dtype.");
}

// Calls f(type_tag<T>{}) for the floating dtypes (float16, bfloat16, float32,
// float64); other dtypes raise "[op] Unsupported dtype".
template <typename F>
decltype(auto) dispatch_float_types(Dtype dtype, const char* op, F&& f) {
  switch (dtype.val) {
    case Dtype::Val::float16: return f(type_tag<float16_t>{});
    case Dtype::Val::float32: return f(type_tag<float>{});
    case Dtype::Val::float64: return f(type_tag<double>{});
    case Dtype::Val::bfloat16: return f(type_tag<bfloat16_t>{});
    default: break;
  }
  throw std::invalid_argument(std::string("[") + op + "] Unsupported dtype " +
                              dtype_name(dtype) + ".");
}

// Dispatch by element size only, for kernels that just move bytes.
template <typename F>
decltype(auto) dispatch_by_size(int size, F&& f) {
  switch (size) {
    case 1: return f(type_tag<uint8_t>{});
    case 2: return f(type_tag<uint16_t>{});
    case 4: return f(type_tag<uint32_t>{});
    case 8: return f(type_tag<uint64_t>{});
  }
  throw std::invalid_argument("[dispatch] Unsupported element size " + std::to_string(size));
}

} // namespace mxcore
