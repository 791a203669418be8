// MaskedScatter: transformation rules (kernel in backend/cpu/masked_scatter.cpp).
#include "mxcore/ops.h"
#include "primitives/masked_scatter.h"

namespace mxcore {

std::vector<array> MaskedScatter::jvp(const std::vector<array>& primals,
                                      const std::vector<array>& tangents,
                                      const std::vector<int>& argnums) {
  auto s = stream();
  const array& mask = primals[1];
  array t_dst = zeros_like(primals[0], s);
  array t_src = zeros_like(primals[2], s);
  for (size_t i = 0; i < argnums.size(); ++i) {
    if (argnums[i] == 0) t_dst = tangents[i];
    if (argnums[i] == 2) t_src = tangents[i];
  }
  return {array(primals[0].shape(), primals[0].dtype(), std::make_shared<MaskedScatter>(s),
                {t_dst, mask, t_src})};
}

std::vector<array> MaskedScatter::vjp(const std::vector<array>& primals,
                                      const std::vector<array>& cotangents,
                                      const std::vector<int>& argnums,
                                      const std::vector<array>&) {
  auto s = stream();
  const array& mask = primals[1];
  const array& src = primals[2];
  const array& cot = cotangents[0];
  std::vector<array> out;
  for (int arg : argnums) {
    if (arg == 0) {
      // Overwritten positions do not depend on the destination.
      out.push_back(where(mask, zeros_like(cot, s), cot, s));
    } else if (arg == 2) {
      // Masked position p of batch b read src[b, (number of masked positions
      // before p)]; unmasked positions add zero (their index is clamped in range).
      int batch = mask.shape(0);
      int k = src.shape(1);
      array flat_mask = reshape(mask, {batch, -1}, s);
      array flat_cot = reshape(cot, {batch, -1}, s);
      array grad = zeros_like(src, s);
      if (k > 0 && flat_mask.shape(1) > 0) {
        array pos = cumsum(astype(flat_mask, int32, s), 1, false, false, s);
        pos = minimum(pos, array(k - 1, int32), s);
        array vals = where(flat_mask, flat_cot, zeros_like(flat_cot, s), s);
        array rows = reshape(arange(0, batch, 1, s), {batch, 1}, s);
        grad = scatter_add(grad, {rows, pos}, expand_dims(vals, {2, 3}, s), {0, 1}, s);
      }
      out.push_back(grad);
    } else {
      throw std::invalid_argument(
          "[masked_scatter] Cannot calculate VJP with respect to mask. Use stop_gradient on "
          "mask to stop gradients from being computed.");
    }
  }
  return out;
}

// Batched inputs have their vmapped axis moved first and merged with the
// primitive's own batch axis; unbatched ones are broadcast over it first.
std::pair<std::vector<array>, std::vector<int>> MaskedScatter::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto s = stream();
  int n = -1;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (axes[i] >= 0) n = inputs[i].shape(axes[i]);
  }
  if (n < 0) {
    return {{array(inputs[0].shape(), inputs[0].dtype(), std::make_shared<MaskedScatter>(s),
                   inputs)},
            {-1}};
  }
  std::vector<array> merged;
  for (size_t i = 0; i < inputs.size(); ++i) {
    array x = inputs[i];
    if (axes[i] >= 0) {
      x = moveaxis(x, axes[i], 0, s);
    } else {
      Shape shape = x.shape();
      shape.insert(shape.begin(), n);
      x = broadcast_to(expand_dims(x, 0, s), shape, s);
    }
    Shape flat(x.shape().begin() + 1, x.shape().end());
    flat[0] *= n;
    merged.push_back(reshape(x, flat, s));
  }
  array out(merged[0].shape(), merged[0].dtype(), std::make_shared<MaskedScatter>(s), merged);
  Shape shape = inputs[0].shape();
  if (axes[0] >= 0) shape.erase(shape.begin() + axes[0]);
  shape.insert(shape.begin(), n);
  return {{reshape(out, shape, s)}, {0}};
}

} // namespace mxcore
