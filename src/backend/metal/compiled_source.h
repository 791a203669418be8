// The Metal backend's entry for the Compiled primitive: (fused program, the
// call's variant) -> the MSL source of its library. The Metal host (its own
// issue) builds this source into a library and a pipeline and dispatches it
// over the grid kernel::grid_kernel_args (row variants: msl_row_kernel_args)
// describes.
#pragma once

#include <string>

#include "kernel/kernel_variant.h"

namespace mxcore::metal {

// Elementwise and row variants. Throws std::invalid_argument for what
// Metal cannot run (float64).
std::string compiled_kernel_source(const kernel::FusedProgram& program,
                                   const kernel::KernelVariant& variant);

} // namespace mxcore::metal
