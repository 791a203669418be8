// Shape ops: broadcasting, reshape, transpose and friends.
#include <algorithm>
#include <numeric>

#include "ops/util.h"
#include "primitives/shape.h"
#include "transforms_impl.h"

namespace mxcore {

Shape broadcast_shapes(const Shape& s1, const Shape& s2) {
  int n = static_cast<int>(std::max(s1.size(), s2.size()));
  Shape out(n);
  for (int i = 0; i < n; ++i) {
    int a = i < n - static_cast<int>(s1.size()) ? 1 : s1[i - (n - s1.size())];
    int b = i < n - static_cast<int>(s2.size()) ? 1 : s2[i - (n - s2.size())];
    if (a == b || b == 1) {
      out[i] = a;
    } else if (a == 1) {
      out[i] = b;
    } else {
      throw std::invalid_argument("[broadcast_shapes] Shapes " + shape_str(s1) +
                                  " and " + shape_str(s2) + " cannot be broadcast.");
    }
  }
  return out;
}

array broadcast_to(const array& a, const Shape& shape, StreamOrDevice s) {
  if (a.shape() == shape) return a;
  if (static_cast<int>(shape.size()) < a.ndim()) {
    throw std::invalid_argument("[broadcast_to] Cannot broadcast array of shape " +
                                shape_str(a.shape()) + " to shape " + shape_str(shape) + ".");
  }
  auto bshape = broadcast_shapes(a.shape(), shape);
  if (bshape != shape) {
    throw std::invalid_argument("[broadcast_to] Cannot broadcast array of shape " +
                                shape_str(a.shape()) + " to shape " + shape_str(shape) + ".");
  }
  return array(shape, a.dtype(), std::make_shared<Broadcast>(to_stream(s), shape), {a});
}

std::vector<array> broadcast_arrays(const std::vector<array>& inputs, StreamOrDevice s) {
  Shape shape;
  for (auto& in : inputs) shape = broadcast_shapes(shape, in.shape());
  std::vector<array> out;
  for (auto& in : inputs) out.push_back(broadcast_to(in, shape, s));
  return out;
}

std::vector<array> broadcast_arrays_following(const std::vector<array>& inputs,
                                              StreamOrDevice s) {
  if (!detail::in_dynamic_tracing()) return broadcast_arrays(inputs, s);
  Shape shape;
  for (auto& in : inputs) shape = broadcast_shapes(shape, in.shape());
  std::vector<array> out;
  // Each broadcast also takes the other arrays as inputs, so its shape is
  // their common shape in each call (MLX's BroadcastAxes); kernels read only
  // the first input.
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].shape() == shape) {
      out.push_back(inputs[i]);
      continue;
    }
    std::vector<array> b_inputs{inputs[i]};
    for (size_t j = 0; j < inputs.size(); ++j) {
      if (j != i) b_inputs.push_back(inputs[j]);
    }
    out.push_back(array(shape, inputs[i].dtype(),
                        std::make_shared<Broadcast>(to_stream(s), shape), std::move(b_inputs)));
  }
  return out;
}

array reshape(const array& a, Shape shape, StreamOrDevice s) {
  Shape requested = shape; // with its -1, for shapeless compile
  int infer = -1;
  size_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer >= 0) {
        throw std::invalid_argument("[reshape] Reshape can only infer one dimension.");
      }
      infer = static_cast<int>(i);
    } else if (shape[i] < 0) {
      throw std::invalid_argument("[reshape] Invalid negative dimension " +
                                  std::to_string(shape[i]) + ".");
    } else {
      known *= shape[i];
    }
  }
  if (infer >= 0) {
    if (known == 0 || a.size() % known != 0) {
      throw std::invalid_argument("[reshape] Cannot infer the shape of an array of size " +
                                  std::to_string(a.size()) + " into shape " +
                                  shape_str(shape) + ".");
    }
    shape[infer] = static_cast<int>(a.size() / known);
    known *= shape[infer];
  }
  if (known != a.size()) {
    throw std::invalid_argument("[reshape] Cannot reshape array of size " +
                                std::to_string(a.size()) + " into shape " +
                                shape_str(shape) + ".");
  }
  if (shape == a.shape()) return a;
  if (infer < 0) requested.clear();
  return array(shape, a.dtype(),
               std::make_shared<Reshape>(to_stream(s), shape, a.shape(), std::move(requested)),
               {a});
}

array transpose(const array& a, std::vector<int> axes, StreamOrDevice s) {
  if (static_cast<int>(axes.size()) != a.ndim()) {
    throw std::invalid_argument("[transpose] Received " + std::to_string(axes.size()) +
                                " axes for array with " + std::to_string(a.ndim()) +
                                " dimensions.");
  }
  for (auto& ax : axes) ax = normalize_axis(ax, a.ndim(), "transpose");
  auto sorted = axes;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw std::invalid_argument("[transpose] Repeat axes not allowed.");
  }
  Shape shape(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) shape[i] = a.shape(axes[i]);
  return array(shape, a.dtype(), std::make_shared<Transpose>(to_stream(s), axes), {a});
}

array transpose(const array& a, StreamOrDevice s) {
  std::vector<int> axes(a.ndim());
  std::iota(axes.rbegin(), axes.rend(), 0);
  return transpose(a, axes, s);
}

array moveaxis(const array& a, int source, int destination, StreamOrDevice s) {
  int src = normalize_axis(source, a.ndim(), "moveaxis");
  int dst = normalize_axis(destination, a.ndim(), "moveaxis");
  if (src == dst) return a;
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  axes.erase(axes.begin() + src);
  axes.insert(axes.begin() + dst, src);
  return transpose(a, axes, s);
}

array swapaxes(const array& a, int axis1, int axis2, StreamOrDevice s) {
  int a1 = normalize_axis(axis1, a.ndim(), "swapaxes");
  int a2 = normalize_axis(axis2, a.ndim(), "swapaxes");
  std::vector<int> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  std::swap(axes[a1], axes[a2]);
  return transpose(a, axes, s);
}

} // namespace mxcore

namespace mxcore {

array flatten(const array& a, int start_axis, int end_axis, StreamOrDevice s) {
  if (a.ndim() == 0) return reshape(a, {1}, s);
  // MLX clamps the axes into range and reports bad ones as ValueErrors.
  const int ndim = a.ndim();
  int start = std::max(0, start_axis < 0 ? start_axis + ndim : start_axis);
  int end = std::min(ndim - 1, end_axis < 0 ? end_axis + ndim : end_axis);
  if (start > end) {
    throw std::invalid_argument("[flatten] start_axis must be less than or equal to end_axis");
  }
  if (start >= ndim) throw std::invalid_argument("[flatten] Invalid start_axis.");
  if (end < 0) throw std::invalid_argument("[flatten] Invalid end_axis.");
  Shape shape(a.shape().begin(), a.shape().begin() + start);
  int flat = 1;
  for (int i = start; i <= end; ++i) flat *= a.shape(i);
  shape.push_back(flat);
  shape.insert(shape.end(), a.shape().begin() + end + 1, a.shape().end());
  if (shape == a.shape()) return a;
  // Keeps the flattened axes, so shapeless compile flattens the dims of each call.
  return array(shape, a.dtype(),
               std::make_shared<Reshape>(to_stream(s), shape, a.shape(), Shape{},
                                         std::pair<int, int>{start, end}),
               {a});
}

array flatten(const array& a, StreamOrDevice s) { return flatten(a, 0, -1, s); }

array unflatten(const array& a, int axis, Shape shape, StreamOrDevice s) {
  if (shape.empty()) {
    throw std::invalid_argument("[unflatten] Shape to unflatten to cannot be empty.");
  }
  int ax = normalize_axis(axis, a.ndim(), "unflatten");
  int infer = -1;
  int64_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer >= 0) {
        throw std::invalid_argument("[unflatten] Can only infer one dimension.");
      }
      infer = static_cast<int>(i);
    } else if (shape[i] < 0) {
      throw std::invalid_argument("[unflatten] Invalid negative dimension.");
    } else {
      known *= shape[i];
    }
  }
  if (infer >= 0 && known != 0) shape[infer] = static_cast<int>(a.shape(ax) / known);
  int64_t total = 1;
  for (auto d : shape) total *= d;
  if (total != a.shape(ax)) {
    throw std::invalid_argument("[unflatten] Cannot unflatten axis " + std::to_string(axis) +
                                " of size " + std::to_string(a.shape(ax)) + " into shape " +
                                shape_str(shape) + ".");
  }
  Shape out(a.shape().begin(), a.shape().begin() + ax);
  out.insert(out.end(), shape.begin(), shape.end());
  out.insert(out.end(), a.shape().begin() + ax + 1, a.shape().end());
  return reshape(a, out, s);
}

array squeeze(const array& a, const std::vector<int>& axes, StreamOrDevice s) {
  auto ax = normalize_axes(axes, a.ndim(), "squeeze");
  Shape shape;
  size_t j = 0;
  for (int i = 0; i < a.ndim(); ++i) {
    if (j < ax.size() && ax[j] == i) {
      if (a.shape(i) != 1) {
        throw std::invalid_argument("[squeeze] Cannot squeeze axis " + std::to_string(i) +
                                    " with size " + std::to_string(a.shape(i)) +
                                    " which is not equal to 1.");
      }
      ++j;
    } else {
      shape.push_back(a.shape(i));
    }
  }
  return reshape(a, shape, s);
}

array squeeze(const array& a, int axis, StreamOrDevice s) {
  return squeeze(a, std::vector<int>{axis}, s);
}

array squeeze(const array& a, StreamOrDevice s) {
  Shape shape;
  for (auto d : a.shape()) {
    if (d != 1) shape.push_back(d);
  }
  return reshape(a, shape, s);
}

array expand_dims(const array& a, const std::vector<int>& axes, StreamOrDevice s) {
  int out_ndim = a.ndim() + static_cast<int>(axes.size());
  auto ax = normalize_axes(axes, out_ndim, "expand_dims");
  Shape shape = a.shape();
  for (int i : ax) shape.insert(shape.begin() + i, 1);
  if (ax.empty()) return a;
  return array(shape, a.dtype(),
               std::make_shared<Reshape>(to_stream(s), shape, a.shape(), Shape{},
                                         std::pair<int, int>{-1, -1}, std::move(ax)),
               {a});
}

array expand_dims(const array& a, int axis, StreamOrDevice s) {
  return expand_dims(a, std::vector<int>{axis}, s);
}

array atleast_1d(const array& a, StreamOrDevice s) {
  return a.ndim() == 0 ? reshape(a, {1}, s) : a;
}
array atleast_2d(const array& a, StreamOrDevice s) {
  if (a.ndim() == 0) return reshape(a, {1, 1}, s);
  if (a.ndim() == 1) return expand_dims(a, 0, s);
  return a;
}
array atleast_3d(const array& a, StreamOrDevice s) {
  if (a.ndim() == 0) return reshape(a, {1, 1, 1}, s);
  if (a.ndim() == 1) return expand_dims(a, {0, 2}, s);
  if (a.ndim() == 2) return expand_dims(a, 2, s);
  return a;
}

array concatenate(std::vector<array> arrays, int axis, StreamOrDevice s) {
  if (arrays.empty()) {
    throw std::invalid_argument("[concatenate] No arrays provided for concatenation.");
  }
  int ndim = arrays[0].ndim();
  for (auto& x : arrays) {
    if (x.ndim() != ndim) {
      throw std::invalid_argument(
          "[concatenate] All the input arrays must have the same number of dimensions.");
    }
  }
  if (ndim == 0) {
    throw std::invalid_argument("[concatenate] Zero-dimensional arrays cannot be concatenated.");
  }
  int ax = normalize_axis(axis, ndim, "concatenate");
  Shape shape = arrays[0].shape();
  Dtype dtype = arrays[0].dtype();
  for (size_t i = 1; i < arrays.size(); ++i) {
    for (int d = 0; d < ndim; ++d) {
      if (d != ax && arrays[i].shape(d) != shape[d]) {
        throw std::invalid_argument(
            "[concatenate] All the input array dimensions must match exactly except for "
            "the concatenation axis. However, the provided shapes are " +
            shape_str(arrays[0].shape()) + " and " + shape_str(arrays[i].shape()) +
            ", and the concatenation axis is " + std::to_string(axis) + ".");
      }
    }
    shape[ax] += arrays[i].shape(ax);
    dtype = promote_types(dtype, arrays[i].dtype());
  }
  auto stream = to_stream(s);
  if (arrays.size() == 1) return astype(arrays[0], dtype, stream);
  for (auto& x : arrays) x = astype(x, dtype, stream);
  return array(shape, dtype, std::make_shared<Concatenate>(stream, ax), std::move(arrays));
}

array concatenate(std::vector<array> arrays, StreamOrDevice s) {
  for (auto& x : arrays) x = flatten(x, s);
  return concatenate(std::move(arrays), 0, s);
}

array stack(const std::vector<array>& arrays, int axis, StreamOrDevice s) {
  if (arrays.empty()) {
    throw std::invalid_argument("[stack] No arrays provided for stacking.");
  }
  for (auto& x : arrays) {
    if (x.shape() != arrays[0].shape()) {
      throw std::invalid_argument("[stack] All arrays must have the same shape, got " +
                                  shape_str(arrays[0].shape()) + " and " +
                                  shape_str(x.shape()) + ".");
    }
  }
  int ax = normalize_axis(axis, arrays[0].ndim() + 1, "stack");
  std::vector<array> expanded;
  for (auto& x : arrays) expanded.push_back(expand_dims(x, ax, s));
  return concatenate(std::move(expanded), ax, s);
}

array stack(const std::vector<array>& arrays, StreamOrDevice s) { return stack(arrays, 0, s); }

std::vector<array> split(const array& a, const Shape& indices, int axis, StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), "split");
  int n = a.shape(ax);
  std::vector<array> out;
  Shape start(a.ndim(), 0);
  Shape stop = a.shape();
  int prev = 0;
  for (size_t i = 0; i <= indices.size(); ++i) {
    int idx = i < indices.size() ? indices[i] : n;
    if (idx < 0) idx += n;
    idx = std::clamp(idx, 0, n);
    start[ax] = prev;
    // Decreasing indices give empty pieces, like NumPy.
    stop[ax] = std::max(idx, prev);
    out.push_back(slice(a, start, stop, s));
    prev = idx;
  }
  return out;
}

std::vector<array> split(const array& a, const Shape& indices, StreamOrDevice s) {
  return split(a, indices, 0, s);
}

std::vector<array> split(const array& a, int num_splits, int axis, StreamOrDevice s) {
  int ax = normalize_axis(axis, a.ndim(), "split");
  if (num_splits <= 0) {
    throw std::invalid_argument("[split] The number of splits must be positive, got " +
                                std::to_string(num_splits) + ".");
  }
  int n = a.shape(ax);
  if (n % num_splits != 0) {
    throw std::invalid_argument(
        "[split] Array split does not result in sub arrays with equal size.");
  }
  Shape indices;
  for (int i = 1; i < num_splits; ++i) indices.push_back(i * (n / num_splits));
  return split(a, indices, ax, s);
}

std::vector<array> split(const array& a, int num_splits, StreamOrDevice s) {
  return split(a, num_splits, 0, s);
}

} // namespace mxcore
