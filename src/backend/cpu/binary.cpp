// CPU kernels of the binary arithmetic primitives through their kernel_ops
// functors. Comparisons and logical ops are in binary_compare.cpp, bitwise
// ops in binary_bitwise.cpp, the transcendental ones in binary_math.cpp and
// unary_fma.cpp (logaddexp, power): one translation unit each, so they build
// in parallel.
#include "backend/cpu/binary.h"
#include "primitives/elementwise.h"

namespace mxcore {

#define MXCORE_CPU_BINARY(NAME)                                            \
  void NAME::eval_cpu(const std::vector<array>& inputs, array& out) {      \
    cpu::binary_op(inputs[0], inputs[1], out, kernel_ops::NAME{}, name()); \
  }

MXCORE_CPU_BINARY(Add)
MXCORE_CPU_BINARY(Subtract)
MXCORE_CPU_BINARY(Multiply)
MXCORE_CPU_BINARY(Divide)
MXCORE_CPU_BINARY(Maximum)
MXCORE_CPU_BINARY(Minimum)

#undef MXCORE_CPU_BINARY

} // namespace mxcore
