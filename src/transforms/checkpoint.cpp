// checkpoint: keep only fun's inputs and outputs; the backward pass recomputes
// the intermediates by differentiating fun again.
#include "mxcore/transforms.h"
#include "primitives/custom.h"

namespace mxcore {

ArrayFn checkpoint(ArrayFn fun) {
  auto recompute_vjp = [fun](const std::vector<array>& primals,
                             const std::vector<array>& cotangents,
                             const std::vector<array>& outputs) {
    // depends() makes the recomputation wait for the forward outputs, so the
    // intermediates are not alive at the same time as the rest of the forward pass.
    return vjp(fun, depends(primals, outputs), cotangents).second;
  };
  return custom_vjp(std::move(fun), std::move(recompute_vjp));
}

} // namespace mxcore
