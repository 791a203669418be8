// What the eager Metal kernels' host code shares: instantiating a template of
// a kernels/*.metal file as a named library, binding small vectors, dtype
// constants as bytes, and the CPU fallback with its counter.
#pragma once

#include <string>
#include <vector>

#include "backend/metal/metal_backend.h"

namespace mxcore::metal {

// The text of kernels/<file> with its `#include "x.h"` lines replaced by the
// embedded kernels/x.h (a Metal library built from source has no include
// path).
std::string kernel_library_source(const std::string& file);

// Library `name`: kernel_library_source(file) and one explicit instantiation
// of `kernel_template<args>` exported as `name`.
void set_instantiated_kernel(CommandEncoder& enc, const std::string& file,
                             const std::string& kernel_template, const std::string& args,
                             const std::string& name);

// Metal rejects zero-length setBytes: empty vectors are bound as one element.
template <typename T>
std::vector<T> at_least_one(std::vector<T> v) {
  if (v.empty()) v.push_back(0);
  return v;
}

inline bool is_half(Dtype t) { return t == float16 || t == bfloat16; }

// Threads of a one-group-per-row kernel: a power of two, at most 256.
uint32_t row_threads(int64_t row_length);

// The bytes of `value` as dtype t (+-inf: the integer types' extremes).
std::vector<char> value_bytes(Dtype t, double value);

// Row-major strides of a shape.
std::vector<int64_t> row_major(const Shape& shape);

} // namespace mxcore::metal
