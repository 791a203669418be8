#include "backend/metal/compiled_source.h"

#include "backend/metal/msl_dialect.h"
#include "kernel/cstyle_renderer.h"

namespace mxcore::metal {

std::string compiled_kernel_source(const kernel::FusedProgram& program,
                                   const kernel::KernelVariant& variant) {
  return kernel::render_kernel(msl_dialect(), program, variant);
}

} // namespace mxcore::metal
