// The one C-style renderer of fused programs (tinygrad's renderer/cstyle.py
// is the model): node rendering, arguments, and the contiguous, strided and
// row loops are written here once; a Dialect (dialect.h) says how its
// language spells them. The C++ dialect (backend/cpu/cpp_dialect.h) and the
// MSL dialect (backend/metal/msl_dialect.h) render the same program.
#pragma once

#include <string>
#include <vector>

#include "kernel/dialect.h"

namespace mxcore::kernel {

// A complete source: the dialect's preamble, the kernel of this variant and
// the postamble. Throws std::invalid_argument for what the dialect cannot
// express (row loops on a grid dialect, dtypes it lacks).
std::string render_kernel(const Dialect& d, const FusedProgram& p, const KernelVariant& v);

// Only the kernel function (a library holds several variants).
std::string render_kernel_function(const Dialect& d, const FusedProgram& p,
                                   const KernelVariant& v);

// A grid kernel's parameters, in order:
//   runtime inputs: buffer inK_ptr (+ constant int64_t* inK_strides if a
//     strided vector); outputs: buffer outK_ptr;
//   contiguous: constant IDX& size (IDX = dialect.index_type(large));
//   strided: constant int* output_shape (+ constant int& ndim if dynamic).
// Grid: contiguous: x (+ y for large sizes) cover ceil(size / work_per_thread)
// threads; strided: x = ceil(shape[-1] / work_per_thread), y = shape[-2],
// z = product of the remaining dims (row-major order of outputs).
std::vector<KernelArg> grid_kernel_args(const Dialect& d, const FusedProgram& p,
                                        const KernelVariant& v);

} // namespace mxcore::kernel
