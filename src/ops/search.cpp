// searchsorted (the SearchSorted primitive) and unique, which sorts, marks
// the start of each run of equal values, then binary-searches the run ids,
// so every output has a static shape and unique vmaps and compiles.
#include <algorithm>
#include <cstdint>

#include "mxcore/ops_extra.h"
#include "ops/util.h"
#include "primitives/search_sorted.h"

namespace mxcore {

array searchsorted(const array& sorted_sequence, const array& values, const std::string& side,
                   StreamOrDevice s) {
  if (sorted_sequence.ndim() != 1) {
    throw std::invalid_argument("[searchsorted] The sorted sequence must be 1-D but has " +
                                std::to_string(sorted_sequence.ndim()) + " dimensions.");
  }
  if (side != "left" && side != "right") {
    throw std::invalid_argument("[searchsorted] Invalid side '" + side +
                                "'. Expected 'left' or 'right'.");
  }
  if (sorted_sequence.size() > UINT32_MAX) {
    throw std::invalid_argument("[searchsorted] The sorted sequence has more elements than the "
                                "uint32 output can index.");
  }
  auto stream = to_stream(s);
  Dtype dtype = promote_types(sorted_sequence.dtype(), values.dtype());
  return array(values.shape(), uint32, std::make_shared<SearchSorted>(stream, side == "right"),
               {astype(sorted_sequence, dtype, stream), astype(values, dtype, stream)});
}

std::vector<array> unique(const array& a, int size, bool return_index, bool return_inverse,
                          bool return_counts, const std::optional<array>& fill_value,
                          StreamOrDevice s) {
  if (size < 0) {
    throw std::invalid_argument("[unique] Received negative size " + std::to_string(size) + ".");
  }
  auto stream = to_stream(s);
  array flat = reshape(a, {-1}, stream);
  const int m = static_cast<int>(flat.size());
  if (m == 0 && size > 0 && !fill_value) {
    throw std::invalid_argument(
        "[unique] A fill value is required for an empty input with a non-zero size.");
  }
  array order = argsort(flat, 0, stream);
  array sorted = take(flat, order, 0, stream);
  array k = arange(0.0, static_cast<double>(size), 1.0, int32, stream);
  array no_runs = zeros({size}, int32, stream);
  // group[i]: the run id of sorted[i] (NaN != NaN: each NaN is its own run, as in MLX).
  array group = zeros({0}, int32, stream);
  array start = no_runs, end = no_runs;
  if (m > 0) {
    auto head = slice(sorted, {1}, {m}, stream);
    auto tail = slice(sorted, {0}, {m - 1}, stream);
    array run_start = concatenate({array({true}), not_equal(head, tail, stream)}, 0, stream);
    group = subtract(cumsum(astype(run_start, int32, stream), 0, false, true, stream),
                     array(1, int32), stream);
    start = astype(searchsorted(group, k, "left", stream), int32, stream);
    end = astype(searchsorted(group, k, "right", stream), int32, stream);
  }
  array valid = less(start, end, stream);
  array safe = minimum(start, array(std::max(m - 1, 0), int32), stream);
  array vals = m > 0 ? take(sorted, safe, 0, stream) : zeros({size}, a.dtype(), stream);
  array first = m > 0 ? take(sorted, 0, 0, stream) : zeros({}, a.dtype(), stream);
  array fill = fill_value ? astype(*fill_value, a.dtype(), stream) : first;
  std::vector<array> outs{where(valid, vals, fill, stream)};
  if (return_index) {
    // The argsort is stable: a run's first element is the first occurrence.
    array idx = m > 0 ? take(order, safe, 0, stream) : k;
    array idx_fill = m > 0 ? take(order, 0, 0, stream) : zeros({}, int32, stream);
    outs.push_back(astype(where(valid, idx, idx_fill, stream), uint32, stream));
  }
  if (return_inverse) {
    array inverse = m > 0 ? take(group, argsort(order, 0, stream), 0, stream) : group;
    inverse = minimum(inverse, array(std::max(size - 1, 0), int32), stream);
    outs.push_back(astype(reshape(inverse, a.shape(), stream), uint32, stream));
  }
  if (return_counts) outs.push_back(astype(subtract(end, start, stream), int32, stream));
  return outs;
}

} // namespace mxcore
