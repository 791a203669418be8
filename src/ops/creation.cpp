// Creation ops: full, zeros, ones, and their *_like forms.
#include "ops/util.h"

namespace mxcore {

array full(Shape shape, array vals, Dtype dtype, StreamOrDevice s) {
  for (auto d : shape) {
    if (d < 0) {
      throw std::invalid_argument("[full] Negative dimensions not allowed.");
    }
  }
  auto stream = to_stream(s);
  return broadcast_to(astype(std::move(vals), dtype, stream), shape, stream);
}

array full(Shape shape, array vals, StreamOrDevice s) {
  auto dtype = vals.dtype();
  return full(std::move(shape), std::move(vals), dtype, s);
}

array zeros(const Shape& shape, Dtype dtype, StreamOrDevice s) {
  return full(shape, array(false, dtype), s);
}
array zeros_like(const array& a, StreamOrDevice s) { return zeros(a.shape(), a.dtype(), s); }
array ones(const Shape& shape, Dtype dtype, StreamOrDevice s) {
  return full(shape, array(true, dtype), s);
}
array ones_like(const array& a, StreamOrDevice s) { return ones(a.shape(), a.dtype(), s); }
array full_like(const array& a, const array& vals, StreamOrDevice s) {
  return full(a.shape(), vals, a.dtype(), s);
}

} // namespace mxcore
