// Slice (a view) and SliceUpdate (a copy with a window replaced).
#include "mxcore/ops.h"
#include "ops/util.h"
#include "primitives/shape.h"

namespace mxcore {

Shape slice_shape(const Shape& shape, const Shape& start, const Shape& stop,
                  const Shape& strides) {
  Shape out(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t st = strides[i];
    int64_t len = st > 0 ? (int64_t(stop[i]) - start[i] + st - 1) / st
                         : (int64_t(start[i]) - stop[i] - st - 1) / -st;
    out[i] = static_cast<int32_t>(std::max<int64_t>(len, 0));
  }
  return out;
}

namespace {

// Builders on already-normalized parameters (the public ops would normalize a
// second time, which is wrong for negative strides whose stop is -1).
array make_slice(const array& a, const Shape& start, const Shape& stop,
                 const Shape& strides, Stream s) {
  return array(slice_shape(a.shape(), start, stop, strides), a.dtype(),
               std::make_shared<Slice>(s, start, stop, strides), {a});
}
array make_slice_update(const array& src, const array& upd, const Shape& start,
                        const Shape& stop, const Shape& strides, Stream s) {
  return array(src.shape(), src.dtype(),
               std::make_shared<SliceUpdate>(s, start, stop, strides), {src, upd});
}

// Prepends a full range over a new leading batch axis of size n.
void prepend_full(Shape& start, Shape& stop, Shape& strides, int n) {
  start.insert(start.begin(), 0);
  stop.insert(stop.begin(), n);
  strides.insert(strides.begin(), 1);
}

// Puts the batch axis first, broadcasting an unbatched operand to batch size n.
array batch_first(const array& x, int axis, int n, Stream s) {
  if (axis >= 0) return moveaxis(x, axis, 0, s);
  Shape shape = x.shape();
  shape.insert(shape.begin(), n);
  return broadcast_to(expand_dims(x, 0, s), shape, s);
}

bool same_window(const Shape& a0, const Shape& a1, const Shape& a2, const Shape& b0,
                 const Shape& b1, const Shape& b2) {
  return a0 == b0 && a1 == b1 && a2 == b2;
}

} // namespace

// ---- Slice
bool Slice::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const Slice&>(other);
  return same_window(start_, stop_, strides_, o.start_, o.stop_, o.strides_);
}
std::vector<array> Slice::jvp(const std::vector<array>&,
                              const std::vector<array>& tangents,
                              const std::vector<int>&) {
  return {make_slice(tangents[0], start_, stop_, strides_, stream())};
}
std::vector<array> Slice::vjp(const std::vector<array>& primals,
                              const std::vector<array>& cotangents,
                              const std::vector<int>&,
                              const std::vector<array>&) {
  const array& cot = cotangents[0];
  return {make_slice_update(zeros(primals[0].shape(), cot.dtype(), stream()), cot, start_,
                            stop_, strides_, stream())};
}
std::pair<std::vector<array>, std::vector<int>> Slice::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  if (axes[0] < 0) return {{make_slice(inputs[0], start_, stop_, strides_, stream())}, {-1}};
  array in = moveaxis(inputs[0], axes[0], 0, stream());
  Shape start = start_, stop = stop_, strides = strides_;
  prepend_full(start, stop, strides, in.shape(0));
  return {{make_slice(in, start, stop, strides, stream())}, {0}};
}

// ---- SliceUpdate
std::vector<Shape> SliceUpdate::output_shapes(const std::vector<array>& inputs) {
  const Shape& src = inputs[0].shape();
  bool fits = src.size() == start_.size() &&
              inputs[1].shape() == slice_shape(src, start_, stop_, strides_);
  for (size_t d = 0; fits && d < src.size(); ++d) {
    // The window's last index (start for a negative stride) lies inside src.
    int64_t hi = strides_[d] > 0 ? int64_t(stop_[d]) : int64_t(start_[d]) + 1;
    fits = inputs[1].shape()[d] == 0 || hi <= src[d];
  }
  if (!fits) {
    throw std::invalid_argument(
        "[slice_update] An update of shape " + shape_str(inputs[1].shape()) +
        " does not fill the window fixed at trace time in an array of shape " +
        shape_str(src) + " (shapeless compile cannot follow it).");
  }
  return {src};
}

bool SliceUpdate::is_equivalent(const Primitive& other) const {
  auto& o = static_cast<const SliceUpdate&>(other);
  return same_window(start_, stop_, strides_, o.start_, o.stop_, o.strides_);
}
std::vector<array> SliceUpdate::jvp(const std::vector<array>& primals,
                                    const std::vector<array>& tangents,
                                    const std::vector<int>& argnums) {
  // A missing tangent is zero.
  array t_src = zeros_like(primals[0], stream());
  array t_upd = zeros_like(primals[1], stream());
  for (size_t i = 0; i < argnums.size(); ++i) {
    (argnums[i] == 0 ? t_src : t_upd) = tangents[i];
  }
  return {make_slice_update(t_src, t_upd, start_, stop_, strides_, stream())};
}
std::vector<array> SliceUpdate::vjp(const std::vector<array>& primals,
                                    const std::vector<array>& cotangents,
                                    const std::vector<int>& argnums,
                                    const std::vector<array>&) {
  const array& cot = cotangents[0];
  std::vector<array> grads;
  for (int arg : argnums) {
    if (arg == 0) {
      array hole = zeros(primals[1].shape(), cot.dtype(), stream());
      grads.push_back(make_slice_update(cot, hole, start_, stop_, strides_, stream()));
    } else {
      grads.push_back(make_slice(cot, start_, stop_, strides_, stream()));
    }
  }
  return grads;
}
std::pair<std::vector<array>, std::vector<int>> SliceUpdate::vmap(
    const std::vector<array>& inputs, const std::vector<int>& axes) {
  if (axes[0] < 0 && axes[1] < 0) {
    return {{make_slice_update(inputs[0], inputs[1], start_, stop_, strides_, stream())},
            {-1}};
  }
  int n = axes[0] >= 0 ? inputs[0].shape(axes[0]) : inputs[1].shape(axes[1]);
  array src = batch_first(inputs[0], axes[0], n, stream());
  array upd = batch_first(inputs[1], axes[1], n, stream());
  Shape start = start_, stop = stop_, strides = strides_;
  prepend_full(start, stop, strides, n);
  return {{make_slice_update(src, upd, start, stop, strides, stream())}, {0}};
}

} // namespace mxcore
