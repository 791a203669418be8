#include "primitives/search_sorted.h"

#include "mxcore/ops.h"

namespace mxcore {

namespace {

// x < y in sort's order, where NaN comes after every number.
array nan_last_less(const array& x, const array& y, const Stream& s) {
  array lt = less(x, y, s);
  if (!is_inexact(x.dtype())) return lt;
  return logical_or(lt, logical_and(isnan(y, s), logical_not(isnan(x, s), s), s), s);
}

} // namespace

// The indices are integers: their derivative is zero.
std::vector<array> SearchSorted::jvp(const std::vector<array>& primals,
                                     const std::vector<array>&, const std::vector<int>&) {
  return {zeros(primals[1].shape(), uint32, stream())};
}

std::vector<array> SearchSorted::vjp(const std::vector<array>& primals,
                                     const std::vector<array>&, const std::vector<int>& argnums,
                                     const std::vector<array>&) {
  std::vector<array> grads;
  for (int i : argnums) grads.push_back(zeros_like(primals[i], stream()));
  return grads;
}

std::pair<std::vector<array>, std::vector<int>> SearchSorted::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  auto s = stream();
  const array& seq = inputs[0];
  const array& values = inputs[1];
  if (axes[0] < 0) {
    // Only the values are batched: the output follows their layout.
    return {{array(values.shape(), uint32, std::make_shared<SearchSorted>(s, right_),
                   {seq, values})},
            {axes[1]}};
  }
  // One sorted sequence per batch element: the insertion index is the number
  // of elements before the value (left: seq < v; right: !(v < seq)).
  array seqs = moveaxis(seq, axes[0], 0, s); // (B, n)
  array vals = axes[1] >= 0 ? moveaxis(values, axes[1], 0, s) : expand_dims(values, 0, s);
  Shape seq_shape{seqs.shape(0)};
  for (int d = 1; d < vals.ndim(); ++d) seq_shape.push_back(1);
  seq_shape.push_back(seqs.shape(1));
  seqs = reshape(seqs, seq_shape, s);
  vals = expand_dims(vals, -1, s);
  array before = right_ ? logical_not(nan_last_less(vals, seqs, s), s)
                        : nan_last_less(seqs, vals, s);
  return {{astype(sum(before, -1, false, s), uint32, s)}, {0}};
}

} // namespace mxcore
