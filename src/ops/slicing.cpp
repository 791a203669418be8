// Slicing ops: slice, slice_update, as_strided.
#include "ops/util.h"
#include "primitives/shape.h"

namespace mxcore {

namespace {

// Normalizes start/stop against the shape with NumPy's rules (negative values
// count from the end, bounds are clamped; with a negative stride, stop = -1
// after normalization means "past the first element").
void normalize_slice(const char* op, const Shape& shape, Shape& start, Shape& stop,
                     Shape& strides) {
  size_t nd = shape.size();
  if (start.size() != nd || stop.size() != nd || strides.size() != nd) {
    throw std::invalid_argument(std::string("[") + op +
                                "] Invalid number of indices or strides for array with " +
                                std::to_string(nd) + " dimensions.");
  }
  for (size_t i = 0; i < nd; ++i) {
    int64_t n = shape[i];
    if (strides[i] == 0) {
      throw std::invalid_argument(std::string("[") + op + "] Slice strides must be non-zero.");
    }
    int64_t b = start[i] < 0 ? start[i] + n : start[i];
    int64_t e = stop[i] < 0 ? stop[i] + n : stop[i];
    if (strides[i] > 0) {
      b = std::clamp<int64_t>(b, 0, n);
      e = std::clamp<int64_t>(e, b, n);
    } else {
      b = std::clamp<int64_t>(b, -1, n - 1);
      e = std::clamp<int64_t>(e, -1, b);
    }
    start[i] = static_cast<int32_t>(b);
    stop[i] = static_cast<int32_t>(e);
  }
}

} // namespace

array slice(const array& a, Shape start, Shape stop, Shape strides, StreamOrDevice s) {
  normalize_slice("slice", a.shape(), start, stop, strides);
  Shape shape = slice_shape(a.shape(), start, stop, strides);
  // A positive step that keeps the shape (any step over a dim of size 1)
  // takes every element: no node, as MLX (shapeless compile cannot follow a
  // Slice).
  if (shape == a.shape() && std::all_of(strides.begin(), strides.end(),
                                        [](int st) { return st > 0; })) {
    return a;
  }
  return array(shape, a.dtype(),
               std::make_shared<Slice>(to_stream(s), std::move(start), std::move(stop),
                                       std::move(strides)),
               {a});
}

array slice(const array& a, Shape start, Shape stop, StreamOrDevice s) {
  Shape strides(a.ndim(), 1);
  return slice(a, std::move(start), std::move(stop), std::move(strides), s);
}

array slice_update(const array& src, const array& update, Shape start, Shape stop,
                   Shape strides, StreamOrDevice s) {
  normalize_slice("slice_update", src.shape(), start, stop, strides);
  Shape shape = slice_shape(src.shape(), start, stop, strides);
  auto stream = to_stream(s);
  array upd = update;
  // Leading size-1 dims beyond the window's rank are dropped (NumPy allows it).
  while (upd.ndim() > static_cast<int>(shape.size()) && upd.shape(0) == 1) {
    upd = squeeze(upd, 0, stream);
  }
  if (upd.ndim() > static_cast<int>(shape.size()) ||
      broadcast_shapes(upd.shape(), shape) != shape) {
    throw std::invalid_argument("[slice_update] Cannot broadcast update with shape " +
                                shape_str(update.shape()) + " to the slice shape " +
                                shape_str(shape) + ".");
  }
  upd = broadcast_to(astype(upd, src.dtype(), stream), shape, stream);
  return array(src.shape(), src.dtype(),
               std::make_shared<SliceUpdate>(stream, std::move(start), std::move(stop),
                                             std::move(strides)),
               {src, upd});
}

array slice_update(const array& src, const array& update, Shape start, Shape stop,
                   StreamOrDevice s) {
  Shape strides(src.ndim(), 1);
  return slice_update(src, update, std::move(start), std::move(stop), std::move(strides), s);
}

array as_strided(array a, Shape shape, Strides strides, size_t offset, StreamOrDevice s) {
  if (shape.size() != strides.size()) {
    throw std::invalid_argument("[as_strided] Shape and strides must have the same length, got " +
                                std::to_string(shape.size()) + " and " +
                                std::to_string(strides.size()) + ".");
  }
  for (auto d : shape) {
    if (d < 0) throw std::invalid_argument("[as_strided] Negative dimensions not allowed.");
  }
  // Every reachable element must lie inside the input: never read out of bounds.
  int64_t lo = static_cast<int64_t>(offset), hi = lo;
  if (shape_size(shape) > 0) {
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t span = int64_t(shape[i] - 1) * strides[i];
      (span < 0 ? lo : hi) += span;
    }
    if (lo < 0 || hi >= static_cast<int64_t>(a.size())) {
      throw std::invalid_argument("[as_strided] The view reaches outside the input array of size " +
                                  std::to_string(a.size()) + ".");
    }
  }
  return array(shape, a.dtype(),
               std::make_shared<AsStrided>(to_stream(s), shape, std::move(strides), offset),
               {a});
}

} // namespace mxcore
