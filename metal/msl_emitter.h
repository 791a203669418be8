// Renders a FusedKernel as Metal Shading Language kernels. Built on every
// platform (the text is plain C++ string work); compiled and dispatched only
// on Apple. On Linux the output is verified by tests/cpp/test_msl_emitter.cpp.
#pragma once

#include <string>
#include <vector>

#include "kernel/fused_kernel.h"

namespace mxcore::metal {

// One kernel function of a fused kernel's Metal library.
struct MslVariant {
  bool contiguous = true;
  int ndim = 0;             // strided: fixed number of dims (ignored if dynamic)
  bool dynamic = false;     // strided with ndim passed at run time
  bool large_index = false; // 64-bit element indices
  int work_per_thread = 1;  // elements each thread writes (along the inner dim)
};

// A kernel argument: its Metal declaration type, name and buffer index.
//   vector inputs:  device const T* inK_ptr  (+ constant const int64_t* inK_strides if strided)
//   scalar inputs:  device const T* inK_ptr  (element 0 is read)
//   outputs:        device T* outK
//   strided:        constant const int* output_shape
//   dynamic:        constant const int& ndim
//   contiguous:     constant const IDX& size  (IDX = uint or int64_t)
// Grid: contiguous: x (+ y for large sizes) cover ceil(size / work_per_thread)
// threads; strided: x = ceil(shape[-1] / work_per_thread), y = shape[-2],
// z = product of the remaining dims (row-major order of outputs).
struct MslArg {
  std::string type;
  std::string name;
  int buffer;
};

std::string msl_kernel_name(const kernel::FusedKernel& k, const MslVariant& v);
std::vector<MslArg> msl_kernel_args(const kernel::FusedKernel& k, const MslVariant& v);

// One [[kernel]] function. Non-constant, non-scalar inputs are read
// contiguously or through strides as the variant says, whatever their kind
// in the description. Throws std::invalid_argument for float64 (no Metal type).
std::string emit_msl_kernel(const kernel::FusedKernel& k, const MslVariant& v);

// All variants, as MLX builds them: contiguous (+large), strided 1..max_ndim
// (+large) and dynamic-ndim (+large), each writing work_per_thread elements.
std::vector<MslVariant> msl_library_variants(int max_ndim = 7, int work_per_thread = 1);
std::string emit_msl_library(const kernel::FusedKernel& k, int max_ndim = 7,
                             int work_per_thread = 1);

// The header a real Metal library starts with (the op functors and
// complex64_t/bfloat16_t come from the Metal preamble on Apple).
const char* msl_header();

std::string msl_type(Dtype t);
std::string msl_constant(Dtype t, const kernel::ConstantValue& v);

} // namespace mxcore::metal
