// fast::cross_entropy in the unfused form MLX runs on the CPU:
// logsumexp(logits) - logits[target], in the logits' dtype, returned as float32.
#include "mxcore/ops_extra.h"
#include "ops/util.h"

namespace mxcore::fast {

array cross_entropy(const array& logits, const array& targets, StreamOrDevice s) {
  if (!issubdtype(targets.dtype(), integer)) {
    throw std::invalid_argument("[cross_entropy] targets must be integer class indices but got " +
                                dtype_name(targets.dtype()) + ".");
  }
  if (logits.ndim() == 0 ||
      targets.shape() != Shape(logits.shape().begin(), logits.shape().end() - 1)) {
    throw std::invalid_argument("[cross_entropy] targets shape " + shape_str(targets.shape()) +
                                " does not match logits shape " + shape_str(logits.shape()) +
                                " with the last axis removed.");
  }
  auto stream = to_stream(s);
  array lse = logsumexp(logits, -1, false, stream);
  array picked =
      squeeze(take_along_axis(logits, expand_dims(targets, -1, stream), -1, stream), -1, stream);
  return astype(subtract(lse, picked, stream), float32, stream);
}

} // namespace mxcore::fast
