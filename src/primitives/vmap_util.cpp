#include "primitives/vmap_util.h"

#include <numeric>
#include <typeinfo>

#include "mxcore/ops.h"
#include "primitives/shape.h"

namespace mxcore {

namespace {
// Moves the batch axis of x to the front; unbatched operands get a leading
// size-1 axis only when they are not lower-rank than the batched result needs.
array to_front(const array& x, int axis, int out_ndim, Stream s) {
  if (axis >= 0) {
    array y = moveaxis(x, axis, 0, s);
    // Pad after the batch axis so trailing dims align for broadcasting.
    // (expand_dims, so shapeless compile keeps the 1s where they were put).
    int pad = out_ndim - y.ndim();
    if (pad > 0) {
      std::vector<int> axes(pad);
      std::iota(axes.begin(), axes.end(), 1);
      y = expand_dims(y, axes, s);
    }
    return y;
  }
  int pad = out_ndim - x.ndim();
  if (pad > 0) {
    std::vector<int> axes(pad);
    std::iota(axes.begin(), axes.end(), 0);
    return expand_dims(x, axes, s);
  }
  return x;
}

// An unbatched operand the op builder broadcast for the unbatched op is used
// unbroadcast when that gives the same result shape: the batched op broadcasts
// it again, and a broadcast to the trace-time shape would pin that shape
// under shapeless compile.
array unbroadcast_unbatched(const array& x, const array& other, int other_axis) {
  if (!x.has_primitive() || typeid(x.primitive()) != typeid(Broadcast) || x.inputs().size() != 1) {
    return x;
  }
  Shape example = other.shape();
  example.erase(example.begin() + other_axis);
  const array& source = x.inputs()[0];
  try {
    if (broadcast_shapes(source.shape(), example) == broadcast_shapes(x.shape(), example)) {
      return source;
    }
  } catch (const std::invalid_argument&) {
  }
  return x;
}
} // namespace

std::tuple<array, array, int> vmap_binary_op(array a, array b, int a_axis,
                                             int b_axis, Stream s) {
  if (a_axis < 0 && b_axis < 0) return {a, b, -1};
  if (a_axis < 0) a = unbroadcast_unbatched(a, b, b_axis);
  if (b_axis < 0) b = unbroadcast_unbatched(b, a, a_axis);
  int a_rank = a.ndim() - (a_axis >= 0);
  int b_rank = b.ndim() - (b_axis >= 0);
  int out_ndim = std::max(a_rank, b_rank) + 1;
  return {to_front(a, a_axis, out_ndim, s), to_front(b, b_axis, out_ndim, s), 0};
}

std::tuple<array, array, array, int> vmap_ternary_op(array a, array b, array c,
                                                     int a_axis, int b_axis,
                                                     int c_axis, Stream s) {
  if (a_axis < 0 && b_axis < 0 && c_axis < 0) return {a, b, c, -1};
  int rank = std::max({a.ndim() - (a_axis >= 0), b.ndim() - (b_axis >= 0),
                       c.ndim() - (c_axis >= 0)});
  int out_ndim = rank + 1;
  return {to_front(a, a_axis, out_ndim, s), to_front(b, b_axis, out_ndim, s),
          to_front(c, c_axis, out_ndim, s), 0};
}

} // namespace mxcore
