// hadamard_transform: checks, dtype and default scale; the Hadamard primitive
// does the work.
#include <cmath>

#include "mxcore/ops_extra.h"
#include "ops/util.h"
#include "primitives/hadamard.h"

namespace mxcore {

array hadamard_transform(const array& a, std::optional<float> scale, StreamOrDevice s) {
  if (a.dtype() == float64 || a.dtype() == complex64) {
    throw std::invalid_argument("[hadamard] Unsupported type.");
  }
  if (a.size() == 0) {
    throw std::invalid_argument("[hadamard_transform] Does not support empty arrays.");
  }
  int n = a.ndim() > 0 ? a.shape(-1) : 1;
  if (hadamard_small_factor(n) == 0) {
    throw std::invalid_argument("[hadamard] Only supports n = m*2^k where m in (1, 12, 20, 28).");
  }
  // 1/sqrt(n) makes the transform orthonormal.
  float factor = scale.value_or(1.0f / std::sqrt(static_cast<float>(n)));
  auto stream = to_stream(s);
  Dtype dtype = is_floating_point(a.dtype()) ? a.dtype() : float32;
  return array(a.shape(), dtype, std::make_shared<Hadamard>(stream, factor),
               {astype(a, dtype, stream)});
}

} // namespace mxcore
