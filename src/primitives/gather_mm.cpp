#include "primitives/gather_mm.h"

#include <optional>

#include "mxcore/gather_mm.h"
#include "mxcore/ops.h"

namespace mxcore {

namespace {

int64_t batch_count(const array& x) {
  int64_t count = 1;
  for (int i = 0; i + 2 < x.ndim(); ++i) count *= x.shape(i);
  return count;
}

// 0, 1, ..., prod(shape) - 1 laid out in shape (uint32): the identity gather.
array identity_indices(const Shape& shape, Stream s) {
  int64_t count = 1;
  for (int d : shape) count *= d;
  return reshape(arange(0.0, double(count), 1.0, uint32, s), shape, s);
}

// Sums per-pair gradients (S..., R, C) into the matrices (count, R, C) they
// were gathered from, then shapes the result like the operand.
array scatter_pairs(const array& per_pair, const array& indices, const array& operand,
                    Stream s) {
  const int rows = operand.shape(-2), cols = operand.shape(-1);
  const int pairs = static_cast<int>(indices.size());
  array updates = reshape(per_pair, {pairs, 1, rows, cols}, s);
  array zero = zeros({static_cast<int>(batch_count(operand)), rows, cols}, operand.dtype(), s);
  array summed = scatter_add(zero, reshape(indices, {pairs}, s), updates, 0, s);
  return reshape(summed, operand.shape(), s);
}

} // namespace

array gather_mm_indexed(const array& a, const array& b, array lhs, array rhs,
                        bool sorted_indices, Stream s) {
  Shape batch = broadcast_shapes(lhs.shape(), rhs.shape());
  lhs = broadcast_to(astype(lhs, uint32, s), batch, s);
  rhs = broadcast_to(astype(rhs, uint32, s), batch, s);
  Shape out_shape = batch;
  out_shape.push_back(a.shape(-2));
  out_shape.push_back(b.shape(-1));
  return array(std::move(out_shape), a.dtype(),
               std::make_shared<GatherMM>(s, sorted_indices), {a, b, lhs, rhs});
}

std::vector<Shape> GatherMM::output_shapes(const std::vector<array>& inputs) {
  Shape shape = broadcast_shapes(inputs[2].shape(), inputs[3].shape());
  shape.push_back(inputs[0].shape(-2));
  shape.push_back(inputs[1].shape(-1));
  return {shape};
}

std::vector<array> GatherMM::jvp(const std::vector<array>& primals,
                                 const std::vector<array>& tangents,
                                 const std::vector<int>& argnums) {
  auto s = stream();
  const array& lhs = primals[2];
  const array& rhs = primals[3];
  std::optional<array> out;
  for (size_t i = 0; i < argnums.size(); ++i) {
    if (argnums[i] > 1) {
      throw std::invalid_argument("[GatherMM] Cannot calculate JVP with respect to indices.");
    }
    array term = argnums[i] == 0
        ? gather_mm_indexed(tangents[i], primals[1], lhs, rhs, sorted_indices_, s)
        : gather_mm_indexed(primals[0], tangents[i], lhs, rhs, sorted_indices_, s);
    out = out ? add(*out, term, s) : term;
  }
  return {*out};
}

std::vector<array> GatherMM::vjp(const std::vector<array>& primals,
                                 const std::vector<array>& cotangents,
                                 const std::vector<int>& argnums,
                                 const std::vector<array>&) {
  auto s = stream();
  const array& a = primals[0];
  const array& b = primals[1];
  const array& lhs = primals[2];
  const array& rhs = primals[3];
  const array& cotan = cotangents[0];
  array pair_ids = identity_indices(lhs.shape(), s);
  std::vector<array> vjps;
  for (int arg : argnums) {
    if (arg == 0) {
      // d a_flat[lhs[i]] += cotan[i] @ b_flat[rhs[i]]^T
      array per_pair =
          gather_mm_indexed(cotan, swapaxes(b, -1, -2, s), pair_ids, rhs, false, s);
      vjps.push_back(scatter_pairs(per_pair, lhs, a, s));
    } else if (arg == 1) {
      // d b_flat[rhs[i]] += a_flat[lhs[i]]^T @ cotan[i]
      array per_pair =
          gather_mm_indexed(swapaxes(a, -1, -2, s), cotan, lhs, pair_ids, false, s);
      vjps.push_back(scatter_pairs(per_pair, rhs, b, s));
    } else {
      throw std::invalid_argument(
          "[GatherMM] Cannot calculate VJP with respect to indices. Use stop_gradient on "
          "indices to stop gradients from being computed.");
    }
  }
  return vjps;
}

std::pair<std::vector<array>, std::vector<int>> GatherMM::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  // Every mapped input gets its mapped axis in front. A mapped operand of
  // V x count matrices is addressed by v * count + index, so the indices grow
  // a leading axis of size V; unmapped indices broadcast against it.
  auto s = stream();
  std::vector<array> in;
  int size = 1;
  for (size_t i = 0; i < inputs.size(); ++i) {
    in.push_back(axes[i] >= 0 ? moveaxis(inputs[i], axes[i], 0, s) : inputs[i]);
    if (axes[i] >= 0) size = in.back().shape(0);
  }
  auto offset_indices = [&](int operand, int index) {
    array idx = in[index];
    if (axes[operand] < 0) return idx;
    const int index_ndim = axes[index] >= 0 ? idx.ndim() - 1 : idx.ndim();
    const int64_t count = batch_count(in[operand]) / size;
    Shape shape(index_ndim + 1, 1);
    shape[0] = size;
    array base = reshape(multiply(arange(0.0, double(size), 1.0, uint32, s),
                                  array(static_cast<uint32_t>(count), uint32), s),
                         shape, s);
    return add(idx, base, s);
  };
  array lhs = offset_indices(0, 2);
  array rhs = offset_indices(1, 3);
  // The index shapes may differ by the leading mapped axis only; broadcast
  // aligns them from the right.
  array out = gather_mm_indexed(in[0], in[1], lhs, rhs, sorted_indices_, s);
  return {{out}, {0}};
}

} // namespace mxcore
