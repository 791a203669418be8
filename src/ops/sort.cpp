// Sorting ops: sort, argsort, partition, argpartition, topk (the Sort
// primitive) and gather_axis (GatherAxis).
#include "ops/util.h"
#include "primitives/sort.h"

namespace mxcore {

namespace {

array make_sort(const array& a, Sort::Mode mode, int axis, int kth, const char* op,
                StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), op);
  bool indices = mode == Sort::Indices || mode == Sort::PartitionIndices;
  if (mode == Sort::PartitionValues || mode == Sort::PartitionIndices) {
    int n = a.shape(ax);
    int k = kth < 0 ? kth + n : kth;
    if (k < 0 || k >= n) {
      throw std::invalid_argument(std::string("[") + op + "] Received invalid kth " +
                                  std::to_string(kth) + " along axis " + std::to_string(axis) +
                                  " for array with shape: " + shape_str(a.shape()) + ".");
    }
    kth = k;
  }
  return array(a.shape(), indices ? uint32 : a.dtype(),
               std::make_shared<Sort>(to_stream(s), mode, ax, kth), {a});
}

array flat(const array& a, StreamOrDevice s) { return reshape(a, {-1}, s); }

} // namespace

array sort(const array& a, int axis, StreamOrDevice s) {
  return make_sort(a, Sort::Values, axis, 0, "sort", s);
}
array sort(const array& a, StreamOrDevice s) { return sort(flat(a, s), 0, s); }

array argsort(const array& a, int axis, StreamOrDevice s) {
  return make_sort(a, Sort::Indices, axis, 0, "argsort", s);
}
array argsort(const array& a, StreamOrDevice s) { return argsort(flat(a, s), 0, s); }

array partition(const array& a, int kth, int axis, StreamOrDevice s) {
  return make_sort(a, Sort::PartitionValues, axis, kth, "partition", s);
}
array partition(const array& a, int kth, StreamOrDevice s) {
  return partition(flat(a, s), kth, 0, s);
}

array argpartition(const array& a, int kth, int axis, StreamOrDevice s) {
  return make_sort(a, Sort::PartitionIndices, axis, kth, "argpartition", s);
}
array argpartition(const array& a, int kth, StreamOrDevice s) {
  return argpartition(flat(a, s), kth, 0, s);
}

// The k largest along axis, in no particular order (as MLX): the tail of a
// partition at n - k.
array topk(const array& a, int k, int axis, StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), "topk");
  int n = a.shape(ax);
  if (k < 0 || k > n) {
    throw std::invalid_argument("[topk] Invalid k=" + std::to_string(k) + " along axis " +
                                std::to_string(axis) + " of array with shape " +
                                shape_str(a.shape()) + ".");
  }
  if (k == n) return a;
  Shape start(a.ndim(), 0), stop = a.shape();
  start[ax] = n - k;
  array base = k == 0 ? a : partition(a, n - k, ax, s);
  return slice(base, start, stop, s);
}
array topk(const array& a, int k, StreamOrDevice s) { return topk(flat(a, s), k, 0, s); }

array gather_axis(const array& x, const array& idx, int axis, StreamOrDevice s,
                  bool permutation) {
  if (x.ndim() != idx.ndim() || axis < 0 || axis >= x.ndim()) {
    throw std::invalid_argument("[gather_axis] Indices must have the input's rank.");
  }
  for (int d = 0; d < x.ndim(); ++d) {
    if (d != axis && x.shape(d) != idx.shape(d)) {
      throw std::invalid_argument("[gather_axis] Index shape " + shape_str(idx.shape()) +
                                  " does not match input shape " + shape_str(x.shape()) + ".");
    }
  }
  if (is_inexact(idx.dtype()) || idx.dtype() == bool_) {
    throw std::invalid_argument("[gather_axis] Indices must be integers.");
  }
  auto stream = to_stream(s);
  array i32 = idx.dtype() == int32 ? idx : astype(idx, int32, stream);
  return array(idx.shape(), x.dtype(), std::make_shared<GatherAxis>(stream, axis, permutation),
               {x, i32});
}

} // namespace mxcore
