// masked_scatter (a[mask] = value): checks and lays the inputs out for the
// MaskedScatter primitive (batch axis first, mask at a's shape, value flat).
#include "ops/util.h"
#include "primitives/masked_scatter.h"

namespace mxcore {

array masked_scatter(const array& a, const array& mask, const array& value, StreamOrDevice sd) {
  auto s = to_stream(sd);
  if (mask.dtype() != bool_) {
    throw std::invalid_argument("[masked_scatter] The mask has to be boolean.");
  }
  if (mask.ndim() > a.ndim()) {
    throw std::invalid_argument(
        "[masked_scatter] The mask cannot have more dimensions than the target.");
  }
  int unmasked = a.ndim() - mask.ndim();
  if (value.ndim() > unmasked + 1) {
    throw std::invalid_argument("[masked_scatter] Value array shape must be broadcastable "
                                "with the last " + std::to_string(unmasked) +
                                " dimensions of the input.");
  }
  if (!std::equal(mask.shape().begin(), mask.shape().end(), a.shape().begin())) {
    throw std::invalid_argument(
        "[masked_scatter] The boolean mask should have the same shape as the beginning of "
        "the indexed array but the mask has shape " + shape_str(mask.shape()) +
        " and the array has shape " + shape_str(a.shape()) + ".");
  }
  // The mask covers each trailing window whole.
  Shape mask_shape = mask.shape();
  mask_shape.resize(a.ndim(), 1);
  array full_mask = broadcast_to(reshape(mask, mask_shape, s), a.shape(), s);

  // value as rows of the trailing window: [rows] + a.shape[mask.ndim:]. A
  // value without the rows axis is repeated for every masked row.
  Shape window(a.shape().begin() + mask.ndim(), a.shape().end());
  array src = astype(value, a.dtype(), s);
  Shape rows_shape = window;
  if (value.ndim() < unmasked + 1) {
    Shape padded(unmasked + 1 - value.ndim(), 1);
    padded.insert(padded.end(), value.shape().begin(), value.shape().end());
    src = reshape(src, padded, s);
    rows_shape.insert(rows_shape.begin(), static_cast<int>(mask.size()));
  } else {
    rows_shape.insert(rows_shape.begin(), value.shape(0));
  }
  src = reshape(broadcast_to(src, rows_shape, s), {1, -1}, s);

  Shape batched = a.shape();
  batched.insert(batched.begin(), 1);
  array out(batched, a.dtype(), std::make_shared<MaskedScatter>(s),
            {reshape(a, batched, s), reshape(full_mask, batched, s), src});
  return reshape(out, a.shape(), s);
}

} // namespace mxcore
